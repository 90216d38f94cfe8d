import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { addDays } from '../../core/dates.js';
import { badInput, conflict, notFound } from '../../core/errors/app-error.js';
import { assertId, newIds } from '../../core/ids.js';
import { formatMoney, toCents } from '../../core/money/money.js';
import { sql } from '../../db/sql.js';
import { recordTenantAudit } from '../audit/index.js';
import type { StatementPeriodInput, UndoReconciliationInput } from './banking.inputs.js';
import {
  bankLinesOf,
  type BookLineRow,
  clearedBookLines,
  feedStart,
  insertReconciliation,
  lastFinished,
  ledgerBalance,
  lockBankAccount,
  markUndone,
  outstandingBookLines,
  type ReconciliationRow,
  reconciliationRows,
  setMatchesReconciled,
  statementAfter,
  statementEndingBy,
  type StatementRow,
} from './banking.repository.js';
import {
  type Reconciliation,
  ReconciliationStatus,
  type ReconciliationWorksheet,
} from './banking.types.js';
import { findBankAccount } from './bank-accounts.service.js';
import { toBankLine, toBookLine } from './matching.service.js';

// The reconciliation, as an auditor reads it:
//
//   balance per bank (the statement's closing) + deposits in transit − outstanding checks
//     = adjusted bank balance
//   balance per books (the ledger on the statement date) + bank items not yet in the books
//     = adjusted book balance
//
// What clears: the matches between bank lines and book lines whose bank lines are all dated
// through the statement date (a match of book lines alone — an entry and its reversal — when its
// book lines are). The cleared balance is the opening balance (the previous reconciliation's
// closing, or for the first one the statement's opening) plus the cleared book lines; the
// difference between the statement's closing balance and it must be 0.00 to finish. Book lines
// dated before the bank feed starts (the first reconciliation's period, or the first imported
// line) are in the opening balance and never outstanding.

export function toReconciliation(r: ReconciliationRow): Reconciliation {
  return {
    id: r.id,
    accountId: r.account_id,
    statementId: r.statement_id,
    periodStart: r.period_start,
    statementDate: r.statement_date,
    openingBalance: toCents(r.opening_balance),
    closingBalance: toCents(r.closing_balance),
    bookBalance: toCents(r.book_balance),
    status: r.status as ReconciliationStatus,
    finishedBy: r.finished_by,
    finishedAt: new Date(r.finished_at),
    undoneAt: r.undone_at ? new Date(r.undone_at) : null,
    undoReason: r.undo_reason,
  };
}

export async function listReconciliations(
  em: EntityManager,
  accountId: string,
  today: string,
): Promise<Reconciliation[]> {
  await findBankAccount(em, accountId, today);
  return (await reconciliationRows(em, { accountId })).map(toReconciliation);
}

export async function findReconciliation(em: EntityManager, id: string): Promise<Reconciliation> {
  assertId(id, 'Reconciliation');
  const [r] = await reconciliationRows(em, { id });
  if (!r) throw notFound('Reconciliation');
  return toReconciliation(r);
}

const sum = (rows: BookLineRow[], pick: (a: bigint) => boolean = () => true) =>
  rows.reduce((s, r) => (pick(BigInt(r.amount)) ? s + BigInt(r.amount) : s), 0n);

interface Period {
  accountId: string;
  statement: StatementRow | undefined;
  periodStart: string;
  statementDate: string;
  opening: bigint;
  closing: bigint;
  finished: ReconciliationRow | null;
}

// Which statement period a worksheet is about: the one asked for, else the earliest imported
// statement after the last finished reconciliation.
async function periodOf(em: EntityManager, input: StatementPeriodInput): Promise<Period> {
  const { accountId } = input;
  const last = await lastFinished(em, accountId, null);
  let date = input.statementDate ?? null;
  let statement: StatementRow | undefined;
  if (!date) {
    statement = await statementAfter(em, accountId, last?.statement_date ?? null);
    if (!statement) {
      const message = last
        ? `Reconciled through ${last.statement_date}: import the next statement or enter its date`
        : 'Import a statement or enter the statement date';
      throw badInput([{ field: 'statementDate', message }], message);
    }
    date = statement.period_end!;
  } else {
    statement = await statementEndingBy(em, accountId, date);
  }
  const [finished] = (await reconciliationRows(em, { accountId, finishedOnly: true })).filter(
    (r) => r.statement_date === date,
  );
  if (finished) {
    return {
      accountId,
      statement,
      periodStart: finished.period_start,
      statementDate: date,
      opening: BigInt(finished.opening_balance),
      closing: BigInt(finished.closing_balance),
      finished,
    };
  }
  if (last && date <= last.statement_date) {
    const message = `Reconciled through ${last.statement_date}: choose a later statement date (or undo that reconciliation)`;
    throw badInput([{ field: 'statementDate', message }], message);
  }
  const closingGiven = input.closingBalance ?? statement?.closing_balance ?? null;
  if (closingGiven == null) {
    const message = "Enter the statement's closing balance";
    throw badInput([{ field: 'closingBalance', message }], message);
  }
  const closing = BigInt(closingGiven);
  let opening: bigint;
  let periodStart: string;
  if (last) {
    opening = BigInt(last.closing_balance);
    periodStart = addDays(last.statement_date, 1);
  } else {
    periodStart = statement?.period_start ?? (await feedStart(em, accountId)) ?? date;
    if (input.openingBalance != null) opening = BigInt(input.openingBalance);
    else if (statement?.opening_balance != null) opening = BigInt(statement.opening_balance);
    else if (statement) {
      // An OFX statement has no opening balance: its own closing less its own lines.
      const [r] = await sql(em).all<{ v: string }>(
        `SELECT coalesce(sum(amount), 0)::text AS v FROM bank_lines WHERE statement_id = ?`,
        [statement.id],
      );
      const stated =
        statement.closing_balance == null ? closing : BigInt(statement.closing_balance);
      opening = stated - BigInt(r.v);
    } else opening = 0n;
  }
  return {
    accountId,
    statement,
    periodStart,
    statementDate: date,
    opening,
    closing,
    finished: null,
  };
}

async function worksheetOf(em: EntityManager, p: Period): Promise<ReconciliationWorksheet> {
  const D = p.statementDate;
  const start = await feedStart(em, p.accountId);
  const cleared = await clearedBookLines(em, p.accountId, D, p.finished?.id ?? null);
  const outstanding = (await outstandingBookLines(em, p.accountId, start, D)).filter(
    (r) => !cleared.some((c) => c.journal_line_id === r.journal_line_id),
  );
  const bank = await bankLinesOf(em, {
    accountId: p.accountId,
    to: D,
    ...(p.finished ? { reconciliationId: p.finished.id } : { unreconciledOnly: true }),
  });
  const clearedTotal = sum(cleared);
  const clearedBalance = p.opening + clearedTotal;
  const difference = p.closing - clearedBalance;
  const bookBalance = await ledgerBalance(em, p.accountId, D);
  const unrecorded = bank.filter((b) => !b.match_id).reduce((s, b) => s + BigInt(b.amount), 0n);
  const clearedAfter = sum(cleared.filter((c) => c.entry_date > D));
  const inTransit = sum(outstanding, (a) => a > 0n);
  const outPayments = -sum(outstanding, (a) => a < 0n);
  return {
    accountId: p.accountId,
    statementId: p.finished?.statement_id ?? p.statement?.id ?? null,
    periodStart: p.periodStart,
    statementDate: D,
    openingBalance: toCents(p.opening),
    closingBalance: toCents(p.closing),
    clearedBalance: toCents(clearedBalance),
    difference: toCents(difference),
    clearedDeposits: toCents(sum(cleared, (a) => a > 0n)),
    clearedPayments: toCents(-sum(cleared, (a) => a < 0n)),
    bankLines: bank.map(toBankLine),
    clearedBookLines: cleared.map(toBookLine),
    outstandingBookLines: outstanding.map(toBookLine),
    depositsInTransit: toCents(inTransit),
    outstandingPayments: toCents(outPayments),
    adjustedBankBalance: toCents(p.closing + inTransit - outPayments),
    bookBalance: toCents(bookBalance),
    unrecordedBankItems: toCents(unrecorded),
    adjustedBookBalance: toCents(bookBalance + unrecorded + clearedAfter),
    canFinish: !p.finished && difference === 0n,
    reconciliation: p.finished ? toReconciliation(p.finished) : null,
  };
}

// Null when no date is asked for and no imported statement waits to be reconciled.
export async function reconciliationWorksheet(
  em: EntityManager,
  input: StatementPeriodInput,
  today: string,
): Promise<ReconciliationWorksheet | null> {
  await findBankAccount(em, input.accountId, today);
  if (!input.statementDate) {
    const last = await lastFinished(em, input.accountId, null);
    if (!(await statementAfter(em, input.accountId, last?.statement_date ?? null))) return null;
  }
  return worksheetOf(em, await periodOf(em, input));
}

// The worksheet of a finished (or undone) reconciliation, as it was finished: the report.
export async function reconciliationReport(
  em: EntityManager,
  id: string,
): Promise<ReconciliationWorksheet> {
  assertId(id, 'Reconciliation');
  const [r] = await reconciliationRows(em, { id });
  if (!r || r.status !== 'finished') throw notFound('Reconciliation');
  const statement = r.statement_id
    ? await statementEndingBy(em, r.account_id, r.statement_date)
    : undefined;
  return worksheetOf(em, {
    accountId: r.account_id,
    statement,
    periodStart: r.period_start,
    statementDate: r.statement_date,
    opening: BigInt(r.opening_balance),
    closing: BigInt(r.closing_balance),
    finished: r,
  });
}

// Finishes the period when the difference is 0.00: records who and when, and locks what cleared
// (its matches, bank lines and the entries behind them) until an admin undoes it.
export async function finishReconciliation(
  em: EntityManager,
  actor: AuthInfo | null,
  input: StatementPeriodInput,
  today: string,
): Promise<Reconciliation> {
  await findBankAccount(em, input.accountId, today);
  const [id] = newIds(1);
  await em.transactional(async (tx) => {
    await lockBankAccount(tx, input.accountId);
    const period = await periodOf(tx, input);
    if (period.finished) throw conflict(`${period.statementDate} is reconciled already`);
    const w = await worksheetOf(tx, period);
    if (w.difference !== 0) {
      const message = `The difference is ${formatMoney(BigInt(w.difference))}; it must be 0.00 to finish`;
      throw badInput([{ field: 'closingBalance', message }], message);
    }
    await insertReconciliation(tx, {
      id,
      accountId: input.accountId,
      statementId: period.statement?.id ?? null,
      periodStart: period.periodStart,
      statementDate: period.statementDate,
      openingBalance: period.opening,
      closingBalance: period.closing,
      bookBalance: BigInt(w.bookBalance),
      finishedBy: actor?.userId ?? null,
    });
    const matchIds = [...new Set(w.clearedBookLines.map((l) => l.matchId!))];
    if (matchIds.length) await setMatchesReconciled(tx, matchIds, id);
    await recordTenantAudit(tx, actor, {
      entityType: 'BankReconciliation',
      entityId: id,
      action: 'finish',
      changes: {
        accountId: input.accountId,
        statementDate: period.statementDate,
        closingBalance: Number(period.closing),
        cleared: w.clearedBookLines.length,
      },
    });
  });
  return findReconciliation(em, id);
}

// Undoes the latest finished reconciliation of its account (admins, with a reason): its matches
// stand again unreconciled, so its lines can be unmatched and its entries reversed.
export async function undoReconciliation(
  em: EntityManager,
  actor: AuthInfo | null,
  input: UndoReconciliationInput,
): Promise<Reconciliation> {
  assertId(input.reconciliationId, 'Reconciliation');
  const reason = input.reason.trim();
  if (reason.length < 3) {
    throw badInput([{ field: 'reason', message: 'Say why (at least 3 characters)' }]);
  }
  await em.transactional(async (tx) => {
    const [r] = await reconciliationRows(tx, { id: input.reconciliationId });
    if (!r) throw notFound('Reconciliation');
    await lockBankAccount(tx, r.account_id);
    if (r.status !== 'finished') throw conflict('This reconciliation is undone already');
    const latest = await lastFinished(tx, r.account_id, null);
    if (latest && latest.id !== r.id) {
      throw conflict(`Undo the later reconciliation (${latest.statement_date}) first`);
    }
    await markUndone(tx, r.id, actor?.userId ?? null, reason);
    await recordTenantAudit(tx, actor, {
      entityType: 'BankReconciliation',
      entityId: r.id,
      action: 'undo',
      changes: { statementDate: r.statement_date, reason },
    });
  });
  return findReconciliation(em, input.reconciliationId);
}
