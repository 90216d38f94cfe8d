// THE tenant health formula, written once. Everything the score depends on is data here — the
// inputs, their weights, the measures behind each input with the value at which a measure counts
// in full, and the grade bands — and the admin page renders this same data (the
// `tenantHealthFormula` answer), so the page and the score cannot disagree.
//
//   measure part = share × min(value, fullAt) ÷ fullAt
//   sub-score    = round(Σ measure parts of the input)                      0 to 100
//   score        = round(Σ weight × sub-score ÷ 100)                         0 to 100
//
// Rounding is half up. Shares of an input's measures sum to 100, and the weights of the inputs sum
// to 100 (checked at load), so every sub-score and the score land in 0..100.

export type HealthInputKey = 'activity' | 'budget' | 'transactions' | 'members' | 'aiUsage';

export type HealthMeasureKey =
  | 'signIns30d'
  | 'budgetCurrentYear'
  | 'actualsUpToDate'
  | 'entries30d'
  | 'entries90d'
  | 'activeMembers'
  | 'aiRecommendations90d';

export interface HealthMeasure {
  key: HealthMeasureKey;
  label: string;
  // The value at which the measure counts in full (yes/no measures are 0 or 1, full at 1).
  fullAt: number;
  // The measure's part of its input's sub-score when full.
  share: number;
}

export interface HealthInput {
  key: HealthInputKey;
  label: string;
  description: string;
  weight: number;
  measures: HealthMeasure[];
}

export const TENANT_HEALTH_INPUTS: readonly HealthInput[] = [
  {
    key: 'activity',
    label: 'Activity',
    description:
      "Successful sign-ins into the organization by its members in the last 30 days (a super admin's impersonation is not counted)",
    weight: 25,
    measures: [
      { key: 'signIns30d', label: 'Sign-ins in the last 30 days', fullAt: 20, share: 100 },
    ],
  },
  {
    key: 'budget',
    label: 'Budget',
    description:
      "A budget exists for the organization's current fiscal year, and the books hold actuals for the latest closed month (income or expense postings dated in it, or a save of Monthly Actuals for it)",
    weight: 25,
    measures: [
      {
        key: 'budgetCurrentYear',
        label: 'Budget for the current fiscal year (1 = yes)',
        fullAt: 1,
        share: 50,
      },
      {
        key: 'actualsUpToDate',
        label: 'Actuals for the latest closed month (1 = yes)',
        fullAt: 1,
        share: 50,
      },
    ],
  },
  {
    key: 'transactions',
    label: 'Transactions',
    description:
      "Journal entries dated in the last 30 and in the last 90 days, in the organization's calendar (opening balances not counted)",
    weight: 20,
    measures: [
      { key: 'entries30d', label: 'Entries in the last 30 days', fullAt: 10, share: 60 },
      { key: 'entries90d', label: 'Entries in the last 90 days', fullAt: 30, share: 40 },
    ],
  },
  {
    key: 'members',
    label: 'Members',
    description: 'Active members of the organization (invited and suspended ones not counted)',
    weight: 15,
    measures: [{ key: 'activeMembers', label: 'Active members', fullAt: 5, share: 100 }],
  },
  {
    key: 'aiUsage',
    label: 'AI usage',
    description: 'AI recommendations requested in the last 90 days',
    weight: 15,
    measures: [
      {
        key: 'aiRecommendations90d',
        label: 'AI recommendations in the last 90 days',
        fullAt: 3,
        share: 100,
      },
    ],
  },
];

export type HealthGradeKey = 'HEALTHY' | 'WATCH' | 'AT_RISK';

// Bands from the top: the first whose minimum the score reaches.
export const TENANT_HEALTH_GRADES: readonly {
  grade: HealthGradeKey;
  label: string;
  min: number;
}[] = [
  { grade: 'HEALTHY', label: 'Healthy', min: 75 },
  { grade: 'WATCH', label: 'Watch', min: 50 },
  { grade: 'AT_RISK', label: 'At risk', min: 0 },
];

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

// A mistake in the table above must not ship quietly as scores above 100.
if (sum(TENANT_HEALTH_INPUTS.map((i) => i.weight)) !== 100) {
  throw new Error('Tenant health weights must sum to 100');
}
for (const input of TENANT_HEALTH_INPUTS) {
  if (sum(input.measures.map((m) => m.share)) !== 100) {
    throw new Error(`Tenant health shares of ${input.key} must sum to 100`);
  }
}

export type HealthValues = Record<HealthMeasureKey, number>;

export interface ScoredInput {
  input: HealthInput;
  subScore: number;
  values: { measure: HealthMeasure; value: number }[];
}

export interface HealthScore {
  score: number;
  grade: HealthGradeKey;
  inputs: ScoredInput[];
}

// Half up, immune to binary fractions just under .5 (e.g. 100 × 7 ÷ 20 computed as 34.99999…).
const roundHalfUp = (x: number) => Math.floor(x + 0.5 + 1e-9);

export function gradeOf(score: number): HealthGradeKey {
  return TENANT_HEALTH_GRADES.find((g) => score >= g.min)!.grade;
}

export function scoreTenantHealth(values: HealthValues): HealthScore {
  const inputs = TENANT_HEALTH_INPUTS.map((input) => {
    const parts = input.measures.map(
      (m) => (m.share * Math.min(Math.max(values[m.key], 0), m.fullAt)) / m.fullAt,
    );
    return {
      input,
      subScore: roundHalfUp(sum(parts)),
      values: input.measures.map((measure) => ({ measure, value: values[measure.key] })),
    };
  });
  const score = roundHalfUp(sum(inputs.map((i) => i.input.weight * i.subScore)) / 100);
  return { score, grade: gradeOf(score), inputs };
}

// The formula in words, from the data above (what the page prints under the table).
export function describeTenantHealthFormula(): string[] {
  const inputLine = (i: HealthInput) =>
    `${i.label} (weight ${i.weight}): ` +
    i.measures
      .map((m) => `${m.share} × min(${m.label.toLowerCase()}, ${m.fullAt}) ÷ ${m.fullAt}`)
      .join(' + ');
  return [
    'Score = round(Σ weight × sub-score ÷ 100), 0 to 100; each sub-score is 0 to 100, rounded half up.',
    ...TENANT_HEALTH_INPUTS.map(inputLine),
    'Grades: ' + TENANT_HEALTH_GRADES.map((g) => `${g.label} ≥ ${g.min}`).join(', ') + '.',
  ];
}
