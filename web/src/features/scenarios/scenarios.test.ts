import { describe, expect, it } from 'vitest';
import { blankForm, formOf, inputOf, monthLabel, summary } from './scenarios';
import type { ScenarioAssumptions } from './scenarios.graphql';

const saved: ScenarioAssumptions = {
  assessmentChanges: [{ fromMonth: '2027-01', percent: '4' }],
  specialAssessments: [{ month: '2027-03', fund: 'RESERVE', amount: '60000.00' }],
  projectMoves: [{ projectId: 'p1', targetYear: null }],
  plannedInvestments: [
    {
      id: 'i1',
      fund: 'RESERVE',
      kind: 'CD',
      institution: 'Keystone',
      amount: '30000.00',
      termMonths: 12,
      apy: '4.35',
      month: '2026-12',
      executedInvestmentId: null,
    },
  ],
  excludedInvestmentIds: ['x1'],
  inflationPercent: '3',
};

describe('scenario form', () => {
  it('round-trips a saved scenario into the API input, keeping plan ids', () => {
    const input = inputOf(formOf('Plan B', saved));
    expect(input).toEqual({
      name: 'Plan B',
      assumptions: {
        assessmentChanges: [{ fromMonth: '2027-01', percent: '4' }],
        specialAssessments: [{ month: '2027-03', fund: 'RESERVE', amount: '60000.00' }],
        projectMoves: [{ projectId: 'p1', targetYear: null }],
        plannedInvestments: [
          {
            id: 'i1',
            fund: 'RESERVE',
            kind: 'CD',
            institution: 'Keystone',
            amount: '30000.00',
            termMonths: 12,
            apy: '4.35',
            month: '2026-12',
          },
        ],
        excludedInvestmentIds: ['x1'],
        inflationPercent: '3',
      },
    });
  });

  it('sends typed amounts as decimals and no term for a savings account', () => {
    const f = blankForm();
    f.name = '  Savings  ';
    f.plannedInvestments.push({
      id: null,
      executedInvestmentId: null,
      fund: 'OPERATING',
      kind: 'SAVINGS',
      institution: ' Bank ',
      amount: '1,250.5',
      termMonths: '12',
      apy: '3',
      month: '2026-05',
    });
    const { name, assumptions } = inputOf(f);
    expect(name).toBe('Savings');
    expect(assumptions?.plannedInvestments?.[0]).toMatchObject({
      id: null,
      institution: 'Bank',
      amount: '1250.50',
      termMonths: null,
    });
    expect(assumptions?.inflationPercent).toBeNull();
  });

  it('says what a scenario changes in one line', () => {
    expect(summary(saved)).toBe(
      'Assessments +4 % from Jan 2027 · 1 special assessment · 1 project moved · 1 planned investment · 1 investment cashed out · Inflation 3 %',
    );
    expect(summary(blankForm() as unknown as ScenarioAssumptions)).toBe(
      "No changes: today's books",
    );
    expect(monthLabel('2026-11')).toBe('Nov 2026');
  });
});
