import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import type { Context, Services } from '../../core/context.js';
import { AppError, badInput, notFound } from '../../core/errors/app-error.js';
import { type ConnectionResult, keysetPage } from '../../core/graphql/connection.js';
import { assertId, isId, newIds } from '../../core/ids.js';
import { displayMoney, toCents } from '../../core/money/money.js';
import { checkAccounts } from '../assessments/index.js';
import { recordTenantAudit } from '../audit/index.js';
import { assertOwnedUnit, type OwnerOnlinePayments } from '../owner-portal/index.js';
import {
  MAX_ONLINE_PAYMENT,
  type OnlinePaymentFilter,
  type OnlinePaymentsSettingsInput,
} from './online-payments.inputs.js';
import {
  accountRows,
  connectedAccount,
  type ConnectedAccountRow,
  insertConnectedAccount,
  insertOnlinePayment,
  isControlAccount,
  onlinePaymentPageQuery,
  type OnlinePaymentRow,
  onlinePaymentRows,
  ownerEmail,
  payoutRows,
  setAccountState,
  settingsRow,
  type SettingsRow,
  unitNumberOf,
  updateOnlinePayment,
  updateSettingsRow,
} from './online-payments.repository.js';
import {
  connectClient,
  connectConfig,
  requireConnect,
  stripeRefusal,
} from './online-payments.stripe.js';
import {
  type CheckoutRedirect,
  FeePolicy,
  OnlinePayment,
  OnlinePaymentMethod,
  OnlinePaymentSource,
  OnlinePaymentStatus,
  type OnlinePaymentsSettings,
  type OwnerPaymentQuote,
  type StripePayout,
} from './online-payments.types.js';

// Owners pay what they owe online on the association's own Stripe account (Stripe Connect,
// Standard: the association is the merchant of record, with its own Stripe dashboard, payouts to
// its own bank and Stripe's fees on its own balance; the platform never holds owners' money and
// never asks for API keys). The platform creates the account and sends the treasurer through
// Stripe's onboarding (an account link); owners pay on Stripe Checkout on that account (direct
// charges: every call carries its `Stripe-Account`); what Stripe reports back arrives on the
// platform's one Connect webhook (stripe-events.service.ts), payouts become deposits
// (payouts.service.ts).

// ---------------------------------------------------------------------------------------------
// Fees

export const CARD_SURCHARGE_CAP_BPS = 300;

export interface Fee {
  fee: number;
  note: string | null;
}

const percent = (bps: number) => `${(bps / 100).toString()}%`;

// What an owner pays on top under the association's fee policy. ABSORB: nothing. PASS_ON: a card
// surcharge of the configured percent (at most 3%, card networks' cap; refunded after payment
// when the card turns out to be debit or prepaid, which may not be surcharged), or the flat ACH
// fee. Half a cent rounds up.
export function feeFor(s: SettingsRow, amount: number, method: OnlinePaymentMethod): Fee {
  if (s.fee_policy !== FeePolicy.PASS_ON) return { fee: 0, note: null };
  if (method === OnlinePaymentMethod.CARD) {
    const bps = Math.min(s.card_surcharge_bps, CARD_SURCHARGE_CAP_BPS);
    const fee = Math.floor((amount * bps + 5000) / 10000);
    return fee > 0
      ? {
          fee,
          note: `A ${percent(bps)} card surcharge is added. No fee is added for debit cards: it is refunded after payment`,
        }
      : { fee: 0, note: null };
  }
  const fee = toCents(s.ach_fee);
  return fee > 0
    ? { fee, note: `A ${displayMoney(fee)} fee is added for a bank payment` }
    : { fee: 0, note: null };
}

// ---------------------------------------------------------------------------------------------
// Settings and the Stripe account

function settingsView(
  services: Services,
  s: SettingsRow,
  account: ConnectedAccountRow | null,
): OnlinePaymentsSettings {
  return {
    available: !!connectConfig(services),
    connected: !!account,
    accountId: account?.account_id ?? null,
    chargesEnabled: !!account?.charges_enabled,
    payoutsEnabled: !!account?.payouts_enabled,
    detailsSubmitted: !!account?.details_submitted,
    feePolicy: s.fee_policy as FeePolicy,
    cardSurchargePercent: s.card_surcharge_bps / 100,
    achFee: toCents(s.ach_fee),
    returnedPaymentFee: toCents(s.returned_payment_fee),
    autopayAllowed: s.autopay_allowed,
    payoutAccountId: s.payout_account_id,
    feeAccountId: s.fee_account_id,
    feeIncomeAccountId: s.fee_income_account_id,
  };
}

// Stripe's word on the account (charges, payouts, onboarding finished), kept in the platform row.
export async function refreshAccount(
  services: Services,
  platformEm: EntityManager,
  accountId: string,
): Promise<void> {
  const config = connectConfig(services);
  if (!config) return;
  const a = await connectClient(config).accounts.retrieve(accountId);
  await applyAccountState(platformEm, a);
}

export async function applyAccountState(platformEm: EntityManager, a: Stripe.Account) {
  await setAccountState(platformEm, a.id, {
    charges: !!a.charges_enabled,
    payouts: !!a.payouts_enabled,
    details: !!a.details_submitted,
  });
}

// The settings. While the account is not taking charges yet (the treasurer is back from Stripe's
// onboarding, or left it half way), Stripe is asked again; unreachable, the last word stands.
export async function onlinePaymentsSettings(ctx: Context): Promise<OnlinePaymentsSettings> {
  const orgId = ctx.org!.orgId;
  let account = await connectedAccount(ctx.platformEm, orgId);
  if (account && !account.charges_enabled) {
    try {
      await refreshAccount(ctx.services, ctx.platformEm, account.account_id);
      account = await connectedAccount(ctx.platformEm, orgId);
    } catch (err) {
      console.error('Stripe account refresh failed:', err instanceof Error ? err.message : err);
    }
  }
  return settingsView(ctx.services, await settingsRow(ctx.em), account);
}

// A path of the web app to come back to from Stripe's onboarding: "/…", never another site.
function returnPathOf(value: string | null | undefined): string {
  const path = value?.trim() || '/online-payments';
  if (!/^\/(?![/\\])[A-Za-z0-9\-._~/]{0,200}$/.test(path)) {
    throw badInput([
      { field: 'returnPath', message: 'A path of this app, such as /online-payments' },
    ]);
  }
  return path;
}

// Creates the association's Stripe account (a Standard account, once: two clicks make one) and
// answers the link of Stripe's onboarding, which returns to `returnPath`; the settings then ask
// Stripe whether the account takes charges.
export async function connectStripeAccount(
  ctx: Context,
  returnPath?: string | null,
): Promise<CheckoutRedirect> {
  const path = returnPathOf(returnPath);
  if (ctx.auth?.impersonatedBy) {
    throw new AppError(
      'FORBIDDEN',
      "The association's Stripe account is set up by its own admins, not while impersonating",
    );
  }
  const { stripe } = requireConnect(ctx.services);
  const org = ctx.org!;
  let account = await connectedAccount(ctx.platformEm, org.orgId);
  if (!account) {
    let created: Stripe.Account;
    try {
      created = await stripe.accounts.create(
        {
          type: 'standard',
          country: 'US',
          business_profile: { name: org.name },
          metadata: { organizationId: org.orgId },
        },
        { idempotencyKey: `connect-account:${org.orgId}` },
      );
    } catch (err) {
      throw stripeRefusal(err, 'to create the Stripe account');
    }
    await insertConnectedAccount(ctx.platformEm, org.orgId, created.id, ctx.auth!.userId);
    account = (await connectedAccount(ctx.platformEm, org.orgId))!;
    await recordTenantAudit(ctx.em, ctx.auth, {
      entityType: 'OnlinePaymentsSettings',
      entityId: org.orgId,
      action: 'connect',
      changes: { accountId: account.account_id },
    });
  }
  const base = `${ctx.services.publicUrl}${path}`;
  try {
    const link = await stripe.accountLinks.create({
      account: account.account_id,
      type: 'account_onboarding',
      refresh_url: `${base}?stripe=refresh`,
      return_url: `${base}?stripe=return`,
    });
    return { url: link.url };
  } catch (err) {
    throw stripeRefusal(err, 'to open its onboarding');
  }
}

const SURCHARGE_FIELD = 'cardSurchargePercent';

export async function updateOnlinePaymentsSettings(
  ctx: Context,
  input: OnlinePaymentsSettingsInput,
): Promise<OnlinePaymentsSettings> {
  const bps = Math.round(input.cardSurchargePercent * 100);
  if (Math.abs(bps - input.cardSurchargePercent * 100) > 1e-6) {
    throw badInput([{ field: SURCHARGE_FIELD, message: 'At most two decimals, e.g. 2.5' }]);
  }
  const em = ctx.em;
  const chosen = [
    { field: 'payoutAccountId', id: input.payoutAccountId ?? null, types: ['asset'] as const },
    { field: 'feeAccountId', id: input.feeAccountId ?? null, types: ['expense'] as const },
    {
      field: 'feeIncomeAccountId',
      id: input.feeIncomeAccountId ?? null,
      types: ['income'] as const,
    },
  ];
  for (const c of chosen) {
    if (c.id && !isId(c.id))
      throw notFound('Account', [{ field: c.field, message: 'Account not found' }]);
  }
  await checkAccounts(
    em,
    chosen.map((c) => ({
      field: c.field,
      id: c.id,
      types: [...c.types],
      what:
        c.field === 'payoutAccountId'
          ? 'the bank account Stripe pays out to'
          : c.field === 'feeAccountId'
            ? 'an expense account'
            : 'an income account',
    })),
  );
  const ids = chosen.map((c) => c.id).filter((id): id is string => !!id);
  const rows = ids.length ? await accountRows(em, ids) : [];
  for (const c of chosen) {
    const row = rows.find((r) => r.id === c.id);
    if (!row) continue;
    // Receivables, Undeposited Funds… are kept by their subledger: the ledger would refuse them.
    if (await isControlAccount(em, row.id)) {
      throw badInput([
        {
          field: c.field,
          message: `${row.number} ${row.name} is kept by its subledger: choose another account`,
        },
      ]);
    }
  }
  const before = await settingsRow(em);
  await em.transactional(async (tx) => {
    await settingsRow(tx, true);
    await updateSettingsRow(
      tx,
      {
        feePolicy: input.feePolicy,
        surchargeBps: bps,
        achFee: input.achFee,
        returnedPaymentFee: input.returnedPaymentFee,
        autopayAllowed: input.autopayAllowed,
        payoutAccountId: input.payoutAccountId ?? null,
        feeAccountId: input.feeAccountId ?? before.fee_account_id,
        feeIncomeAccountId: input.feeIncomeAccountId ?? before.fee_income_account_id,
      },
      ctx.auth?.userId ?? null,
    );
    await recordTenantAudit(tx, ctx.auth, {
      entityType: 'OnlinePaymentsSettings',
      entityId: ctx.org!.orgId,
      action: 'update',
      changes: {
        before,
        after: { ...input, cardSurchargeBps: bps },
      },
    });
  });
  return settingsView(
    ctx.services,
    await settingsRow(em),
    await connectedAccount(ctx.platformEm, ctx.org!.orgId),
  );
}

// The association's account when it takes charges; CONFLICT (saying why) otherwise.
export async function chargingAccount(
  services: Services,
  platformEm: EntityManager,
  orgId: string,
) {
  const { stripe } = requireConnect(services);
  const account = await connectedAccount(platformEm, orgId);
  if (!account?.charges_enabled) {
    throw new AppError(
      'CONFLICT',
      'The association does not take payments online yet: pay as its payment instructions say',
      undefined,
      { reason: 'ONLINE_PAYMENTS_OFF' },
    );
  }
  return { stripe, accountId: account.account_id };
}

// Whether the association takes owners' payments online now (the owner portal asks).
export async function acceptingOnlinePayments(
  services: Services,
  platformEm: EntityManager,
  orgId: string,
) {
  if (!connectConfig(services)) return false;
  return !!(await connectedAccount(platformEm, orgId))?.charges_enabled;
}

// ---------------------------------------------------------------------------------------------
// Owners paying

function checkAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw badInput([{ field: 'amount', message: 'Enter an amount above zero' }]);
  }
  if (amount > MAX_ONLINE_PAYMENT) {
    const message = `At most ${displayMoney(MAX_ONLINE_PAYMENT)} online at once`;
    throw badInput([{ field: 'amount', message }], message);
  }
}

export async function ownerPaymentQuote(
  ctx: Context,
  unitId: string,
  amount: number,
  method: OnlinePaymentMethod,
): Promise<OwnerPaymentQuote> {
  await assertOwnedUnit(ctx, unitId);
  checkAmount(amount);
  const { fee, note } = feeFor(await settingsRow(ctx.em), amount, method);
  return { amount, fee, total: amount + fee, method, note };
}

const methodLabel = (m: OnlinePaymentMethod) =>
  m === OnlinePaymentMethod.CARD ? 'Card surcharge' : 'Bank payment fee';

// An owner's payment: a row of ours first (its id names the checkout everywhere: metadata,
// idempotency key, the return URL), then Stripe Checkout on the association's account. Stripe
// unreachable or refusing leaves the row expired with the reason, never a half-made payment.
export async function startOwnerPayment(
  ctx: Context,
  unitId: string,
  amount: number,
  method: OnlinePaymentMethod,
): Promise<CheckoutRedirect> {
  await assertOwnedUnit(ctx, unitId);
  checkAmount(amount);
  const org = ctx.org!;
  const { stripe, accountId } = await chargingAccount(ctx.services, ctx.platformEm, org.orgId);
  const unitNumber = (await unitNumberOf(ctx.em, unitId))!;
  const { fee } = feeFor(await settingsRow(ctx.em), amount, method);
  const [id] = newIds(1);
  const userId = ctx.auth!.userId;
  await insertOnlinePayment(ctx.em, {
    id,
    unitId,
    userId,
    source: OnlinePaymentSource.CHECKOUT,
    method,
    amount,
    fee,
  });
  const metadata = {
    organizationId: org.orgId,
    unitId,
    onlinePaymentId: id,
    kind: 'owner_payment',
  };
  const base = ctx.services.publicUrl;
  const item = (name: string, cents: number) => ({
    price_data: { currency: 'usd', product_data: { name }, unit_amount: cents },
    quantity: 1,
  });
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        allowed_payment_method_types: [method],
        line_items: [
          item(`Unit ${unitNumber} — payment to ${org.name}`.slice(0, 200), amount),
          ...(fee > 0 ? [item(methodLabel(method), fee)] : []),
        ],
        customer_email: (await ownerEmail(ctx.em, unitId, userId)) ?? undefined,
        client_reference_id: id,
        metadata,
        payment_intent_data: {
          metadata,
          description: `Unit ${unitNumber} — ${org.name}`.slice(0, 200),
        },
        success_url: `${base}/owner/units/${unitId}?paid=${id}`,
        cancel_url: `${base}/owner/units/${unitId}/pay`,
      },
      { stripeAccount: accountId, idempotencyKey: `owner-payment:${id}` },
    );
  } catch (err) {
    const refusal = stripeRefusal(err, 'to open the payment page');
    await updateOnlinePayment(ctx.em, id, {
      status: OnlinePaymentStatus.EXPIRED,
      failure_reason: refusal.message,
    });
    throw refusal;
  }
  await updateOnlinePayment(ctx.em, id, { stripe_checkout_session_id: session.id });
  if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
  return { url: session.url };
}

// ---------------------------------------------------------------------------------------------
// Reading them

export function toOnlinePayment(r: OnlinePaymentRow): OnlinePayment {
  return {
    id: r.id,
    unitId: r.unit_id,
    unitNumber: r.unit_number,
    createdAt: new Date(r.created_at),
    method: r.method as OnlinePaymentMethod,
    amount: toCents(r.amount),
    fee: toCents(r.fee) - toCents(r.fee_refunded),
    status: r.status,
    failureReason: r.failure_reason,
    paymentId: r.payment_id,
    source: r.source,
    cardFunding: r.card_funding,
    stripeFee: r.stripe_fee === null ? null : toCents(r.stripe_fee),
    paidOutOn: r.paid_out_on,
  };
}

export const MAX_ONLINE_PAYMENTS_PAGE = 200;

const cursorOf = {
  encode: (p: OnlinePayment) =>
    Buffer.from(`${p.createdAt.toISOString()}|${p.id}`).toString('base64url'),
  decode(cursor: string): [string, string] | null {
    const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
    if (!at || Number.isNaN(Date.parse(at)) || !isId(id)) return null;
    return [at, id];
  },
};

// The treasurer's list, newest first.
export async function listOnlinePayments(
  em: EntityManager,
  filter: OnlinePaymentFilter = {},
  first = 50,
  after?: string | null,
): Promise<ConnectionResult<OnlinePayment>> {
  if (filter.unitId) assertId(filter.unitId, 'Unit');
  const q = onlinePaymentPageQuery(filter);
  return keysetPage<OnlinePaymentRow, OnlinePayment>(em, {
    ...q,
    orderBy: ['o.created_at', 'o.id'],
    direction: 'DESC',
    positionTypes: ['?::timestamptz', '?::uuid'],
    cursor: cursorOf,
    first,
    max: MAX_ONLINE_PAYMENTS_PAGE,
    noun: 'payments',
    after,
    toNodes: (rows) => rows.map(toOnlinePayment),
  });
}

// An owner's online payments of one of their units (every one they or a co-owner started).
export async function ownerOnlinePayments(ctx: Context, unitId: string): Promise<OnlinePayment[]> {
  await assertOwnedUnit(ctx, unitId);
  return (await onlinePaymentRows(ctx.em, { unitIds: [unitId] })).map(toOnlinePayment);
}

export async function onlinePaymentById(
  em: EntityManager,
  id: string,
): Promise<OnlinePayment | null> {
  if (!isId(id)) return null;
  const [row] = await onlinePaymentRows(em, { ids: [id] });
  return row ? toOnlinePayment(row) : null;
}

// Of these payments, the ones paid online (the owner portal marks them).
export async function paidOnline(em: EntityManager, paymentIds: string[]): Promise<Set<string>> {
  const ids = paymentIds.filter(isId);
  if (!ids.length) return new Set();
  const rows = await onlinePaymentRows(em, { paymentIds: ids });
  return new Set(rows.map((r) => r.payment_id!));
}

export async function listPayouts(em: EntityManager): Promise<StripePayout[]> {
  return (await payoutRows(em)).map((r) => ({
    id: r.id,
    amount: toCents(r.amount),
    fee: toCents(r.fee),
    arrivalDate: r.arrival_date,
    status: r.status,
    depositId: r.deposit_id,
    failureReason: r.failure_reason,
  }));
}

// What the owner portal reads of online payments (handed over at boot: the portal sits below).
export const ownerPortalPort: OwnerOnlinePayments = {
  accepting: (ctx) => acceptingOnlinePayments(ctx.services, ctx.platformEm, ctx.org!.orgId),
  paidOnline,
};
