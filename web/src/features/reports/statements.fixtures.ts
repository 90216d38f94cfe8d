// Test data for the statements' pages: API answers as the server sends them (__typename and all).

const figures = (op: string, res: string, total: string, prior: string) => ({
  __typename: 'BalanceSheetFigures',
  operating: op,
  reserve: res,
  total,
  priorYearEnd: prior,
});

const line = (
  number: string | null,
  name: string,
  f: ReturnType<typeof figures>,
  opts: { kind?: string; interfund?: boolean } = {},
) => ({
  __typename: 'BalanceSheetLine',
  kind: opts.kind ?? 'ACCOUNT',
  accountId: number ? `acc-${number}` : null,
  number,
  name,
  archived: false,
  interfund: opts.interfund ?? false,
  operating: f.operating,
  reserve: f.reserve,
  total: f.total,
  priorYearEnd: f.priorYearEnd,
});

export const BALANCE_SHEET = {
  __typename: 'BalanceSheet',
  asOf: '2026-06-30',
  fiscalYear: 2026,
  fiscalYearStart: '2026-01-01',
  priorYearEnd: '2025-12-31',
  assets: {
    __typename: 'BalanceSheetSection',
    lines: [
      line('1010', 'Operating Checking', figures('67100.00', '0.00', '67100.00', '59000.00')),
      line('1110', 'Reserve Savings', figures('0.00', '96250.00', '96250.00', '96250.00')),
      line('DUE-RESERVE', 'Due from Reserve Fund', figures('1200.00', '0.00', '0.00', '0.00'), {
        interfund: true,
      }),
    ],
    total: figures('68300.00', '96250.00', '163350.00', '155250.00'),
  },
  liabilities: {
    __typename: 'BalanceSheetSection',
    lines: [
      line('DUE-OPERATING', 'Due to Operating Fund', figures('0.00', '1200.00', '0.00', '0.00'), {
        interfund: true,
      }),
    ],
    total: figures('0.00', '1200.00', '0.00', '0.00'),
  },
  fundBalance: {
    __typename: 'BalanceSheetSection',
    lines: [
      line('3010', 'Operating Fund Balance', figures('50000.00', '0.00', '50000.00', '50000.00')),
      line('3110', 'Reserve Fund Balance', figures('0.00', '100000.00', '100000.00', '100000.00')),
      line(
        null,
        'Net income, current fiscal year',
        figures('18300.00', '-4950.00', '13350.00', '5250.00'),
        {
          kind: 'CURRENT_YEAR_NET_INCOME',
        },
      ),
    ],
    total: figures('68300.00', '95050.00', '163350.00', '155250.00'),
  },
  liabilitiesAndFundBalance: figures('68300.00', '96250.00', '163350.00', '155250.00'),
};

const sf = (actual: string, budget: string | null, priorYear: string) => ({
  __typename: 'StatementFigures',
  actual,
  budget,
  priorYear,
});
const isLine = (
  number: string,
  name: string,
  type: string,
  fundType: string,
  actual: string,
  budget: string | null,
  priorYear: string,
  transfer = false,
) => ({
  __typename: 'IncomeStatementLine',
  accountId: `acc-${number}`,
  number,
  name,
  type,
  fundType,
  transfer,
  actual,
  budget,
  priorYear,
});
const totals = (
  fundType: string | null,
  income: ReturnType<typeof sf>,
  expenses: ReturnType<typeof sf>,
  net: ReturnType<typeof sf>,
  netTransfers: ReturnType<typeof sf>,
  changeInFundBalance: ReturnType<typeof sf>,
) => ({
  __typename: 'IncomeStatementTotals',
  fundType,
  income,
  expenses,
  net,
  netTransfers,
  changeInFundBalance,
});

// The operating fund's monthly transfer to the reserves (1,000.00 a month), marked as a transfer
// on both sides: out of operating, into the reserves, in neither fund's revenues or expenses.
export function incomeStatement(budgeted = true) {
  const b = (x: string) => (budgeted ? x : null);
  return {
    __typename: 'IncomeStatement',
    from: '2026-01-01',
    to: '2026-03-31',
    priorFrom: '2025-01-01',
    priorTo: '2025-03-31',
    lines: [
      isLine('4010', 'Assessments', 'INCOME', 'OPERATING', '13000.00', b('3300.00'), '12000.00'),
      isLine('5010', 'Landscaping', 'EXPENSE', 'OPERATING', '2500.00', b('900.00'), '0.00'),
      isLine(
        '5900',
        'Transfer to Reserves',
        'EXPENSE',
        'OPERATING',
        '3000.00',
        b('3000.00'),
        '2400.00',
        true,
      ),
      isLine('6010', 'Roof Repairs', 'EXPENSE', 'RESERVE', '1200.00', b('600.00'), '0.00'),
      isLine(
        '4510',
        'Reserve Contributions',
        'INCOME',
        'RESERVE',
        '3000.00',
        b('3000.00'),
        '2400.00',
        true,
      ),
    ],
    funds: [
      totals(
        'OPERATING',
        sf('13000.00', b('3300.00'), '12000.00'),
        sf('2500.00', b('900.00'), '0.00'),
        sf('10500.00', b('2400.00'), '12000.00'),
        sf('-3000.00', b('-3000.00'), '-2400.00'),
        sf('7500.00', b('-600.00'), '9600.00'),
      ),
      totals(
        'RESERVE',
        sf('0.00', b('0.00'), '0.00'),
        sf('1200.00', b('600.00'), '0.00'),
        sf('-1200.00', b('-600.00'), '0.00'),
        sf('3000.00', b('3000.00'), '2400.00'),
        sf('1800.00', b('2400.00'), '2400.00'),
      ),
    ],
    total: totals(
      null,
      sf('13000.00', b('3300.00'), '12000.00'),
      sf('3700.00', b('1500.00'), '0.00'),
      sf('9300.00', b('1800.00'), '12000.00'),
      sf('0.00', b('0.00'), '0.00'),
      sf('9300.00', b('1800.00'), '12000.00'),
    ),
  };
}

const vendor = (id: string, name: string, active = true) => ({
  __typename: 'Vendor',
  id,
  name,
  active,
  hasTaxId: true,
  taxIdMasked: '•••••6789',
  address: '1 Main St',
});

export function vendor1099(withTaxId: boolean) {
  const row = (
    v: ReturnType<typeof vendor>,
    paid: string,
    entryCount: number,
    overThreshold: boolean,
    taxId: string | null,
  ) => ({
    __typename: 'Vendor1099Row',
    vendor: v,
    paid,
    entryCount,
    overThreshold,
    ...(withTaxId ? { taxId } : {}),
  });
  return {
    __typename: 'Vendor1099Report',
    year: 2025,
    from: '2025-01-01',
    to: '2025-12-31',
    threshold: '600.00',
    totalPaid: '1199.99',
    overThresholdCount: 1,
    rows: [
      row(vendor('v-1', 'Green Lawn Co'), '600.00', 2, true, '123456789'),
      row(vendor('v-2', 'Roof Pros LLC', false), '599.99', 1, false, null),
    ],
  };
}

export const CALENDAR = {
  me: {
    __typename: 'Me',
    organization: {
      __typename: 'OrganizationMembership',
      id: 'org-1',
      timeZone: 'America/New_York',
      fiscalYearStartMonth: 1,
    },
  },
};
