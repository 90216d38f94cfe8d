import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { badInput } from '../../core/errors/app-error.js';
import { newIds } from '../../core/ids.js';
import { toCents } from '../../core/money/money.js';
import { recordTenantAudit } from '../audit/index.js';
import { booksClosedThrough, checkPeriodsOpen } from '../journal/index.js';
import type { CsvMappingInput } from './banking.inputs.js';
import {
  bankLineRows,
  existingKeys,
  insertBankLines,
  insertStatement,
  lockBankAccount,
  type NewBankLine,
  ruleRows,
  saveCsvMapping,
  statementRow,
  type StatementRow,
  statementRows,
  updateStatementCounts,
} from './banking.repository.js';
import {
  type BankImportResult,
  type BankStatement,
  type CsvMapping,
  type CsvPreview,
  StatementFormat,
} from './banking.types.js';
import { findBankAccount } from './bank-accounts.service.js';
import {
  type CsvMapping as FileCsvMapping,
  csvPreview,
  detectFormat,
  guessCsvMapping,
  type ParsedStatement,
  parseStatement,
  type StatementLine,
} from './formats/index.js';
import { applyRulesTo, autoMatchLines, ruleFor } from './matching.service.js';

// Lines are written in batches of this many: an import of any size holds one batch of rows in
// the database driver at a time.
const BATCH = 1000;

export function toStatement(r: StatementRow): BankStatement {
  return {
    id: r.id,
    accountId: r.account_id,
    format: r.format as StatementFormat,
    fileName: r.file_name,
    periodStart: r.period_start,
    periodEnd: r.period_end,
    openingBalance: r.opening_balance == null ? null : toCents(r.opening_balance),
    closingBalance: r.closing_balance == null ? null : toCents(r.closing_balance),
    availableBalance: r.available_balance == null ? null : toCents(r.available_balance),
    lineCount: r.line_count,
    skipped: r.skipped,
    importedAt: new Date(r.created_at),
  };
}

export async function listStatements(
  em: EntityManager,
  accountId: string,
  today: string,
): Promise<BankStatement[]> {
  await findBankAccount(em, accountId, today);
  return (await statementRows(em, accountId)).map(toStatement);
}

const normalText = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

// The key that makes a line's second import a duplicate: the bank's own transaction id when the
// file has one; otherwise a hash of the account, date, amount, description and the line's ordinal
// among identical lines in the file (two identical coffee charges on one day stay two, and the
// same file imported again adds neither).
export function dedupeKeys(accountId: string, lines: StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    if (l.bankId) return `id:${l.bankId}`;
    const base = `${accountId}|${l.date}|${l.amount}|${normalText(l.description)}`;
    const ordinal = (seen.get(base) ?? 0) + 1;
    seen.set(base, ordinal);
    return `h:${createHash('sha256').update(`${base}|${ordinal}`).digest('hex').slice(0, 40)}`;
  });
}

const digits = (s: string) => s.replace(/[^0-9A-Za-z]/g, '');

export interface ImportRequest {
  accountId: string;
  fileName: string;
  text: string;
  format?: StatementFormat | null;
  mapping?: CsvMappingInput | null;
  saveMapping?: boolean;
  dryRun?: boolean;
}

// Parses the file as its format says (the saved CSV mapping when none is given), refusing a file
// for another account.
function parse(
  req: ImportRequest,
  savedMapping: CsvMapping | null,
  masked: string,
): ParsedStatement {
  const format =
    req.format && req.format !== StatementFormat.DEMO
      ? req.format
      : (detectFormat(req.fileName, req.text) as StatementFormat | null);
  if (!format) {
    const message = 'This is not an OFX, QFX, CSV or CAMT.053 statement';
    throw badInput([{ field: 'file', message }], message);
  }
  const mapping = (req.mapping ?? savedMapping) as FileCsvMapping | null;
  if (format === StatementFormat.CSV && !mapping) {
    const message = "Map this bank's CSV columns first (date, description, amount)";
    throw badInput([{ field: 'mapping', message }], message);
  }
  const parsed = parseStatement(req.text, format as never, mapping);
  if (parsed.accountNumber && !digits(parsed.accountNumber).endsWith(masked)) {
    const shown = digits(parsed.accountNumber).slice(-4);
    const message = `This statement is for the account ending ${shown}, not the one ending ${masked}`;
    throw badInput([{ field: 'file', message }], message);
  }
  if (!parsed.lines.length) {
    const message = 'The statement has no transactions';
    throw badInput([{ field: 'file', message }], message);
  }
  return parsed;
}

// Imports a statement into a bank account: every line or none. Lines imported before are skipped
// (see dedupeKeys); automatic rules post what they cover and unique suggestions are matched. A dry
// run answers what would be imported without writing.
export async function importStatement(
  em: EntityManager,
  actor: AuthInfo | null,
  req: ImportRequest,
  today: string,
): Promise<BankImportResult> {
  const account = await findBankAccount(em, req.accountId, today);
  const parsed = parse(req, account.csvMapping, account.maskedNumber);
  const keys = dedupeKeys(req.accountId, parsed.lines);
  // A key twice in one file (a bank repeating an id) is one line.
  const firstOf = new Map<string, number>();
  keys.forEach((k, i) => firstOf.has(k) || firstOf.set(k, i));
  const known = new Set<string>();
  for (let i = 0; i < keys.length; i += BATCH) {
    for (const k of await existingKeys(em, req.accountId, keys.slice(i, i + BATCH))) known.add(k);
  }
  const fresh = parsed.lines
    .map((l, i) => ({ l, key: keys[i], i }))
    .filter(({ key, i }) => !known.has(key) && firstOf.get(key) === i);
  const rules = (await ruleRows(em)).filter((r) => r.auto_apply);
  const preview = parsed.lines.slice(0, 200).map((l, i) => {
    const duplicate = known.has(keys[i]) || firstOf.get(keys[i]) !== i;
    const rule = duplicate
      ? null
      : ruleFor(rules, {
          account_id: req.accountId,
          description: l.description,
          payee: l.payee,
          amount: String(l.amount),
        } as never);
    return {
      row: l.row,
      date: l.date,
      amount: l.amount,
      description: l.description,
      duplicate,
      rule: rule?.name ?? null,
    };
  });
  const result: BankImportResult = {
    statement: null,
    format: parsed.format as StatementFormat,
    periodStart: parsed.periodStart,
    periodEnd: parsed.periodEnd,
    openingBalance: parsed.openingBalance,
    closingBalance: parsed.closingBalance,
    imported: fresh.length,
    skipped: parsed.lines.length - fresh.length,
    matched: 0,
    posted: 0,
    lines: preview,
  };
  // A new line dated in a closed period is refused, the preview included: the statement belongs
  // to the open period, or the month is reopened first.
  const lineDates = fresh.map(({ l }) => ({ field: `rows.${l.row}.date`, date: l.date }));
  const through = await booksClosedThrough(em);
  if (through && lineDates.some((d) => d.date <= through)) await checkPeriodsOpen(em, lineDates);
  if (req.dryRun) return result;
  if (!fresh.length) {
    if (req.saveMapping && req.mapping) await saveCsvMapping(em, req.accountId, req.mapping);
    return result;
  }
  const [statementId] = newIds(1);
  await em.transactional(async (tx) => {
    await lockBankAccount(tx, req.accountId);
    await checkPeriodsOpen(tx, lineDates);
    await insertStatement(tx, {
      id: statementId,
      accountId: req.accountId,
      format: parsed.format,
      fileName: req.fileName.slice(0, 255) || 'statement',
      periodStart: parsed.periodStart,
      periodEnd: parsed.periodEnd,
      openingBalance: parsed.openingBalance,
      closingBalance: parsed.closingBalance,
      availableBalance: parsed.availableBalance,
      lineCount: 0,
      skipped: 0,
      importedBy: actor?.userId ?? null,
    });
    const inserted: string[] = [];
    for (let i = 0; i < fresh.length; i += BATCH) {
      const ids = newIds(Math.min(BATCH, fresh.length - i));
      const batch: NewBankLine[] = fresh.slice(i, i + BATCH).map(({ l, key }, k) => ({
        id: ids[k],
        row: l.row,
        date: l.date,
        amount: l.amount,
        description: l.description.slice(0, 500),
        payee: l.payee?.slice(0, 200) ?? null,
        checkNumber: l.checkNumber?.slice(0, 40) ?? null,
        bankRef: l.bankId?.slice(0, 255) ?? null,
        key,
      }));
      inserted.push(...(await insertBankLines(tx, req.accountId, statementId, batch)));
    }
    // Another import may have taken a line between the check and the lock.
    result.imported = inserted.length;
    result.skipped = parsed.lines.length - inserted.length;
    await updateStatementCounts(tx, statementId, inserted.length, result.skipped);
    if (req.saveMapping && req.mapping) await saveCsvMapping(tx, req.accountId, req.mapping);
    if (inserted.length <= 20000) {
      const rows = await bankLineRows(tx, inserted);
      result.posted = await applyRulesTo(tx, actor, rows, true);
      const open = (await bankLineRows(tx, inserted)).filter((r) => !r.match_id);
      result.matched = await autoMatchLines(tx, actor, req.accountId, open);
    }
    await recordTenantAudit(tx, actor, {
      entityType: 'BankStatement',
      entityId: statementId,
      action: 'import',
      changes: {
        accountId: req.accountId,
        format: parsed.format,
        file: req.fileName,
        imported: result.imported,
        skipped: result.skipped,
      },
    });
  });
  result.statement = toStatement((await statementRow(em, statementId))!);
  return result;
}

// The first rows of a CSV file and the mapping to start from (the account's saved one, else a
// guess from the header).
export async function previewCsv(
  em: EntityManager,
  accountId: string,
  text: string,
  today: string,
): Promise<CsvPreview> {
  const account = await findBankAccount(em, accountId, today);
  const { rows } = csvPreview(text, 12);
  return {
    rows,
    mapping: account.csvMapping ?? (guessCsvMapping(rows) as CsvMapping | null),
  };
}

// A statement the seed writes as the bank would send it (the demo associations' history): its
// lines as given, nothing parsed, rules and matching left to the caller. Call inside a
// transaction. Answers the new lines' ids in the order given.
export async function writeStatement(
  tx: EntityManager,
  actor: AuthInfo | null,
  accountId: string,
  s: {
    fileName: string;
    periodStart: string;
    periodEnd: string;
    openingBalance: number;
    closingBalance: number;
    lines: Omit<StatementLine, 'row'>[];
  },
): Promise<string[]> {
  const [statementId] = newIds(1);
  const lines = s.lines.map((l, i) => ({ ...l, row: i + 1 }));
  const keys = dedupeKeys(accountId, lines);
  await insertStatement(tx, {
    id: statementId,
    accountId,
    format: StatementFormat.DEMO,
    fileName: s.fileName,
    periodStart: s.periodStart,
    periodEnd: s.periodEnd,
    openingBalance: s.openingBalance,
    closingBalance: s.closingBalance,
    availableBalance: s.closingBalance,
    lineCount: lines.length,
    skipped: 0,
    importedBy: actor?.userId ?? null,
  });
  const ids = newIds(lines.length);
  const inserted = await insertBankLines(
    tx,
    accountId,
    statementId,
    lines.map((l, i) => ({
      id: ids[i],
      row: l.row,
      date: l.date,
      amount: l.amount,
      description: l.description.slice(0, 500),
      payee: l.payee,
      checkNumber: l.checkNumber,
      bankRef: l.bankId,
      key: keys[i],
    })),
  );
  if (inserted.length !== lines.length) throw new Error('A demo statement line is a duplicate');
  return ids;
}
