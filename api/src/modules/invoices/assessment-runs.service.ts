import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { badInput } from '../../core/errors/app-error.js';
import { sumCents, toCents } from '../../core/money/money.js';
import type { AssessmentFrequency } from '../assessments/index.js';
import { lockUnits } from '../payments/index.js';
import {
  billableUnits,
  invoicedPeriods,
  lockAssessmentRuns,
} from './assessment-runs.repository.js';
import type {
  AssessmentRunInvoice,
  AssessmentRunPreview,
  AssessmentRunResult,
} from './assessment-runs.types.js';
import { createInvoices } from './invoices.service.js';
import { InvoiceKind } from './invoices.types.js';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function periodOf(frequency: AssessmentFrequency, year: number, month: number) {
  if (frequency === 'monthly')
    return {
      period: `${year}-${String(month).padStart(2, '0')}`,
      label: `${MONTHS[month - 1]} ${year}`,
    };
  if (frequency === 'quarterly') {
    if ((month - 1) % 3 !== 0) return null;
    const q = (month - 1) / 3 + 1;
    return { period: `${year}-Q${q}`, label: `Q${q} ${year}` };
  }
  return month === 1 ? { period: String(year), label: `FY ${year}` } : null;
}

// What an assessment run for a month creates: monthly groups bill every month, quarterly groups in
// January, April, July and October, annual groups in January. One invoice per unit and period.
async function planRun(em: EntityManager, month: string) {
  const m = MONTH.exec(month);
  if (!m) throw badInput([{ field: 'month', message: 'Use a month like 2026-03' }]);
  const year = Number(m[1]);
  const mon = Number(m[2]);
  const issueDate = `${month}-01`;
  const rows = await billableUnits(em);
  const periods = [
    ...new Set(
      rows.map((r) => periodOf(r.frequency, year, mon)?.period).filter((p): p is string => !!p),
    ),
  ];
  const done = periods.length ? await invoicedPeriods(em, periods) : [];
  const taken = new Set(done.map((d) => `${d.unit_id}|${d.period}`));
  const invoices: (AssessmentRunInvoice & { unitNumber: string })[] = [];
  let alreadyInvoiced = 0;
  for (const r of rows) {
    const p = periodOf(r.frequency, year, mon);
    if (!p) continue;
    if (taken.has(`${r.unit_id}|${p.period}`)) {
      alreadyInvoiced++;
      continue;
    }
    const lines = [
      {
        description: `Regular assessment ${p.label}`,
        accountId: r.regular_income_account_id,
        amount: toCents(r.regular),
      },
      {
        description: `Special assessment ${p.label}`,
        accountId: r.special_income_account_id,
        amount: toCents(r.special),
      },
    ].filter((l) => l.amount > 0);
    if (!lines.length) continue;
    invoices.push({
      unitId: r.unit_id,
      unitNumber: r.unit_number,
      groupId: r.group_id,
      period: p.period,
      dueDate: `${month}-${String(r.due_day).padStart(2, '0')}`,
      lines,
      total: lines.reduce((s, l) => s + l.amount, 0),
    });
  }
  return { month, issueDate, invoices, alreadyInvoiced };
}

export async function previewAssessmentRun(
  em: EntityManager,
  month: string,
): Promise<AssessmentRunPreview> {
  const plan = await planRun(em, month);
  return {
    ...plan,
    count: plan.invoices.length,
    total: sumCents(plan.invoices.map((i) => i.total)),
  };
}

export async function generateAssessmentInvoices(
  em: EntityManager,
  actor: AuthInfo | null,
  month: string,
): Promise<AssessmentRunResult> {
  let result: AssessmentRunResult = { month, created: 0, skipped: 0, total: 0n };
  await em.transactional(async (tx) => {
    await lockAssessmentRuns(tx);
    const plan = await planRun(tx, month);
    await lockUnits(tx, [...new Set(plan.invoices.map((i) => i.unitId))]);
    await createInvoices(
      tx,
      actor,
      plan.invoices.map((i) => ({
        unitId: i.unitId,
        unitNumber: i.unitNumber,
        kind: InvoiceKind.ASSESSMENT,
        period: i.period,
        groupId: i.groupId,
        issueDate: plan.issueDate,
        dueDate: i.dueDate,
        memo: i.lines[0].description,
        lines: i.lines,
      })),
    );
    result = {
      month,
      created: plan.invoices.length,
      skipped: plan.alreadyInvoiced,
      total: sumCents(plan.invoices.map((i) => i.total)),
    };
  });
  return result;
}
