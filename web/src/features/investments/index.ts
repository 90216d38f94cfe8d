// What other features may use of investments; the router reads routes.ts.
export { INVESTMENT_CASH_ACCOUNTS_QUERY, type InvestmentKind } from './investments.graphql';
export { evictInvestmentFigures, hasMaturity, KIND_LABELS, KIND_OPTIONS } from './investments';
