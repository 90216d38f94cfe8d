import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import {
  addDays,
  addMonths,
  fiscalYear,
  fiscalYearOf,
  mediumDate,
  monthInWords,
} from '../../core/dates.js';
import { badInput, conflict } from '../../core/errors/app-error.js';
import { newIds } from '../../core/ids.js';
import { recordTenantAudit, userLabels } from '../audit/index.js';
import { booksClosedThrough } from '../journal/index.js';
import {
  bankStanding,
  type BankStandingRow,
  closeHistory,
  type CloseRow,
  entryDateRange,
  insertClose,
  lockBooks,
  markReopened,
  monthActivity,
  setClosedThrough,
  standingCloses,
} from './periods.repository.js';
import {
  type ClosePeriodInput,
  type PeriodBankAccount,
  type PeriodClose,
  PeriodKind,
  type PeriodMonth,
  type Periods,
  PeriodStatus,
  type PeriodYear,
  type ReopenPeriodInput,
} from './periods.types.js';

// Closing the books. One rule: the books are closed through a date, and months close in order, so
// that date moves forward a month at a time (the first close also locks everything before it) and
// back only by reopening the latest closed month. A month closes once it has ended and every bank
// account is reconciled through its last day (or with an admin's override and reason). A fiscal
// year closes once all its months are closed; its net income is carried into each fund's balance
// by the reports' own computation (docs/features.md, "Year-end"), so no closing entry is posted.
// Reopening is for admins, with a reason; it is audited and listed in the next board packet.

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export interface Calendar {
  today: string;
  fiscalYearStartMonth: number;
}

const monthStart = (month: string) => `${month}-01`;
const monthEnd = (month: string) => addDays(addMonths(monthStart(month), 1), -1);
const monthOf = (date: string) => date.slice(0, 7);

function parseMonth(month: string, field = 'month'): string {
  if (!MONTH.test(month)) {
    const message = 'A month is written YYYY-MM';
    throw badInput([{ field, message }], message);
  }
  return month;
}

function toClose(r: CloseRow, names: Map<string, string>): PeriodClose {
  return {
    id: r.id,
    kind: r.kind === 'year' ? PeriodKind.YEAR : PeriodKind.MONTH,
    start: r.period_start,
    end: r.period_end,
    closedAt: new Date(r.closed_at),
    closedBy: r.closed_by ? (names.get(r.closed_by) ?? null) : null,
    overrideReason: r.override_reason,
    unreconciled: (r.unreconciled ?? []).map((u) => u.name),
    reopenedAt: r.reopened_at ? new Date(r.reopened_at) : null,
    reopenedBy: r.reopened_by ? (names.get(r.reopened_by) ?? null) : null,
    reopenReason: r.reopen_reason,
  };
}

const bankLabel = (b: BankStandingRow) => `${b.number} ${b.name} (…${b.masked_number})`;

// Whether a bank account needs no more reconciling for a period ending `end`: reconciled through
// it, or without postings or bank lines by then.
const reconciledBy = (b: BankStandingRow, end: string) =>
  !b.first_activity ||
  b.first_activity > end ||
  (b.reconciled_through !== null && b.reconciled_through >= end);

function bankAccountsAt(banks: BankStandingRow[], end: string): PeriodBankAccount[] {
  return banks
    .filter((b) => b.first_activity && b.first_activity <= end)
    .map((b) => ({
      accountId: b.account_id,
      name: bankLabel(b),
      reconciledThrough: b.reconciled_through,
      reconciled: reconciledBy(b, end),
    }));
}

// The month that closes next: the one after the books' closed-through date, or (nothing closed)
// the month before today's; null when that month has not ended.
function nextToClose(through: string | null, cal: Calendar): string | null {
  const next = through
    ? monthOf(addDays(through, 1))
    : monthOf(addMonths(monthStart(monthOf(cal.today)), -1));
  return monthEnd(next) < cal.today ? next : null;
}

export async function periods(
  em: EntityManager,
  platformEm: EntityManager,
  cal: Calendar,
  opts: { months?: number } = {},
): Promise<Periods> {
  const [closes, history, banks, range] = await Promise.all([
    standingCloses(em),
    closeHistory(em, 50),
    bankStanding(em),
    entryDateRange(em),
  ]);
  const [lockRow] = closes.filter((c) => c.kind === 'month').slice(0, 1);
  const through = await booksClosedThrough(em);
  const names = await userLabels(
    platformEm,
    history.flatMap((h) => [h.closed_by, h.reopened_by]).concat(closes.map((c) => c.closed_by)),
  );
  const monthCloses = new Map(
    closes.filter((c) => c.kind === 'month').map((c) => [monthOf(c.period_end), c]),
  );
  const yearCloses = new Map(closes.filter((c) => c.kind === 'year').map((c) => [c.period_end, c]));

  // From this month back to the first month with entries (at most `months` of them, 24 by
  // default), and at least back to the latest closed month.
  const current = monthOf(cal.today);
  const first = range.first ? monthOf(range.first) : current;
  const count = Math.min(opts.months ?? 24, 120);
  const list: string[] = [];
  for (
    let m = current;
    list.length < count && m >= first;
    m = monthOf(addMonths(monthStart(m), -1))
  ) {
    list.push(m);
  }
  if (!list.length) list.push(current);
  const activity = new Map(
    (
      await monthActivity(em, monthStart(list[list.length - 1]), addMonths(monthStart(list[0]), 1))
    ).map((a) => [a.month, a.entries]),
  );
  const next = nextToClose(through, cal);
  const months: PeriodMonth[] = list.map((m) => {
    const end = monthEnd(m);
    const closed = !!through && end <= through;
    const close = monthCloses.get(m);
    return {
      month: m,
      start: monthStart(m),
      end,
      fiscalYear: fiscalYearOf(monthStart(m), cal.fiscalYearStartMonth),
      status: closed ? PeriodStatus.CLOSED : PeriodStatus.OPEN,
      ended: end < cal.today,
      entries: activity.get(m) ?? 0,
      close: close ? toClose(close, names) : null,
      bankAccounts: bankAccountsAt(banks, end),
      // Nothing closed yet: any month that has ended may be the first (it locks those before it).
      closable: through ? m === next : end < cal.today,
      reopenable: !!lockRow && monthOf(lockRow.period_end) === m && end === through,
    };
  });

  // Fiscal years from this one back to the first one with entries.
  const years: PeriodYear[] = [];
  const lastYear = fiscalYearOf(cal.today, cal.fiscalYearStartMonth);
  const firstYear = fiscalYearOf(range.first ?? cal.today, cal.fiscalYearStartMonth);
  for (let y = lastYear; y >= firstYear && years.length < 10; y--) {
    const fy = fiscalYear(y, cal.fiscalYearStartMonth);
    const end = addDays(fy.until, -1);
    const close = yearCloses.get(end);
    years.push({
      fiscalYear: y,
      start: fy.from,
      end,
      status: close ? PeriodStatus.CLOSED : PeriodStatus.OPEN,
      close: close ? toClose(close, names) : null,
      closable: !close && !!through && through >= end,
    });
  }

  return {
    closedThrough: through,
    nextToClose: next,
    months,
    years,
    history: history.map((h) => toClose(h, names)),
  };
}

// Close a month: it has ended, it is the next one to close (months close in order), and every bank
// account with activity by its end is reconciled through it — or an override reason is given.
export async function closeMonth(
  em: EntityManager,
  actor: AuthInfo | null,
  cal: Calendar,
  input: ClosePeriodInput,
): Promise<string> {
  const month = parseMonth(input.month);
  const start = monthStart(month);
  const end = monthEnd(month);
  const override = input.overrideReason?.trim() || null;
  if (end >= cal.today) {
    const message = `${monthInWords(month)} has not ended yet: it can be closed from ${mediumDate(addDays(end, 1))}`;
    throw badInput([{ field: 'month', message }], message);
  }
  if (override !== null && override.length < 3) {
    const message = 'Say why (at least 3 characters)';
    throw badInput([{ field: 'overrideReason', message }], message);
  }
  return em.transactional(async (tx) => {
    const through = await lockBooks(tx);
    if (through && end <= through) {
      throw conflict(`${monthInWords(month)} is already closed`);
    }
    if (through && start !== addDays(through, 1)) {
      const next = monthOf(addDays(through, 1));
      const message = `Months close in order: close ${monthInWords(next)} first`;
      throw badInput([{ field: 'month', message }], message);
    }
    const banks = bankAccountsAt(await bankStanding(tx), end);
    const open = banks.filter((b) => !b.reconciled);
    if (open.length && !override) {
      const details = open.map((b) => ({
        field: `bankAccounts.${b.accountId}`,
        message: `${b.name} is reconciled ${
          b.reconciledThrough ? `through ${mediumDate(b.reconciledThrough)}` : 'not at all'
        }: reconcile it through ${mediumDate(end)}, or close with an override and a reason`,
      }));
      throw conflict(details[0].message, details);
    }
    const [id] = newIds(1);
    await insertClose(tx, {
      id,
      kind: 'month',
      start,
      end,
      by: actor?.userId ?? null,
      overrideReason: open.length ? override : null,
      unreconciled: open.map((b) => ({
        accountId: b.accountId,
        name: b.name,
        reconciledThrough: b.reconciledThrough,
      })),
    });
    await setClosedThrough(tx, end);
    await recordTenantAudit(tx, actor, {
      entityType: 'Period',
      entityId: id,
      action: 'close',
      changes: {
        month,
        closedThrough: { before: through, after: end },
        ...(open.length ? { overrideReason: override, unreconciled: open.map((b) => b.name) } : {}),
      },
    });
    return id;
  });
}

// Close a fiscal year whose months are all closed. Nothing is posted: the reports carry its net
// income into the funds' balances.
export async function closeFiscalYear(
  em: EntityManager,
  actor: AuthInfo | null,
  cal: Calendar,
  year: number,
): Promise<string> {
  if (!Number.isInteger(year) || year < 1900 || year > 2200) {
    const message = 'Not a fiscal year';
    throw badInput([{ field: 'fiscalYear', message }], message);
  }
  const fy = fiscalYear(year, cal.fiscalYearStartMonth);
  const end = addDays(fy.until, -1);
  return em.transactional(async (tx) => {
    const through = await lockBooks(tx);
    if (!through || through < end) {
      const next = through ? monthOf(addDays(through, 1)) : monthOf(fy.from);
      throw conflict(
        `Fiscal year ${year} ends ${mediumDate(end)}: close its months through then first (next: ${monthInWords(next)})`,
      );
    }
    const standing = await standingCloses(tx);
    if (standing.some((c) => c.kind === 'year' && c.period_end === end)) {
      throw conflict(`Fiscal year ${year} is already closed`);
    }
    const [id] = newIds(1);
    await insertClose(tx, {
      id,
      kind: 'year',
      start: fy.from,
      end,
      by: actor?.userId ?? null,
      overrideReason: null,
      unreconciled: [],
    });
    await recordTenantAudit(tx, actor, {
      entityType: 'Period',
      entityId: id,
      action: 'close',
      changes: { fiscalYear: year },
    });
    return id;
  });
}

// Reopen the latest closed month (and the fiscal year it belongs to, if that was closed): the
// books are then closed through the month before it, or not at all if it was the first close.
export async function reopenMonth(
  em: EntityManager,
  actor: AuthInfo | null,
  input: ReopenPeriodInput,
): Promise<string> {
  const month = parseMonth(input.month);
  const reason = input.reason.trim();
  if (reason.length < 3) {
    const message = 'Say why (at least 3 characters)';
    throw badInput([{ field: 'reason', message }], message);
  }
  const end = monthEnd(month);
  return em.transactional(async (tx) => {
    const through = await lockBooks(tx);
    if (!through || end > through) throw conflict(`${monthInWords(month)} is not closed`);
    if (end !== through) {
      const message = `Months reopen from the latest: reopen ${monthInWords(monthOf(through))} first`;
      throw badInput([{ field: 'month', message }], message);
    }
    const standing = await standingCloses(tx);
    const monthClose = standing.find((c) => c.kind === 'month' && c.period_end === end);
    const before = addDays(monthStart(month), -1);
    const previous = standing.find((c) => c.kind === 'month' && c.period_end === before);
    const years = standing.filter(
      (c) => c.kind === 'year' && c.period_start <= end && c.period_end >= monthStart(month),
    );
    const ids = [...(monthClose ? [monthClose.id] : []), ...years.map((y) => y.id)];
    await markReopened(tx, ids, actor?.userId ?? null, reason);
    await setClosedThrough(tx, previous ? before : null);
    const entityId = monthClose?.id ?? newIds(1)[0];
    await recordTenantAudit(tx, actor, {
      entityType: 'Period',
      entityId,
      action: 'reopen',
      changes: {
        month,
        reason,
        closedThrough: { before: through, after: previous ? before : null },
        ...(years.length ? { fiscalYearReopened: true } : {}),
      },
    });
    return entityId;
  });
}
