// API answers for the planning pages' tests, shaped like the real ones (with __typename).

export const health = (fund: 'OPERATING' | 'RESERVE') => ({
  __typename: 'FundHealth',
  fund,
  score: fund === 'OPERATING' ? 88 : 62,
  grade: fund === 'OPERATING' ? 'STRONG' : 'FAIR',
  liquidityMonths: fund === 'OPERATING' ? '5.4' : null,
  percentFunded: fund === 'RESERVE' ? '45.7' : null,
  basePoints: fund === 'OPERATING' ? 58 : 32,
  trendPoints: 30,
  trend: fund === 'OPERATING' ? '1200.00' : '-800.00',
  explanation:
    fund === 'OPERATING'
      ? '70 × min(5.4 months of expenses in cash, 6) ÷ 6, plus 30 for the 12-month trend.'
      : '70 × min(45.7 % funded, 100) ÷ 100, plus 30 for the 12-month trend.',
});

export const plan = () => ({
  __typename: 'InvestmentPlan',
  asOf: '2026-11-22',
  overall:
    'On Nov 22, 2026 the reserve fund holds $180,000.00 in cash against a floor of $60,000.00.',
  riskNotes: ['The pool resurfacing in June draws the reserve fund down.'],
  toInvest: '100000.00',
  estimatedInterest: '3150.00',
  funds: [
    {
      __typename: 'PlanFundPosition',
      fund: 'RESERVE',
      cash: '180000.00',
      monthlyExpenses: '0.00',
      capitalNext12: '60000.00',
      floor: '60000.00',
      cushion: '0.00',
      aboveFloor: '120000.00',
      lowest: '95000.00',
      lowestMonth: '2027-06',
      toInvest: '100000.00',
    },
  ],
  health: [health('OPERATING'), health('RESERVE')],
  recommendations: [
    {
      __typename: 'PlanRecommendation',
      id: 'r1',
      type: 'CD_LADDER',
      priority: 'HIGH',
      fund: 'RESERVE',
      title: 'Ladder $100,000.00 of reserve cash',
      summary: 'Two rungs, one every six months.',
      details: 'Each rung takes the best rate for its term.',
      suggestedAmount: '100000.00',
      kind: 'CD',
      termMonths: null,
      apy: null,
      institution: null,
      investmentId: null,
      plannable: true,
      rungs: [
        {
          __typename: 'PlanRung',
          kind: 'CD',
          amount: '50000.00',
          termMonths: 6,
          apy: '4.150',
          institution: null,
          maturityMonth: '2027-05',
          interest: '1025.00',
        },
        {
          __typename: 'PlanRung',
          kind: 'CD',
          amount: '50000.00',
          termMonths: 12,
          apy: '4.000',
          institution: 'Summit National Bank',
          maturityMonth: '2027-11',
          interest: '2000.00',
        },
      ],
    },
  ],
});

export const recommendation = (overrides: Record<string, unknown> = {}) => ({
  __typename: 'AiRecommendation',
  id: 'rec-1',
  status: 'DONE',
  requestedAt: '2026-11-22T15:04:00.000Z',
  completedAt: '2026-11-22T15:04:01.000Z',
  requestedByEmail: 'treasurer@example.com',
  provider: 'planner',
  model: null,
  narrativeSource: 'PLANNER',
  error: null,
  responseMs: 640,
  plan: plan(),
  ...overrides,
});

/** A new association's fund health: no budget and no reserve study, so nothing to score. */
export const unscoredHealth = (fund: 'OPERATING' | 'RESERVE') => ({
  __typename: 'FundHealth',
  fund,
  score: null,
  grade: 'UNKNOWN',
  liquidityMonths: null,
  percentFunded: null,
  basePoints: null,
  trendPoints: 30,
  trend: '0.00',
  explanation:
    fund === 'OPERATING'
      ? 'No budgeted operating expenses for the next 12 months, so there is nothing to measure cash against: enter the budget on the Budget page to score the operating fund.'
      : 'No reserve study yet: enter the components on the Reserves page to score the reserve fund.',
});

export const settings = (providerConfigured: boolean, model: string | null = null) => ({
  __typename: 'PlanningSettings',
  providerConfigured,
  providerModel: model,
  ratesUpdatedOn: '2026-11-01',
  rates: [
    {
      __typename: 'PlanningRate',
      id: 'rate-1',
      kind: 'CD',
      termMonths: 6,
      apy: '4.150',
      institution: null,
      updatedAt: '2026-11-01T12:00:00.000Z',
    },
  ],
  health: [health('OPERATING'), health('RESERVE')],
});

export const inputs = () => ({
  __typename: 'PlanningInputs',
  asOf: '2026-11-22',
  months: ['2026-11', '2026-12'],
  ratesUpdatedOn: '2026-11-01',
  collectionRate: '97.4',
  percentFunded: '45.7',
  funds: [
    {
      __typename: 'PlanningInputFund',
      fund: 'OPERATING',
      cash: '42000.00',
      closings: ['43100.00', '44250.00'],
      expenses: ['9000.00', '9000.00'],
      capital: ['0.00', '0.00'],
    },
    {
      __typename: 'PlanningInputFund',
      fund: 'RESERVE',
      cash: '180000.00',
      closings: ['181500.00', '183000.00'],
      expenses: ['0.00', '0.00'],
      capital: ['0.00', '0.00'],
    },
  ],
  holdings: [
    {
      __typename: 'PlanningInputHolding',
      id: 'inv-1',
      fund: 'RESERVE',
      kind: 'CD',
      institution: 'Summit National Bank',
      value: '40786.42',
      proceeds: '41000.00',
      apy: '4.250',
      maturityDate: '2027-01-13',
    },
  ],
  rates: [
    { __typename: 'PlanningInputRate', kind: 'CD', termMonths: 6, apy: '4.150', institution: null },
  ],
});
