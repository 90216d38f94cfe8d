import { addMonths, fiscalYear } from '../../core/dates.js';
import { FundType } from '../../modules/accounts/index.js';
import { listCapitalProjects } from '../../modules/capital-projects/index.js';
import { InvestmentKind } from '../../modules/investments/index.js';
import { createScenario } from '../../modules/scenarios/index.js';
import { $, type DemoBooks } from './demo-books.js';

// Maple Ridge's board has two what-if scenarios saved, entered through the scenarios service as
// the page does: a dues increase from the next fiscal year, and the pool resurfacing pushed back a
// year with part of the money it frees up put in a 12-month CD from next month. Both start from
// today's books whenever the demo is built.
export async function mapleRidgeScenarios(b: DemoBooks): Promise<void> {
  const start = b.profile.fiscalYearStartMonth;
  const calendar = { today: b.today, fiscalYearStartMonth: start };
  const nextYear = fiscalYear(b.currentFiscalYear + 1, start).from.slice(0, 7);
  const nextMonth = addMonths(`${b.today.slice(0, 7)}-01`, 1).slice(0, 7);

  await createScenario(b.em, b.actor, b.today, {
    name: 'Dues +4 % next fiscal year',
    assumptions: { assessmentChanges: [{ fromMonth: nextYear, percent: '4' }] },
  });

  const pool = (await listCapitalProjects(b.em, calendar)).find(
    (p) => p.name === 'Pool resurfacing',
  );
  await createScenario(b.em, b.actor, b.today, {
    name: 'Delay the pool resurfacing a year + 12-month CD',
    assumptions: {
      projectMoves: pool
        ? [{ projectId: pool.id, targetYear: (pool.targetYear ?? b.currentFiscalYear) + 1 }]
        : [],
      plannedInvestments: [
        {
          fund: FundType.RESERVE,
          kind: InvestmentKind.CD,
          institution: 'Keystone Community Bank',
          amount: $(30_000),
          termMonths: 12,
          apy: '4.35',
          month: nextMonth,
        },
      ],
    },
  });
}
