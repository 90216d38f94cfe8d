import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { conflict } from '../../core/errors/app-error.js';
import { onlySampleRowsMessage, parseCsvRows, sampleCell } from '../../core/csv/parse-rows.js';
import { toCsv } from '@covenant/shared/csv';
import { formatMoney, sumCents, type Cents, type Total } from '../../core/money/money.js';
import { parseAmount } from '../../core/csv/amounts.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { isLocalDate } from '../../core/dates.js';
import {
  selectAccountsForImport,
  selectImportedBefore,
  selectOpenAccountNumbers,
} from './journal-import.repository.js';
import {
  closedPeriodMessage,
  controlAccountMessages,
  postJournalEntries,
  type Posting,
} from './journal.service.js';
import { selectClosedThrough } from './journal.repository.js';
import { EntrySource } from './journal.types.js';

export const MAX_IMPORT_ROWS = 50_000;
const MAX_ENTRY_LINES = 500;
const BATCH = 1000;

export interface ImportProblem {
  row: number;
  field: string | null;
  message: string;
}

export interface ImportedEntry {
  reference: string;
  date: string | null;
  memo: string | null;
  lineCount: number;
  total: Total;
  firstRow: number;
}

export interface JournalImport {
  committed: boolean;
  entryCount: number;
  lineCount: number;
  totalDebit: Total;
  from: string | null;
  to: string | null;
  entries: ImportedEntry[];
  sampleRowsSkipped: number;
  errors: ImportProblem[];
}

// Column names as other systems write them, after lower-casing and dropping everything but letters
// and digits ("Account No." → "accountno").
const COLUMNS: Record<string, string[]> = {
  date: ['date', 'entrydate', 'transactiondate', 'postingdate'],
  reference: ['reference', 'ref', 'entry', 'entryno', 'entrynumber', 'journal', 'journalno', 'num'],
  account: ['account', 'accountnumber', 'accountno', 'acct', 'acctno'],
  debit: ['debit', 'debits', 'dr'],
  credit: ['credit', 'credits', 'cr'],
  memo: ['memo', 'description', 'entrymemo'],
  lineMemo: ['linememo', 'linedescription'],
};

const norm = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

// 2026-03-31, or 3/31/2026 as US exports write it.
function parseDate(text: string): string | null {
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) [y, m, d] = [Number(us[3]), Number(us[1]), Number(us[2])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return null;
  }
  const local = date.toISOString().slice(0, 10);
  return isLocalDate(local) ? local : null;
}

const money = (c: Total) => formatMoney(c);

// The template: the header and one balanced example entry on the association's own accounts,
// its rows marked as samples so that, left in, they are skipped rather than posted.
export async function journalImportTemplate(em: EntityManager): Promise<string> {
  const accounts = await selectOpenAccountNumbers(em);
  const asset = accounts.find((a) => a.type === 'asset')?.number ?? '1010';
  const expense = accounts.find((a) => a.type === 'expense')?.number ?? '5010';
  return toCsv([
    ['date', 'reference', 'account', 'debit', 'credit', 'memo', 'line_memo'],
    [
      sampleCell('2026-01-31'),
      'GJ-1001',
      expense,
      '250.00',
      '',
      'January landscaping',
      'Greenway invoice 4411',
    ],
    [sampleCell('2026-01-31'), 'GJ-1001', asset, '', '250.00', 'January landscaping', 'Check 2087'],
  ]);
}

// An entry of the file as its rows are read: the lines that passed their checks, the sums of
// their amounts, and how many of its rows had a problem.
interface Draft {
  reference: string;
  date: string | null;
  memo: string | null;
  firstRow: number;
  lines: { row: number; accountId: string; debit: Cents; credit: Cents; memo: string | null }[];
  debits: Total;
  credits: Total;
  badRows: number;
}

// The file's rows (header first) with their row numbers, and the column of each field (-1: none).
interface JournalFile {
  records: string[][];
  rowNumbers: number[];
  col: Record<string, number>;
}

// What a row is checked against: the accounts by number (lower case), and the control accounts
// with the message refusing a line on each.
interface RowContext {
  accounts: Map<string, Awaited<ReturnType<typeof selectAccountsForImport>>[number]>;
  control: Map<string, string>;
}

// Journal entries from a CSV file: one row per line, rows sharing a reference make one entry.
// Every row is checked first, with its line number; any problem and nothing is written. A
// dry run checks and summarizes without writing. Posting goes through the ledger's bulk path.
export async function importJournalEntries(
  em: EntityManager,
  actor: AuthInfo | null,
  text: string,
  dryRun: boolean,
): Promise<JournalImport> {
  const result: JournalImport = {
    committed: false,
    entryCount: 0,
    lineCount: 0,
    totalDebit: 0n,
    from: null,
    to: null,
    entries: [],
    sampleRowsSkipped: 0,
    errors: [],
  };
  const file = readJournalFile(text, result);
  if (!file) return result;
  const context: RowContext = {
    accounts: new Map((await selectAccountsForImport(em)).map((a) => [a.number.toLowerCase(), a])),
    // Control accounts take only their subledger's postings (opening receivables come in through
    // the receivables subledger, never as journal lines).
    control: await controlAccountMessages(em),
  };
  const drafts = draftEntries(file, context, result.errors);
  await checkWholeEntries(em, drafts, result.errors);
  result.errors.sort((a, b) => a.row - b.row);
  summarize(result, [...drafts.values()]);
  if (result.errors.length || dryRun) return result;
  await postImportedEntries(em, actor, [...drafts.values()]);
  result.committed = true;
  return result;
}

// Step 1: the file's rows and columns, or null when the file itself is refused (unreadable, no
// rows under its header, too many rows, a required column missing), its problems in `result`.
function readJournalFile(text: string, result: JournalImport): JournalFile | null {
  const errors = result.errors;
  const parsed = parseCsvRows(text);
  if ('error' in parsed) {
    errors.push(parsed.error);
    return null;
  }
  const records = parsed.rows;
  result.sampleRowsSkipped = parsed.sampleRows;
  if (records.length < 2) {
    const message = parsed.sampleRows
      ? onlySampleRowsMessage(parsed.sampleRows)
      : 'The file has no rows under its header';
    errors.push({ row: parsed.sampleRows ? 2 : 1, field: null, message });
    return null;
  }
  if (records.length - 1 > MAX_IMPORT_ROWS) {
    errors.push({
      row: 1,
      field: null,
      message: `At most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows per file; split the file by year`,
    });
    return null;
  }
  const header = records[0].map(norm);
  const col: Record<string, number> = {};
  for (const [name, aliases] of Object.entries(COLUMNS)) {
    col[name] = header.findIndex((h) => aliases.includes(h));
  }
  for (const required of ['date', 'reference', 'account', 'debit', 'credit']) {
    if (col[required] < 0) {
      errors.push({ row: 1, field: required, message: `Missing the ${required} column` });
    }
  }
  return errors.length ? null : { records, rowNumbers: parsed.rowNumbers, col };
}

// Step 2: every row checked on its own and gathered into its entry by reference. A row with a
// problem adds it to `errors` and counts against its entry instead of adding a line.
function draftEntries(
  file: JournalFile,
  context: RowContext,
  errors: ImportProblem[],
): Map<string, Draft> {
  const drafts = new Map<string, Draft>();
  file.records.slice(1).forEach((rec, i) => {
    const row = file.rowNumbers[i + 1];
    const get = (name: string) => (file.col[name] >= 0 ? (rec[file.col[name]] ?? '').trim() : '');
    const problem = (field: string | null, message: string) => errors.push({ row, field, message });
    const reference = get('reference');
    if (!reference) {
      problem('reference', 'Give the reference of the entry this line belongs to');
      return;
    }
    if (reference.length > 100) {
      problem('reference', 'A reference has at most 100 characters');
      return;
    }
    let draft = drafts.get(reference);
    if (!draft) {
      draft = {
        reference,
        date: null,
        memo: null,
        firstRow: row,
        lines: [],
        debits: 0n,
        credits: 0n,
        badRows: 0,
      };
      drafts.set(reference, draft);
    }
    const before = errors.length;
    const date = parseDate(get('date'));
    if (!date) problem('date', `"${get('date')}" is not a date; use 2026-03-31 or 3/31/2026`);
    else if (draft.date && draft.date !== date) {
      problem('date', `Entry ${reference} is dated ${draft.date} on line ${draft.firstRow}`);
    } else draft.date = date;
    const number = get('account');
    const account = context.accounts.get(number.toLowerCase());
    if (!number) problem('account', 'Give the account number');
    else if (!account) problem('account', `No account numbered ${number}`);
    else if (account.archived) {
      problem(
        'account',
        `Account ${account.number} ${account.name} is archived and takes no new postings`,
      );
    } else if (context.control.has(account.id)) {
      problem('account', context.control.get(account.id)!);
    } else if (date && account.reclassified_on && date < account.reclassified_on) {
      problem(
        'date',
        `Account ${account.number} ${account.name} was reclassified as of ${account.reclassified_on}: date the entry on or after it`,
      );
    }
    const debit = parseAmount(get('debit'));
    const credit = parseAmount(get('credit'));
    if (debit.error) problem('debit', debit.error);
    if (credit.error) problem('credit', credit.error);
    if (!debit.error && !credit.error) {
      if ((debit.cents ?? 0) < 0 || (credit.cents ?? 0) < 0) {
        problem('debit', 'Amounts must be positive: put a credit in the credit column');
      } else if ((debit.cents ?? 0) > 0 === (credit.cents ?? 0) > 0) {
        problem('debit', 'Give either a debit or a credit');
      }
    }
    const memo = get('memo');
    if (memo.length > 500) problem('memo', 'A memo has at most 500 characters');
    const lineMemo = get('lineMemo');
    if (lineMemo.length > 500) problem('lineMemo', 'A memo has at most 500 characters');
    if (errors.length > before) {
      draft.badRows += 1;
      return;
    }
    if (memo && !draft.memo) draft.memo = memo;
    draft.lines.push({
      row,
      accountId: account!.id,
      debit: debit.cents!,
      credit: credit.cents!,
      memo: lineMemo || null,
    });
    draft.debits += BigInt(debit.cents!);
    draft.credits += BigInt(credit.cents!);
  });
  return drafts;
}

// Step 3: whole entries (those whose every row passed): two lines at least, not too many,
// balanced, and not imported before.
async function checkWholeEntries(
  em: EntityManager,
  drafts: Map<string, Draft>,
  errors: ImportProblem[],
): Promise<void> {
  const complete = [...drafts.values()].filter((d) => d.badRows === 0);
  for (const d of complete) {
    const entryProblem = (message: string) =>
      errors.push({ row: d.firstRow, field: 'reference', message });
    if (d.lines.length < 2) entryProblem(`Entry ${d.reference} needs at least two lines`);
    else if (d.lines.length > MAX_ENTRY_LINES) {
      entryProblem(`Entry ${d.reference} has more than ${MAX_ENTRY_LINES} lines`);
    } else if (d.debits !== d.credits) {
      entryProblem(
        `Entry ${d.reference} does not balance: debits ${money(d.debits)}, credits ${money(d.credits)}`,
      );
    }
  }
  if (!complete.length) return;
  // A date in a closed period: the row names the month and the way forward.
  const through = await selectClosedThrough(em);
  if (through) {
    for (const d of complete) {
      if (d.date && d.date <= through) {
        errors.push({
          row: d.firstRow,
          field: 'date',
          message: closedPeriodMessage(through, d.date),
        });
      }
    }
  }
  for (const t of await selectImportedBefore(em, complete)) {
    const d = drafts.get(t.import_ref)!;
    errors.push({
      row: d.firstRow,
      field: 'reference',
      message: `Entry ${t.import_ref} of ${t.entry_date} was imported before, as JE-${t.number}`,
    });
  }
}

// Step 4: what the file holds, for the check's summary: counts, total, dates, the first entries.
function summarize(result: JournalImport, entries: Draft[]): void {
  result.entryCount = entries.length;
  result.lineCount = entries.reduce((n, d) => n + d.lines.length + d.badRows, 0);
  result.totalDebit = sumCents(entries.map((d) => d.debits));
  const dates = entries
    .map((d) => d.date)
    .filter((d): d is string => !!d)
    .sort();
  result.from = dates[0] ?? null;
  result.to = dates.at(-1) ?? null;
  result.entries = entries.slice(0, 20).map((d) => ({
    reference: d.reference,
    date: d.date,
    memo: d.memo,
    lineCount: d.lines.length + d.badRows,
    total: d.debits,
    firstRow: d.firstRow,
  }));
}

// Step 5: the entries posted through the ledger's bulk path, in one transaction for the whole
// file, a thousand entries at a time.
async function postImportedEntries(
  em: EntityManager,
  actor: AuthInfo | null,
  entries: Draft[],
): Promise<void> {
  const postings: Posting[] = entries.map((d) => ({
    input: {
      date: d.date!,
      memo: d.memo ?? `Imported entry ${d.reference}`,
      lines: d.lines.map((l) => ({
        accountId: l.accountId,
        debit: l.debit || null,
        credit: l.credit || null,
        memo: l.memo,
      })),
    },
    opts: { source: EntrySource.IMPORT, importRef: d.reference },
  }));
  try {
    await em.transactional(async (tx) => {
      for (let i = 0; i < postings.length; i += BATCH) {
        await postJournalEntries(tx, actor, postings.slice(i, i + BATCH));
      }
    });
  } catch (err) {
    // The same file imported at the same moment by someone else.
    if (isUniqueViolation(err, 'journal_entries_import_ref_idx')) {
      throw conflict('These entries were imported meanwhile; nothing was imported twice');
    }
    throw err;
  }
}
