// A dashboard answer as the API sends it (with __typename), for the page's tests.

const figures = (budget: string, actual: string, variance: string, favorable: boolean) => ({
  __typename: 'BudgetVsActualFigures',
  budget,
  actual,
  variance,
  variancePercent: null,
  favorable,
});

const trend = (balances: string[], last = '2026-04-20') =>
  balances.map((balance, i) => ({
    __typename: 'DashboardCashPoint',
    date:
      i === balances.length - 1
        ? last
        : new Date(Date.UTC(2025, 5 + i, 0)).toISOString().slice(0, 10),
    balance,
  }));

export function dashboardFixture() {
  return {
    __typename: 'Dashboard',
    asOf: '2026-04-20',
    fiscalYear: 2026,
    cash: {
      __typename: 'DashboardCash',
      total: '55920.00',
      funds: [
        {
          __typename: 'DashboardCashFund',
          fundType: 'OPERATING',
          balance: '7920.00',
          trend: trend([
            ...Array<string>(6).fill('0.00'),
            '10000.00',
            '10000.00',
            '9700.00',
            '8500.00',
            '8000.00',
            '7920.00',
          ]),
          accounts: [
            {
              __typename: 'DashboardCashAccount',
              accountId: 'acc-1010',
              number: '1010',
              name: 'Operating Checking',
              archived: false,
              balance: '8000.00',
            },
            {
              __typename: 'DashboardCashAccount',
              accountId: 'acc-1020',
              number: '1020',
              name: 'Petty Cash',
              archived: false,
              balance: '-80.00',
            },
          ],
        },
        {
          __typename: 'DashboardCashFund',
          fundType: 'RESERVE',
          balance: '48000.00',
          trend: trend(['0.00', ...Array<string>(9).fill('50000.00'), '48000.00', '48000.00']),
          accounts: [
            {
              __typename: 'DashboardCashAccount',
              accountId: 'acc-1110',
              number: '1110',
              name: 'Reserve Savings',
              archived: false,
              balance: '48000.00',
            },
          ],
        },
      ],
    },
    incomeExpense: {
      __typename: 'DashboardIncomeExpense',
      year: 2026,
      fiscalYearStartMonth: 1,
      toMonth: 4,
      from: '2026-01-01',
      to: '2026-04-30',
      income: figures('6000.00', '6400.00', '400.00', true),
      expense: figures('4000.00', '5080.00', '1080.00', false),
      net: figures('2000.00', '1320.00', '-680.00', false),
      funds: [
        {
          __typename: 'DashboardFundIncomeExpense',
          fundType: 'OPERATING',
          income: figures('6000.00', '6400.00', '400.00', true),
          expense: figures('4000.00', '3080.00', '-920.00', true),
          net: figures('2000.00', '3320.00', '1320.00', true),
          // The monthly transfer to the reserves: out of operating, outside its income and expense.
          transfers: figures('-1000.00', '-1000.00', '0.00', true),
        },
        {
          __typename: 'DashboardFundIncomeExpense',
          fundType: 'RESERVE',
          income: figures('0.00', '0.00', '0.00', true),
          expense: figures('0.00', '2000.00', '2000.00', false),
          net: figures('0.00', '-2000.00', '-2000.00', false),
          transfers: figures('1000.00', '1000.00', '0.00', true),
        },
      ],
    },
    receivables: {
      __typename: 'DashboardReceivables',
      outstanding: '4325.00',
      pastDue: '3625.00',
      unitsOwing: 5,
      delinquentUnits: 5,
      billing: true,
      buckets: { __typename: 'AgingBuckets', current: '700.00', total: '4325.00', credit: '0.00' },
      delinquentByBucket: {
        __typename: 'DashboardDelinquency',
        days1to30: 0,
        days31to60: 1,
        days61to90: 0,
        over90: 4,
      },
    },
    reserves: {
      percentFunded: '54.2',
      band: 'FAIR' as const,
      reserveBalance: '661240.18',
      totalFullyFunded: '1219472.67',
      componentsCount: 16,
    },
    capitalProjects: {
      __typename: 'DashboardCapitalProjects',
      fiscalYear: 2026,
      count: 4,
      estimatedCost: '71700.00',
      overdue: 1,
      byStatus: [
        {
          __typename: 'CapitalProjectStatusCount',
          status: 'PLANNED' as const,
          count: 1,
          estimatedCost: '9800.00',
        },
        {
          __typename: 'CapitalProjectStatusCount',
          status: 'APPROVED' as const,
          count: 2,
          estimatedCost: '57700.00',
        },
        {
          __typename: 'CapitalProjectStatusCount',
          status: 'IN_PROGRESS' as const,
          count: 1,
          estimatedCost: '4200.00',
        },
      ],
    },
    investmentsMaturing: {
      days: 90,
      count: 1,
      total: '40786.42',
      next: {
        id: 'inv-1',
        institution: 'Summit National Bank',
        kind: 'CD' as const,
        maturityDate: '2026-04-20',
        daysToMaturity: 52,
      },
    },
    recentTransactions: [
      {
        __typename: 'JournalEntry',
        id: 'je-12',
        number: 12,
        date: '2026-04-02',
        memo: 'Paint',
        source: 'MANUAL',
        total: '80.00',
      },
      {
        __typename: 'JournalEntry',
        id: 'je-11',
        number: 11,
        date: '2026-04-01',
        memo: null,
        source: 'INVOICE',
        total: '275.00',
      },
    ],
    attention: [
      {
        __typename: 'DashboardAttentionItem',
        kind: 'NEGATIVE_CASH',
        title: 'A cash account is below zero',
        detail: '1020 Petty Cash (-$80.00): a deposit or a payment may be missing',
        count: 1,
        amount: '-80.00',
        route: {
          __typename: 'DashboardRoute',
          name: 'account-ledger',
          params: [{ __typename: 'DashboardRouteParam', key: 'id', value: 'acc-1020' }],
          query: [{ __typename: 'DashboardRouteParam', key: 'to', value: '2026-04-20' }],
        },
      },
      {
        __typename: 'DashboardAttentionItem',
        kind: 'LATE_FEES_NOT_ASSESSED',
        title: 'Late fees not assessed',
        detail: '5 overdue invoices have no late fee for Apr 2026 ($143.02 in fees)',
        count: 5,
        amount: '143.02',
        route: {
          __typename: 'DashboardRoute',
          name: 'late-fees',
          params: [],
          query: [{ __typename: 'DashboardRouteParam', key: 'asOf', value: '2026-04-20' }],
        },
      },
      {
        __typename: 'DashboardAttentionItem',
        kind: 'SOMETHING_NEWER',
        title: 'From a newer API',
        detail: 'Names a page this app does not have',
        count: 1,
        amount: null,
        route: { __typename: 'DashboardRoute', name: 'no-such-page', params: [], query: [] },
      },
    ],
  };
}

/** An association with nothing on the books. */
export function emptyDashboardFixture() {
  const d = dashboardFixture();
  const zero = figures('0.00', '0.00', '0.00', true);
  return {
    ...d,
    cash: {
      ...d.cash,
      total: '0.00',
      funds: d.cash.funds.map((f) => ({
        ...f,
        balance: '0.00',
        trend: f.trend.map((p) => ({ ...p, balance: '0.00' })),
        accounts: [],
      })),
    },
    incomeExpense: {
      ...d.incomeExpense,
      income: zero,
      expense: zero,
      net: zero,
      funds: d.incomeExpense.funds.map((f) => ({
        ...f,
        income: zero,
        expense: zero,
        net: zero,
        transfers: zero,
      })),
    },
    receivables: {
      ...d.receivables,
      outstanding: '0.00',
      pastDue: '0.00',
      unitsOwing: 0,
      delinquentUnits: 0,
      billing: false,
      delinquentByBucket: { ...d.receivables.delinquentByBucket, days31to60: 0, over90: 0 },
    },
    reserves: {
      percentFunded: null,
      band: null,
      reserveBalance: '0.00',
      totalFullyFunded: '0.00',
      componentsCount: 0,
    },
    capitalProjects: {
      __typename: 'DashboardCapitalProjects',
      fiscalYear: 2026,
      count: 0,
      estimatedCost: '0.00',
      overdue: 0,
      byStatus: [],
    },
    investmentsMaturing: { days: 90, count: 0, total: '0.00', next: null },
    recentTransactions: [],
    attention: [],
  };
}
