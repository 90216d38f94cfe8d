import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import type { Context, Services } from '../../core/context.js';
import { dateIn } from '../../core/dates.js';
import { AppError, badInput, notFound } from '../../core/errors/app-error.js';
import { isId, newIds } from '../../core/ids.js';
import { displayMoney, toCents } from '../../core/money/money.js';
import type { TenantEntry } from '../../core/tenancy/tenant-directory.js';
import {
  chargingAccount,
  type CheckoutRedirect,
  connectClient,
  connectConfig,
  type EventOutcome,
  onlinePaymentById,
  OnlinePaymentMethod,
  onlinePaymentSettingsRow,
  stripeConnectedAccount,
  stripeRefusal,
} from '../online-payments/index.js';
import { assertOwnedUnit } from '../owner-portal/index.js';
import {
  cancelActiveOf,
  customerOf,
  type EnrollmentRow,
  enrollmentRows,
  insertCustomer,
  insertEnrollment,
  lockActiveOf,
  lockEnrollment,
  ownerEmailOf,
  updateEnrollment,
} from './autopay.repository.js';
import type { AutopayEnrollment } from './autopay.types.js';

// AutoPay: an owner saves a card or bank account with Stripe (Checkout in setup mode on the
// association's own account, a Stripe customer per owner) and the association's daily automation
// charges it on each open invoice's due date (autopay-run.service.ts). One AutoPay per unit: a new
// setup by any owner of the unit replaces the one before once it is saved. Owners reach only their
// own units' AutoPay (NOT_FOUND otherwise); the treasurer reads every unit's, with its last charge
// and its problems.

// The most AutoPay may charge at once: what an owner may pay online at once.
const MAX_AUTOPAY = 5_000_000;

function checkMax(maxAmount: number) {
  if (!Number.isSafeInteger(maxAmount) || maxAmount <= 0) {
    throw badInput([{ field: 'maxAmount', message: 'Enter a maximum above zero' }]);
  }
  if (maxAmount > MAX_AUTOPAY) {
    const message = `At most ${displayMoney(MAX_AUTOPAY)}`;
    throw badInput([{ field: 'maxAmount', message }], message);
  }
}

async function toEnrollment(em: EntityManager, r: EnrollmentRow): Promise<AutopayEnrollment> {
  return {
    id: r.id,
    unitId: r.unit_id,
    unitNumber: r.unit_number,
    methodLabel: r.method_label,
    method: r.method as OnlinePaymentMethod,
    maxAmount: toCents(r.max_amount),
    status: r.status,
    createdAt: new Date(r.created_at),
    startsOn: r.starts_on,
    ownerEmail: r.owner_email,
    lastCharge: r.last_online_payment_id
      ? await onlinePaymentById(em, r.last_online_payment_id)
      : null,
    problems: Number(r.problems),
    lastProblem: r.last_problem,
  };
}

// "Visa •••• 4242", "Bank •••• 6789".
export function methodLabel(pm: Stripe.PaymentMethod): string {
  if (pm.type === 'card' && pm.card) {
    const brand = pm.card.brand === 'amex' ? 'American Express' : pm.card.brand;
    const name = brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card';
    return `${name} •••• ${pm.card.last4}`;
  }
  if (pm.type === 'us_bank_account' && pm.us_bank_account) {
    return `Bank •••• ${pm.us_bank_account.last4}`;
  }
  return pm.type;
}

export async function ownerAutopay(
  ctx: Context,
  unitId: string,
): Promise<AutopayEnrollment | null> {
  await assertOwnedUnit(ctx, unitId);
  const [row] = await enrollmentRows(ctx.em, { unitIds: [unitId], status: ['active'] });
  return row ? toEnrollment(ctx.em, row) : null;
}

export async function autopayEnrollments(em: EntityManager): Promise<AutopayEnrollment[]> {
  const rows = await enrollmentRows(em, { status: ['active', 'canceled'] });
  return Promise.all(rows.map((r) => toEnrollment(em, r)));
}

// The owner's Stripe customer on the association's account, made once.
async function customerFor(
  em: EntityManager,
  stripe: Stripe,
  accountId: string,
  owner: { userId: string; email: string | null; orgId: string },
): Promise<string> {
  const known = await customerOf(em, owner.userId, accountId);
  if (known) return known;
  let customer: Stripe.Customer;
  try {
    customer = await stripe.customers.create(
      {
        ...(owner.email ? { email: owner.email } : {}),
        metadata: { organizationId: owner.orgId, userId: owner.userId },
      },
      { stripeAccount: accountId, idempotencyKey: `customer:${owner.userId}:${accountId}` },
    );
  } catch (err) {
    throw stripeRefusal(err, 'to save the owner as a customer');
  }
  await insertCustomer(em, owner.userId, accountId, customer.id);
  return (await customerOf(em, owner.userId, accountId))!;
}

// Stripe's page where the owner saves a card or bank account for AutoPay; AutoPay is on once the
// page reports it saved (the webhook), and comes back to the unit's page.
export async function startAutopaySetup(
  ctx: Context,
  unitId: string,
  maxAmount: number,
  method: OnlinePaymentMethod,
): Promise<CheckoutRedirect> {
  await assertOwnedUnit(ctx, unitId);
  checkMax(maxAmount);
  if (!(await onlinePaymentSettingsRow(ctx.em)).autopay_allowed) {
    throw new AppError('CONFLICT', 'The association does not offer AutoPay', undefined, {
      reason: 'AUTOPAY_OFF',
    });
  }
  const org = ctx.org!;
  const { stripe, accountId } = await chargingAccount(ctx.services, ctx.platformEm, org.orgId);
  const userId = ctx.auth!.userId;
  const email = await ownerEmailOf(ctx.em, unitId, userId);
  const customer = await customerFor(ctx.em, stripe, accountId, {
    userId,
    email,
    orgId: org.orgId,
  });
  const [id] = newIds(1);
  await insertEnrollment(ctx.em, { id, unitId, userId, method, maxAmount, customerId: customer });
  const metadata = { organizationId: org.orgId, unitId, enrollmentId: id, kind: 'autopay_setup' };
  const base = ctx.services.publicUrl;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'setup',
        customer,
        currency: 'usd',
        allowed_payment_method_types: [method],
        metadata,
        setup_intent_data: {
          metadata,
          description: `AutoPay for unit of ${org.name}`.slice(0, 200),
        },
        success_url: `${base}/owner/units/${unitId}?autopay=1`,
        cancel_url: `${base}/owner/units/${unitId}`,
      },
      { stripeAccount: accountId, idempotencyKey: `autopay-setup:${id}` },
    );
  } catch (err) {
    await updateEnrollment(ctx.em, id, { status: 'canceled', canceled_at: new Date() });
    throw stripeRefusal(err, 'to open the AutoPay page');
  }
  await updateEnrollment(ctx.em, id, { stripe_checkout_session_id: session.id });
  if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
  return { url: session.url };
}

async function activeOrNotFound(tx: EntityManager, unitId: string): Promise<EnrollmentRow> {
  const row = await lockActiveOf(tx, unitId);
  if (!row) throw notFound('AutoPay');
  return row;
}

export async function updateAutopay(
  ctx: Context,
  unitId: string,
  maxAmount: number,
): Promise<AutopayEnrollment> {
  await assertOwnedUnit(ctx, unitId);
  checkMax(maxAmount);
  let id = '';
  await ctx.em.transactional(async (tx) => {
    const row = await activeOrNotFound(tx, unitId);
    id = row.id;
    await updateEnrollment(tx, row.id, { max_amount: maxAmount });
  });
  const [row] = await enrollmentRows(ctx.em, { ids: [id] });
  return toEnrollment(ctx.em, row);
}

export async function cancelAutopay(ctx: Context, unitId: string): Promise<boolean> {
  await assertOwnedUnit(ctx, unitId);
  await ctx.em.transactional(async (tx) => {
    const row = await activeOrNotFound(tx, unitId);
    await updateEnrollment(tx, row.id, { status: 'canceled', canceled_at: new Date() });
  });
  return true;
}

// ---------------------------------------------------------------------------------------------
// The webhook: a setup checkout completed (the payment method saved) or expired.

type Session = { org: TenantEntry; em: EntityManager };

export function isAutopayEvent(event: Stripe.Event): boolean {
  if (!event.type.startsWith('checkout.session.')) return false;
  const session = event.data.object as Stripe.Checkout.Session;
  return session.mode === 'setup' || session.metadata?.kind === 'autopay_setup';
}

export async function handleAutopayEvent(
  services: Services,
  s: Session,
  event: Stripe.Event,
): Promise<EventOutcome> {
  const session = event.data.object as Stripe.Checkout.Session;
  const id = session.metadata?.enrollmentId;
  if (!id || !isId(id)) return 'ignored';
  const [row] = await enrollmentRows(s.em, { ids: [id] });
  if (!row || row.stripe_checkout_session_id !== session.id) return 'ignored';
  if (event.type === 'checkout.session.expired') {
    let outcome: EventOutcome = 'duplicate';
    await s.em.transactional(async (tx) => {
      const locked = await lockEnrollment(tx, id);
      if (locked?.status !== 'pending') return;
      await updateEnrollment(tx, id, { status: 'canceled', canceled_at: new Date() });
      outcome = 'processed';
    });
    return outcome;
  }
  if (event.type !== 'checkout.session.completed') return 'ignored';
  if (row.status !== 'pending') return 'duplicate';
  const config = connectConfig(services);
  // Not the caller's transaction's: a plain fork inside a tenant transaction resolves to it.
  const platformEm = services.platformOrm.em.fork({
    disableContextResolution: true,
  }) as EntityManager;
  const account = await stripeConnectedAccount(platformEm, s.org.orgId);
  const setupIntent =
    typeof session.setup_intent === 'string' ? session.setup_intent : session.setup_intent?.id;
  if (!config || !account || !setupIntent) return 'ignored';
  const si = await connectClient(config).setupIntents.retrieve(
    setupIntent,
    { expand: ['payment_method'] },
    { stripeAccount: account.account_id },
  );
  const pm = si.payment_method as Stripe.PaymentMethod | null;
  if (!pm || typeof pm === 'string') return 'ignored';
  let outcome: EventOutcome = 'duplicate';
  await s.em.transactional(async (tx) => {
    const locked = await lockEnrollment(tx, id);
    if (locked?.status !== 'pending') return;
    // The unit's AutoPay before it (this owner's or a co-owner's) stops: one per unit.
    await cancelActiveOf(tx, row.unit_id, id);
    await updateEnrollment(tx, id, {
      status: 'active',
      stripe_payment_method_id: pm.id,
      method_label: methodLabel(pm),
      starts_on: dateIn(s.org.timeZone, new Date(event.created * 1000)),
    });
    outcome = 'processed';
  });
  return outcome;
}
