import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import type { Services } from '../../core/context.js';
import { addDays, dateIn, now } from '../../core/dates.js';
import { AppError } from '../../core/errors/app-error.js';
import { isId } from '../../core/ids.js';
import { displayMoney, toCents } from '../../core/money/money.js';
import type { TenantEntry } from '../../core/tenancy/tenant-directory.js';
import { createInvoice } from '../invoices/index.js';
import { booksClosedThrough } from '../journal/index.js';
import {
  lockUnits,
  openInvoices,
  PaymentMethod,
  postPayment,
  voidPayment,
} from '../payments/index.js';
import { ensureUndepositedFunds, onlineAccount } from './online-accounts.service.js';
import {
  connectedAccount,
  depositNumberOf,
  lockOnlinePayment,
  type OnlinePaymentRow,
  onlinePaymentRows,
  settingsRow,
  updateOnlinePayment,
} from './online-payments.repository.js';
import { connectClient, connectConfig } from './online-payments.stripe.js';
import { OnlinePaymentStatus } from './online-payments.types.js';

// What Stripe reports about owners' payments on the association's account, applied in the
// association's books. The platform's Connect webhook verified the event, found the association
// by `event.account` and entered its database through the one door; this is what happens inside.
//
// Exactly once: every change starts by locking the online payment's row, and the payment is
// posted in the same transaction that sets online_payments.payment_id, so a replayed event or two
// deliveries at once find it done (the payment intent's id is the row's unique key too).
//
// - Card: checkout.session.completed with payment_status "paid" → the payment, into Undeposited
//   Funds, applied oldest invoice first, method card, reference the payment intent. Then Stripe is
//   asked for the charge (its funding and fee); a debit or prepaid card's surcharge is refunded.
// - Bank (ACH): checkout.session.completed "unpaid" → processing (the owner sees it, the books do
//   not); async_payment_succeeded → the payment (method ach); async_payment_failed → failed, and
//   the returned-payment fee invoiced to the unit when the association charges one.
// - A return after the payment was recorded (charge.dispute.created on a bank payment): the payment
//   is voided while it waits in Undeposited Funds; once a payout has carried it to the bank it
//   stays, and the amount is billed back to the unit (an invoice crediting Stripe Clearing, which
//   the payout carrying the return debits). The returned-payment fee is invoiced either way. A
//   card dispute is the association's to answer in Stripe: it is shown, nothing is undone.
// - Dates: the event's day in the association's time zone; when the books are closed through that
//   day, the first open day (the money arrived; the closed month stays as it was).
// - A refusal of the books (an AppError: what retrying would not change) is written on the online
//   payment for the treasurer and answered 200; anything else (the database or Stripe away) is
//   thrown, the webhook answers 500 and Stripe delivers the event again.

export type EventOutcome = 'processed' | 'duplicate' | 'ignored' | 'failed';

type Session = { org: TenantEntry; em: EntityManager };

const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : ((v as { id?: string } | null)?.id ?? null);

// The day something happened, in the association's time zone, or the first day the books are
// open after it.
export async function postingDate(em: EntityManager, org: TenantEntry, at: Date): Promise<string> {
  const day = dateIn(org.timeZone, at);
  const through = await booksClosedThrough(em);
  return through && day <= through ? addDays(through, 1) : day;
}

function reasonOf(err: unknown): string {
  if (!(err instanceof AppError)) throw err;
  const details = err.details?.map((d) => d.message).join('; ');
  return details && !err.message.includes(details) ? `${err.message}: ${details}` : err.message;
}

// The online payment an event is about: by our id in the metadata (checked against this
// association and unit), else by the payment intent.
async function rowOf(
  tx: EntityManager,
  org: TenantEntry,
  metadata: Record<string, string> | null | undefined,
  paymentIntent: string | null,
): Promise<OnlinePaymentRow | null> {
  const mine = metadata?.onlinePaymentId;
  if (mine && isId(mine) && (!metadata.organizationId || metadata.organizationId === org.orgId)) {
    const row = await lockOnlinePayment(tx, { id: mine });
    if (row && (!metadata.unitId || metadata.unitId === row.unit_id)) return row;
  }
  return paymentIntent ? lockOnlinePayment(tx, { paymentIntent }) : null;
}

// Records a paid online payment in the books, once.
export async function recordPaid(
  s: Session,
  find: { metadata?: Record<string, string> | null; paymentIntent: string | null },
  at: Date,
): Promise<{ outcome: EventOutcome; row: OnlinePaymentRow | null }> {
  // Not an owner's payment (money the association took in its own Stripe dashboard): nothing here.
  const known = await s.em.transactional((tx) =>
    rowOf(tx, s.org, find.metadata, find.paymentIntent),
  );
  if (!known) return { outcome: 'ignored', row: null };
  const undeposited = await ensureUndepositedFunds(s.em, null);
  let outcome: EventOutcome = 'processed';
  let found: OnlinePaymentRow | null = null;
  let failure: string | null = null;
  try {
    await s.em.transactional(async (tx) => {
      const row = await rowOf(tx, s.org, find.metadata, find.paymentIntent);
      found = row;
      if (!row) {
        outcome = 'ignored';
        return;
      }
      const pi = find.paymentIntent ?? row.stripe_payment_intent_id;
      if (row.payment_id || row.status === OnlinePaymentStatus.RETURNED) {
        outcome = 'duplicate';
        return;
      }
      await lockUnits(tx, [row.unit_id]);
      const date = await postingDate(tx, s.org, at);
      const paymentId = await postPayment(tx, null, {
        unitId: row.unit_id,
        unitNumber: row.unit_number,
        date,
        amount: toCents(row.amount),
        method: row.method === 'card' ? PaymentMethod.CARD : PaymentMethod.ACH,
        reference: pi,
        memo: row.source === 'autopay' ? 'AutoPay (Stripe)' : 'Paid online (Stripe)',
        depositAccountId: undeposited,
        targets: await openInvoices(tx, { unitIds: [row.unit_id] }),
      });
      await updateOnlinePayment(tx, row.id, {
        status: OnlinePaymentStatus.SUCCEEDED,
        payment_id: paymentId,
        ...(pi && pi !== row.stripe_payment_intent_id ? { stripe_payment_intent_id: pi } : {}),
        failure_reason: null,
        succeeded_at: now(),
      });
    });
  } catch (err) {
    failure = reasonOf(err);
  }
  const row = found as OnlinePaymentRow | null;
  if (failure && row) {
    // The owner paid; the books refused. Shown to the treasurer; recorded once they fix it
    // (recordWaitingPayments runs again when the settings are saved and before each payout).
    await updateOnlinePayment(s.em, row.id, {
      status: OnlinePaymentStatus.SUCCEEDED,
      ...(find.paymentIntent ? { stripe_payment_intent_id: find.paymentIntent } : {}),
      failure_reason: `Paid at Stripe, not yet in the books: ${failure}`,
    });
    return { outcome: 'failed', row };
  }
  return { outcome, row };
}

// The charge behind a paid payment: Stripe's fee and the card's funding, kept on the row; a debit
// or prepaid card's surcharge refunded ("no surcharge on debit"), once (idempotency key).
export async function settleCharge(
  services: Services,
  s: Session,
  onlinePaymentId: string,
): Promise<void> {
  const config = connectConfig(services);
  const account = await connectedAccount(
    services.platformOrm.em.fork({ disableContextResolution: true }) as EntityManager,
    s.org.orgId,
  );
  if (!config || !account) return;
  const [row] = await onlinePaymentRows(s.em, { ids: [onlinePaymentId] });
  if (!row?.stripe_payment_intent_id || row.status !== OnlinePaymentStatus.SUCCEEDED) return;
  const stripe = connectClient(config);
  const opts = { stripeAccount: account.account_id };
  if (!row.stripe_charge_id || row.stripe_fee === null) {
    const pi = await stripe.paymentIntents.retrieve(
      row.stripe_payment_intent_id,
      { expand: ['latest_charge.balance_transaction'] },
      opts,
    );
    const charge = pi.latest_charge as Stripe.Charge | null;
    if (!charge || typeof charge === 'string') return;
    const bt = charge.balance_transaction as Stripe.BalanceTransaction | string | null;
    const funding = charge.payment_method_details?.card?.funding ?? null;
    await updateOnlinePayment(s.em, row.id, {
      stripe_charge_id: charge.id,
      ...(bt && typeof bt !== 'string' ? { stripe_fee: bt.fee } : {}),
      ...(row.method === 'card'
        ? {
            card_funding:
              funding && ['credit', 'debit', 'prepaid'].includes(funding) ? funding : 'unknown',
          }
        : {}),
    });
    row.card_funding = row.method === 'card' ? (funding ?? 'unknown') : null;
  }
  const fee = toCents(row.fee);
  if (
    row.method === 'card' &&
    fee > 0 &&
    toCents(row.fee_refunded) === 0 &&
    (row.card_funding === 'debit' || row.card_funding === 'prepaid')
  ) {
    await stripe.refunds.create(
      {
        payment_intent: row.stripe_payment_intent_id,
        amount: fee,
        metadata: { onlinePaymentId: row.id, reason: 'no_surcharge_on_debit' },
      },
      { ...opts, idempotencyKey: `surcharge-refund:${row.id}` },
    );
    await updateOnlinePayment(s.em, row.id, { fee_refunded: fee });
  }
}

// The returned-payment fee, invoiced to the unit (0 in the settings: none).
async function returnFeeInvoice(
  tx: EntityManager,
  org: TenantEntry,
  row: OnlinePaymentRow,
  at: Date,
  why: string,
): Promise<string | null> {
  const fee = toCents((await settingsRow(tx)).returned_payment_fee);
  if (fee <= 0) return null;
  const date = await postingDate(tx, org, at);
  const invoice = await createInvoice(tx, null, {
    unitId: row.unit_id,
    issueDate: date,
    dueDate: date,
    memo: `Returned payment fee: ${why}`.slice(0, 200),
    lines: [
      {
        description: `Returned payment fee (${displayMoney(toCents(row.amount))} bank payment)`,
        accountId: await onlineAccount(tx, null, 'fee_income_account_id'),
        amount: fee,
      },
    ],
  });
  return invoice.id;
}

// A payment that did not go through (a bank debit that failed, a card declined off-session).
export async function markFailed(
  s: Session,
  find: { metadata?: Record<string, string> | null; paymentIntent: string | null },
  reason: string,
  at: Date,
): Promise<EventOutcome> {
  let outcome: EventOutcome = 'processed';
  let failure: string | null = null;
  let rowId: string | null = null;
  try {
    await s.em.transactional(async (tx) => {
      const row = await rowOf(tx, s.org, find.metadata, find.paymentIntent);
      if (!row) {
        outcome = 'ignored';
        return;
      }
      rowId = row.id;
      if (row.payment_id || row.status === OnlinePaymentStatus.FAILED) {
        // Recorded already: only a return (a dispute) undoes it.
        outcome = 'duplicate';
        return;
      }
      const bank = row.method === 'us_bank_account';
      const feeInvoice = bank ? await returnFeeInvoice(tx, s.org, row, at, reason) : null;
      await updateOnlinePayment(tx, row.id, {
        status: OnlinePaymentStatus.FAILED,
        failure_reason: reason,
        ...(find.paymentIntent ? { stripe_payment_intent_id: find.paymentIntent } : {}),
        ...(feeInvoice ? { return_fee_invoice_id: feeInvoice } : {}),
      });
    });
  } catch (err) {
    failure = reasonOf(err);
  }
  if (failure && rowId) {
    await updateOnlinePayment(s.em, rowId, {
      status: OnlinePaymentStatus.FAILED,
      failure_reason: `${reason} (the returned-payment fee could not be invoiced: ${failure})`,
    });
    return 'failed';
  }
  return outcome;
}

// A bank payment returned after it was recorded (or a card payment disputed).
export async function markReturned(
  s: Session,
  dispute: Stripe.Dispute,
  at: Date,
): Promise<EventOutcome> {
  const pi = idOf(dispute.payment_intent);
  if (!pi) return 'ignored';
  let outcome: EventOutcome = 'processed';
  let rowId: string | null = null;
  let failure: string | null = null;
  const why = `returned by the bank (${dispute.reason.replace(/_/g, ' ')})`;
  try {
    await s.em.transactional(async (tx) => {
      const row = await lockOnlinePayment(tx, { paymentIntent: pi });
      if (!row) {
        outcome = 'ignored';
        return;
      }
      rowId = row.id;
      if (row.status === OnlinePaymentStatus.RETURNED) {
        outcome = 'duplicate';
        return;
      }
      if (row.method === 'card') {
        await updateOnlinePayment(tx, row.id, {
          failure_reason: `Disputed by the cardholder (${dispute.reason.replace(/_/g, ' ')}): answer it in the association's Stripe dashboard`,
        });
        return;
      }
      if (!row.payment_id) {
        // Never recorded (it had not settled): a failure like any other.
        const feeInvoice = await returnFeeInvoice(tx, s.org, row, at, why);
        await updateOnlinePayment(tx, row.id, {
          status: OnlinePaymentStatus.RETURNED,
          failure_reason: `Payment ${why}`,
          ...(feeInvoice ? { return_fee_invoice_id: feeInvoice } : {}),
        });
        return;
      }
      const date = await postingDate(tx, s.org, at);
      const deposit = await depositNumberOf(tx, row.payment_id);
      let returnInvoice: string | null = null;
      if (deposit === null) {
        // Still in Undeposited Funds: the payment is undone (its invoices open again).
        await voidPayment(tx, null, row.payment_id, date);
      } else {
        // Carried to the bank by DEP-n: the money came back out through Stripe, so the unit owes
        // it again; the payout that carries the return debits Stripe Clearing by the same.
        const invoice = await createInvoice(tx, null, {
          unitId: row.unit_id,
          issueDate: date,
          dueDate: date,
          memo: `Bank payment ${why}`.slice(0, 200),
          lines: [
            {
              description: `Returned bank payment of ${displayMoney(toCents(row.amount))}`,
              accountId: await onlineAccount(tx, null, 'clearing_account_id'),
              amount: toCents(row.amount),
            },
          ],
        });
        returnInvoice = invoice.id;
      }
      const feeInvoice = await returnFeeInvoice(tx, s.org, row, at, why);
      await updateOnlinePayment(tx, row.id, {
        status: OnlinePaymentStatus.RETURNED,
        failure_reason:
          deposit === null
            ? `Payment ${why}: voided`
            : `Payment ${why} after DEP-${deposit}: billed back to the unit`,
        ...(returnInvoice ? { return_invoice_id: returnInvoice } : {}),
        ...(feeInvoice ? { return_fee_invoice_id: feeInvoice } : {}),
      });
    });
  } catch (err) {
    failure = reasonOf(err);
  }
  if (failure && rowId) {
    await updateOnlinePayment(s.em, rowId, {
      status: OnlinePaymentStatus.RETURNED,
      failure_reason: `Payment ${why}; the books could not follow, undo it by hand: ${failure}`,
    });
    return 'failed';
  }
  return outcome;
}

async function markProcessing(
  s: Session,
  find: { metadata?: Record<string, string> | null; paymentIntent: string | null },
  sessionId: string | null,
): Promise<EventOutcome> {
  let outcome: EventOutcome = 'processed';
  await s.em.transactional(async (tx) => {
    const row = await rowOf(tx, s.org, find.metadata, find.paymentIntent);
    if (!row) {
      outcome = 'ignored';
      return;
    }
    if (row.status !== OnlinePaymentStatus.OPEN) {
      outcome = 'duplicate';
      return;
    }
    await updateOnlinePayment(tx, row.id, {
      status: OnlinePaymentStatus.PROCESSING,
      ...(find.paymentIntent ? { stripe_payment_intent_id: find.paymentIntent } : {}),
      ...(sessionId && !row.stripe_checkout_session_id
        ? { stripe_checkout_session_id: sessionId }
        : {}),
    });
  });
  return outcome;
}

async function markExpired(s: Session, session: Stripe.Checkout.Session): Promise<EventOutcome> {
  let outcome: EventOutcome = 'processed';
  await s.em.transactional(async (tx) => {
    const row = await rowOf(tx, s.org, session.metadata, null);
    if (!row || row.status !== OnlinePaymentStatus.OPEN) {
      outcome = row ? 'duplicate' : 'ignored';
      return;
    }
    await updateOnlinePayment(tx, row.id, { status: OnlinePaymentStatus.EXPIRED });
  });
  return outcome;
}

const failureOf = (pi: Stripe.PaymentIntent) =>
  pi.last_payment_error?.message ?? 'The payment did not go through';

// One verified event of the association's Stripe account, inside its books. Setup-mode checkouts
// (AutoPay) are AutoPay's; the webhook hands them there.
export async function handleOnlinePaymentEvent(
  services: Services,
  s: Session,
  event: Stripe.Event,
): Promise<EventOutcome> {
  const at = new Date(event.created * 1000);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.mode !== 'payment') return 'ignored';
      const find = { metadata: session.metadata, paymentIntent: idOf(session.payment_intent) };
      if (session.payment_status !== 'paid') {
        return markProcessing(s, find, session.id);
      }
      const { outcome, row } = await recordPaid(s, find, at);
      if (row && outcome !== 'ignored') await settleCharge(services, s, row.id);
      return outcome;
    }
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      return markFailed(
        s,
        { metadata: session.metadata, paymentIntent: idOf(session.payment_intent) },
        'The bank payment failed',
        at,
      );
    }
    case 'checkout.session.expired':
      return markExpired(s, event.data.object);
    case 'payment_intent.processing': {
      const pi = event.data.object;
      return markProcessing(s, { metadata: pi.metadata, paymentIntent: pi.id }, null);
    }
    case 'payment_intent.succeeded': {
      const pi = event.data.object;
      const { outcome, row } = await recordPaid(
        s,
        { metadata: pi.metadata, paymentIntent: pi.id },
        at,
      );
      if (row && outcome !== 'ignored') await settleCharge(services, s, row.id);
      return outcome;
    }
    case 'payment_intent.payment_failed': {
      const pi = event.data.object;
      return markFailed(s, { metadata: pi.metadata, paymentIntent: pi.id }, failureOf(pi), at);
    }
    case 'charge.dispute.created':
      return markReturned(s, event.data.object, at);
    default:
      return 'ignored';
  }
}
