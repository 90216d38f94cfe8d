import { graphql, type ResultOf } from '@/graphql';

const CPA_PACKAGE_FIELDS = graphql(`
  fragment CpaPackageFields on AssociationDocument {
    id
    status
    version
    error
    draft
    fileName
    size
    url
    createdAt
    readyAt
    generatedBy
  }
`);

export const YEAR_END_YEARS_QUERY = graphql(
  `
    query YearEndFiscalYears {
      yearEndFiscalYears {
        fiscalYear
        from
        to
        closed
        current
        cpaPackages {
          ...CpaPackageFields
        }
      }
    }
  `,
  [CPA_PACKAGE_FIELDS],
);
export type YearEndYear = ResultOf<typeof YEAR_END_YEARS_QUERY>['yearEndFiscalYears'][number];
export type CpaPackage = ResultOf<typeof CPA_PACKAGE_FIELDS>;

const COLUMNS = graphql(`
  fragment YearEndColumns on FundColumns {
    operating
    reserve
    total
  }
`);

const LINE = graphql(`
  fragment YearEndLineFields on YearEndLine {
    accountId
    number
    name
    operating
    reserve
    total
  }
`);

const FLOW = graphql(`
  fragment CashFlowLineFields on CashFlowLine {
    kind
    accountId
    number
    name
    operating
    reserve
    total
  }
`);

const SECTION = graphql(`
  fragment YearEndBalanceSheetSection on BalanceSheetSection {
    lines {
      kind
      accountId
      number
      name
      interfund
      operating
      reserve
      total
    }
    total {
      operating
      reserve
      total
    }
  }
`);

export const YEAR_END_STATEMENTS_QUERY = graphql(
  `
    query YearEndStatements($fiscalYear: Int!) {
      yearEndStatements(fiscalYear: $fiscalYear) {
        fiscalYear
        from
        to
        closed
        closedThrough
        balanceSheet {
          asOf
          assets {
            ...YearEndBalanceSheetSection
          }
          liabilities {
            ...YearEndBalanceSheetSection
          }
          fundBalance {
            ...YearEndBalanceSheetSection
          }
          liabilitiesAndFundBalance {
            operating
            reserve
            total
          }
        }
        activities {
          revenues {
            ...YearEndLineFields
          }
          totalRevenues {
            ...YearEndColumns
          }
          expenses {
            ...YearEndLineFields
          }
          totalExpenses {
            ...YearEndColumns
          }
          excessOfRevenuesOverExpenses {
            ...YearEndColumns
          }
          fundBalanceBeginning {
            ...YearEndColumns
          }
          transfers {
            ...YearEndLineFields
          }
          netTransfers {
            ...YearEndColumns
          }
          fundBalanceEntries {
            ...YearEndLineFields
          }
          fundBalanceEnding {
            ...YearEndColumns
          }
        }
        cashFlows {
          excessOfRevenuesOverExpenses {
            ...YearEndColumns
          }
          operatingAdjustments {
            ...CashFlowLineFields
          }
          netOperating {
            ...YearEndColumns
          }
          investing {
            ...CashFlowLineFields
          }
          netInvesting {
            ...YearEndColumns
          }
          financing {
            ...CashFlowLineFields
          }
          netFinancing {
            ...YearEndColumns
          }
          netChangeInCash {
            ...YearEndColumns
          }
          cashBeginning {
            ...YearEndColumns
          }
          cashEnding {
            ...YearEndColumns
          }
          cashAccounts {
            accountId
            number
            name
            fundType
            beginning
            ending
          }
        }
        futureRepairs {
          asOf
          components {
            componentId
            name
            category
            usefulLifeYears
            remainingLifeYears
            nextReplacementYear
            currentReplacementCost
            fullyFundedBalance
            fundingAccountNumber
            fundingAccountName
            fundsAccumulated
          }
          fundingAccounts {
            accountId
            number
            name
            balance
            componentCount
            replacementCost
          }
          totalReplacementCost
          totalFullyFunded
          reserveFundBalance
          percentFunded
        }
        trialBalance {
          totalDebit
          totalCredit
          rows {
            accountId
            number
            name
            type
            fundType
            debitBalance
            creditBalance
          }
        }
      }
    }
  `,
  [SECTION, LINE, COLUMNS, FLOW],
);
export type YearEndStatements = ResultOf<typeof YEAR_END_STATEMENTS_QUERY>['yearEndStatements'];
export type FundColumns = ResultOf<typeof COLUMNS>;

export const GENERATE_CPA_PACKAGE_MUTATION = graphql(
  `
    mutation GenerateCpaPackage($fiscalYear: Int!) {
      generateCpaPackage(fiscalYear: $fiscalYear) {
        ...CpaPackageFields
      }
    }
  `,
  [CPA_PACKAGE_FIELDS],
);
