import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

// Every SQL statement of online payments. The association's Stripe account lives in the platform
// database (stripe_connected_accounts: Stripe's webhooks name the account, and the platform finds
// the association from it before it can enter the association's database); everything else in
// the association's own.

// ---------------------------------------------------------------------------------------------
// Platform database

export interface ConnectedAccountRow {
  organization_id: string;
  account_id: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
}

const ACCOUNT_COLUMNS = `organization_id, account_id, charges_enabled, payouts_enabled, details_submitted`;

export async function connectedAccount(
  platformEm: EntityManager,
  orgId: string,
): Promise<ConnectedAccountRow | null> {
  const [row] = await sql(platformEm).all<ConnectedAccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM stripe_connected_accounts WHERE organization_id = ?`,
    [orgId],
  );
  return row ?? null;
}

export async function accountOwner(
  platformEm: EntityManager,
  accountId: string,
): Promise<ConnectedAccountRow | null> {
  const [row] = await sql(platformEm).all<ConnectedAccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM stripe_connected_accounts WHERE account_id = ?`,
    [accountId],
  );
  return row ?? null;
}

// The association's account, once: a second connect (two tabs) keeps the first.
export async function insertConnectedAccount(
  platformEm: EntityManager,
  orgId: string,
  accountId: string,
  userId: string | null,
): Promise<void> {
  await sql(platformEm).run(
    `INSERT INTO stripe_connected_accounts (organization_id, account_id, connected_by)
     VALUES (?, ?, ?) ON CONFLICT (organization_id) DO NOTHING`,
    [orgId, accountId, userId],
  );
}

export async function setAccountState(
  platformEm: EntityManager,
  accountId: string,
  s: { charges: boolean; payouts: boolean; details: boolean },
): Promise<void> {
  await sql(platformEm).run(
    `UPDATE stripe_connected_accounts SET charges_enabled = ?, payouts_enabled = ?,
       details_submitted = ?, updated_at = now() WHERE account_id = ?`,
    [s.charges, s.payouts, s.details, accountId],
  );
}

// ---------------------------------------------------------------------------------------------
// Tenant database: settings

export interface SettingsRow {
  fee_policy: 'absorb' | 'pass_on';
  card_surcharge_bps: number;
  ach_fee: string;
  returned_payment_fee: string;
  autopay_allowed: boolean;
  payout_account_id: string | null;
  fee_account_id: string | null;
  fee_income_account_id: string | null;
  clearing_account_id: string | null;
}

const SETTINGS_COLUMNS = `fee_policy, card_surcharge_bps, ach_fee::text, returned_payment_fee::text,
  autopay_allowed, payout_account_id, fee_account_id, fee_income_account_id, clearing_account_id`;

export async function settingsRow(em: EntityManager, lock = false): Promise<SettingsRow> {
  const [row] = await sql(em).all<SettingsRow>(
    `SELECT ${SETTINGS_COLUMNS} FROM online_payment_settings WHERE id = 1${lock ? ' FOR UPDATE' : ''}`,
  );
  return row;
}

export async function updateSettingsRow(
  em: EntityManager,
  s: {
    feePolicy: string;
    surchargeBps: number;
    achFee: number;
    returnedPaymentFee: number;
    autopayAllowed: boolean;
    payoutAccountId: string | null;
    feeAccountId: string | null;
    feeIncomeAccountId: string | null;
  },
  userId: string | null,
): Promise<void> {
  await sql(em).run(
    `UPDATE online_payment_settings SET fee_policy = ?, card_surcharge_bps = ?, ach_fee = ?,
       returned_payment_fee = ?, autopay_allowed = ?, payout_account_id = ?, fee_account_id = ?,
       fee_income_account_id = ?, updated_by = ?, updated_at = now() WHERE id = 1`,
    [
      s.feePolicy,
      s.surchargeBps,
      s.achFee,
      s.returnedPaymentFee,
      s.autopayAllowed,
      s.payoutAccountId,
      s.feeAccountId,
      s.feeIncomeAccountId,
      userId,
    ],
  );
}

export type SettingsAccount = 'fee_account_id' | 'fee_income_account_id' | 'clearing_account_id';

export async function setSettingsAccount(
  em: EntityManager,
  column: SettingsAccount,
  accountId: string,
): Promise<void> {
  await sql(em).run(`UPDATE online_payment_settings SET ${column} = ? WHERE id = 1`, [accountId]);
}

export interface AccountRow {
  id: string;
  number: string;
  name: string;
  type: string;
  fund_type: string;
  archived: boolean;
}

export function accountRows(em: EntityManager, ids: string[]): Promise<AccountRow[]> {
  return sql(em).all<AccountRow>(
    `SELECT id, number, name, type, fund_type, archived FROM accounts WHERE id = ${anyOf('uuid')}`,
    [ids],
  );
}

// An operating account of that name and type, not archived (the one the service made before).
export async function accountNamed(
  em: EntityManager,
  name: string,
  type: string,
): Promise<string | null> {
  const [row] = await sql(em).all<{ id: string }>(
    `SELECT id FROM accounts WHERE lower(name) = lower(?) AND type = ? AND fund_type = 'operating'
        AND NOT archived ORDER BY number LIMIT 1`,
    [name, type],
  );
  return row?.id ?? null;
}

export async function accountNumbers(em: EntityManager): Promise<Set<string>> {
  const rows = await sql(em).all<{ number: string }>(`SELECT number FROM accounts`);
  return new Set(rows.map((r) => r.number));
}

export async function isControlAccount(em: EntityManager, accountId: string): Promise<boolean> {
  const rows = await sql(em).all(`SELECT 1 FROM control_accounts WHERE account_id = ?`, [
    accountId,
  ]);
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Tenant database: online payments

export interface OnlinePaymentRow {
  id: string;
  unit_id: string;
  unit_number: string;
  user_id: string | null;
  source: 'checkout' | 'autopay';
  method: 'card' | 'us_bank_account';
  card_funding: string | null;
  amount: string;
  fee: string;
  fee_refunded: string;
  stripe_fee: string | null;
  status: string;
  stripe_checkout_session_id: string | null;
  stripe_payment_intent_id: string | null;
  stripe_charge_id: string | null;
  payment_id: string | null;
  return_fee_invoice_id: string | null;
  return_invoice_id: string | null;
  failure_reason: string | null;
  payout_id: string | null;
  paid_out_on: string | null;
  created_at: Date;
}

const SELECT = `SELECT o.id, o.unit_id, u.number AS unit_number, o.user_id, o.source, o.method,
  o.card_funding, o.amount::text, o.fee::text, o.fee_refunded::text, o.stripe_fee::text, o.status,
  o.stripe_checkout_session_id, o.stripe_payment_intent_id, o.stripe_charge_id, o.payment_id,
  o.return_fee_invoice_id, o.return_invoice_id, o.failure_reason, o.payout_id,
  (SELECT s.arrival_date::text FROM stripe_payouts s WHERE s.id = o.payout_id) AS paid_out_on,
  o.created_at
  FROM online_payments o JOIN units u ON u.id = o.unit_id`;

export async function insertOnlinePayment(
  em: EntityManager,
  p: {
    id: string;
    unitId: string;
    userId: string | null;
    source: string;
    method: string;
    amount: number;
    fee: number;
    status?: string;
  },
): Promise<void> {
  await sql(em).run(
    `INSERT INTO online_payments (id, unit_id, user_id, source, method, amount, fee, status)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [p.id, p.unitId, p.userId, p.source, p.method, p.amount, p.fee, p.status ?? 'open'],
  );
}

export async function onlinePaymentRows(
  em: EntityManager,
  where: { ids?: string[]; unitIds?: string[]; paymentIds?: string[] },
): Promise<OnlinePaymentRow[]> {
  const cond: string[] = [];
  const params: unknown[] = [];
  if (where.ids) {
    cond.push(`o.id = ${anyOf('uuid')}`);
    params.push(where.ids);
  }
  if (where.unitIds) {
    cond.push(`o.unit_id = ${anyOf('uuid')}`);
    params.push(where.unitIds);
  }
  if (where.paymentIds) {
    cond.push(`o.payment_id = ${anyOf('uuid')}`);
    params.push(where.paymentIds);
  }
  return sql(em).all<OnlinePaymentRow>(
    `${SELECT} ${cond.length ? `WHERE ${cond.join(' AND ')}` : ''}
      ORDER BY o.created_at DESC, o.id DESC LIMIT 500`,
    params,
  );
}

// The row of a Stripe object (payment intent, checkout session or charge), locked until the
// transaction ends: two deliveries of one event take turns, and the second finds the work done.
export async function lockOnlinePayment(
  tx: EntityManager,
  by: { id?: string; paymentIntent?: string; session?: string; charge?: string },
): Promise<OnlinePaymentRow | null> {
  const [column, value] = by.id
    ? ['o.id', by.id]
    : by.paymentIntent
      ? ['o.stripe_payment_intent_id', by.paymentIntent]
      : by.session
        ? ['o.stripe_checkout_session_id', by.session]
        : ['o.stripe_charge_id', by.charge];
  const [row] = await sql(tx).all<OnlinePaymentRow>(
    `${SELECT} WHERE ${column} = ? FOR UPDATE OF o`,
    [value],
  );
  return row ?? null;
}

export async function updateOnlinePayment(
  em: EntityManager,
  id: string,
  set: Partial<{
    status: string;
    stripe_checkout_session_id: string;
    stripe_payment_intent_id: string;
    stripe_charge_id: string;
    payment_id: string;
    card_funding: string;
    fee_refunded: number;
    stripe_fee: number;
    return_fee_invoice_id: string;
    return_invoice_id: string;
    failure_reason: string | null;
    payout_id: string;
    succeeded_at: Date;
  }>,
): Promise<void> {
  const keys = Object.keys(set) as (keyof typeof set)[];
  if (!keys.length) return;
  await sql(em).run(
    `UPDATE online_payments SET ${keys.map((k) => `${k} = ?`).join(', ')}, updated_at = now()
      WHERE id = ?`,
    [...keys.map((k) => (k === 'failure_reason' ? (set[k]?.slice(0, 1000) ?? null) : set[k])), id],
  );
}

// Online payments newest first, keyset by (created_at, id).
export function onlinePaymentPageQuery(filter: { unitId?: string | null; status?: string | null }) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.unitId) {
    where.push('o.unit_id = ?');
    params.push(filter.unitId);
  }
  if (filter.status) {
    where.push('o.status = ?');
    params.push(filter.status);
  }
  return { select: SELECT, from: 'online_payments o', where, params };
}

// Payments Stripe says are paid that are not in the books yet (the books refused them).
export function unrecordedPaid(em: EntityManager): Promise<OnlinePaymentRow[]> {
  return sql(em).all<OnlinePaymentRow>(
    `${SELECT} WHERE o.status = 'succeeded' AND o.payment_id IS NULL
        AND o.stripe_payment_intent_id IS NOT NULL ORDER BY o.created_at, o.id`,
  );
}

// Amounts on their way for a unit: ACH payments processing (not yet in the books).
export async function processingAmount(em: EntityManager, unitId: string): Promise<number> {
  const [row] = await sql(em).all<{ total: string | null }>(
    `SELECT sum(amount)::text AS total FROM online_payments
      WHERE unit_id = ? AND status = 'processing' AND payment_id IS NULL`,
    [unitId],
  );
  return Number(row?.total ?? 0);
}

export async function unitNumberOf(em: EntityManager, unitId: string): Promise<string | null> {
  const [row] = await sql(em).all<{ number: string }>(`SELECT number FROM units WHERE id = ?`, [
    unitId,
  ]);
  return row?.number ?? null;
}

export async function ownerEmail(
  em: EntityManager,
  unitId: string,
  userId: string | null,
): Promise<string | null> {
  if (!userId) return null;
  const [row] = await sql(em).all<{ email: string }>(
    `SELECT email FROM unit_owners WHERE unit_id = ? AND user_id = ?`,
    [unitId, userId],
  );
  return row?.email ?? null;
}

// Whether a payment is in a standing deposit (then a return cannot void it).
export async function depositNumberOf(
  em: EntityManager,
  paymentId: string,
): Promise<number | null> {
  const [row] = await sql(em).all<{ number: string }>(
    `SELECT d.number::text FROM deposit_payments dp JOIN deposits d ON d.id = dp.deposit_id
      WHERE dp.payment_id = ? AND dp.standing`,
    [paymentId],
  );
  return row ? Number(row.number) : null;
}

// ---------------------------------------------------------------------------------------------
// Tenant database: payouts

export interface PayoutRow {
  id: string;
  stripe_payout_id: string;
  amount: string;
  fee: string;
  arrival_date: string;
  status: 'pending' | 'deposited' | 'failed';
  deposit_id: string | null;
  failure_reason: string | null;
  created_at: Date;
}

const PAYOUT_SELECT = `SELECT id, stripe_payout_id, amount::text, fee::text, arrival_date::text,
  status, deposit_id, failure_reason, created_at FROM stripe_payouts`;

// The payout's row, created on its first event, locked until the transaction ends.
export async function lockPayout(
  tx: EntityManager,
  p: { id: string; stripeId: string; amount: number; arrivalDate: string },
): Promise<PayoutRow> {
  await sql(tx).run(
    `INSERT INTO stripe_payouts (id, stripe_payout_id, amount, arrival_date) VALUES (?, ?, ?, ?)
     ON CONFLICT (stripe_payout_id) DO NOTHING`,
    [p.id, p.stripeId, p.amount, p.arrivalDate],
  );
  const [row] = await sql(tx).all<PayoutRow>(
    `${PAYOUT_SELECT} WHERE stripe_payout_id = ? FOR UPDATE`,
    [p.stripeId],
  );
  return row;
}

export async function finishPayout(
  tx: EntityManager,
  id: string,
  s: {
    status: 'deposited' | 'failed';
    depositId?: string | null;
    fee?: number;
    feesCollected?: number;
    returns?: number;
    failureReason?: string | null;
  },
): Promise<void> {
  await sql(tx).run(
    `UPDATE stripe_payouts SET status = ?, deposit_id = ?, fee = coalesce(?, fee),
       fees_collected = coalesce(?, fees_collected), returns = coalesce(?, returns),
       failure_reason = ?, updated_at = now() WHERE id = ?`,
    [
      s.status,
      s.depositId ?? null,
      s.fee ?? null,
      s.feesCollected ?? null,
      s.returns ?? null,
      s.failureReason?.slice(0, 1000) ?? null,
      id,
    ],
  );
}

export function payoutRows(em: EntityManager, limit = 100): Promise<PayoutRow[]> {
  return sql(em).all<PayoutRow>(
    `${PAYOUT_SELECT} ORDER BY arrival_date DESC, created_at DESC LIMIT ?`,
    [limit],
  );
}

export async function unpostedPayouts(em: EntityManager): Promise<PayoutRow[]> {
  return sql(em).all<PayoutRow>(`${PAYOUT_SELECT} WHERE status <> 'deposited' ORDER BY created_at`);
}

export async function setPayoutOf(
  tx: EntityManager,
  payoutId: string,
  onlinePaymentIds: string[],
): Promise<void> {
  if (!onlinePaymentIds.length) return;
  await sql(tx).run(
    `UPDATE online_payments SET payout_id = ?, updated_at = now() WHERE id = ${anyOf('uuid')}`,
    [payoutId, onlinePaymentIds],
  );
}

// The online payments of these Stripe charges, refunds' and disputes' charges included.
export function paymentsOfCharges(
  em: EntityManager,
  chargeIds: string[],
): Promise<OnlinePaymentRow[]> {
  if (!chargeIds.length) return Promise.resolve([]);
  return sql(em).all<OnlinePaymentRow>(`${SELECT} WHERE o.stripe_charge_id = ${anyOf('text')}`, [
    chargeIds,
  ]);
}

export function paymentsOfIntents(
  em: EntityManager,
  intentIds: string[],
): Promise<OnlinePaymentRow[]> {
  if (!intentIds.length) return Promise.resolve([]);
  return sql(em).all<OnlinePaymentRow>(
    `${SELECT} WHERE o.stripe_payment_intent_id = ${anyOf('text')}`,
    [intentIds],
  );
}
