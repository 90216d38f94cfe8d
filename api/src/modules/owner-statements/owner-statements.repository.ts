import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

// Every SQL statement of owners' statements. The figures themselves are the unit ledger's (units);
// what is read here is what a statement prints around them.

export interface StatementUnitRow {
  id: string;
  number: string;
  address: string | null;
  owner_name: string | null;
}

export async function selectStatementUnit(
  em: EntityManager,
  id: string,
): Promise<StatementUnitRow | undefined> {
  const [row] = await sql(em).all<StatementUnitRow>(
    'SELECT id, number, address, owner_name FROM units WHERE id = ?',
    [id],
  );
  return row;
}

// Everything as it stood at the end of a day, as the aging report reads it: a document counts from
// its date until its void date; an application once its date has come, while its payment and
// invoice stand.
const live = (alias: string, dateCol: string) =>
  `${alias}.${dateCol} <= ?::date AND (${alias}.void_date IS NULL OR ${alias}.void_date > ?::date)`;
const APPLIED = `SELECT a.invoice_id, a.payment_id, a.amount FROM payment_applications a
    JOIN payments p ON p.id = a.payment_id JOIN invoices i ON i.id = a.invoice_id
   WHERE i.unit_id = ? AND a.applied_on <= ?::date AND ${live('p', 'date')} AND ${live('i', 'issue_date')}`;
const appliedParams = (unitId: string, asOf: string) => [unitId, asOf, asOf, asOf, asOf, asOf];

// The unit's invoices open at the end of the day: their due dates and what was left to pay.
export function selectOpenInvoicesAsOf(
  em: EntityManager,
  unitId: string,
  asOf: string,
): Promise<{ due_date: string; open: string }[]> {
  return sql(em).all(
    `WITH applied AS (${APPLIED}),
     open AS (
       SELECT i.due_date, i.number,
              i.total - coalesce((SELECT sum(amount) FROM applied WHERE invoice_id = i.id), 0)
                      - coalesce((SELECT sum(w.amount) FROM invoice_write_offs w
                                   WHERE w.invoice_id = i.id AND ${live('w', 'date')}), 0) AS open
         FROM invoices i WHERE i.unit_id = ? AND ${live('i', 'issue_date')})
     SELECT due_date::text AS due_date, open::text AS open FROM open WHERE open > 0
      ORDER BY due_date, number`,
    [...appliedParams(unitId, asOf), asOf, asOf, unitId, asOf, asOf],
  );
}

// The unit's credit at the end of the day: what of its standing payments was not yet applied.
export async function selectCreditAsOf(
  em: EntityManager,
  unitId: string,
  asOf: string,
): Promise<string> {
  const [row] = await sql(em).all<{ credit: string }>(
    `WITH applied AS (${APPLIED})
     SELECT coalesce(sum(p.amount - coalesce((SELECT sum(amount) FROM applied WHERE payment_id = p.id), 0)), 0)::text AS credit
       FROM payments p WHERE p.unit_id = ? AND ${live('p', 'date')}`,
    [...appliedParams(unitId, asOf), unitId, asOf, asOf],
  );
  return row.credit;
}

export interface PortalSettingsRow {
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  mailing_address: string | null;
  payment_instructions: string | null;
}

// The association's contact details and payment instructions (the owner portal's settings).
export async function selectPortalSettings(em: EntityManager): Promise<PortalSettingsRow> {
  const [row] = await sql(em).all<PortalSettingsRow>(
    `SELECT contact_name, contact_email, contact_phone, mailing_address, payment_instructions
       FROM owner_portal_settings WHERE id = 1`,
  );
  return (
    row ?? {
      contact_name: null,
      contact_email: null,
      contact_phone: null,
      mailing_address: null,
      payment_instructions: null,
    }
  );
}

// Each unit's owners (unit_owners), by unit number.
export function selectUnitOwners(
  em: EntityManager,
): Promise<{ unit_id: string; user_id: string }[]> {
  return sql(em).all(
    `SELECT o.unit_id, o.user_id FROM unit_owners o JOIN units u ON u.id = o.unit_id
      ORDER BY lower(u.number), u.id, o.created_at, o.user_id`,
  );
}

// ---- Platform database (read by SQL, so that a module never imports the platform's entities) ----

// Whether the association's own Stripe account takes charges (owners may pay online).
export async function selectChargesEnabled(
  platformEm: EntityManager,
  orgId: string,
): Promise<boolean> {
  const [row] = await sql(platformEm).all<{ charges_enabled: boolean }>(
    'SELECT charges_enabled FROM stripe_connected_accounts WHERE organization_id = ?',
    [orgId],
  );
  return row?.charges_enabled ?? false;
}

// The locale the association's words are written in (its settings), when it names one.
export async function selectLocale(
  platformEm: EntityManager,
  orgId: string,
): Promise<string | null> {
  const [row] = await sql(platformEm).all<{ locale: string | null }>(
    `SELECT nullif(settings ->> 'locale', '') AS locale FROM organizations WHERE id = ?`,
    [orgId],
  );
  return row?.locale ?? null;
}

// The association's owners among `ids` whose membership is active (an invited owner who has not
// joined, or a suspended one, is left out), with their name (or email) and email.
export function selectActiveOwners(
  platformEm: EntityManager,
  orgId: string,
  ids: string[],
): Promise<{ id: string; name: string; email: string }[]> {
  return sql(platformEm).all(
    `SELECT u.id, coalesce(nullif(u.name, ''), u.email) AS name, u.email
       FROM users u JOIN memberships m ON m.user_id = u.id
      WHERE m.organization_id = ? AND m.status = 'active' AND m.role = 'owner'
        AND u.id = ${anyOf('uuid')}`,
    [orgId, ids],
  );
}
