import { graphql, type ResultOf, type SchemaType, type VariablesOf } from '@/graphql';

export type FeePolicy = SchemaType<'FeePolicy'>;
export type OnlinePaymentMethod = SchemaType<'OnlinePaymentMethod'>;

const SETTINGS_FIELDS = graphql(`
  fragment OnlinePaymentsSettingsFields on OnlinePaymentsSettings {
    available
    connected
    accountId
    chargesEnabled
    payoutsEnabled
    detailsSubmitted
    feePolicy
    cardSurchargePercent
    achFee
    returnedPaymentFee
    autopayAllowed
    payoutAccountId
    feeAccountId
    feeIncomeAccountId
  }
`);

export type OnlinePaymentsSettings = ResultOf<typeof SETTINGS_FIELDS>;

export const ONLINE_PAYMENTS_SETTINGS_QUERY = graphql(
  `
    query OnlinePaymentsSettings {
      onlinePaymentsSettings {
        ...OnlinePaymentsSettingsFields
      }
    }
  `,
  [SETTINGS_FIELDS],
);

export const UPDATE_ONLINE_PAYMENTS_SETTINGS_MUTATION = graphql(
  `
    mutation UpdateOnlinePaymentsSettings($input: OnlinePaymentsSettingsInput!) {
      updateOnlinePaymentsSettings(input: $input) {
        ...OnlinePaymentsSettingsFields
      }
    }
  `,
  [SETTINGS_FIELDS],
);
export type OnlinePaymentsSettingsInput = VariablesOf<
  typeof UPDATE_ONLINE_PAYMENTS_SETTINGS_MUTATION
>['input'];

export const CONNECT_STRIPE_ACCOUNT_MUTATION = graphql(`
  mutation ConnectStripeAccount($returnPath: String) {
    connectStripeAccount(returnPath: $returnPath) {
      url
    }
  }
`);

const ONLINE_PAYMENT_FIELDS = graphql(`
  fragment OnlinePaymentFields on OnlinePayment {
    id
    unitId
    unitNumber
    createdAt
    method
    amount
    fee
    status
    failureReason
    paymentId
    source
    cardFunding
    stripeFee
    paidOutOn
  }
`);

export type OnlinePaymentRow = ResultOf<typeof ONLINE_PAYMENT_FIELDS>;

export const ONLINE_PAYMENTS_QUERY = graphql(
  `
    query OnlinePayments($filter: OnlinePaymentFilter, $first: Int, $after: String) {
      onlinePayments(filter: $filter, first: $first, after: $after) {
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
        edges {
          node {
            ...OnlinePaymentFields
          }
        }
      }
    }
  `,
  [ONLINE_PAYMENT_FIELDS],
);

export const AUTOPAY_ENROLLMENTS_QUERY = graphql(
  `
    query AutopayEnrollments {
      autopayEnrollments {
        id
        unitId
        unitNumber
        methodLabel
        method
        maxAmount
        status
        createdAt
        startsOn
        ownerEmail
        problems
        lastProblem
        lastCharge {
          ...OnlinePaymentFields
        }
      }
    }
  `,
  [ONLINE_PAYMENT_FIELDS],
);
export type AutopayEnrollmentRow = ResultOf<
  typeof AUTOPAY_ENROLLMENTS_QUERY
>['autopayEnrollments'][number];

export const STRIPE_PAYOUTS_QUERY = graphql(`
  query StripePayouts {
    stripePayouts {
      id
      amount
      fee
      arrivalDate
      status
      depositId
      failureReason
    }
  }
`);
export type StripePayoutRow = ResultOf<typeof STRIPE_PAYOUTS_QUERY>['stripePayouts'][number];
