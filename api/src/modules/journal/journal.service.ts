import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import {
  AppError,
  badInput,
  conflict,
  type FieldDetail,
  notFound,
} from '../../core/errors/app-error.js';
import { isId, newIds } from '../../core/ids.js';
import type { Cents } from '../../core/money/money.js';
import { sql } from '../../db/sql.js';
import { checkEntryVendors } from '../vendors/vendors.service.js';
import type { PostJournalEntryInput } from './journal.inputs.js';
import { EntrySource, type JournalEntry, type JournalLine } from './journal.types.js';

const MAX_LINES = 500;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface PostOptions {
  source?: EntrySource;
  reconciled?: boolean;
  reversesId?: string;
  // An imported entry's reference in its file.
  importRef?: string;
}

interface LineRow {
  id: string;
  entry_id: string;
  line_no: number;
  account_id: string;
  debit: string;
  credit: string;
  memo: string | null;
}

interface EntryRow {
  id: string;
  number: string;
  entry_date: string;
  memo: string | null;
  source: EntrySource;
  reconciled: boolean;
  vendor_id: string | null;
  reverses_id: string | null;
  import_ref: string | null;
  reversed_by_id: string | null;
  total: string;
  created_at: string;
}

export function toLine(r: LineRow): JournalLine {
  return {
    id: r.id,
    entryId: r.entry_id,
    lineNo: r.line_no,
    accountId: r.account_id,
    debit: Number(r.debit),
    credit: Number(r.credit),
    memo: r.memo,
  };
}

export function toEntry(r: EntryRow, lines: JournalLine[] = []): JournalEntry {
  return {
    id: r.id,
    number: Number(r.number),
    date: r.entry_date,
    memo: r.memo,
    source: r.source,
    reconciled: r.reconciled,
    vendorId: r.vendor_id,
    reversesId: r.reverses_id,
    importReference: r.import_ref,
    reversedById: r.reversed_by_id,
    total: Number(r.total),
    createdAt: new Date(r.created_at),
    lines,
  };
}

// An entry's columns without its total, for callers that read its lines anyway.
export const ENTRY_HEAD_COLUMNS = `e.id, e.number, e.entry_date::text AS entry_date, e.memo, e.source,
  e.reconciled, e.vendor_id, e.reverses_id, e.import_ref,
  (SELECT r.id FROM journal_entries r WHERE r.reverses_id = e.id) AS reversed_by_id,
  e.created_at`;

export const ENTRY_COLUMNS = `${ENTRY_HEAD_COLUMNS},
  (SELECT coalesce(sum(l.debit), 0) FROM journal_lines l WHERE l.entry_id = e.id) AS total`;

// Checks an entry before anything is written: at least two lines, each a positive debit or a
// positive credit, debits equal to credits. Reports every problem with its field path.
function validate(input: PostJournalEntryInput): {
  details: FieldDetail[];
  debits: Cents;
  credits: Cents;
} {
  const details: FieldDetail[] = [];
  if (!DATE.test(input.date))
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
  if (notFoundLines.length) throw new AppError('NOT_FOUND', 'Account not found', notFoundLines);
  if (notFoundVendors.length) {
    throw new AppError('NOT_FOUND', 'Vendor not found', notFoundVendors);
  }
  const accountIds = [...new Set(postings.flatMap((p) => p.input.lines.map((l) => l.accountId)))];
  // Time-ordered ids (UUIDv7) keep the journal indexes appending instead of scattering writes.
  const ids = newIds(postings.length);
  const auditIds = newIds(postings.length);
  const lineIds = newIds(postings.reduce((n, p) => n + p.input.lines.length, 0));
  await em.transactional(async (tx) => {
    const db = sql(tx);
    // Shared locks: an account cannot be archived while an entry posts to it.
    const accounts = await db.all<{ id: string; number: string; name: string; archived: boolean }>(
      `SELECT id, number, name, archived FROM accounts WHERE id IN (${accountIds.map(() => '?').join(', ')}) FOR SHARE`,
      accountIds,
    );
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
    if (missing.length) throw new AppError('NOT_FOUND', 'Account not found', missing);
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
    if (reversals.length) {
      const taken = await db.all<{ n: number }>(
        `SELECT count(*)::int AS n FROM journal_entries WHERE reverses_id IN (${reversals.map(() => '?').join(', ')})`,
        reversals,
      );
      if (taken[0].n > 0) throw conflict('This entry has already been reversed');
    }
    // Each table's rows as one JSON document: three statements however many entries, and no
    // per-value parameter encoding on the client.
    const entries: unknown[] = [];
    const lines: unknown[] = [];
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
    const entriesJson = JSON.stringify(entries);
    await db.bulk(
      `INSERT INTO journal_entries (id, entry_date, memo, source, reconciled, vendor_id, reverses_id, import_ref, created_by, impersonated_by)
       SELECT id, d, m, s, r, v, x, f, ?::uuid, ?::uuid
         FROM jsonb_to_recordset(?::jsonb) AS t(id uuid, d date, m text, s text, r boolean, v uuid, x uuid, f text)`,
      [actor?.userId ?? null, actor?.impersonatedBy ?? null, entriesJson],
    );
    await db.bulk(
      `INSERT INTO journal_lines (id, entry_id, line_no, account_id, entry_date, debit, credit, memo)
       SELECT id, e, n, a, d, dr, cr, m
         FROM jsonb_to_recordset(?::jsonb) AS t(id uuid, e uuid, n int, a uuid, d date, dr bigint, cr bigint, m text)`,
      [JSON.stringify(lines)],
    );
    await db.bulk(
      `INSERT INTO audit_log (id, entity_type, entity_id, action, user_id, impersonated_by, changes)
       SELECT a, 'JournalEntry', id, CASE WHEN x IS NULL THEN 'post' ELSE 'reverse' END, ?::uuid, ?::uuid,
              jsonb_build_object('date', d, 'memo', m, 'source', s, 'lines', n)
         FROM jsonb_to_recordset(?::jsonb) AS t(a uuid, id uuid, d text, m text, s text, x uuid, n int)`,
      [actor?.userId ?? null, actor?.impersonatedBy ?? null, entriesJson],
    );
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
  return (await findJournalEntry(em, id))!;
}

export async function findJournalEntry(
  em: EntityManager,
  id: string,
): Promise<JournalEntry | null> {
  if (!isId(id)) return null;
  const db = sql(em);
  const [row] = await db.all<EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM journal_entries e WHERE e.id = ?`,
    [id],
  );
  if (!row) return null;
  const lines = await db.all<LineRow>(
    'SELECT id, entry_id, line_no, account_id, debit, credit, memo FROM journal_lines WHERE entry_id = ? ORDER BY line_no',
    [id],
  );
  return toEntry(row, lines.map(toLine));
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
  if (!original) throw notFound('Journal entry');
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
