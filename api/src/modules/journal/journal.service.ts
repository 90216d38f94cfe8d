import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { addDays, isLocalDate, mediumDate, monthInWords } from '../../core/dates.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { retryingTransaction } from '../../core/db/transaction.js';
import { badInput, conflict, type FieldDetail, notFound } from '../../core/errors/app-error.js';
import type { ListOrder } from '../../core/graphql/connection.js';
import { isId, newIds } from '../../core/ids.js';
import { formatMoney, MAX_AMOUNT, toTotal, type Total } from '../../core/money/money.js';
import { type AccountType, FundType } from '../accounts/index.js';
import { checkEntryVendors } from '../vendors/index.js';
import type { PostJournalEntryInput } from './journal.inputs.js';
import {
  type ControlRole,
  countReversed,
  type EntryDoc,
  type EntryFilter,
  entryPage,
  insertEntries,
  interfundAccounts,
  hasReconciledLine,
  latestReclassifications,
  type LineDoc,
  type LineFilter,
  linePage,
  lockAccountsForPosting,
  selectClosedThrough,
  selectControlAccounts,
  selectEntries,
  selectOwnerLabel,
  upsertControlAccount,
} from './journal.repository.js';
import { EntryOwnerType, EntrySource, type JournalEntry } from './journal.types.js';

const MAX_LINES = 500;

// The unique index that lets an entry be reversed once (tenant migration 002).
const REVERSAL_INDEX = 'journal_entries_reverses_idx';

export interface PostOptions {
  source?: EntrySource;
  reconciled?: boolean;
  reversesId?: string;
  // An imported entry's reference in its file.
  importRef?: string;
  // The subledger record the entry belongs to. Only subledgers pass it (the API's postJournalEntry
  // and the import never do): an owned entry may post to the control accounts its subledger keeps,
  // and only its owner can reverse it (reverseJournalEntry with the same owner).
  owner?: EntryOwnerRef;
  // Where each line came from in the caller's input, for messages (e.g. a payment's
  // `depositAccountId`); null marks the subledger's own line on its control account.
  lineFields?: (string | null)[];
  // The type and fund each line is posted in, for a reclassification entry only (source
  // RECLASSIFICATION: its two lines on one account carry the old and the new classification);
  // every other line takes its account's.
  lineClasses?: LineClass[];
}

export interface LineClass {
  type: AccountType;
  fundType: FundType;
}

export interface EntryOwnerRef {
  type: EntryOwnerType;
  id: string;
}

// Control accounts: which owners keep each one, and what a user does instead of posting to it.
const CONTROL: Record<ControlRole, { owners: EntryOwnerType[]; keptBy: string; action: string }> = {
  receivable: {
    owners: [EntryOwnerType.INVOICE, EntryOwnerType.PAYMENT],
    keptBy: 'invoices and payments',
    action:
      "record a payment, void or write off the invoice, or enter the unit's opening balance under Units",
  },
  // Owners' credit: what payments left over, until it pays an invoice.
  prepaid: {
    owners: [EntryOwnerType.PAYMENT],
    keptBy: 'payments',
    action:
      "record the payment (what it does not pay waits as the unit's credit) or enter the unit's opening credit under Units",
  },
  // Payments received and not yet deposited: deposits carry them to the bank.
  undeposited: {
    owners: [EntryOwnerType.PAYMENT, EntryOwnerType.DEPOSIT],
    keptBy: 'payments and deposits',
    action: 'record the payment into Undeposited Funds, then make a deposit under Banking',
  },
  // The holding accounts of investments (CDs, treasuries…): their purchases, interest, maturities.
  investment: {
    owners: [EntryOwnerType.INVESTMENT],
    keptBy: 'investments',
    action: 'buy, record interest on, mature or redeem the investment under Investments',
  },
  // What the association owes its vendors: bills credit it, their payments debit it.
  payable: {
    owners: [EntryOwnerType.BILL, EntryOwnerType.BILL_PAYMENT],
    keptBy: 'bills and bill payments',
    action:
      'enter the bill under Payables, and pay it there (void the bill or its payment to undo)',
  },
  // The interfund accounts: the ledger adds their lines to every entry crossing funds.
  interfund_operating: {
    owners: [],
    keptBy: 'the ledger',
    action: 'post to the accounts of each fund and the ledger adds the interfund lines',
  },
  interfund_reserve: {
    owners: [],
    keptBy: 'the ledger',
    action: 'post to the accounts of each fund and the ledger adds the interfund lines',
  },
};

// The message refusing a line on a control account outside its subledger.
export function controlAccountMessage(role: ControlRole, name: string): string {
  const rule = CONTROL[role];
  return `${name} is kept by ${rule.keptBy}: ${rule.action}`;
}

// The control accounts by id with the message refusing a posting to each (for the import's
// row-by-row checks; the posting path re-checks).
export async function controlAccountMessages(em: EntityManager): Promise<Map<string, string>> {
  const rows = await selectControlAccounts(em);
  return new Map(rows.map((r) => [r.account_id, controlAccountMessage(r.role, r.name)]));
}

// Who keeps a control account (null for any other account): its type and fund follow its
// subledger, and the interfund accounts are the ledger's own.
export async function controlAccountKeeper(
  em: EntityManager,
  accountId: string,
): Promise<{ role: ControlRole; keptBy: string } | null> {
  const row = (await selectControlAccounts(em)).find((r) => r.account_id === accountId);
  return row ? { role: row.role, keptBy: CONTROL[row.role].keptBy } : null;
}

// The control account of a role that has one account (Undeposited Funds…), or null.
export async function controlAccountOf(
  em: EntityManager,
  role: ControlRole,
): Promise<string | null> {
  return (await selectControlAccounts(em)).find((r) => r.role === role)?.account_id ?? null;
}

// Makes the account the control account of the role (the receivables settings call it when the
// receivable account is chosen). Call inside the transaction that changes the setting.
export function setControlAccount(tx: EntityManager, role: ControlRole, accountId: string) {
  return upsertControlAccount(tx, role, accountId);
}

// Lines on control accounts the entry may not post: any such line of an entry its subledger does
// not own, and in an owned entry any line on its control account besides the subledger's own
// line (an invoice line or a payment's deposit on the receivable account). A reversal only takes
// back what its original posted, so it is not checked again.
function controlProblems(
  posting: Posting,
  accounts: Map<string, { name: string; control_role: ControlRole | null }>,
  field: (i: number) => string,
): FieldDetail[] {
  const { input, opts = {} } = posting;
  if (opts.reversesId) return [];
  const out: FieldDetail[] = [];
  input.lines.forEach((l, i) => {
    const a = accounts.get(l.accountId);
    if (!a?.control_role) return;
    const rule = CONTROL[a.control_role];
    const given = opts.lineFields?.[i];
    if (!opts.owner || !rule.owners.includes(opts.owner.type)) {
      out.push({
        field: given ?? field(i),
        message: controlAccountMessage(a.control_role, a.name),
      });
    } else if (
      opts.lineFields
        ? given !== null
        : input.lines.filter((x) => x.accountId === l.accountId).length > 1
    ) {
      out.push({
        field: given ?? field(i),
        message: `${a.name} is kept by ${rule.keptBy}; choose another account for this line`,
      });
    }
  });
  return out;
}

// Checks an entry before anything is written: at least two lines, each a positive debit or a
// positive credit, debits equal to credits. Reports every problem with its field path.
function validate(input: PostJournalEntryInput): {
  details: FieldDetail[];
  debits: Total;
  credits: Total;
} {
  const details: FieldDetail[] = [];
  if (!isLocalDate(input.date))
    details.push({ field: 'date', message: 'Use a date like 2026-03-31' });
  if (input.lines.length < 2)
    details.push({ field: 'lines', message: 'An entry needs at least two lines' });
  if (input.lines.length > MAX_LINES) {
    details.push({ field: 'lines', message: `An entry has at most ${MAX_LINES} lines` });
  }
  let debits = 0n;
  let credits = 0n;
  input.lines.forEach((l, i) => {
    const d = l.debit ?? 0;
    const c = l.credit ?? 0;
    if (d < 0 || c < 0) {
      details.push({ field: `lines.${i}`, message: 'Amounts must be positive' });
    } else if (d > 0 === c > 0) {
      details.push({ field: `lines.${i}`, message: 'Enter either a debit or a credit' });
    }
    debits += toTotal(Math.max(d, 0));
    credits += toTotal(Math.max(c, 0));
  });
  if (debits !== credits) {
    details.push({
      field: 'lines',
      message: `Debits and credits differ by ${formatMoney(debits - credits)}`,
    });
  }
  return { details, debits, credits };
}

// The interfund lines an entry needs, in fund order: for each fund whose lines do not balance
// (`funds`: each line's fund, its account's unless a reclassification says otherwise), a line on
// that fund's interfund account for the difference, on the side that balances the fund (split in
// lines of at most MAX_AMOUNT, the largest single amount). An entry balanced overall has opposite differences in the two funds, so the interfund
// lines balance each other: one fund's Due from is the other's Due to.
function fundGaps(
  lines: PostJournalEntryInput['lines'],
  funds: FundType[],
): { fund: FundType; debit: number; credit: number }[] {
  const diff = new Map<FundType, Total>();
  lines.forEach((l, i) => {
    const fund = funds[i];
    diff.set(fund, (diff.get(fund) ?? 0n) + toTotal(l.debit ?? 0) - toTotal(l.credit ?? 0));
  });
  const out: { fund: FundType; debit: number; credit: number }[] = [];
  for (const fund of [FundType.OPERATING, FundType.RESERVE]) {
    let rest = diff.get(fund) ?? 0n;
    while (rest !== 0n) {
      const abs = rest < 0n ? -rest : rest;
      const amount = Number(abs > BigInt(MAX_AMOUNT) ? BigInt(MAX_AMOUNT) : abs);
      // Debits exceed credits: the fund's interfund line is a credit.
      out.push(rest > 0n ? { fund, debit: 0, credit: amount } : { fund, debit: amount, credit: 0 });
      rest += rest > 0n ? -BigInt(amount) : BigInt(amount);
    }
  }
  return out;
}

export interface Posting {
  input: PostJournalEntryInput;
  opts?: PostOptions;
}

// A posting's field path in a message: as the input names it for one entry, under `entries.k.`
// for entry k of several.
type FieldOf = (k: number, field: string) => string;

// A posting's accounts as they are locked for it.
type LockedAccount = Awaited<ReturnType<typeof lockAccountsForPosting>>[number];

// Posts many entries in one transaction with multi-row inserts (imports, invoice runs, actuals):
// all or nothing. Every entry is validated first; the database re-checks every balance at commit.
export async function postJournalEntries(
  em: EntityManager,
  actor: AuthInfo | null,
  postings: Posting[],
): Promise<string[]> {
  const at: FieldOf = (k, field) => (postings.length > 1 ? `entries.${k}.${field}` : field);
  checkEntries(postings, at);
  const accountIds = [...new Set(postings.flatMap((p) => p.input.lines.map((l) => l.accountId)))];
  // Time-ordered ids (UUIDv7) keep the journal indexes appending instead of scattering writes.
  const ids = newIds(postings.length);
  const auditIds = newIds(postings.length);
  // The whole posting runs again if the database picks it as a deadlock's loser: it has no effect
  // outside the transaction, and the ids above were never committed.
  await retryingTransaction(em, async (tx) => {
    await checkPeriodsOpen(
      tx,
      postings.map(({ input }, k) => ({ field: at(k, 'date'), date: input.date })),
    );
    const accounts = await lockAccountsForPosting(tx, accountIds);
    const byId = new Map(accounts.map((a) => [a.id, a]));
    checkAccountsOpen(postings, byId, at);
    checkReclassificationDates(postings, byId, await latestReclassifications(tx, accountIds), at);
    checkControlAccounts(postings, byId, at);
    await checkVendorsAndReversals(tx, postings, at);
    const { entries, lines } = await entryRows(tx, postings, byId, ids, auditIds);
    await writeEntries(tx, actor, entries, lines);
  });
  return ids;
}

// ---------------------------------------------------------------------------------------------
// Closed periods

// What a refusal says: the period that is closed and the two ways forward.
export function closedPeriodMessage(closedThrough: string, date: string): string {
  const month = monthInWords(date);
  return (
    `${month} is closed (the books are closed through ${mediumDate(closedThrough)}): ` +
    `date this on or after ${mediumDate(addDays(closedThrough, 1))}, or have an admin reopen ${month}`
  );
}

// Every posting path comes here inside its transaction: a date on or before the day the books are
// closed through is refused, naming the field. The lock row is held (shared) until the
// transaction ends, so a close cannot slip in between this check and the write; the tenant
// database checks the same again on insert.
export async function checkPeriodsOpen(
  tx: EntityManager,
  dates: { field: string; date: string }[],
): Promise<void> {
  if (!dates.length) return;
  const through = await selectClosedThrough(tx, { share: true });
  if (!through) return;
  const details = dates
    .filter((d) => isLocalDate(d.date) && d.date <= through)
    .map((d) => ({ field: d.field, message: closedPeriodMessage(through, d.date) }));
  if (details.length) throw badInput(details, details[0].message);
}

// The date the books are closed through, or null (read without holding the lock).
export function booksClosedThrough(em: EntityManager): Promise<string | null> {
  return selectClosedThrough(em);
}

// Step 1, before any account is read: each entry is whole and balanced (validate), and every id
// it names could be one. A reclassification's own line classes are checked too: passing them for
// anything else is a programming error, not the user's.
function checkEntries(postings: Posting[], at: FieldOf): void {
  const problems: FieldDetail[] = [];
  const notFoundLines: FieldDetail[] = [];
  const notFoundVendors: FieldDetail[] = [];
  postings.forEach(({ input }, k) => {
    for (const d of validate(input).details) problems.push({ ...d, field: at(k, d.field) });
    input.lines.forEach((l, i) => {
      if (!isId(l.accountId)) {
        notFoundLines.push({ field: at(k, `lines.${i}.accountId`), message: 'Account not found' });
      }
    });
    if (input.vendorId && !isId(input.vendorId)) {
      notFoundVendors.push({ field: at(k, 'vendorId'), message: 'Vendor not found' });
    }
  });
  if (problems.length) throw badInput(problems, problems[0].message);
  if (notFoundLines.length) throw notFound('Account', notFoundLines);
  if (notFoundVendors.length) throw notFound('Vendor', notFoundVendors);
  for (const { input, opts } of postings) {
    if (
      opts?.lineClasses &&
      (opts.source !== EntrySource.RECLASSIFICATION ||
        opts.lineClasses.length !== input.lines.length)
    ) {
      throw new Error('lineClasses are for the lines of a reclassification entry only');
    }
  }
}

// Step 2, accounts locked: every line's account exists and is not archived.
function checkAccountsOpen(
  postings: Posting[],
  byId: Map<string, LockedAccount>,
  at: FieldOf,
): void {
  const missing: FieldDetail[] = [];
  const archived: FieldDetail[] = [];
  postings.forEach(({ input }, k) =>
    input.lines.forEach((l, i) => {
      const a = byId.get(l.accountId);
      const field = at(k, `lines.${i}.accountId`);
      if (!a) missing.push({ field, message: 'Account not found' });
      else if (a.archived) {
        archived.push({
          field,
          message: `Account ${a.number} ${a.name} is archived and takes no new postings`,
        });
      }
    }),
  );
  if (missing.length) throw notFound('Account', missing);
  if (archived.length) throw badInput(archived, archived[0].message);
}

// Step 3: reports as of a date before an account's reclassification keep its old type and fund,
// so no posting may land there any more.
function checkReclassificationDates(
  postings: Posting[],
  byId: Map<string, LockedAccount>,
  reclassified: Map<string, string>,
  at: FieldOf,
): void {
  const tooEarly: FieldDetail[] = [];
  postings.forEach(({ input }, k) =>
    input.lines.forEach((l, i) => {
      const since = reclassified.get(l.accountId);
      if (since && input.date < since) {
        const a = byId.get(l.accountId)!;
        tooEarly.push({
          field: at(k, `lines.${i}.accountId`),
          message: `Account ${a.number} ${a.name} was reclassified as of ${since}: date the entry on or after it`,
        });
      }
    }),
  );
  if (tooEarly.length) throw badInput(tooEarly, tooEarly[0].message);
}

// Step 4: control accounts take postings only from their subledger (controlProblems).
function checkControlAccounts(
  postings: Posting[],
  byId: Map<string, LockedAccount>,
  at: FieldOf,
): void {
  const control = postings.flatMap((p, k) =>
    controlProblems(p, byId, (i) => at(k, `lines.${i}.accountId`)),
  );
  if (control.length) throw badInput(control, control[0].message);
}

// Step 5: the vendors the entries name can take them, and no entry reverses one already reversed.
async function checkVendorsAndReversals(
  tx: EntityManager,
  postings: Posting[],
  at: FieldOf,
): Promise<void> {
  await checkEntryVendors(
    tx,
    postings.flatMap(({ input, opts }, k) =>
      input.vendorId
        ? [{ vendorId: input.vendorId, field: at(k, 'vendorId'), reversal: !!opts?.reversesId }]
        : [],
    ),
  );
  const reversals = postings.map((p) => p.opts?.reversesId).filter((r): r is string => !!r);
  if (reversals.length && (await countReversed(tx, reversals)) > 0) {
    throw conflict('This entry has already been reversed');
  }
}

// Step 6: the rows to insert. Each line is classified as its account is (locked, so it cannot
// change before the commit) unless a reclassification classifies its own; each entry crossing
// funds gets the interfund lines that balance every fund by itself (fundGaps).
async function entryRows(
  tx: EntityManager,
  postings: Posting[],
  byId: Map<string, LockedAccount>,
  ids: string[],
  auditIds: string[],
): Promise<{ entries: EntryDoc[]; lines: LineDoc[] }> {
  const classes = postings.map(({ input, opts }) =>
    input.lines.map((l, i): LineClass => {
      const a = byId.get(l.accountId)!;
      return opts?.lineClasses?.[i] ?? { type: a.type, fundType: a.fund_type };
    }),
  );
  const extra = postings.map(({ input }, n) =>
    fundGaps(
      input.lines,
      classes[n].map((c) => c.fundType),
    ),
  );
  const funds = [...new Set(extra.flat().map((g) => g.fund))];
  const interfund: Awaited<ReturnType<typeof interfundAccounts>> = funds.length
    ? await interfundAccounts(tx, funds)
    : new Map();
  const lineIds = newIds(
    postings.reduce((n, p, i) => n + p.input.lines.length + extra[i].length, 0),
  );
  const entries: EntryDoc[] = [];
  const lines: LineDoc[] = [];
  let k = 0;
  postings.forEach(({ input, opts = {} }, n) => {
    const id = ids[n];
    const gaps = extra[n];
    entries.push({
      id,
      a: auditIds[n],
      d: input.date,
      m: input.memo?.trim() || null,
      s: opts.source ?? EntrySource.MANUAL,
      r: opts.reconciled ?? false,
      v: input.vendorId ?? null,
      x: opts.reversesId ?? null,
      f: opts.importRef ?? null,
      ot: opts.owner?.type ?? null,
      oi: opts.owner?.id ?? null,
      n: input.lines.length + gaps.length,
    });
    input.lines.forEach((line, i) =>
      lines.push({
        id: lineIds[k++],
        e: id,
        n: i + 1,
        a: line.accountId,
        d: input.date,
        dr: line.debit ?? 0,
        cr: line.credit ?? 0,
        m: line.memo?.trim() || null,
        f: classes[n][i].fundType,
        t: classes[n][i].type,
      }),
    );
    gaps.forEach((g, i) =>
      lines.push({
        id: lineIds[k++],
        e: id,
        n: input.lines.length + i + 1,
        a: interfund.get(g.fund)!.id,
        d: input.date,
        dr: g.debit,
        cr: g.credit,
        m: null,
        f: interfund.get(g.fund)!.fund_type,
        t: interfund.get(g.fund)!.type,
      }),
    );
  });
  return { entries, lines };
}

// Step 7: the write. Two reversals of one entry at the same moment both passed the check of step
// 5 before either committed; the unique index on reverses_id lets only the first one in.
async function writeEntries(
  tx: EntityManager,
  actor: AuthInfo | null,
  entries: EntryDoc[],
  lines: LineDoc[],
): Promise<void> {
  try {
    await insertEntries(tx, actor, entries, lines);
  } catch (err) {
    if (isUniqueViolation(err, REVERSAL_INDEX)) {
      throw conflict('This entry has already been reversed');
    }
    throw err;
  }
}

export async function postJournalEntry(
  em: EntityManager,
  actor: AuthInfo | null,
  input: PostJournalEntryInput,
  opts: PostOptions = {},
): Promise<JournalEntry> {
  const [id] = await postJournalEntries(em, actor, [{ input, opts }]);
  return findJournalEntry(em, id);
}

// A missing (or malformed) id is NOT_FOUND.
export async function findJournalEntry(em: EntityManager, id: string): Promise<JournalEntry> {
  const entry = (await selectEntries(em, [id])).get(id);
  if (!entry) throw notFound('Journal entry');
  return entry;
}

// Entries with their lines by id, for other modules; ids that are not entries are absent.
export function findJournalEntries(
  em: EntityManager,
  ids: string[],
): Promise<Map<string, JournalEntry>> {
  return selectEntries(em, ids);
}

const OWNER_ACTION: Record<EntryOwnerType, (label: string) => string> = {
  [EntryOwnerType.INVOICE]: (l) => `This entry belongs to invoice ${l}: void the invoice instead`,
  [EntryOwnerType.PAYMENT]: (l) => `This entry belongs to payment ${l}: void the payment instead`,
  [EntryOwnerType.MONTHLY_ACTUALS]: (l) =>
    `This entry belongs to the monthly actuals of ${l}: change the amounts in Monthly Actuals instead`,
  [EntryOwnerType.INVESTMENT]: (l) =>
    `This entry belongs to the investment ${l}: act on the investment under Investments instead`,
  [EntryOwnerType.DEPOSIT]: (l) => `This entry belongs to deposit ${l}: void the deposit instead`,
  [EntryOwnerType.BILL]: (l) =>
    `This entry belongs to bill ${l}: void the bill under Payables instead`,
  [EntryOwnerType.BILL_PAYMENT]: (l) =>
    `This entry belongs to the vendor payment ${l}: void the payment under Payables instead`,
};

// The mirror entry (debits and credits swapped), linked to the original, dated no earlier than it.
// An entry is reversed once. An entry a subledger owns is reversed only by that subledger, which
// passes its owner; anyone else is told which record to act on.
export async function reverseJournalEntry(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
  date: string,
  memo?: string | null,
  opts: { owner?: EntryOwnerRef } = {},
): Promise<JournalEntry> {
  const original = await findJournalEntry(em, id);
  if (original.owner && original.owner.id !== opts.owner?.id) {
    const { type, id: ownerId } = original.owner;
    const label = (await selectOwnerLabel(em, type, ownerId)) ?? ownerId;
    throw conflict(OWNER_ACTION[type](label));
  }
  if (original.source === EntrySource.RECLASSIFICATION) {
    // Its lines carry two classifications of one account; a mirror posted today could not.
    throw conflict(
      "This entry reclassifies an account: change the account's type or fund again, with a later effective date",
    );
  }
  if (original.reversesId) throw conflict('A reversal cannot itself be reversed');
  if (original.reversedById) throw conflict('This entry has already been reversed');
  if (await hasReconciledLine(em, original.id)) {
    throw conflict(
      `JE-${original.number} has a line cleared by a finished bank reconciliation; an admin must undo that reconciliation first`,
    );
  }
  if (isLocalDate(date) && date < original.date) {
    const message = `A reversal cannot be dated before the entry it reverses (${original.date})`;
    throw badInput([{ field: 'date', message }], message);
  }
  return postJournalEntry(
    em,
    actor,
    {
      date,
      memo:
        memo?.trim() ||
        `Reversal of JE-${original.number}${original.memo ? `: ${original.memo}` : ''}`.slice(
          0,
          500,
        ),
      lines: original.lines.map((l) => ({
        accountId: l.accountId,
        debit: l.credit || null,
        credit: l.debit || null,
        memo: l.memo,
      })),
      vendorId: original.vendorId,
    },
    { source: EntrySource.REVERSAL, reversesId: original.id, owner: original.owner ?? opts.owner },
  );
}

export function listJournalEntries(
  em: EntityManager,
  filter: EntryFilter,
  first: number,
  after?: string | null,
  order?: ListOrder,
) {
  return entryPage(em, filter, first, after, order);
}

export function listJournalLines(
  em: EntityManager,
  filter: LineFilter,
  first: number,
  after?: string | null,
  order?: ListOrder,
) {
  return linePage(em, filter, first, after, order);
}
