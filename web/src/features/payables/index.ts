import { defineAsyncComponent } from 'vue';

// What other features may use of payables; the router reads routes.ts.
export { default as BillApprovalTag } from './components/BillApprovalTag.vue';
export { default as BillStatusTag } from './components/BillStatusTag.vue';
export {
  billNumber,
  billStatusLabel,
  boardTitleLabel,
  evictBillLists,
  evictPayables,
  paymentLabel,
} from './bills';
export { BILLS_QUERY, type BillRow, type BillStatus } from './payables.graphql';

/** The settings page's "Bill approvals" section: the policy and the board, loaded when shown. */
export const ApprovalPolicySection = defineAsyncComponent(
  () => import('./components/ApprovalPolicySection.vue'),
);

/** A bank account's checks (next number, MICR line), for the bank account's page; loaded when shown. */
export const CheckSettingsCard = defineAsyncComponent(
  () => import('./components/CheckSettingsCard.vue'),
);
