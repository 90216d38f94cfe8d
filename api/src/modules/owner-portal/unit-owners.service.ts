import type { EntityManager } from '@mikro-orm/postgresql';
import { isEmail } from 'class-validator';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { csvHeaderName, onlySampleRowsMessage, parseCsvRows } from '../../core/csv/parse-rows.js';
import { badInput, type FieldDetail, notFound } from '../../core/errors/app-error.js';
import { isId } from '../../core/ids.js';
import { TENANT_TEXT_LIMITS as L } from '@covenant/shared/text-limits';
import { recordTenantAudit } from '../audit/index.js';
import {
  type BindingRow,
  countBindingsOf,
  deleteBinding,
  insertBinding,
  selectBindingsOfUnits,
  selectBindingsOfUsers,
  selectUnitNumbersOf,
  selectUnitRef,
  selectUnitRefs,
  type UnitRef,
} from './unit-owners.repository.js';

// Which people own which units (unit_owners). The people themselves, their memberships and
// invitations are the platform's (platform/organizations/owner-invitations.service.ts), which
// binds and unbinds through these functions.

export type { BindingRow, UnitRef };

// A unit of the association, or NOT_FOUND (another association's id, or no id at all).
export async function unitRef(em: EntityManager, unitId: string): Promise<UnitRef> {
  const u = isId(unitId) ? await selectUnitRef(em, unitId) : undefined;
  if (!u) throw notFound('Unit');
  return u;
}

export const bindingsOfUnits = (em: EntityManager, unitIds: string[]) =>
  unitIds.length ? selectBindingsOfUnits(em, unitIds) : Promise.resolve([]);

export const bindingsOfUsers = (em: EntityManager, userIds: string[]) =>
  userIds.length ? selectBindingsOfUsers(em, userIds) : Promise.resolve([]);

export const unitNumbersOfOwner = selectUnitNumbersOf;

// Binds a person to a unit, in the caller's transaction; answers whether the binding is new.
export async function bindOwner(
  tx: EntityManager,
  actor: AuthInfo | null,
  unit: UnitRef,
  owner: { userId: string; email: string },
): Promise<boolean> {
  const added = await insertBinding(tx, {
    unitId: unit.id,
    userId: owner.userId,
    email: owner.email,
    invitedBy: actor?.userId ?? null,
  });
  if (added) {
    await recordTenantAudit(tx, actor, {
      entityType: 'Unit',
      entityId: unit.id,
      action: 'owner.add',
      changes: { number: unit.number, email: owner.email },
    });
  }
  return added;
}

// Unbinds a person from a unit, in the caller's transaction (NOT_FOUND when they are not its
// owner); answers how many units they still own.
export async function unbindOwner(
  tx: EntityManager,
  actor: AuthInfo | null,
  unit: UnitRef,
  userId: string,
  email: string | null,
): Promise<number> {
  if (!isId(userId) || !(await deleteBinding(tx, unit.id, userId))) throw notFound('Owner');
  await recordTenantAudit(tx, actor, {
    entityType: 'Unit',
    entityId: unit.id,
    action: 'owner.remove',
    changes: { number: unit.number, email },
  });
  return countBindingsOf(tx, userId);
}

// ---- The units CSV, read for invitations ----

// One owner of one unit a file asks to invite, at its row.
export interface OwnerInvitationLine {
  row: number;
  unit: UnitRef;
  email: string;
}

export interface OwnerInvitationFileSkip {
  unitNumber: string;
  email: string | null;
  reason: string;
}

const MAX_ROWS = 5000;
const MAX_DETAILS = 50;

// Several owners of a unit share its email cell: "ann@example.com; bob@example.com".
export const splitEmails = (cell: string) =>
  cell
    .split(/[;,\s]+/)
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '');

// The units CSV (Units → Export, or the import template): its unit_number and email columns, the
// rest ignored. Units are matched by number (as the import writes them, case aside). All or
// nothing: a row naming no unit of the books, or an address that is none, refuses the file
// (BAD_USER_INPUT, a detail per problem naming its row); a unit without an email is skipped and
// said so.
export async function readOwnerInvitationFile(
  em: EntityManager,
  text: string,
): Promise<{ lines: OwnerInvitationLine[]; skipped: OwnerInvitationFileSkip[] }> {
  const parsed = parseCsvRows(text);
  if ('error' in parsed) {
    throw badInput([{ field: 'file', message: parsed.error.message }], parsed.error.message);
  }
  const { rows, rowNumbers, sampleRows } = parsed;
  if (!rows.length)
    throw badInput([{ field: 'file', message: 'The file is empty' }], 'The file is empty');
  const header = rows[0].map(csvHeaderName);
  const col = (name: string) => header.indexOf(name);
  const missing = ['unit_number', 'email'].filter((c) => col(c) < 0);
  if (missing.length) {
    const message = `The file needs the columns unit_number and email (as Units → Export writes them); missing: ${missing.join(', ')}`;
    throw badInput(
      missing.map((c) => ({ field: `rows.1.${c}`, message: `Missing column ${c}` })),
      message,
    );
  }
  if (rows.length > MAX_ROWS + 1) {
    const message = `At most ${MAX_ROWS.toLocaleString('en-US')} units per file`;
    throw badInput([{ field: 'file', message }], message);
  }
  const units = new Map((await selectUnitRefs(em)).map((u) => [u.number.toLowerCase(), u]));
  const details: FieldDetail[] = [];
  const problem = (row: number, field: string, message: string) =>
    details.push({ field: `rows.${row}.${field}`, message: `Row ${row}: ${message}` });
  const lines: OwnerInvitationLine[] = [];
  const skipped: OwnerInvitationFileSkip[] = [];
  const seen = new Set<string>();
  for (const [i, rec] of rows.slice(1).entries()) {
    const row = rowNumbers[i + 1];
    const number = (rec[col('unit_number')] ?? '').trim();
    const emails = splitEmails(rec[col('email')] ?? '');
    const unit = units.get(number.toLowerCase());
    if (!number) problem(row, 'unit_number', 'enter the unit number');
    else if (!unit) problem(row, 'unit_number', `unit ${number} is not in the books`);
    const bad = emails.filter((e) => !isEmail(e) || e.length > L.unit_owners.email);
    for (const e of bad) problem(row, 'email', `"${e}" is not an email address`);
    if (!unit || bad.length) continue;
    if (!emails.length) {
      skipped.push({ unitNumber: unit.number, email: null, reason: 'No email address' });
      continue;
    }
    for (const email of emails) {
      const key = `${unit.id} ${email}`;
      if (seen.has(key)) continue;
      seen.add(key);
      lines.push({ row, unit, email });
    }
  }
  if (details.length) {
    const first = details[0].message;
    throw badInput(
      details.slice(0, MAX_DETAILS),
      details.length === 1
        ? `${first}. Nobody was invited.`
        : `${details.length} problems in the file (the first: ${first}). Nobody was invited.`,
    );
  }
  if (!lines.length && !skipped.length) {
    const message = sampleRows ? onlySampleRowsMessage(sampleRows) : 'The file has no units';
    throw badInput([{ field: 'file', message }], message);
  }
  return { lines, skipped };
}
