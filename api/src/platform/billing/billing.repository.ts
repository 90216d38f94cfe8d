import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';

// Every SQL statement of sign-up and subscriptions.

export interface SignupRow {
  id: string;
  status: 'pending_payment' | 'provisioning' | 'ready' | 'failed';
  association_name: string;
  contact_name: string;
  email: string;
  unit_count: number;
  plan_level: string;
  billing_interval: 'monthly' | 'annual';
  trial: boolean;
  status_key_hash: string;
  checkout_session_id: string | null;
  organization_id: string | null;
  error: string | null;
}

export async function insertSignup(
  em: EntityManager,
  row: Omit<SignupRow, 'status' | 'checkout_session_id' | 'organization_id' | 'error'>,
) {
  await sql(em).run(
    `INSERT INTO signups (id, association_name, contact_name, email, unit_count, plan_level,
                          billing_interval, trial, status_key_hash)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      row.id,
      row.association_name,
      row.contact_name,
      row.email,
      row.unit_count,
      row.plan_level,
      row.billing_interval,
      row.trial,
      row.status_key_hash,
    ],
  );
}

export async function setCheckoutSession(em: EntityManager, id: string, sessionId: string) {
  await sql(em).run('UPDATE signups SET checkout_session_id = ?, updated_at = now() WHERE id = ?', [
    sessionId,
    id,
  ]);
}

export async function selectSignup(em: EntityManager, id: string): Promise<SignupRow | null> {
  const [row] = await sql(em).all<SignupRow>('SELECT * FROM signups WHERE id = ?', [id]);
  return row ?? null;
}

// Takes a sign-up for provisioning, once: a concurrent delivery of the same checkout finds it
// taken. A failed one may be taken again (the processor's retry of the event).
export async function claimSignup(em: EntityManager, id: string): Promise<SignupRow | null> {
  const [row] = await sql(em).all<SignupRow>(
    `UPDATE signups SET status = 'provisioning', updated_at = now()
      WHERE id = ? AND status IN ('pending_payment', 'failed') RETURNING *`,
    [id],
  );
  return row ?? null;
}

export async function finishSignup(
  em: EntityManager,
  id: string,
  outcome: { organizationId: string } | { error: string },
) {
  if ('organizationId' in outcome) {
    await sql(em).run(
      `UPDATE signups SET status = 'ready', organization_id = ?, error = NULL, updated_at = now()
        WHERE id = ?`,
      [outcome.organizationId, id],
    );
  } else {
    await sql(em).run(
      `UPDATE signups SET status = 'failed', error = ?, updated_at = now() WHERE id = ?`,
      [outcome.error.slice(0, 500), id],
    );
  }
}

export async function eventSeen(em: EntityManager, id: string): Promise<boolean> {
  const rows = await sql(em).all<{ id: string }>('SELECT id FROM stripe_events WHERE id = ?', [id]);
  return rows.length > 0;
}

export async function recordEvent(
  em: EntityManager,
  event: { id: string; type: string; organizationId: string | null },
) {
  await sql(em).run(
    `INSERT INTO stripe_events (id, type, organization_id) VALUES (?, ?, ?)
     ON CONFLICT (id) DO NOTHING`,
    [event.id, event.type, event.organizationId],
  );
}

// The organization a subscription's event is about: by subscription, else by customer.
export async function organizationForSubscription(
  em: EntityManager,
  subscriptionId: string | null,
  customerId: string | null,
): Promise<string | null> {
  const [row] = await sql(em).all<{ id: string }>(
    `SELECT id FROM organizations
      WHERE (stripe_subscription_id IS NOT NULL AND stripe_subscription_id = ?)
         OR (stripe_customer_id IS NOT NULL AND stripe_customer_id = ?)
      ORDER BY (stripe_subscription_id = ?) DESC NULLS LAST LIMIT 1`,
    [subscriptionId, customerId, subscriptionId],
  );
  return row?.id ?? null;
}

// Applies only an event at least as new as the last one applied (Stripe does not deliver events in
// order): a late, older event answers false and changes nothing.
const NEWER = '(billing_event_at IS NULL OR billing_event_at <= to_timestamp(?))';

// Paid: the renewal moves, the payment is recorded, and writes are back.
export async function markPaid(
  em: EntityManager,
  orgId: string,
  paid: { paymentDate: string; renewalDate: string | null; confirmationNumber: string | null },
  eventAt: number,
): Promise<boolean> {
  const rows = await sql(em).all<{ id: string }>(
    `UPDATE organizations
        SET billing_status = 'active', read_only_from = NULL, payment_date = ?,
            renewal_date = coalesce(?::date, renewal_date),
            confirmation_number = coalesce(?, confirmation_number),
            billing_event_at = to_timestamp(?), updated_at = now()
      WHERE id = ? AND ${NEWER} RETURNING id`,
    [paid.paymentDate, paid.renewalDate, paid.confirmationNumber, eventAt, orgId, eventAt],
  );
  return rows.length > 0;
}

// A failed payment or a canceled subscription: writes stop after the grace (an earlier start of
// the grace is kept, so repeated failures do not extend it).
export async function startGrace(
  em: EntityManager,
  orgId: string,
  status: 'past_due' | 'canceled',
  graceDays: number,
  eventAt: number,
): Promise<boolean> {
  const rows = await sql(em).all<{ id: string }>(
    `UPDATE organizations
        SET billing_status = ?,
            read_only_from = coalesce(read_only_from, now() + make_interval(days => ?)),
            billing_event_at = to_timestamp(?), updated_at = now()
      WHERE id = ? AND ${NEWER} RETURNING id`,
    [status, graceDays, eventAt, orgId, eventAt],
  );
  return rows.length > 0;
}

// The subscription as Stripe last described it (customer.subscription.updated): its plan and
// interval (null: a price we do not sell, kept as it was), when it renews or ends, and its standing
// (null: no change, e.g. an incomplete first payment). In good standing the grace is lifted; a
// lapse starts it, keeping an earlier start.
export async function applySubscription(
  em: EntityManager,
  orgId: string,
  sub: {
    planLevel: string | null;
    interval: 'monthly' | 'annual' | null;
    renewalDate: string | null;
    // Seconds since the epoch (Stripe's clock), or null: not set to end.
    cancelAt: number | null;
    status: 'active' | 'trialing' | 'past_due' | 'canceled' | null;
  },
  graceDays: number,
  eventAt: number,
): Promise<boolean> {
  const rows = await sql(em).all<{ id: string }>(
    `UPDATE organizations
        SET plan_level = coalesce(?, plan_level),
            billing_interval = coalesce(?, billing_interval),
            renewal_date = coalesce(?::date, renewal_date),
            billing_cancel_at = to_timestamp(?),
            billing_status = coalesce(?, billing_status),
            read_only_from = CASE
              WHEN ?::text IN ('active', 'trialing') THEN NULL
              WHEN ?::text IN ('past_due', 'canceled')
                THEN coalesce(read_only_from, now() + make_interval(days => ?))
              ELSE read_only_from END,
            billing_event_at = to_timestamp(?), updated_at = now()
      WHERE id = ? AND ${NEWER} RETURNING id`,
    [
      sub.planLevel,
      sub.interval,
      sub.renewalDate,
      sub.cancelAt,
      sub.status,
      sub.status,
      sub.status,
      graceDays,
      eventAt,
      orgId,
      eventAt,
    ],
  );
  return rows.length > 0;
}

export interface BillingDetailsRow {
  renewal_date: string | null;
  payment_date: string | null;
  billing_interval: 'monthly' | 'annual' | null;
  billing_cancel_at: Date | null;
  stripe_customer_id: string | null;
}

// What the Billing page shows beyond the directory's plan and standing.
export async function selectBillingDetails(
  em: EntityManager,
  orgId: string,
): Promise<BillingDetailsRow | null> {
  const [row] = await sql(em).all<BillingDetailsRow>(
    `SELECT to_char(renewal_date, 'YYYY-MM-DD') AS renewal_date,
            to_char(payment_date, 'YYYY-MM-DD') AS payment_date,
            billing_interval, billing_cancel_at, stripe_customer_id
       FROM organizations WHERE id = ?`,
    [orgId],
  );
  return row ?? null;
}
