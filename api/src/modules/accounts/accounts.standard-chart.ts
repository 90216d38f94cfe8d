import {
  AccountForecastRole as R,
  AccountType as A,
  FundType as F,
  type AccountForecastRole,
  type AccountType,
  type FundType,
} from './accounts.entity.js';

// The standard HOA chart of accounts a new association may start with (at provisioning or in the
// setup wizard): an operating and a reserve fund, the usual income and expense lines, the fund
// balances and the operating → reserve transfer, numbered as the demo associations are (1xxx
// assets, 2xxx liabilities, 3xxx equity, 4xxx income, 5xxx operating expenses, 6xxx reserve
// expenses; the reserve fund's lines in the upper half of each thousand).
//
// `control`: the account a subledger keeps. The receivables settings register it as its control
// account in the transaction that creates it, so it is never an ordinary account first.

export type ChartControl = 'receivable' | 'prepaid';

export interface ChartTemplateRow {
  number: string;
  name: string;
  type: AccountType;
  fundType: FundType;
  description?: string;
  forecastRole?: AccountForecastRole;
  // Money moving between the association's own funds: reports show it as a transfer.
  interfundTransfer?: boolean;
  control?: ChartControl;
}

export const STANDARD_CHART: readonly ChartTemplateRow[] = [
  // Operating fund: cash, what owners owe and have paid ahead, what the association owes.
  { number: '1010', name: 'Operating Checking', type: A.ASSET, fundType: F.OPERATING },
  {
    number: '1100',
    name: 'Assessments Receivable',
    type: A.ASSET,
    fundType: F.OPERATING,
    control: 'receivable',
  },
  { number: '2010', name: 'Accounts Payable', type: A.LIABILITY, fundType: F.OPERATING },
  {
    number: '2100',
    name: 'Prepaid Assessments',
    type: A.LIABILITY,
    fundType: F.OPERATING,
    control: 'prepaid',
  },
  { number: '3010', name: 'Operating Fund Balance', type: A.EQUITY, fundType: F.OPERATING },
  { number: '4010', name: 'Assessment Income', type: A.INCOME, fundType: F.OPERATING },
  { number: '4020', name: 'Special Assessment Income', type: A.INCOME, fundType: F.OPERATING },
  { number: '4100', name: 'Late Fees and Charges', type: A.INCOME, fundType: F.OPERATING },
  {
    number: '4200',
    name: 'Interest Income',
    type: A.INCOME,
    fundType: F.OPERATING,
    forecastRole: R.INTEREST_INCOME,
  },
  { number: '4300', name: 'Other Income', type: A.INCOME, fundType: F.OPERATING },
  { number: '5010', name: 'Landscaping', type: A.EXPENSE, fundType: F.OPERATING },
  { number: '5020', name: 'Utilities', type: A.EXPENSE, fundType: F.OPERATING },
  { number: '5030', name: 'Insurance', type: A.EXPENSE, fundType: F.OPERATING },
  { number: '5040', name: 'Management Fees', type: A.EXPENSE, fundType: F.OPERATING },
  { number: '5050', name: 'Pool Maintenance', type: A.EXPENSE, fundType: F.OPERATING },
  { number: '5060', name: 'Administrative', type: A.EXPENSE, fundType: F.OPERATING },
  { number: '5070', name: 'Repairs and Maintenance', type: A.EXPENSE, fundType: F.OPERATING },
  { number: '5080', name: 'Legal and Professional', type: A.EXPENSE, fundType: F.OPERATING },
  { number: '5090', name: 'Bad Debt', type: A.EXPENSE, fundType: F.OPERATING },
  {
    number: '5900',
    name: 'Transfer to Reserves',
    type: A.EXPENSE,
    fundType: F.OPERATING,
    description: "The operating budget's monthly transfer to the reserve fund",
    forecastRole: R.RESERVE_TRANSFER,
    interfundTransfer: true,
  },
  // Reserve fund: its cash and investments, balance, contributions, interest and spending.
  { number: '1510', name: 'Reserve Savings', type: A.ASSET, fundType: F.RESERVE },
  { number: '1600', name: 'Reserve Investments', type: A.ASSET, fundType: F.RESERVE },
  { number: '3510', name: 'Reserve Fund Balance', type: A.EQUITY, fundType: F.RESERVE },
  {
    number: '4510',
    name: 'Reserve Contributions',
    type: A.INCOME,
    fundType: F.RESERVE,
    description: 'The reserve side of the transfer from the operating fund',
    forecastRole: R.RESERVE_CONTRIBUTION,
    interfundTransfer: true,
  },
  {
    number: '4520',
    name: 'Reserve Interest Income',
    type: A.INCOME,
    fundType: F.RESERVE,
    forecastRole: R.INTEREST_INCOME,
  },
  { number: '6510', name: 'Reserve Expenditures', type: A.EXPENSE, fundType: F.RESERVE },
];
