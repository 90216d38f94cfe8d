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
import { AppError } from '../../core/errors/app-error.js';
import type { Cents } from '../../core/money/money.js';
import { TENANT_TEXT_LIMITS as L } from '@covenant/shared/text-limits';
import { AccountType, FundType } from './accounts.entity.js';
import type { CreateAccountInput } from './accounts.inputs.js';
import { selectAccountNumbers } from './accounts.repository.js';
import { createAccount } from './accounts.service.js';

// The chart of accounts from a spreadsheet (an association moving from QuickBooks, PayHOA or a
// spreadsheet brings its own). All or nothing: every row is checked first — a number of the
// chart's form, not taken in the chart nor twice in the file, a name, a type, a fund, an opening
// balance with its date — and any problem is answered per row with nothing written; then every
// account (and its opening-balance entry against its fund's opening balance equity) is created
// in one transaction, exactly as createAccount does it.
//
// Control accounts are never imported: Assessments Receivable and Prepaid Assessments are created
// by the receivables settings for invoices and payments, and an imported account by those names
// would be taken into that role with whatever balance the file gave it. The units' balances come
// with Units → Import opening balances instead.

export const ACCOUNT_CSV_COLUMNS = [
  'number',
  'name',
  'type',
  'fund',
  'opening_balance',
  'opening_date',
  'description',
] as const;
type Column = (typeof ACCOUNT_CSV_COLUMNS)[number];

// Other names the columns go by in the exports of other systems ("Account #", "Full name",
// "Account type", "Balance").
const ALIASES: Record<string, Column> = {
  account_number: 'number',
  'account_#': 'number',
  account_no: 'number',
  'account_no.': 'number',
  account: 'name',
  account_name: 'name',
  full_name: 'name',
  account_type: 'type',
  fund_type: 'fund',
  balance: 'opening_balance',
  opening_balance_date: 'opening_date',
  as_of: 'opening_date',
};

const MAX_ROWS = 2000;
const NUMBER = /^[0-9A-Za-z][0-9A-Za-z.-]{0,19}$/;

// The account types as people write them: ours, and the types other bookkeeping programs export
// (QuickBooks' "Bank", "Other Current Asset", "Cost of Goods Sold"…).
const TYPES: Record<string, AccountType> = {
  asset: AccountType.ASSET,
  assets: AccountType.ASSET,
  bank: AccountType.ASSET,
  cash: AccountType.ASSET,
  'other current asset': AccountType.ASSET,
  'other current assets': AccountType.ASSET,
  'current asset': AccountType.ASSET,
  'fixed asset': AccountType.ASSET,
  'fixed assets': AccountType.ASSET,
  'other asset': AccountType.ASSET,
  'other assets': AccountType.ASSET,
  liability: AccountType.LIABILITY,
  liabilities: AccountType.LIABILITY,
  'accounts payable': AccountType.LIABILITY,
  'accounts payable (a/p)': AccountType.LIABILITY,
  'credit card': AccountType.LIABILITY,
  'other current liability': AccountType.LIABILITY,
  'other current liabilities': AccountType.LIABILITY,
  'current liability': AccountType.LIABILITY,
  'long term liability': AccountType.LIABILITY,
  'long term liabilities': AccountType.LIABILITY,
  equity: AccountType.EQUITY,
  'fund balance': AccountType.EQUITY,
  income: AccountType.INCOME,
  revenue: AccountType.INCOME,
  'other income': AccountType.INCOME,
  expense: AccountType.EXPENSE,
  expenses: AccountType.EXPENSE,
  'other expense': AccountType.EXPENSE,
  'cost of goods sold': AccountType.EXPENSE,
};
// QuickBooks' receivable type: the association's receivable is Covenant's own control account.
const RECEIVABLE_TYPES = new Set(['accounts receivable', 'accounts receivable (a/r)']);

const FUNDS: Record<string, FundType> = {
  '': FundType.OPERATING,
  operating: FundType.OPERATING,
  'operating fund': FundType.OPERATING,
  reserve: FundType.RESERVE,
  reserves: FundType.RESERVE,
  'reserve fund': FundType.RESERVE,
};

// The control accounts the receivables settings create (and would take in by name).
const CONTROL_NAMES: { type: AccountType; name: string; message: string }[] = [
  {
    type: AccountType.ASSET,
    name: 'assessments receivable',
    message:
      "Assessments Receivable is kept by invoices and payments and created with the receivables settings: leave this row out and bring each unit's balance with Units → Import opening balances",
  },
  {
    type: AccountType.LIABILITY,
    name: 'prepaid assessments',
    message:
      "Prepaid Assessments is kept by payments and created with the receivables settings: leave this row out and bring each unit's credit with Units → Import opening balances",
  },
];

const words = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

// The template: the header and example rows (marked, so they are never imported).
export function accountImportTemplate(): string {
  return toCsv([
    [...ACCOUNT_CSV_COLUMNS],
    [sampleCell('1010'), 'Operating Checking', 'asset', 'operating', '25000.00', '2026-01-01', ''],
    [sampleCell('1510'), 'Reserve Savings', 'asset', 'reserve', '180000.00', '2026-01-01', ''],
    [sampleCell('4010'), 'Assessment Income', 'income', 'operating', '', '', 'Monthly dues'],
    [sampleCell('5010'), 'Landscaping', 'expense', 'operating', '', '', ''],
    [sampleCell('6510'), 'Reserve Expenditures', 'expense', 'reserve', '', '', ''],
  ]);
}

export interface AccountImportResult {
  created: number;
  sampleRowsSkipped: number;
  errors: CsvRowError[];
}

// `date`: the opening balances' date for rows with a balance and no opening_date of their own.
export async function importAccounts(
  em: EntityManager,
  actor: AuthInfo | null,
  text: string,
  date?: string | null,
): Promise<AccountImportResult> {
  const parsed = parseCsvRows(text);
  if ('error' in parsed) return { created: 0, sampleRowsSkipped: 0, errors: [parsed.error] };
  const checked = await checkRows(em, parsed, date ?? null);
  if ('errors' in checked) {
    return { created: 0, sampleRowsSkipped: parsed.sampleRows, errors: checked.errors };
  }
  const errors = await createAccounts(em, actor, checked.drafts);
  return {
    created: errors.length ? 0 : checked.drafts.length,
    sampleRowsSkipped: parsed.sampleRows,
    errors,
  };
}

interface Draft {
  row: number;
  input: CreateAccountInput;
}

async function checkRows(
  em: EntityManager,
  parsed: { rows: string[][]; rowNumbers: number[]; sampleRows: number },
  date: string | null,
): Promise<{ drafts: Draft[] } | { errors: CsvRowError[] }> {
  const records = parsed.rows;
  if (!records.length) return { errors: [{ row: 1, field: null, message: 'The file is empty' }] };
  const header = records[0].map((h) => {
    const name = csvHeaderName(h);
    return ALIASES[name] ?? name;
  });
  const col = (name: Column) => header.indexOf(name);
  const errors: CsvRowError[] = [];
  for (const required of ['number', 'name', 'type'] as const) {
    if (col(required) < 0) {
      errors.push({ row: 1, field: required, message: `Missing column ${required}` });
    }
  }
  if (errors.length) return { errors };
  if (records.length > MAX_ROWS + 1) {
    return { errors: [{ row: 1, field: null, message: 'At most 2,000 accounts per file' }] };
  }
  if (date !== null && !isLocalDate(date)) {
    return { errors: [{ row: 1, field: 'date', message: 'Use a date like 2026-01-01' }] };
  }
  const get = (rec: string[], name: Column) =>
    col(name) >= 0 ? (rec[col(name)] ?? '').trim() : '';

  const taken = await selectAccountNumbers(em);
  const seen = new Map<string, number>();
  const drafts: Draft[] = [];
  records.slice(1).forEach((rec, i) => {
    const row = parsed.rowNumbers[i + 1];
    const problems: CsvRowError[] = [];
    const fail = (field: Column, message: string) => problems.push({ row, field, message });

    const number = get(rec, 'number');
    if (!number) fail('number', 'Enter the account number');
    else if (!NUMBER.test(number)) {
      fail(
        'number',
        'Use up to 20 letters, digits, dots or dashes, starting with a letter or digit',
      );
    } else if (taken.has(number)) fail('number', `Account number ${number} already exists`);
    else if (seen.has(number)) {
      fail('number', `Account number ${number} is also on line ${seen.get(number)}`);
    }
    if (number && !seen.has(number)) seen.set(number, row);

    const name = get(rec, 'name');
    if (!name) fail('name', 'Enter the account name');
    else if (name.length > L.accounts.name) {
      fail('name', `Name must be 1 to ${L.accounts.name} characters`);
    }

    const typeText = words(get(rec, 'type'));
    const type = TYPES[typeText];
    if (RECEIVABLE_TYPES.has(typeText)) fail('type', CONTROL_NAMES[0].message);
    else if (!typeText) fail('type', 'Enter the type: asset, liability, equity, income or expense');
    else if (!type) {
      fail(
        'type',
        `"${get(rec, 'type')}" is not an account type: use asset, liability, equity, income or expense`,
      );
    }
    const control = CONTROL_NAMES.find((c) => c.type === type && c.name === words(name));
    if (control) fail('name', control.message);

    const fundText = words(get(rec, 'fund'));
    const fundType = FUNDS[fundText];
    if (!fundType) fail('fund', `"${get(rec, 'fund')}" is not a fund: use operating or reserve`);

    const description = get(rec, 'description');
    if (description.length > L.accounts.description) {
      fail('description', `Description must be at most ${L.accounts.description} characters`);
    }

    const amount = parseAmount(get(rec, 'opening_balance'));
    if (amount.error) fail('opening_balance', amount.error);
    const balance: Cents = amount.cents ?? 0;
    const on = get(rec, 'opening_date') || date || '';
    if (get(rec, 'opening_date') && !isLocalDate(get(rec, 'opening_date'))) {
      fail('opening_date', 'Use a date like 2026-01-01');
    } else if (balance !== 0 && !on) {
      fail('opening_date', 'Give the date of the opening balance');
    }

    if (problems.length) {
      errors.push(...problems);
      return;
    }
    drafts.push({
      row,
      input: {
        number,
        name,
        type: type!,
        fundType: fundType!,
        description: description || null,
        initialBalance: balance || null,
        openingDate: balance ? on : null,
      },
    });
  });
  if (errors.length) return { errors };
  if (!drafts.length) {
    const message = parsed.sampleRows
      ? onlySampleRowsMessage(parsed.sampleRows)
      : 'The file has no accounts';
    return { errors: [{ row: 2, field: null, message }] };
  }
  return { drafts };
}

// Creates the accounts, with their opening balances, in one transaction: a refusal of any one
// (a number taken meanwhile, a date the books refuse) is answered at its row and nothing stays.
async function createAccounts(
  em: EntityManager,
  actor: AuthInfo | null,
  drafts: Draft[],
): Promise<CsvRowError[]> {
  const refused: CsvRowError[] = [];
  const undo = new Error('undo the import');
  try {
    await em.transactional(async (tx) => {
      for (const d of drafts) {
        try {
          await createAccount(tx, d.input, actor);
        } catch (err) {
          if (!(err instanceof AppError) || err.code === 'INTERNAL') throw err;
          const detail = err.details?.[0];
          refused.push({ row: d.row, field: columnOf(detail?.field), message: err.message });
          throw undo;
        }
      }
    });
  } catch (err) {
    if (err !== undo) throw err;
  }
  // A number refused although the chart does not have it: what was taken was an account created
  // with it (its fund's opening balance equity) by another change at the same moment.
  const [r] = refused;
  if (r?.field === 'number') {
    const d = drafts.find((x) => x.row === r.row)!;
    if (!(await selectAccountNumbers(em)).has(d.input.number)) {
      return [
        {
          row: r.row,
          field: null,
          message:
            'The chart of accounts changed while this file was imported (an account was created at the same moment): nothing was imported; import the file again',
        },
      ];
    }
  }
  return refused;
}

const FIELD_COLUMNS: Record<string, Column> = {
  number: 'number',
  name: 'name',
  type: 'type',
  fundType: 'fund',
  description: 'description',
  initialBalance: 'opening_balance',
  openingDate: 'opening_date',
  date: 'opening_date',
};
const columnOf = (field: string | undefined): string | null =>
  field ? (FIELD_COLUMNS[field.split('.').at(-1)!] ?? null) : null;
