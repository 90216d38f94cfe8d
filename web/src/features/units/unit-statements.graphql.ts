import { graphql, type ResultOf } from '@/graphql';

/** A unit's monthly statements in figures, newest first (the treasurer's "Statements"). */
export const UNIT_STATEMENTS_QUERY = graphql(`
  query UnitStatements($unitId: ID!) {
    ownerStatements(unitId: $unitId) {
      month
      openingBalance
      charges
      payments
      closingBalance
    }
  }
`);

export type UnitStatementMonth = ResultOf<typeof UNIT_STATEMENTS_QUERY>['ownerStatements'][number];

/** A month's statement link: signed for five minutes, so asked for at the click. */
export const UNIT_STATEMENT_LINK_QUERY = graphql(`
  query UnitStatementLink($unitId: ID!, $month: String!) {
    ownerStatement(unitId: $unitId, month: $month) {
      unitNumber
      month
      downloadUrl
    }
  }
`);
