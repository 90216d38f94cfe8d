import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { isLocalDate } from '../../core/dates.js';
import { badInput, conflict, type FieldDetail, notFound } from '../../core/errors/app-error.js';
import { pageSize } from '../../core/graphql/connection.js';
import { isId, newIds } from '../../core/ids.js';
import type { Cents } from '../../core/money/money.js';
import { AccountType, findAccount } from '../accounts/index.js';
import { checkEntryVendors } from '../vendors/index.js';
import type { PostJournalEntryInput } from './journal.inputs.js';
import {
  countReversed,
  type EntryDoc,
  type EntryFilter,
  entryPage,
  insertEntries,
  ledgerLines,
  type LineDoc,
  type LineFilter,
  linePage,
  lockAccountsForPosting,
  selectEntries,
  totalsBefore,
} from './journal.repository.js';
import { type AccountLedger, EntrySource, type JournalEntry } from './journal.types.js';

const MAX_LINES = 500;

export interface PostOptions {
  source?: EntrySource;
  reconciled?: boolean;
  reversesId?: string;
  // An imported entry's reference in its file.
  importRef?: string;
}

// Checks an entry before anything is written: at least two lines, each a positive debit or a
// positive credit, debits equal to credits. Reports every problem with its field path.
function validate(input: PostJournalEntryInput): {
  details: FieldDetail[];
  debits: Cents;
  credits: Cents;
} {
  const details: FieldDetail[] = [];
  if (!isLocalDate(input.date))
    details.push({ field: 'date', message: 'Use a date like 2026-03-31' });
  if (input.lines.length < 2)
    details.push({ field: 'lines', message: 'An entry needs at least two lines' });
  if (input.lines.length > MAX_LINES) {
    details.push({ field: 'lines', message: `An entry has at most ${MAX_LINES} lines` });
  }
  let debits = 0;
  let credits = 0;
  input.lines.forEach((l, i) => {
    const d = l.debit ?? 0;
    const c = l.credit ?? 0;
    if (d < 0 || c < 0) {
      details.push({ field: `lines.${i}`, message: 'Amounts must be positive' });
    } else if (d > 0 === c > 0) {
      details.push({ field: `lines.${i}`, message: 'Enter either a debit or a credit' });
    }
    debits += Math.max(d, 0);
    credits += Math.max(c, 0);
  });
  if (debits !== credits) {
    details.push({
      field: 'lines',
      message: `Debits and credits differ by ${((debits - credits) / 100).toFixed(2)}`,
    });
  }
  return { details, debits, credits };
}

export interface Posting {
  input: PostJournalEntryInput;
  opts?: PostOptions;
}

// Posts many entries in one transaction with multi-row inserts (imports, invoice runs, actuals):
// all or nothing. Every entry is validated first; the database re-checks every balance at commit.
export async function postJournalEntries(
  em: EntityManager,
  actor: AuthInfo | null,
  postings: Posting[],
): Promise<string[]> {
  const prefix = (k: number, field: string) =>
    postings.length > 1 ? `entries.${k}.${field}` : field;
  const problems: FieldDetail[] = [];
  const notFoundLines: FieldDetail[] = [];
  const notFoundVendors: FieldDetail[] = [];
  postings.forEach(({ input }, k) => {
    for (const d of validate(input).details) problems.push({ ...d, field: prefix(k, d.field) });
    input.lines.forEach((l, i) => {
      if (!isId(l.accountId)) {
        notFoundLines.push({
          field: prefix(k, `lines.${i}.accountId`),
          message: 'Account not found',
        });
      }
    });
    if (input.vendorId && !isId(input.vendorId)) {
      notFoundVendors.push({ field: prefix(k, 'vendorId'), message: 'Vendor not found' });
    }
  });
  if (problems.length) throw badInput(problems, problems[0].message);
  if (notFoundLines.length) throw notFound('Account', notFoundLines);
  if (notFoundVendors.length) {
    throw notFound('Vendor', notFoundVendors);
  }
  const accountIds = [...new Set(postings.flatMap((p) => p.input.lines.map((l) => l.accountId)))];
  // Time-ordered ids (UUIDv7) keep the journal indexes appending instead of scattering writes.
  const ids = newIds(postings.length);
  const auditIds = newIds(postings.length);
  const lineIds = newIds(postings.reduce((n, p) => n + p.input.lines.length, 0));
  await em.transactional(async (tx) => {
    const accounts = await lockAccountsForPosting(tx, accountIds);
    const byId = new Map(accounts.map((a) => [a.id, a]));
    const missing: FieldDetail[] = [];
    const archived: FieldDetail[] = [];
    postings.forEach(({ input }, k) =>
      input.lines.forEach((l, i) => {
        const a = byId.get(l.accountId);
        const field = prefix(k, `lines.${i}.accountId`);
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
    await checkEntryVendors(
      tx,
      postings.flatMap(({ input, opts }, k) =>
        input.vendorId
          ? [
              {
                vendorId: input.vendorId,
                field: prefix(k, 'vendorId'),
                reversal: !!opts?.reversesId,
              },
            ]
          : [],
      ),
    );
    const reversals = postings.map((p) => p.opts?.reversesId).filter((r): r is string => !!r);
    if (reversals.length && (await countReversed(tx, reversals)) > 0) {
      throw conflict('This entry has already been reversed');
    }
    const entries: EntryDoc[] = [];
    const lines: LineDoc[] = [];
    let k = 0;
    postings.forEach(({ input, opts = {} }, n) => {
      const id = ids[n];
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
        n: input.lines.length,
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
        }),
      );
    });
    await insertEntries(tx, actor, entries, lines);
  });
  return ids;
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

// The mirror entry (debits and credits swapped), linked to the original. An entry is reversed once.
export async function reverseJournalEntry(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
  date: string,
  memo?: string | null,
): Promise<JournalEntry> {
  const original = await findJournalEntry(em, id);
  if (original.reversesId) throw conflict('A reversal cannot itself be reversed');
  if (original.reversedById) throw conflict('This entry has already been reversed');
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
    { source: EntrySource.REVERSAL, reversesId: original.id },
  );
}

export function listJournalEntries(
  em: EntityManager,
  filter: EntryFilter,
  first: number,
  after?: string | null,
) {
  return entryPage(em, filter, first, after);
}

export function listJournalLines(
  em: EntityManager,
  filter: LineFilter,
  first: number,
  after?: string | null,
) {
  return linePage(em, filter, first, after);
}

export const MAX_LEDGER_ROWS = 5000;

// One account's lines in order with a running balance in the account's normal direction, starting
// from its balance the day before `from`. `first` out of 1…5000 is refused, never clamped.
export async function accountLedger(
  em: EntityManager,
  accountId: string,
  opts: { from?: string | null; to?: string | null; first: number },
): Promise<AccountLedger> {
  const limit = pageSize(opts.first, MAX_LEDGER_ROWS, 'rows');
  const account = await findAccount(em, accountId);
  const sign = account.type === AccountType.ASSET || account.type === AccountType.EXPENSE ? 1 : -1;
  let opening = 0;
  if (opts.from) {
    const before = await totalsBefore(em, account.id, opts.from);
    opening = sign * (before.debit - before.credit);
  }
  const rows = await ledgerLines(em, account.id, {
    from: opts.from,
    to: opts.to,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit).map((r) => ({
    entryId: r.entry_id,
    entryNumber: Number(r.number),
    date: r.entry_date,
    memo: r.memo,
    source: r.source,
    reconciled: r.reconciled,
    debit: Number(r.debit),
    credit: Number(r.credit),
    balance: opening + sign * Number(r.running),
  }));
  return {
    accountId: account.id,
    openingBalance: opening,
    closingBalance: page.at(-1)?.balance ?? opening,
    rows: page,
    truncated: rows.length > limit,
  };
}
