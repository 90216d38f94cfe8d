import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { addDays } from '../../core/dates.js';
import { AppError, badInput, conflict, notFound } from '../../core/errors/app-error.js';
import { assertId, newIds } from '../../core/ids.js';
import { toCents } from '../../core/money/money.js';
import { recordTenantAudit } from '../audit/index.js';
import {
  billCountOf,
  billExists,
  deleteTemplateRow,
  dueTemplates,
  insertTemplate,
  setNextDate,
  type TemplateRow,
  type TemplateWrite,
  templateRow,
  templateRows,
  updateTemplateRow,
} from './bill-templates.repository.js';
import { checkBillInput, findBills, postBill } from './bills.service.js';
import { ensurePayableAccount, payablesSettings } from './payables-settings.service.js';
import type { BillTemplateInput } from './payables.inputs.js';
import { type Bill, BillFrequency, type BillTemplate } from './payables.types.js';

// Recurring bills (a management fee, an insurance premium): a template names the vendor, the
// lines and how often; each day the association's automation enters the bills whose dates have
// come (every date on or before today, each once: bills_template_once) and moves the template's
// next date on by its frequency. A treasurer can run the same by hand (enterRecurringBills). A
// run enters all or nothing: a template that can no longer post (an inactive vendor, an archived
// account, a closed month) stops it with the template named, for the treasurer to correct.

// The most bills one template enters in one run (a next date long past catches up over days).
const MAX_CATCH_UP = 36;

const MONTHS: Record<BillFrequency, number> = {
  [BillFrequency.MONTHLY]: 1,
  [BillFrequency.QUARTERLY]: 3,
  [BillFrequency.SEMIANNUAL]: 6,
  [BillFrequency.ANNUAL]: 12,
};

const lastDayOf = (year: number, month0: number) =>
  new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

// The date `frequency` after `date`, on the same day of the month where that month has it, else
// its last day; a date on the last day of its month stays on the last day (Jan 31 → Feb 28 →
// Mar 31).
export function nextBillDate(date: string, frequency: BillFrequency): string {
  const [y, m, d] = date.split('-').map(Number);
  const month0 = m - 1 + MONTHS[frequency];
  const year = y + Math.floor(month0 / 12);
  const target = ((month0 % 12) + 12) % 12;
  const last = lastDayOf(year, target);
  const day = d === lastDayOf(y, m - 1) ? last : Math.min(d, last);
  return `${year}-${String(target + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function toTemplate(r: TemplateRow): BillTemplate {
  const lines = r.lines.map((l, i) => ({
    id: `${r.id}:${i + 1}`,
    accountId: l.accountId,
    amount: toCents(l.amount),
    memo: l.memo ?? null,
  }));
  return {
    id: r.id,
    name: r.name,
    vendorId: r.vendor_id,
    memo: r.memo,
    lines,
    frequency: r.frequency as BillFrequency,
    nextDate: r.next_date,
    dueDays: r.due_days,
    active: r.active,
    total: lines.reduce((s, l) => s + l.amount, 0),
    createdAt: new Date(r.created_at),
  };
}

export async function listBillTemplates(em: EntityManager): Promise<BillTemplate[]> {
  return (await templateRows(em)).map(toTemplate);
}

export async function findBillTemplate(em: EntityManager, id: string): Promise<BillTemplate> {
  assertId(id, 'Bill template');
  const row = await templateRow(em, id);
  if (!row) throw notFound('Bill template');
  return toTemplate(row);
}

async function toWrite(em: EntityManager, input: BillTemplateInput): Promise<TemplateWrite> {
  const { payableAccountId } = await payablesSettings(em);
  await checkBillInput(em, input, { payableAccountId });
  return {
    name: input.name.trim(),
    vendorId: input.vendorId,
    memo: input.memo?.trim() || null,
    lines: input.lines.map((l) => ({
      accountId: l.accountId,
      amount: String(l.amount),
      memo: l.memo?.trim() || null,
    })),
    frequency: input.frequency,
    nextDate: input.nextDate,
    dueDays: input.dueDays ?? 30,
    active: input.active ?? true,
  };
}

export async function createBillTemplate(
  em: EntityManager,
  actor: AuthInfo | null,
  input: BillTemplateInput,
): Promise<BillTemplate> {
  const t = await toWrite(em, input);
  const [id] = newIds(1);
  await em.transactional(async (tx) => {
    await insertTemplate(tx, id, t, actor?.userId ?? null);
    await recordTenantAudit(tx, actor, {
      entityType: 'BillTemplate',
      entityId: id,
      action: 'create',
      changes: { ...t },
    });
  });
  return findBillTemplate(em, id);
}

export async function updateBillTemplate(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
  input: BillTemplateInput,
): Promise<BillTemplate> {
  const before = await findBillTemplate(em, id);
  const t = await toWrite(em, input);
  await em.transactional(async (tx) => {
    if (!(await templateRow(tx, id, true))) throw notFound('Bill template');
    await updateTemplateRow(tx, id, t);
    await recordTenantAudit(tx, actor, {
      entityType: 'BillTemplate',
      entityId: id,
      action: 'update',
      changes: { before: { ...before, lines: undefined, createdAt: undefined }, after: { ...t } },
    });
  });
  return findBillTemplate(em, id);
}

// A template that entered bills stays (they name it): deactivate it instead.
export async function deleteBillTemplate(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
): Promise<boolean> {
  const t = await findBillTemplate(em, id);
  await em.transactional(async (tx) => {
    if (!(await templateRow(tx, id, true))) throw notFound('Bill template');
    const n = await billCountOf(tx, id);
    if (n > 0) {
      throw conflict(
        `"${t.name}" entered ${n} bill${n === 1 ? '' : 's'}, which name it: deactivate it instead`,
      );
    }
    await deleteTemplateRow(tx, id);
    await recordTenantAudit(tx, actor, {
      entityType: 'BillTemplate',
      entityId: id,
      action: 'delete',
      changes: { name: t.name },
    });
  });
  return true;
}

// The refusal of a run, naming the template and the date whose bill could not be entered.
function templateRefusal(t: TemplateRow, date: string, err: AppError, index: number): AppError {
  const why = err.details?.[0]?.message ?? err.message;
  const message = `Recurring bill "${t.name}" of ${date}: ${why}`;
  return badInput([{ field: `templates.${index}`, message }], message);
}

// Enters every recurring bill dated on or before `today` (see the top of this file), in the
// caller's transaction or one of its own. Answers the bills entered, oldest first.
export async function enterRecurringBills(
  em: EntityManager,
  actor: AuthInfo | null,
  today: string,
): Promise<Bill[]> {
  const ids = await em.transactional(async (tx) => {
    const entered: string[] = [];
    const due = await dueTemplates(tx, today);
    // Accounts Payable is chosen only when a bill is due.
    if (due.length) await ensurePayableAccount(tx, actor);
    for (const [index, t] of due.entries()) {
      let date = t.next_date;
      for (let n = 0; date <= today && n < MAX_CATCH_UP; n++) {
        // Entered already (by hand or by a run whose date move was undone): not twice.
        if (!(await billExists(tx, t.id, date))) {
          const draft = {
            vendorId: t.vendor_id,
            billDate: date,
            dueDate: addDays(date, t.due_days),
            memo: t.memo,
            lines: t.lines.map((l) => ({
              accountId: l.accountId,
              amount: toCents(l.amount),
              memo: l.memo,
            })),
            templateId: t.id,
          };
          try {
            const { payableAccountId } = await payablesSettings(tx);
            const { vendorName } = await checkBillInput(tx, draft, { payableAccountId });
            entered.push(await postBill(tx, actor, draft, vendorName));
          } catch (err) {
            if (err instanceof AppError && err.code !== 'SERVICE_UNAVAILABLE') {
              throw templateRefusal(t, date, err, index);
            }
            throw err;
          }
        }
        date = nextBillDate(date, t.frequency as BillFrequency);
      }
      await setNextDate(tx, t.id, date);
    }
    return entered;
  });
  return findBills(em, ids);
}
