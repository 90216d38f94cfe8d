// The object types each abstract type of the schema (interface or union) stands for. Apollo's cache
// needs them to match a fragment on an interface (`...AccountColumnsFields` read on a
// TrialBalanceRow): without them it drops the fragment's fields. possible-types.test.ts checks the
// list against schema.graphql, so a new interface or implementation cannot be forgotten here.
export const POSSIBLE_TYPES: Record<string, string[]> = {
  AccountColumns: ['AccountActivity', 'AccountBalance', 'BudgetVsActualRow', 'TrialBalanceRow'],
  CsvImportResult: [
    'AccountImportResult',
    'JournalImportResult',
    'OpeningBalanceImportResult',
    'ReserveImportResult',
    'UnitImportResult',
  ],
  CsvRecordsImportResult: [
    'AccountImportResult',
    'OpeningBalanceImportResult',
    'ReserveImportResult',
    'UnitImportResult',
  ],
  IncomeExpenseNet: ['DashboardFundIncomeExpense', 'DashboardIncomeExpense'],
  LoginResult: ['LoginPayload', 'MfaChallenge'],
};
