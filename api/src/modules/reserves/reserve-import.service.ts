import type { EntityManager } from '@mikro-orm/postgresql';
import { validate } from 'class-validator';
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
import type { FieldDetail } from '../../core/errors/app-error.js';
import { newIds } from '../../core/ids.js';
import { formatMoney } from '../../core/money/money.js';
import { recordTenantAudit } from '../audit/index.js';
import { ReserveComponentInput } from './reserves.inputs.js';
import {
  type ComponentValues,
  insertComponents,
  selectReserveAssetAccounts,
} from './reserves.repository.js';
import { componentValues } from './reserves.service.js';
import { ReserveCategory } from './reserves.types.js';

export const RESERVE_CSV_COLUMNS = [
  'name',
  'category',
  'quantity',
  'unit',
  'useful_life_years',
  'remaining_life_years',
  'placed_in_service_year',
  'current_replacement_cost',
  'reserve_account',
  'notes',
] as const;

const MAX_COMPONENTS = 1000;
const CATEGORIES = Object.values(ReserveCategory) as string[];

// The example rows are marked as samples, so left in they are skipped, not imported.
export async function reserveImportTemplate(em: EntityManager): Promise<string> {
  const [account] = await selectReserveAssetAccounts(em);
  const number = account?.number ?? '';
  return toCsv([
    [...RESERVE_CSV_COLUMNS],
    [
      sampleCell('Clubhouse roof'),
      'roofing',
      '42',
      'squares',
      '25',
      '18',
      '',
      '48750.00',
      number,
      'Asphalt shingles',
    ],
    [
      sampleCell('Street asphalt overlay'),
      'paving',
      '9800',
      'sq yd',
      '25',
      '',
      '2008',
      '392000.00',
      number,
      '',
    ],
  ]);
}

// The file's column for an input field the field rules name.
const COLUMN_OF: Record<string, string> = {
  name: 'name',
  category: 'category',
  quantity: 'quantity',
  unit: 'unit',
  usefulLifeYears: 'useful_life_years',
  remainingLifeYears: 'remaining_life_years',
  placedInServiceYear: 'placed_in_service_year',
  currentReplacementCost: 'current_replacement_cost',
  accountId: 'reserve_account',
  notes: 'notes',
};

// A whole number cell: null when empty, NaN when not a whole number.
function wholeNumber(cell: string): number | null {
  if (!cell) return null;
  return /^\d{1,4}$/.test(cell) ? Number(cell) : Number.NaN;
}

// All or nothing, like the units import: every row is checked with the same rules as
// createReserveComponent (a reserve account named by its number; blank: the reserve fund's first
// asset account), and any problem means nothing is written.
export async function importReserveComponents(
  em: EntityManager,
  actor: AuthInfo | null,
  text: string,
): Promise<{ created: number; sampleRowsSkipped: number; errors: CsvRowError[] }> {
  const parsed = parseCsvRows(text);
  if ('error' in parsed) return { created: 0, sampleRowsSkipped: 0, errors: [parsed.error] };
  const { rows, rowNumbers, sampleRows } = parsed;
  const result = await checkAndInsert(em, actor, rows, rowNumbers, sampleRows);
  return { ...result, sampleRowsSkipped: sampleRows };
}

async function checkAndInsert(
  em: EntityManager,
  actor: AuthInfo | null,
  records: string[][],
  rowNumbers: number[],
  sampleRows: number,
): Promise<{ created: number; errors: CsvRowError[] }> {
  if (!records.length) {
    return { created: 0, errors: [{ row: 1, field: null, message: 'The file is empty' }] };
  }
  const header = records[0].map(csvHeaderName);
  const col = (name: string) => header.indexOf(name);
  const errors: CsvRowError[] = [];
  for (const required of ['name', 'useful_life_years', 'current_replacement_cost']) {
    if (col(required) < 0)
      errors.push({ row: 1, field: required, message: `Missing column ${required}` });
  }
  if (col('remaining_life_years') < 0 && col('placed_in_service_year') < 0) {
    errors.push({
      row: 1,
      field: 'remaining_life_years',
      message: 'Missing column remaining_life_years (or placed_in_service_year)',
    });
  }
  if (errors.length) return { created: 0, errors };
  if (records.length > MAX_COMPONENTS + 1) {
    return {
      created: 0,
      errors: [{ row: 1, field: null, message: `At most ${MAX_COMPONENTS} components per file` }],
    };
  }
  const accounts = await selectReserveAssetAccounts(em);
  const components: ComponentValues[] = [];
  for (const [i, rec] of records.slice(1).entries()) {
    const row = rowNumbers[i + 1];
    const get = (name: string) => (col(name) >= 0 ? (rec[col(name)] ?? '').trim() : '');
    const problem = (field: string, message: string) => errors.push({ row, field, message });

    const categoryText = get('category').toLowerCase();
    const category = categoryText || ReserveCategory.OTHER;
    if (!CATEGORIES.includes(category)) {
      problem(
        'category',
        `Unknown category "${get('category')}"; use one of ${CATEGORIES.join(', ')}`,
      );
    }
    const ints: Record<string, number | null> = {};
    for (const c of ['useful_life_years', 'remaining_life_years', 'placed_in_service_year']) {
      ints[c] = wholeNumber(get(c));
      if (Number.isNaN(ints[c])) problem(c, `"${get(c)}" is not a whole number of years`);
    }
    if (ints.useful_life_years === null)
      problem('useful_life_years', 'Enter the useful life in years');
    const cost = parseAmount(get('current_replacement_cost'));
    if (cost.error) problem('current_replacement_cost', cost.error);
    else if (!get('current_replacement_cost')) {
      problem('current_replacement_cost', 'Enter the current replacement cost');
    }
    const accountNumber = get('reserve_account');
    const account = accountNumber
      ? accounts.find((a) => a.number.toLowerCase() === accountNumber.toLowerCase())
      : accounts[0];
    if (!account) {
      problem(
        'reserve_account',
        accountNumber
          ? `No active reserve-fund asset account numbered "${accountNumber}"`
          : 'The reserve fund has no asset account to fund components from; add one first',
      );
    }
    const input = Object.assign(new ReserveComponentInput(), {
      name: get('name'),
      category: category as ReserveCategory,
      quantity: get('quantity') || null,
      unit: get('unit') || null,
      usefulLifeYears: Number.isNaN(ints.useful_life_years) ? 0 : (ints.useful_life_years ?? 0),
      remainingLifeYears: Number.isNaN(ints.remaining_life_years)
        ? null
        : ints.remaining_life_years,
      placedInServiceYear: Number.isNaN(ints.placed_in_service_year)
        ? null
        : ints.placed_in_service_year,
      currentReplacementCost: cost.cents ?? 0,
      accountId: account?.id ?? '',
      notes: get('notes') || null,
    });
    // The field rules of the API's input, where the cells above did not already fail.
    const failed = new Set(errors.filter((e) => e.row === row).map((e) => e.field));
    for (const e of await validate(input, { forbidUnknownValues: false })) {
      const field = COLUMN_OF[e.property] ?? e.property;
      if (failed.has(field)) continue;
      for (const message of Object.values(e.constraints ?? {})) problem(field, message);
    }
    const details: FieldDetail[] = [];
    const values = componentValues(input, details, (f) => COLUMN_OF[f] ?? f);
    for (const d of details) if (!failed.has(d.field)) problem(d.field, d.message);
    components.push(values);
  }
  if (errors.length) return { created: 0, errors };
  if (!components.length) {
    const message = sampleRows ? onlySampleRowsMessage(sampleRows) : 'The file has no components';
    return { created: 0, errors: [{ row: 2, field: null, message }] };
  }
  const ids = newIds(components.length);
  await em.transactional(async (tx) => {
    const rows = components.map((values, i) => ({ id: ids[i], values }));
    await insertComponents(tx, rows);
    for (const { id, values } of rows) {
      await recordTenantAudit(tx, actor, {
        entityType: 'ReserveComponent',
        entityId: id,
        action: 'import',
        changes: { ...values, currentReplacementCost: formatMoney(values.currentReplacementCost) },
      });
    }
  });
  return { created: components.length, errors: [] };
}
