import { graphql, type ResultOf, type SchemaType } from '@/graphql';

export const INVESTMENT_FIELDS = graphql(`
  fragment InvestmentFields on Investment {
    id
    kind
    institution
    accountId
    accountNumber
    accountName
    fundType
    principal
    apy
    purchaseDate
    maturityDate
    compounding
    status
    closedOn
    rolledIntoId
    rolledFromId
    notes
    balance
    accruedInterest
    interestRecorded
    valueAtMaturity
    daysToMaturity
    entries {
      entryId
      entryNumber
      date
      kind
      holding
      interest
      cash
    }
  }
`);

export type Investment = ResultOf<typeof INVESTMENT_FIELDS>;
export type InvestmentKind = SchemaType<'InvestmentKind'>;
export type InvestmentStatus = SchemaType<'InvestmentStatus'>;
export type Compounding = SchemaType<'Compounding'>;

export const INVESTMENTS_QUERY = graphql(
  `
    query Investments($filter: InvestmentFilter) {
      investments(filter: $filter) {
        ...InvestmentFields
      }
      investmentSummary {
        asOf
        count
        principal
        accruedInterest
        value
        byFund {
          fundType
          count
          principal
          accruedInterest
          value
        }
        byInstitution {
          institution
          count
          principal
          value
          depositValue
          fdicWarning
          uninsured
        }
        ladder {
          month
          count
          principal
          amount
        }
      }
    }
  `,
  [INVESTMENT_FIELDS],
);

export type InvestmentSummary = ResultOf<typeof INVESTMENTS_QUERY>['investmentSummary'];
export type LadderMonth = InvestmentSummary['ladder'][number];

export const INVESTMENT_QUERY = graphql(
  `
    query Investment($id: ID!) {
      investment(id: $id) {
        ...InvestmentFields
      }
    }
  `,
  [INVESTMENT_FIELDS],
);

export const PURCHASE_INVESTMENT_MUTATION = graphql(
  `
    mutation PurchaseInvestment($input: PurchaseInvestmentInput!) {
      purchaseInvestment(input: $input) {
        ...InvestmentFields
      }
    }
  `,
  [INVESTMENT_FIELDS],
);

export const RECORD_INVESTMENT_INTEREST_MUTATION = graphql(
  `
    mutation RecordInvestmentInterest($id: ID!, $input: RecordInvestmentInterestInput!) {
      recordInvestmentInterest(id: $id, input: $input) {
        ...InvestmentFields
      }
    }
  `,
  [INVESTMENT_FIELDS],
);

export const MATURE_INVESTMENT_MUTATION = graphql(
  `
    mutation MatureInvestment($id: ID!, $input: MatureInvestmentInput!) {
      matureInvestment(id: $id, input: $input) {
        ...InvestmentFields
      }
    }
  `,
  [INVESTMENT_FIELDS],
);

export const REDEEM_INVESTMENT_MUTATION = graphql(
  `
    mutation RedeemInvestment($id: ID!, $input: RedeemInvestmentInput!) {
      redeemInvestment(id: $id, input: $input) {
        ...InvestmentFields
      }
    }
  `,
  [INVESTMENT_FIELDS],
);

/** Each fund's cash accounts: asset accounts that are not archived and not control accounts. */
export const INVESTMENT_CASH_ACCOUNTS_QUERY = graphql(`
  query InvestmentCashAccounts {
    actualsCashAccounts {
      fundType
      candidateIds
    }
  }
`);

export const PLANNED_INVESTMENT_FIELDS = graphql(`
  fragment PlannedInvestmentFields on PlannedInvestment {
    id
    fundType
    kind
    institution
    amount
    termMonths
    apy
    note
    recommendationId
    status
    createdAt
  }
`);

export type PlannedInvestment = ResultOf<typeof PLANNED_INVESTMENT_FIELDS>;

/** Drafts on the plan ("Add to plan" from a recommendation), oldest first. */
export const PLANNED_INVESTMENTS_QUERY = graphql(
  `
    query PlannedInvestments {
      plannedInvestments {
        ...PlannedInvestmentFields
      }
    }
  `,
  [PLANNED_INVESTMENT_FIELDS],
);

export const DISCARD_PLANNED_INVESTMENT_MUTATION = graphql(
  `
    mutation DiscardPlannedInvestment($id: ID!) {
      discardPlannedInvestment(id: $id) {
        ...PlannedInvestmentFields
      }
    }
  `,
  [PLANNED_INVESTMENT_FIELDS],
);
