import { WRITER_ROLES } from '@covenant/shared/roles';
import type { RouteRecordRaw } from 'vue-router';

// Payment runs, checks and the payables reports: their pages, spread into routes.ts. Every member
// reads them; paying bills is for writers (viewers are sent home rather than shown a form they
// cannot submit), voiding a payment too (the API says so as well).
const tenant = { requiresAuth: true, requiresOrganization: true } as const;

export const paymentRoutes: RouteRecordRaw[] = [
  {
    path: '/payment-runs',
    name: 'payment-runs',
    component: () => import('./views/PaymentRunsPage.vue'),
    meta: { ...tenant, title: 'Payment runs' },
  },
  {
    path: '/payment-runs/new',
    name: 'new-payment-run',
    component: () => import('./views/PaymentRunNewPage.vue'),
    meta: { ...tenant, roles: WRITER_ROLES, title: 'Pay bills' },
  },
  {
    path: '/payment-runs/:id',
    name: 'payment-run',
    component: () => import('./views/PaymentRunPage.vue'),
    meta: { ...tenant, title: 'Payment run', nav: 'payment-runs' },
  },
  {
    path: '/payables/aging',
    name: 'payables-aging',
    component: () => import('./views/PayablesAgingReportPage.vue'),
    meta: { ...tenant, title: 'Payables Aging', nav: 'reports' },
  },
  {
    path: '/payables/check-register',
    name: 'check-register',
    component: () => import('./views/PayablesCheckRegisterReportPage.vue'),
    meta: { ...tenant, title: 'Check Register', nav: 'reports' },
  },
  {
    path: '/payables/vendor-ledger',
    name: 'vendor-ledger',
    component: () => import('./views/PayablesVendorLedgerReportPage.vue'),
    meta: { ...tenant, title: 'Vendor Ledger', nav: 'reports' },
  },
  {
    path: '/payables/cash-requirements',
    name: 'cash-requirements',
    component: () => import('./views/PayablesCashRequirementsReportPage.vue'),
    meta: { ...tenant, title: 'Cash Requirements', nav: 'reports' },
  },
  {
    path: '/payables/1099',
    name: 'tax-1099',
    component: () => import('./views/Tax1099YearPage.vue'),
    meta: { ...tenant, title: '1099-NEC Year', nav: 'reports' },
  },
  {
    path: '/bills/recurring',
    name: 'bill-templates',
    component: () => import('./views/BillTemplatesPage.vue'),
    meta: { ...tenant, title: 'Recurring bills', nav: 'bills' },
  },
];
