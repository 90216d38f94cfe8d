import { graphql, type ResultOf } from '@/graphql';

export const BANK_ACCOUNTS_QUERY = graphql(`
  query BankAccounts {
    bankAccounts {
      accountId
      institution
      maskedNumber
      kind
      statementDay
      bookBalance
      reconciledThrough
      lastLineDate
      unmatchedLines
      account {
        id
        number
        name
        fundType
      }
    }
    undepositedFundsAccount {
      id
      number
      name
    }
  }
`);
export type BankAccount = ResultOf<typeof BANK_ACCOUNTS_QUERY>['bankAccounts'][number];

export const SET_BANK_ACCOUNT_MUTATION = graphql(`
  mutation SetBankAccount($input: SetBankAccountInput!) {
    setBankAccount(input: $input) {
      accountId
      institution
      maskedNumber
    }
  }
`);

export const BANK_ACCOUNT_QUERY = graphql(`
  query BankAccount($accountId: ID!) {
    bankAccount(accountId: $accountId) {
      accountId
      institution
      maskedNumber
      kind
      statementDay
      bookBalance
      reconciledThrough
      lastLineDate
      unmatchedLines
      csvMapping {
        headerRows
        dateColumn
        descriptionColumn
        amountColumn
        debitColumn
        creditColumn
        sign
        dateFormat
        payeeColumn
        checkNumberColumn
        bankIdColumn
        balanceColumn
      }
      account {
        id
        number
        name
      }
    }
    bankLines(accountId: $accountId) {
      id
      date
      amount
      description
      checkNumber
      status
      matchId
    }
    bankLineSuggestions(accountId: $accountId) {
      bankLineId
      rank
      days
      reason
      bookLines {
        journalLineId
        entryId
        entryNumber
        date
        amount
        memo
      }
    }
    reconciliations(accountId: $accountId) {
      id
      statementDate
      closingBalance
      status
      finishedAt
      undoReason
    }
  }
`);
export type BankLine = ResultOf<typeof BANK_ACCOUNT_QUERY>['bankLines'][number];
export type Suggestion = ResultOf<typeof BANK_ACCOUNT_QUERY>['bankLineSuggestions'][number];
export type ReconciliationRow = ResultOf<typeof BANK_ACCOUNT_QUERY>['reconciliations'][number];

const WORKSHEET_FIELDS = graphql(`
  fragment WorksheetFields on ReconciliationWorksheet {
    accountId
    periodStart
    statementDate
    openingBalance
    closingBalance
    clearedBalance
    difference
    clearedDeposits
    clearedPayments
    depositsInTransit
    outstandingPayments
    adjustedBankBalance
    bookBalance
    unrecordedBankItems
    adjustedBookBalance
    canFinish
    bankLines {
      id
      date
      amount
      description
      status
    }
    clearedBookLines {
      journalLineId
      entryId
      entryNumber
      date
      amount
      memo
      checkNumber
    }
    outstandingBookLines {
      journalLineId
      entryId
      entryNumber
      date
      amount
      memo
      checkNumber
    }
    reconciliation {
      id
      status
      finishedAt
      finishedBy
    }
  }
`);
export type Worksheet = ResultOf<typeof WORKSHEET_FIELDS>;

export const WORKSHEET_QUERY = graphql(
  `
    query ReconciliationWorksheet($input: StatementPeriodInput!) {
      reconciliationWorksheet(input: $input) {
        ...WorksheetFields
      }
    }
  `,
  [WORKSHEET_FIELDS],
);

export const REPORT_QUERY = graphql(
  `
    query ReconciliationReport($id: ID!) {
      reconciliationReport(id: $id) {
        ...WorksheetFields
      }
    }
  `,
  [WORKSHEET_FIELDS],
);

export const FINISH_MUTATION = graphql(`
  mutation FinishReconciliation($input: StatementPeriodInput!) {
    finishReconciliation(input: $input) {
      id
      statementDate
    }
  }
`);

export const UNDO_MUTATION = graphql(`
  mutation UndoReconciliation($input: UndoReconciliationInput!) {
    undoReconciliation(input: $input) {
      id
      status
    }
  }
`);

export const MATCH_MUTATION = graphql(`
  mutation MatchBankLines($input: MatchBankLinesInput!) {
    matchBankLines(input: $input) {
      id
    }
  }
`);

export const UNMATCH_MUTATION = graphql(`
  mutation UnmatchBankLines($matchId: ID!) {
    unmatchBankLines(matchId: $matchId)
  }
`);

export const AUTO_MATCH_MUTATION = graphql(`
  mutation AutoMatchBankLines($accountId: ID!) {
    autoMatchBankLines(accountId: $accountId)
  }
`);

export const POST_LINE_MUTATION = graphql(`
  mutation PostBankLine($input: PostBankLineInput!) {
    postBankLine(input: $input) {
      id
    }
  }
`);

export const RULES_QUERY = graphql(`
  query BankRules($accountId: ID!) {
    bankRules {
      id
      position
      name
      contains
      direction
      bankAccountId
      accountId
      vendorId
      memo
      autoApply
      account {
        number
        name
      }
      vendor {
        name
      }
    }
    bankRulePreview(accountId: $accountId) {
      bankLine {
        id
        date
        amount
        description
      }
      rule {
        id
        name
      }
    }
  }
`);
export type BankRule = ResultOf<typeof RULES_QUERY>['bankRules'][number];

export const CREATE_RULE_MUTATION = graphql(`
  mutation CreateBankRule($input: BankRuleInput!) {
    createBankRule(input: $input) {
      id
    }
  }
`);

export const UPDATE_RULE_MUTATION = graphql(`
  mutation UpdateBankRule($id: ID!, $input: BankRuleInput!) {
    updateBankRule(id: $id, input: $input) {
      id
    }
  }
`);

export const DELETE_RULE_MUTATION = graphql(`
  mutation DeleteBankRule($id: ID!) {
    deleteBankRule(id: $id)
  }
`);

export const REORDER_RULES_MUTATION = graphql(`
  mutation ReorderBankRules($ids: [ID!]!) {
    reorderBankRules(ids: $ids) {
      id
      position
    }
  }
`);

export const APPLY_RULES_MUTATION = graphql(`
  mutation ApplyBankRules($accountId: ID!) {
    applyBankRules(accountId: $accountId)
  }
`);

export const IMPORT_STATEMENT_MUTATION = graphql(`
  mutation ImportBankStatement(
    $accountId: ID!
    $file: Upload!
    $mapping: CsvMappingInput
    $saveMapping: Boolean!
    $dryRun: Boolean!
  ) {
    importBankStatement(
      accountId: $accountId
      file: $file
      mapping: $mapping
      saveMapping: $saveMapping
      dryRun: $dryRun
    ) {
      format
      periodStart
      periodEnd
      closingBalance
      imported
      skipped
      matched
      posted
      lines {
        row
        date
        amount
        description
        duplicate
        rule
      }
    }
  }
`);
export type ImportResult = ResultOf<typeof IMPORT_STATEMENT_MUTATION>['importBankStatement'];

export const CSV_PREVIEW_QUERY = graphql(`
  query BankCsvPreview($accountId: ID!, $file: Upload!) {
    bankCsvPreview(accountId: $accountId, file: $file) {
      rows
      mapping {
        headerRows
        dateColumn
        descriptionColumn
        amountColumn
        debitColumn
        creditColumn
        sign
        dateFormat
        payeeColumn
        checkNumberColumn
        bankIdColumn
        balanceColumn
      }
    }
  }
`);
export type CsvPreview = ResultOf<typeof CSV_PREVIEW_QUERY>['bankCsvPreview'];
export type CsvMapping = NonNullable<CsvPreview['mapping']>;

export const DEPOSITS_QUERY = graphql(`
  query Deposits {
    deposits {
      id
      number
      date
      total
      fee
      net
      status
      memo
      account {
        number
        name
      }
      payments {
        id
      }
    }
    undepositedPayments {
      id
      number
      date
      amount
      method
      reference
      unitId
    }
    undepositedFundsAccount {
      id
      number
      name
    }
    bankAccounts {
      accountId
      institution
      maskedNumber
      account {
        number
        name
      }
    }
  }
`);
export type Deposit = ResultOf<typeof DEPOSITS_QUERY>['deposits'][number];

export const CREATE_DEPOSIT_MUTATION = graphql(`
  mutation CreateDeposit($input: CreateDepositInput!) {
    createDeposit(input: $input) {
      id
      number
      net
    }
  }
`);

export const VOID_DEPOSIT_MUTATION = graphql(`
  mutation VoidDeposit($id: ID!) {
    voidDeposit(id: $id) {
      id
      status
    }
  }
`);

export const SET_UNDEPOSITED_MUTATION = graphql(`
  mutation SetUndepositedFundsAccount($accountId: ID!) {
    setUndepositedFundsAccount(accountId: $accountId) {
      id
    }
  }
`);

// Who finished a reconciliation (members are an admin's list: others see their own name only).
export const RECONCILERS_QUERY = graphql(`
  query BankReconcilers {
    members {
      userId
      name
      email
    }
  }
`);
