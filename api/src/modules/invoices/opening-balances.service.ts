import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { parseAmount } from '../../core/csv/amounts.js';
import {
  csvHeaderName,
  onlySampleRowsMessage,
  parseCsvRows,
  sampleCell,
} from '../../core/csv/parse-rows.js';
import type { CsvRowError } from '../../core/csv/row-error.js';
import { toCsv } from '@covenant/shared/csv';
import { isLocalDate } from '../../core/dates.js';
import { badInput, conflict, notFound } from '../../core/errors/app-error.js';
import { assertId } from '../../core/ids.js';
import { formatMoney, MAX_AMOUNT } from '../../core/money/money.js';
import { findAccount, openingEquityAccount } from '../accounts/index.js';
import { receivablesSettings } from '../assessments/index.js';
import { lockUnits, openInvoices, PaymentMethod, postPayment } from '../payments/index.js';
import { createInvoices } from './invoices.service.js';
import {
  openingCreditOf,
  openingInvoiceOf,
  unitRows,
  unitsByNumber,
} from './invoices.repository.js';
import { InvoiceKind } from './invoices.types.js';

// Opening receivables: what each unit owed (or had in credit) when the association moved in from
// another system. They come in through the subledger, never as a manual entry on the receivable
// account: an amount owed is an invoice of kind OPENING_BALANCE (debit the receivable, credit
// Opening Balance Equity), a credit is a payment of method OPENING_CREDIT whose money comes from
// Opening Balance Equity and waits in Prepaid Assessments until it pays an invoice. One standing
// opening balance per unit; to correct it, void the invoice (or the credit) and enter it again.

export interface OpeningBalanceDraft {
  unitId: string;
  date: string;
  // Positive: owed by the owner; negative: the owner's credit.
  amount: number;
  memo?: string | null;
}

export interface OpeningBalanceResult {
  unitId: string;
  invoiceId: string | null;
  paymentId: string | null;
}

const MAX_ROWS = 5000;

// Enters the drafts (units already locked by the caller's transaction). Answers per draft the
// invoice or payment created.
async function enter(
  tx: EntityManager,
  actor: AuthInfo | null,
  drafts: (OpeningBalanceDraft & { unitNumber: string })[],
): Promise<OpeningBalanceResult[]> {
  const settings = await receivablesSettings(tx, actor);
  const { fundType } = await findAccount(tx, settings.receivableAccountId);
  const equity = await openingEquityAccount(tx, fundType);
  const owed = drafts.filter((d) => d.amount > 0);
  const invoiceIds = await createInvoices(
    tx,
    actor,
    owed.map((d) => ({
      unitId: d.unitId,
      unitNumber: d.unitNumber,
      kind: InvoiceKind.OPENING_BALANCE,
      issueDate: d.date,
      dueDate: d.date,
      memo: d.memo?.trim() || 'Opening balance',
      lines: [{ description: 'Opening balance', accountId: equity.id, amount: d.amount }],
    })),
  );
  const results: OpeningBalanceResult[] = [];
  for (const d of drafts) {
    if (d.amount > 0) {
      results.push({ unitId: d.unitId, invoiceId: invoiceIds[owed.indexOf(d)], paymentId: null });
      continue;
    }
    const paymentId = await postPayment(tx, actor, {
      unitId: d.unitId,
      unitNumber: d.unitNumber,
      date: d.date,
      amount: -d.amount,
      method: PaymentMethod.OPENING_CREDIT,
      memo: d.memo?.trim() || 'Opening credit',
      depositAccountId: equity.id,
      targets: await openInvoices(tx, { unitIds: [d.unitId] }),
    });
    results.push({ unitId: d.unitId, invoiceId: null, paymentId });
  }
  return results;
}

// What stops a unit from taking an opening balance: it already has one standing.
async function existingOpening(tx: EntityManager, unitId: string): Promise<string | null> {
  const inv = await openingInvoiceOf(tx, unitId);
  if (inv) return `already has an opening balance (INV-${inv.number}); void it to enter another`;
  const credit = await openingCreditOf(tx, unitId);
  if (credit) {
    return `already has an opening credit (PMT-${credit.number}); void it to enter another`;
  }
  return null;
}

function amountProblem(amount: number): string | null {
  if (amount === 0) return 'Enter the amount owed (or a negative amount for a credit)';
  if (Math.abs(amount) > MAX_AMOUNT) return `At most ${formatMoney(MAX_AMOUNT)}`;
  return null;
}

export async function setOpeningBalance(
  em: EntityManager,
  actor: AuthInfo | null,
  input: OpeningBalanceDraft,
): Promise<OpeningBalanceResult> {
  assertId(input.unitId, 'Unit');
  const problem = amountProblem(input.amount);
  if (problem) throw badInput([{ field: 'amount', message: problem }], problem);
  let result: OpeningBalanceResult | undefined;
  await em.transactional(async (tx) => {
    if (!(await lockUnits(tx, [input.unitId])).length) throw notFound('Unit');
    const [unit] = await unitRows(tx, [input.unitId]);
    const taken = await existingOpening(tx, input.unitId);
    if (taken) {
      const message = `Unit ${unit.number} ${taken}`;
      throw conflict(message, [{ field: 'unitId', message }]);
    }
    [result] = await enter(tx, actor, [{ ...input, unitNumber: unit.number }]);
  });
  return result!;
}

export const OPENING_BALANCE_CSV_COLUMNS = ['unit_number', 'amount', 'date', 'memo'] as const;

// The example rows are marked as samples: left in, they are skipped, never entered on a real unit.
export function openingBalanceTemplate(): string {
  return toCsv([
    [...OPENING_BALANCE_CSV_COLUMNS],
    [sampleCell('101'), '450.00', '2026-01-01', 'Balance carried over'],
    [sampleCell('102'), '-120.00', '2026-01-01', 'Prepaid January'],
  ]);
}

// All or nothing: every row is checked (known unit, once in the file, no standing opening
// balance, an amount, a date — the row's, else `date`); any error and nothing is written.
export async function importOpeningBalances(
  em: EntityManager,
  actor: AuthInfo | null,
  text: string,
  date?: string | null,
): Promise<{ created: number; sampleRowsSkipped: number; errors: CsvRowError[] }> {
  const parsed = parseCsvRows(text);
  if ('error' in parsed) return { created: 0, sampleRowsSkipped: 0, errors: [parsed.error] };
  const result = await checkAndEnter(em, actor, parsed, date);
  return { ...result, sampleRowsSkipped: parsed.sampleRows };
}

async function checkAndEnter(
  em: EntityManager,
  actor: AuthInfo | null,
  parsed: { rows: string[][]; rowNumbers: number[]; sampleRows: number },
  date?: string | null,
): Promise<{ created: number; errors: CsvRowError[] }> {
  const records = parsed.rows;
  if (!records.length) {
    return { created: 0, errors: [{ row: 1, field: null, message: 'The file is empty' }] };
  }
  const header = records[0].map(csvHeaderName);
  const col = (name: string) => header.indexOf(name);
  const errors: CsvRowError[] = [];
  for (const required of ['unit_number', 'amount']) {
    if (col(required) < 0) {
      errors.push({ row: 1, field: required, message: `Missing column ${required}` });
    }
  }
  if (col('date') < 0 && !date) {
    errors.push({
      row: 1,
      field: 'date',
      message: 'Add a date column or choose the date of the opening balances',
    });
  }
  if (errors.length) return { created: 0, errors };
  if (records.length > MAX_ROWS + 1) {
    return {
      created: 0,
      errors: [{ row: 1, field: null, message: 'At most 5,000 rows per file' }],
    };
  }
  const rows = records.slice(1);
  const get = (rec: string[], name: string) =>
    col(name) >= 0 ? (rec[col(name)] ?? '').trim() : '';
  const units = await unitsByNumber(em, rows.map((r) => get(r, 'unit_number')).filter(Boolean));
  const byNumber = new Map(units.map((u) => [u.number.toLowerCase(), u]));
  const seen = new Map<string, number>();
  const drafts: (OpeningBalanceDraft & { unitNumber: string; row: number })[] = [];
  rows.forEach((rec, i) => {
    const row = parsed.rowNumbers[i + 1];
    const number = get(rec, 'unit_number');
    const unit = byNumber.get(number.toLowerCase());
    if (!number) errors.push({ row, field: 'unit_number', message: 'Enter the unit number' });
    else if (!unit) errors.push({ row, field: 'unit_number', message: `Unknown unit "${number}"` });
    else if (seen.has(unit.id)) {
      errors.push({
        row,
        field: 'unit_number',
        message: `Unit ${unit.number} is also on line ${seen.get(unit.id)}`,
      });
    }
    if (unit) seen.set(unit.id, row);
    const cell = parseAmount(get(rec, 'amount'));
    const problem = cell.error ?? amountProblem(cell.cents ?? 0);
    if (problem) errors.push({ row, field: 'amount', message: problem });
    const on = get(rec, 'date') || date || '';
    if (!isLocalDate(on)) {
      errors.push({ row, field: 'date', message: 'Use a date like 2026-01-01' });
    }
    const memo = get(rec, 'memo');
    if (memo.length > 500) errors.push({ row, field: 'memo', message: 'At most 500 characters' });
    if (unit && !problem) {
      drafts.push({
        unitId: unit.id,
        unitNumber: unit.number,
        amount: cell.cents!,
        date: on,
        memo: memo || null,
        row,
      });
    }
  });
  if (errors.length) return { created: 0, errors };
  if (!drafts.length) {
    const message = parsed.sampleRows
      ? onlySampleRowsMessage(parsed.sampleRows)
      : 'The file has no rows';
    return { created: 0, errors: [{ row: 2, field: null, message }] };
  }
  const taken: CsvRowError[] = [];
  await em.transactional(async (tx) => {
    await lockUnits(
      tx,
      drafts.map((d) => d.unitId),
    );
    for (const d of drafts) {
      const problem = await existingOpening(tx, d.unitId);
      if (problem) {
        taken.push({
          row: d.row,
          field: 'unit_number',
          message: `Unit ${d.unitNumber} ${problem}`,
        });
      }
    }
    if (taken.length) return;
    await enter(tx, actor, drafts);
  });
  if (taken.length) return { created: 0, errors: taken };
  return { created: drafts.length, errors: [] };
}
