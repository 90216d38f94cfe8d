import { graphql, type ResultOf } from '@/graphql';

const BALANCE_SHEET_FIGURES = graphql(`
  fragment BalanceSheetFigureFields on BalanceSheetFigures {
    operating
    reserve
    total
    priorYearEnd
  }
`);

const BALANCE_SHEET_SECTION = graphql(
  `
    fragment BalanceSheetSectionFields on BalanceSheetSection {
      lines {
        kind
        accountId
        number
        name
        archived
        interfund
        operating
        reserve
        total
        priorYearEnd
      }
      total {
        ...BalanceSheetFigureFields
      }
    }
  `,
  [BALANCE_SHEET_FIGURES],
);

export const BALANCE_SHEET_QUERY = graphql(
  `
    query BalanceSheet($asOf: LocalDate) {
      balanceSheet(asOf: $asOf) {
        asOf
        fiscalYear
        fiscalYearStart
        priorYearEnd
        assets {
          ...BalanceSheetSectionFields
        }
        liabilities {
          ...BalanceSheetSectionFields
        }
        fundBalance {
          ...BalanceSheetSectionFields
        }
        liabilitiesAndFundBalance {
          ...BalanceSheetFigureFields
        }
      }
    }
  `,
  [BALANCE_SHEET_SECTION, BALANCE_SHEET_FIGURES],
);

export type BalanceSheet = ResultOf<typeof BALANCE_SHEET_QUERY>['balanceSheet'];
export type BalanceSheetSection = BalanceSheet['assets'];
export type BalanceSheetLine = BalanceSheetSection['lines'][number];
export type BalanceSheetFigures = ResultOf<typeof BALANCE_SHEET_FIGURES>;

const STATEMENT_FIGURES = graphql(`
  fragment StatementFigureFields on StatementFigures {
    actual
    budget
    priorYear
  }
`);

const STATEMENT_TOTALS = graphql(
  `
    fragment IncomeStatementTotalFields on IncomeStatementTotals {
      fundType
      income {
        ...StatementFigureFields
      }
      expenses {
        ...StatementFigureFields
      }
      net {
        ...StatementFigureFields
      }
      netTransfers {
        ...StatementFigureFields
      }
      changeInFundBalance {
        ...StatementFigureFields
      }
    }
  `,
  [STATEMENT_FIGURES],
);

export const INCOME_STATEMENT_QUERY = graphql(
  `
    query IncomeStatement($from: LocalDate!, $to: LocalDate!) {
      incomeStatement(from: $from, to: $to) {
        from
        to
        priorFrom
        priorTo
        lines {
          accountId
          number
          name
          type
          fundType
          transfer
          actual
          budget
          priorYear
        }
        funds {
          ...IncomeStatementTotalFields
        }
        total {
          ...IncomeStatementTotalFields
        }
      }
    }
  `,
  [STATEMENT_TOTALS],
);

export type IncomeStatement = ResultOf<typeof INCOME_STATEMENT_QUERY>['incomeStatement'];
export type IncomeStatementLine = IncomeStatement['lines'][number];
export type IncomeStatementTotals = IncomeStatement['total'];
export type StatementFigures = ResultOf<typeof STATEMENT_FIGURES>;

// The whole tax id is for organization admins only (the API refuses it to anyone else): the
// page asks for it only when the person is one.
export const VENDOR_1099_QUERY = graphql(`
  query Vendor1099Report($year: Int!, $withTaxId: Boolean!) {
    vendor1099Report(year: $year) {
      year
      from
      to
      threshold
      totalPaid
      overThresholdCount
      rows {
        vendor {
          id
          name
          active
          hasTaxId
          taxIdMasked
          address
        }
        paid
        entryCount
        overThreshold
        taxId @include(if: $withTaxId)
      }
    }
  }
`);

export type Vendor1099Report = ResultOf<typeof VENDOR_1099_QUERY>['vendor1099Report'];
export type Vendor1099Row = Vendor1099Report['rows'][number];
