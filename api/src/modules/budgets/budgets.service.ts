import type { EntityManager } from '@mikro-orm/postgresql';
import type { FileUpload } from 'graphql-upload-ts';
import { readCsvUpload } from '../../core/csv/read-upload.js';
import { toCsv } from '@covenant/shared/csv';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { DEFAULT_FISCAL_YEAR_START_MONTH, fiscalYear } from '../../core/dates.js';
import { badInput, conflict, type FieldDetail, notFound } from '../../core/errors/app-error.js';
import { isId, newIds } from '../../core/ids.js';
import { formatMoney, sumCents, toCents, type Cents } from '../../core/money/money.js';
import { accountSummary, AccountType, type FundType } from '../accounts/index.js';
import { recordTenantAudit } from '../audit/index.js';
import {
  budgetExists,
  budgetTotal,
  deleteBudgetLines,
  insertBudgetLines,
  selectAccounts,
  selectBudget,
  selectBudgetLines,
  selectLineAmounts,
  selectYearsWithAmounts,
  upsertBudget,
} from './budgets.repository.js';
import {
  fiscalMonthLabels,
  inFiscalOrder,
  MONTH_LABELS,
  parseBudgetCsv,
  type ParsedBudgetRow,
} from './budgets.csv.js';
import type { BudgetImportMappingInput, BudgetLineInput } from './budgets.inputs.js';
import {
  type Budget,
  type BudgetImport,
  type FiscalMonth,
  type BudgetImportProblem,
  type BudgetImportRow,
  BudgetImportRowStatus,
} from './budgets.types.js';

export interface LedgerAccount {
  id: string;
  number: string;
  name: string;
  type: AccountType;
  fundType: FundType;
  archived: boolean;
}

const PL_TYPES = new Set([AccountType.INCOME, AccountType.EXPENSE]);
export const isPlAccount = (a: Pick<LedgerAccount, 'type'>) => PL_TYPES.has(a.type);

export async function loadAccounts(em: EntityManager): Promise<LedgerAccount[]> {
  const rows = await selectAccounts(em);
  return rows.map((r) => ({ id: r.id, ...accountSummary(r) }));
}

export function assertYear(year: number, field = 'year'): void {
  if (!Number.isInteger(year) || year < 1900 || year > 2999) {
    throw badInput([{ field, message: 'Use a year like 2026' }], 'Use a year like 2026');
  }
}

const TYPE_LABEL: Record<AccountType, string> = {
  [AccountType.ASSET]: 'an asset',
  [AccountType.LIABILITY]: 'a liability',
  [AccountType.EQUITY]: 'an equity',
  [AccountType.INCOME]: 'an income',
  [AccountType.EXPENSE]: 'an expense',
};

// Why an account cannot hold a budget or actuals, or null when it can.
export function plAccountProblem(a: LedgerAccount, amounts: Cents[]): string | null {
  if (!isPlAccount(a)) {
    return `Account ${a.number} ${a.name} is ${TYPE_LABEL[a.type]} account; budgets and actuals hold income and expense accounts`;
  }
  if (a.archived && amounts.some((x) => x !== 0)) {
    return `Account ${a.number} ${a.name} is archived`;
  }
  return null;
}

// Budgets are kept by fiscal month: budget_lines.month is the month's place (1 to 12) in the fiscal
// year, so with a January start it is the calendar month (as it always was), and with a July start
// month 1 of fiscal 2027 is July 2026. The organization's start month (its directory entry) says
// which calendar months those are; it cannot change while a budget holds amounts
// (assertFiscalStartCanChange).

const MONTH_NAMES_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

// The calendar months of a fiscal year, in order.
export function fiscalMonths(year: number, startMonth: number): FiscalMonth[] {
  return fiscalYear(year, startMonth).months.map((m) => ({
    ...m,
    label: `${MONTH_LABELS[m.month - 1]} ${m.year}`,
  }));
}

function twelveAmountsMessage(year: number, startMonth: number): string {
  if (startMonth === 1) return 'Give twelve amounts, January to December';
  const months = fiscalYear(year, startMonth).months;
  const name = (m: { year: number; month: number }) => `${MONTH_NAMES_LONG[m.month - 1]} ${m.year}`;
  return `Give twelve amounts, ${name(months[0])} to ${name(months[11])}`;
}

// A change of the fiscal-year start would move every budgeted amount to another calendar month
// (month 1 of fiscal 2026 is January 2026 with a January start, July 2025 with a July one), and
// a budget the board approved must not change under the treasurer's feet: the change is refused
// while any budget holds amounts, naming those years. Clearing them first (or exporting the
// template, clearing, and importing it again after the change) is the way through.
export async function assertFiscalStartCanChange(
  em: EntityManager,
  from: number,
  to: number,
): Promise<void> {
  if (from === to) return;
  const years = await selectYearsWithAmounts(em);
  if (!years.length) return;
  const list = years.map((y) => `FY ${y}`).join(', ');
  const message = `The fiscal year cannot start in another month while budgets hold amounts (${list}): their months would move. Clear those budgets first.`;
  throw conflict(message, [{ field: 'fiscalYearStartMonth', message }]);
}

export async function getBudget(
  em: EntityManager,
  year: number,
  startMonth: number = DEFAULT_FISCAL_YEAR_START_MONTH,
): Promise<Budget> {
  assertYear(year);
  const budget = await selectBudget(em, year);
  const lines = budget ? await selectBudgetLines(em, budget.id) : [];
  const byAccount = new Map<string, { amounts: Cents[]; type: AccountType; transfer: boolean }>();
  for (const l of lines) {
    const line = byAccount.get(l.account_id) ?? {
      amounts: Array(12).fill(0),
      type: l.type,
      transfer: l.transfer,
    };
    line.amounts[l.month - 1] = toCents(l.amount);
    byAccount.set(l.account_id, line);
  }
  // Transfer accounts stand apart from income and expense, as in every report.
  const totals = { income: 0n, expense: 0n, transfersIn: 0n, transfersOut: 0n };
  const out = [...byAccount].map(([accountId, { amounts, type, transfer }]) => {
    const total = sumCents(amounts);
    if (type === AccountType.INCOME) totals[transfer ? 'transfersIn' : 'income'] += total;
    if (type === AccountType.EXPENSE) totals[transfer ? 'transfersOut' : 'expense'] += total;
    return { accountId, amounts, total };
  });
  return {
    id: budget?.id ?? null,
    year,
    exists: !!budget,
    fiscalYearStartMonth: startMonth,
    months: fiscalMonths(year, startMonth),
    lines: out,
    totalIncome: totals.income,
    totalExpense: totals.expense,
    totalTransfersIn: totals.transfersIn,
    totalTransfersOut: totals.transfersOut,
    updatedAt: budget ? new Date(budget.updated_at) : null,
  };
}

// The audit names the fiscal start when it is not January (the amounts are in fiscal order).
const startOf = (startMonth: number) =>
  startMonth === 1 ? {} : { fiscalYearStartMonth: startMonth };

interface WriteLine {
  accountId: string;
  amounts: Cents[];
}

// Writes a year's lines in the caller's transaction. `replace` clears the whole year first (an
// import); otherwise only the accounts given are rewritten (the grid's Save).
async function writeBudget(
  tx: EntityManager,
  actor: AuthInfo | null,
  year: number,
  lines: WriteLine[],
  opts: { replace: boolean; action: string; audit: Record<string, unknown> },
): Promise<void> {
  const [id] = newIds(1);
  // The row lock serialises two saves of the same year.
  const budget = await upsertBudget(tx, id, year);
  const before = await selectLineAmounts(tx, budget.id);
  if (opts.replace) {
    await deleteBudgetLines(tx, budget.id);
  } else if (lines.length) {
    await deleteBudgetLines(
      tx,
      budget.id,
      lines.map((l) => l.accountId),
    );
  }
  const rows = lines.flatMap((l) =>
    l.amounts.flatMap((amount, m) =>
      amount !== 0 ? [{ accountId: l.accountId, month: m + 1, amount }] : [],
    ),
  );
  if (rows.length) await insertBudgetLines(tx, budget.id, rows);
  const after = await budgetTotal(tx, budget.id);
  await recordTenantAudit(tx, actor, {
    entityType: 'Budget',
    entityId: budget.id,
    action: budget.created ? 'create' : opts.action,
    changes: {
      year,
      ...opts.audit,
      total: {
        before: formatMoney(sumCents(before.map((b) => toCents(b.amount)))),
        after: formatMoney(after),
      },
    },
  });
}

export async function saveBudget(
  em: EntityManager,
  actor: AuthInfo | null,
  year: number,
  lines: BudgetLineInput[],
  startMonth: number = DEFAULT_FISCAL_YEAR_START_MONTH,
  // The start month the caller's columns were labelled with: a grid opened before the start
  // changed would put every amount in another month.
  enteredUnder?: number | null,
): Promise<Budget> {
  assertYear(year);
  if (enteredUnder != null && enteredUnder !== startMonth) {
    const message = `The fiscal year now starts in ${MONTH_NAMES_LONG[startMonth - 1]}: reload the budget and enter the amounts again`;
    throw conflict(message, [{ field: 'fiscalYearStartMonth', message }]);
  }
  const details: FieldDetail[] = [];
  const missing: FieldDetail[] = [];
  const accounts = new Map((await loadAccounts(em)).map((a) => [a.id, a]));
  const seen = new Map<string, number>();
  lines.forEach((l, i) => {
    const account = isId(l.accountId) ? accounts.get(l.accountId) : undefined;
    if (!account) {
      missing.push({ field: `lines.${i}.accountId`, message: 'Account not found' });
      return;
    }
    if (l.amounts.length !== 12) {
      details.push({
        field: `lines.${i}.amounts`,
        message: twelveAmountsMessage(year, startMonth),
      });
    }
    const problem = plAccountProblem(account, l.amounts);
    if (problem) details.push({ field: `lines.${i}.accountId`, message: problem });
    if (seen.has(l.accountId)) {
      details.push({
        field: `lines.${i}.accountId`,
        message: `Account ${account.number} is listed twice (lines ${seen.get(l.accountId)! + 1} and ${i + 1})`,
      });
    }
    seen.set(l.accountId, i);
  });
  if (missing.length) throw notFound('Account', missing);
  if (details.length) throw badInput(details, details[0].message);
  await em.transactional(async (tx) => {
    await writeBudget(tx, actor, year, lines, {
      replace: false,
      action: 'update',
      audit: {
        ...startOf(startMonth),
        accounts: lines.map((l) => ({
          number: accounts.get(l.accountId)!.number,
          amounts: l.amounts.map(formatMoney),
        })),
      },
    });
  });
  return getBudget(em, year, startMonth);
}

// Every income and expense account (archived ones only when they have a budget), with the year's
// current amounts: the template to fill in, and an export of the budget.
export async function budgetTemplate(
  em: EntityManager,
  year: number,
  startMonth: number = DEFAULT_FISCAL_YEAR_START_MONTH,
): Promise<string> {
  const budget = await getBudget(em, year, startMonth);
  const lines = new Map(budget.lines.map((l) => [l.accountId, l.amounts]));
  const accounts = (await loadAccounts(em))
    .filter((a) => isPlAccount(a) && (!a.archived || lines.has(a.id)))
    .sort((a, b) =>
      a.type === b.type ? a.number.localeCompare(b.number) : a.type === AccountType.INCOME ? -1 : 1,
    );
  return toCsv([
    ['Account number', 'Account name', ...fiscalMonthLabels(year, startMonth)],
    ...accounts.map((a) => [
      a.number,
      a.name,
      ...(lines.get(a.id) ?? Array(12).fill(0)).map((c: number) => (c === 0 ? '' : formatMoney(c))),
    ]),
  ]);
}

const MAX_FILE_BYTES = 2 * 1024 * 1024;

// The accounts a budget file's rows are matched to: by id (a mapping) and by number (lower case).
interface AccountIndex {
  byId: Map<string, LedgerAccount>;
  byNumber: Map<string, LedgerAccount>;
}

// Reads the file, matches rows to accounts by number (or by the caller's mapping), and either
// reports what it found (dryRun) or replaces the year's budget — only when every row is valid.
export async function importBudget(
  em: EntityManager,
  actor: AuthInfo | null,
  year: number,
  upload: Promise<FileUpload>,
  mappings: BudgetImportMappingInput[],
  dryRun: boolean,
  startMonth: number = DEFAULT_FISCAL_YEAR_START_MONTH,
): Promise<BudgetImport> {
  assertYear(year);
  const file = await readCsvUpload(upload, MAX_FILE_BYTES, 'Budget files');
  const parsed = parseBudgetCsv(file.text);
  const accounts = await loadAccounts(em);
  const index: AccountIndex = {
    byId: new Map(accounts.map((a) => [a.id, a])),
    byNumber: new Map(accounts.map((a) => [a.number.toLowerCase(), a])),
  };
  const mapping = checkMappings(parsed, mappings, index);
  const { rows, problems } = matchRows(parsed, mapping, index, startMonth);
  const result = await importSummary(em, year, rows, problems, index);
  if (dryRun) return result;
  refuseProblems(problems);
  const skippedRows = rows
    .filter((r) => r.status === BudgetImportRowStatus.SKIPPED)
    .map((r) => r.row);
  await em.transactional(async (tx) => {
    await writeBudget(
      tx,
      actor,
      year,
      importedRows(rows).map((r) => ({ accountId: r.accountId!, amounts: r.amounts })),
      {
        replace: true,
        action: 'import',
        audit: {
          ...startOf(startMonth),
          file: file.name,
          accounts: result.accountCount,
          skippedRows,
          replaced: result.replacesExisting,
        },
      },
    );
  });
  return { ...result, committed: true };
}

// Step 1: the caller's mappings, by row: each names an account row of the file once, and either
// skips it or maps it to an account that exists.
function checkMappings(
  parsed: ParsedBudgetRow[],
  mappings: BudgetImportMappingInput[],
  index: AccountIndex,
): Map<number, BudgetImportMappingInput> {
  const rowNumbers = new Set(parsed.map((r) => r.row));
  const details: FieldDetail[] = [];
  const missing: FieldDetail[] = [];
  const mapping = new Map<number, BudgetImportMappingInput>();
  mappings.forEach((m, i) => {
    if (!rowNumbers.has(m.row)) {
      details.push({
        field: `mappings.${i}.row`,
        message: `Row ${m.row} is not an account row of the file`,
      });
    } else if (mapping.has(m.row)) {
      details.push({ field: `mappings.${i}.row`, message: `Row ${m.row} is mapped twice` });
    } else if (!m.skip && !m.accountId) {
      details.push({ field: `mappings.${i}`, message: 'Give an account or skip the row' });
    } else if (!m.skip && !(isId(m.accountId) && index.byId.has(m.accountId))) {
      missing.push({ field: `mappings.${i}.accountId`, message: 'Account not found' });
    }
    mapping.set(m.row, m);
  });
  if (missing.length) throw notFound('Account', missing);
  if (details.length) throw badInput(details, details[0].message);
  return mapping;
}

// Step 2: every row of the file matched to its account (its mapping's, else the one of its
// number) with its amounts in fiscal order, its status, and its problems: cells that are not
// amounts, no account, an account that cannot hold a budget, an account on two rows.
function matchRows(
  parsed: ParsedBudgetRow[],
  mapping: Map<number, BudgetImportMappingInput>,
  index: AccountIndex,
  startMonth: number,
): { rows: BudgetImportRow[]; problems: BudgetImportProblem[] } {
  const problems: BudgetImportProblem[] = [];
  const claimed = new Map<string, number>();
  const rows: BudgetImportRow[] = parsed.map((r) => {
    // The file's columns are matched by month name; the budget holds them in fiscal order.
    const amounts = inFiscalOrder(
      r.cells.map((c) => c.cents ?? 0),
      startMonth,
    );
    const total = sumCents(amounts);
    const base = {
      row: r.row,
      accountNumber: r.accountNumber,
      accountName: r.accountName,
      amounts,
      total,
    };
    const m = mapping.get(r.row);
    if (m?.skip) return { ...base, accountId: null, status: BudgetImportRowStatus.SKIPPED };
    const account = m?.accountId
      ? index.byId.get(m.accountId)
      : index.byNumber.get(r.accountNumber.toLowerCase());
    const rowProblems: BudgetImportProblem[] = [];
    const say = (message: string, column: string | null = null) =>
      rowProblems.push({
        row: r.row,
        column,
        message: `Row ${r.row}${column ? `, ${column}` : ''}: ${message}`,
      });
    r.cells.forEach((c, i) => {
      if (c.error) say(c.error, MONTH_LABELS[i]);
    });
    let status = m?.accountId ? BudgetImportRowStatus.MAPPED : BudgetImportRowStatus.MATCHED;
    if (!account) {
      say(
        r.accountNumber
          ? `no account is numbered "${r.accountNumber}"; map the row to an account or skip it`
          : 'no account number; map the row to an account or skip it',
      );
      status = BudgetImportRowStatus.UNKNOWN;
    } else {
      const problem = plAccountProblem(account, amounts);
      if (problem) say(problem);
      const first = claimed.get(account.id);
      if (first !== undefined) {
        say(`duplicate: account ${account.number} is already on row ${first}`);
      } else claimed.set(account.id, r.row);
    }
    if (rowProblems.length && status !== BudgetImportRowStatus.UNKNOWN) {
      status = BudgetImportRowStatus.INVALID;
    }
    problems.push(...rowProblems);
    return { ...base, accountId: account?.id ?? null, status };
  });
  if (!rows.some((r) => r.status !== BudgetImportRowStatus.SKIPPED)) {
    problems.push({ row: null, column: null, message: 'The file has no account rows to import' });
  }
  return { rows, problems };
}

// The rows that become budget lines: matched or mapped, without a problem.
const importedRows = (rows: BudgetImportRow[]) =>
  rows.filter(
    (r) => r.status === BudgetImportRowStatus.MATCHED || r.status === BudgetImportRowStatus.MAPPED,
  );

// Step 3: what the import holds, as the check shows it: the rows, their problems, the accounts
// and totals it would write, and whether it replaces a budget the year has.
async function importSummary(
  em: EntityManager,
  year: number,
  rows: BudgetImportRow[],
  problems: BudgetImportProblem[],
  index: AccountIndex,
): Promise<BudgetImport> {
  const importing = importedRows(rows);
  const typeOf = (r: BudgetImportRow) => index.byId.get(r.accountId!)?.type;
  const sumType = (t: AccountType) =>
    sumCents(importing.filter((r) => typeOf(r) === t).map((r) => r.total));
  return {
    year,
    committed: false,
    replacesExisting: await budgetExists(em, year),
    rows,
    problems,
    accountCount: importing.length,
    totalIncome: sumType(AccountType.INCOME),
    totalExpense: sumType(AccountType.EXPENSE),
  };
}

// Step 4, importing for real: any problem refuses the whole file, each problem by its row.
function refuseProblems(problems: BudgetImportProblem[]): void {
  if (!problems.length) return;
  const message =
    problems.length === 1
      ? `${problems[0].message}. Nothing was imported.`
      : `The file has ${problems.length} problems. Nothing was imported.`;
  throw badInput(
    problems.map((p) => ({ field: p.row ? `rows.${p.row}` : 'file', message: p.message })),
    message,
  );
}
