import type { EntityManager } from '@mikro-orm/postgresql';
import { validate } from 'class-validator';
import {
  csvHeaderName,
  onlySampleRowsMessage,
  parseCsvRows,
  sampleCell,
} from '../../core/csv/parse-rows.js';
import type { CsvRowError } from '../../core/csv/row-error.js';
import { toCsv } from '@covenant/shared/csv';
import { isUniqueViolation } from '../../core/db/errors.js';
import { newIds } from '../../core/ids.js';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { UnitInput } from './units.inputs.js';
import {
  defaultGroupName,
  firstPropertyTypeName,
  insertImportedUnits,
  selectGroupNames,
  selectPropertyTypeNames,
  selectUnitNumbers,
  type UnitValues,
} from './units.repository.js';
import { type UnitLimit, unitValues } from './units.service.js';

export const UNIT_CSV_COLUMNS = [
  'unit_number',
  'address',
  'owner_name',
  'email',
  'phone',
  'property_type',
  'assessment_group',
] as const;

const MAX_UNITS = 5000;

// The example row is marked as a sample, so left in it is skipped, not imported as unit 101.
export async function unitImportTemplate(em: EntityManager): Promise<string> {
  const pt = await firstPropertyTypeName(em);
  const g = await defaultGroupName(em);
  return toCsv([
    [...UNIT_CSV_COLUMNS],
    [
      sampleCell('101'),
      '12 Maple Ridge Dr',
      'Jordan Lee',
      'jordan@example.com',
      '555-0100',
      pt ?? 'Single family',
      g ?? '',
    ],
  ]);
}

// The file's column for a UnitInput field the field rules name.
const COLUMN_OF: Record<string, string> = { number: 'unit_number', ownerName: 'owner_name' };

// A row's problems with the field rules of UnitInput, the same rules as createUnit's.
async function fieldProblems(row: number, input: UnitInput): Promise<CsvRowError[]> {
  const errors = await validate(Object.assign(new UnitInput(), input), {
    forbidUnknownValues: false,
  });
  return errors.flatMap((e) =>
    Object.values(e.constraints ?? {}).map((message) => ({
      row,
      field: COLUMN_OF[e.property] ?? e.property,
      message,
    })),
  );
}

// All or nothing: every row is checked (required fields, email, known property type and group,
// duplicates in the file and in the books); any error and nothing is written.
export async function importUnits(
  em: EntityManager,
  actor: AuthInfo | null,
  text: string,
  limit: UnitLimit = () => undefined,
): Promise<{ created: number; sampleRowsSkipped: number; errors: CsvRowError[] }> {
  const parsed = parseCsvRows(text);
  if ('error' in parsed) return { created: 0, sampleRowsSkipped: 0, errors: [parsed.error] };
  const { rows, rowNumbers, sampleRows } = parsed;
  const result = await checkAndInsert(em, actor, rows, rowNumbers, sampleRows, limit);
  return { ...result, sampleRowsSkipped: sampleRows };
}

async function checkAndInsert(
  em: EntityManager,
  actor: AuthInfo | null,
  records: string[][],
  rowNumbers: number[],
  sampleRows: number,
  limit: UnitLimit,
): Promise<{ created: number; errors: CsvRowError[] }> {
  const errors: CsvRowError[] = [];
  if (!records.length)
    return { created: 0, errors: [{ row: 1, field: null, message: 'The file is empty' }] };
  const header = records[0].map(csvHeaderName);
  const col = (name: string) => header.indexOf(name);
  for (const required of ['unit_number', 'property_type']) {
    if (col(required) < 0)
      errors.push({ row: 1, field: required, message: `Missing column ${required}` });
  }
  if (errors.length) return { created: 0, errors };
  if (records.length > MAX_UNITS + 1)
    return {
      created: 0,
      errors: [{ row: 1, field: null, message: 'At most 5,000 units per file' }],
    };
  const types = await selectPropertyTypeNames(em);
  const groups = await selectGroupNames(em);
  const existing = new Set((await selectUnitNumbers(em)).map((n) => n.toLowerCase()));
  const seen = new Map<string, number>();
  const units: UnitValues[] = [];
  for (const [i, rec] of records.slice(1).entries()) {
    const row = rowNumbers[i + 1];
    const get = (name: string) => (col(name) >= 0 ? (rec[col(name)] ?? '').trim() : '');
    const typeName = get('property_type');
    const groupName = get('assessment_group');
    const type = types.find((t) => t.name.toLowerCase() === typeName.toLowerCase());
    const group = groupName
      ? groups.find((g) => g.name.toLowerCase() === groupName.toLowerCase())
      : groups.find((g) => g.is_default);
    const input: UnitInput = {
      number: get('unit_number'),
      address: get('address'),
      ownerName: get('owner_name'),
      email: get('email'),
      phone: get('phone'),
      propertyTypeId: type?.id ?? '',
      assessmentGroupId: group?.id ?? '',
    };
    errors.push(...(await fieldProblems(row, input)));
    const u = unitValues(input);
    if (!typeName) errors.push({ row, field: 'property_type', message: 'Enter the property type' });
    else if (!type)
      errors.push({ row, field: 'property_type', message: `Unknown property type "${typeName}"` });
    if (!group) {
      errors.push({
        row,
        field: 'assessment_group',
        message: groupName
          ? `Unknown assessment group "${groupName}"`
          : 'No group given and no default group',
      });
    }
    const key = u.number.toLowerCase();
    if (u.number && seen.has(key)) {
      errors.push({
        row,
        field: 'unit_number',
        message: `Unit ${u.number} is also on line ${seen.get(key)}`,
      });
    } else if (u.number && existing.has(key)) {
      errors.push({ row, field: 'unit_number', message: `Unit ${u.number} already exists` });
    }
    if (u.number) seen.set(key, row);
    units.push(u);
  }
  if (errors.length) return { created: 0, errors };
  if (!units.length) {
    const message = sampleRows ? onlySampleRowsMessage(sampleRows) : 'The file has no units';
    return { created: 0, errors: [{ row: 2, field: null, message }] };
  }
  // The plan's unit limit, checked on a valid file (a refusal names the plan and the upgrade).
  limit(existing.size, units.length);
  const ids = newIds(units.length);
  try {
    await em.transactional((tx) => insertImportedUnits(tx, actor, ids, units));
  } catch (e) {
    // A unit added by someone else while the file was checked.
    if (isUniqueViolation(e)) {
      return {
        created: 0,
        errors: [
          {
            row: 1,
            field: 'unit_number',
            message: 'A unit number in the file was just created by someone else; try again',
          },
        ],
      };
    }
    throw e;
  }
  return { created: units.length, errors: [] as CsvRowError[] };
}
