import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

// Every SQL statement of the owner portal's reads and its settings (the rule: top of
// modules/journal/journal.repository.ts). Bindings of owners to units are unit-owners.repository.ts,
// published documents published-documents.repository.ts.

export interface OwnedUnitRow {
  id: string;
  number: string;
  address: string | null;
  owner_name: string | null;
}

// The units, by number (as the treasurer's list orders them).
export function selectOwnedUnits(em: EntityManager, ids: string[]): Promise<OwnedUnitRow[]> {
  return sql(em).all<OwnedUnitRow>(
    `SELECT id, number, address, owner_name FROM units WHERE id = ${anyOf('uuid')}
      ORDER BY lower(number), id`,
    [ids],
  );
}

// The invoices of the units, newest first (issue date, then number).
export function selectInvoiceIds(
  em: EntityManager,
  unitIds: string[],
): Promise<{ id: string; unit_id: string }[]> {
  return sql(em).all(
    `SELECT id, unit_id FROM invoices WHERE unit_id = ${anyOf('uuid')}
      ORDER BY issue_date DESC, number DESC`,
    [unitIds],
  );
}

// The payments of the units, newest first (date, then number).
export function selectPaymentIds(
  em: EntityManager,
  unitIds: string[],
): Promise<{ id: string; unit_id: string }[]> {
  return sql(em).all(
    `SELECT id, unit_id FROM payments WHERE unit_id = ${anyOf('uuid')}
      ORDER BY date DESC, number DESC`,
    [unitIds],
  );
}

// The unit an invoice or payment is of (none for an id of neither).
export async function unitOfInvoice(em: EntityManager, id: string): Promise<string | undefined> {
  const [row] = await sql(em).all<{ unit_id: string }>(
    'SELECT unit_id FROM invoices WHERE id = ?',
    [id],
  );
  return row?.unit_id;
}

export async function unitOfPayment(em: EntityManager, id: string): Promise<string | undefined> {
  const [row] = await sql(em).all<{ unit_id: string }>(
    'SELECT unit_id FROM payments WHERE id = ?',
    [id],
  );
  return row?.unit_id;
}

export interface PortalSettingsRow {
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  mailing_address: string | null;
  payment_instructions: string | null;
}

const SETTINGS = `contact_name, contact_email, contact_phone, mailing_address, payment_instructions`;

// The one row (tenant migration 033 inserts it).
export async function selectPortalSettings(
  em: EntityManager,
  lock = false,
): Promise<PortalSettingsRow> {
  const [row] = await sql(em).all<PortalSettingsRow>(
    `SELECT ${SETTINGS} FROM owner_portal_settings WHERE id = 1${lock ? ' FOR UPDATE' : ''}`,
  );
  return row;
}

export async function updatePortalSettings(
  tx: EntityManager,
  s: PortalSettingsRow,
  updatedBy: string | null,
): Promise<void> {
  await sql(tx).run(
    `UPDATE owner_portal_settings SET contact_name = ?, contact_email = ?, contact_phone = ?,
            mailing_address = ?, payment_instructions = ?, updated_by = ?, updated_at = now()
      WHERE id = 1`,
    [
      s.contact_name,
      s.contact_email,
      s.contact_phone,
      s.mailing_address,
      s.payment_instructions,
      updatedBy,
    ],
  );
}

// Whether the association's connected Stripe account takes charges (platform database; the
// online payments feature connects it).
export async function stripeChargesEnabled(
  platformEm: EntityManager,
  orgId: string,
): Promise<boolean> {
  const [row] = await sql(platformEm).all<{ charges_enabled: boolean }>(
    'SELECT charges_enabled FROM stripe_connected_accounts WHERE organization_id = ?',
    [orgId],
  );
  return row?.charges_enabled === true;
}
