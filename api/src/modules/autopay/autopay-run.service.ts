import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import type { Services } from '../../core/context.js';
import type { EmailMessage } from '../../core/email/mailer.js';
import { addDays, mediumDate, now } from '../../core/dates.js';
import { AppError } from '../../core/errors/app-error.js';
import { newIds } from '../../core/ids.js';
import { displayMoney, toCents } from '../../core/money/money.js';
import { openTenant } from '../../core/tenancy/tenant-door.js';
import type { TenantEntry } from '../../core/tenancy/tenant-directory.js';
import {
  connectClient,
  connectConfig,
  feeFor,
  insertOnlinePayment,
  markFailed,
  OnlinePaymentMethod,
  OnlinePaymentSource,
  OnlinePaymentStatus,
  onlinePaymentRows,
  onlinePaymentSettingsRow,
  processingAmount,
  recordPaid,
  settleCharge,
  stripeConnectedAccount,
  updateOnlinePayment,
} from '../online-payments/index.js';
import { openInvoices } from '../payments/index.js';
import {
  type ChargeRow,
  chargesOf,
  dueDatesOf,
  type EnrollmentRow,
  enrollmentRows,
  insertNotice,
  lockCharge,
  updateCharge,
} from './autopay.repository.js';

// AutoPay's daily run (the association's automation, "AutoPay" switch). For each active AutoPay:
// - 3 days before an open invoice's due date, the owner is told what will be charged (or that it
//   is above their maximum and will not be), once per unit and due date;
// - on the due date (or the first day after it the servers run), what is due by then — the open
//   invoices due on or before it, less bank payments still on their way — is charged off-session
//   to the saved card or bank account, with the fee the policy adds; above the owner's maximum it
//   is skipped and the owner told; once per unit and due date, whichever worker gets there
//   (autopay_charges' row is claimed in a transaction of its own, and a claim younger than 15
//   minutes is another worker's; an older one is a worker that died, taken over with the same
//   online payment, whose id is Stripe's idempotency key, so nothing is charged twice);
// - the charge is an online payment (source autopay): recorded in the books at once for a card,
//   processing for a bank account until Stripe's events settle it; a decline is written on it and
//   on the AutoPay (the treasurer's list shows both) and the owner is told.
// Due dates before the AutoPay began are not charged (an owner enrolling with a past-due balance
// pays it themselves or on the next due date, as part of what is due then).

export interface AutopayRunResult {
  charged: number;
  total: bigint;
}

type Session = { org: TenantEntry; em: EntityManager };

interface Due {
  date: string;
  amount: number;
}

// The unit's due dates and what is due by each (open invoices due on or before it).
async function duesOf(em: EntityManager, unitId: string): Promise<Due[]> {
  const open = await openInvoices(em, { unitIds: [unitId] });
  const dates = await dueDatesOf(
    em,
    open.map((i) => i.id),
  );
  const withDates = open.map((i) => ({ date: dates.get(i.id)!, balance: i.balance }));
  const distinct = [...new Set(withDates.map((i) => i.date))].sort();
  return distinct.map((d) => ({
    date: d,
    amount: withDates.filter((i) => i.date <= d).reduce((s, i) => s + i.balance, 0),
  }));
}

function send(
  services: Services,
  to: string | null,
  subject: string,
  lines: string[],
  template: string,
) {
  if (!to) return Promise.resolve();
  const m: EmailMessage = { to, template, subject, body: lines.join('\n') };
  return services.mailer.send(m);
}

const portal = (services: Services, unitId: string) =>
  `${services.publicUrl}/owner/units/${unitId}`;

async function notify(services: Services, s: Session, e: EnrollmentRow, due: Due) {
  const max = toCents(e.max_amount);
  const over = due.amount > max;
  const label = e.method_label ?? 'your saved payment method';
  await send(
    services,
    e.owner_email,
    over
      ? `${s.org.name}: ${displayMoney(due.amount)} due ${mediumDate(due.date)} is above your AutoPay maximum`
      : `${s.org.name}: AutoPay will charge ${displayMoney(due.amount)} on ${mediumDate(due.date)}`,
    over
      ? [
          `${displayMoney(due.amount)} is due on ${mediumDate(due.date)} for unit ${e.unit_number}, above your AutoPay maximum of ${displayMoney(max)}.`,
          'AutoPay will not charge it: pay it in the owner portal, or raise your maximum there.',
          '',
          portal(services, e.unit_id),
        ]
      : [
          `AutoPay will charge ${displayMoney(due.amount)} to ${label} on ${mediumDate(due.date)} for unit ${e.unit_number} of ${s.org.name}.`,
          'Nothing to do. To change your maximum or stop AutoPay, open the owner portal:',
          '',
          portal(services, e.unit_id),
        ],
    over ? 'autopay-over-maximum' : 'autopay-notice',
  );
}

// Charges one due date of one AutoPay, once. Answers the amount charged (0: nothing charged).
async function chargeDue(
  services: Services,
  s: Session,
  e: EnrollmentRow,
  due: Due,
  stripe: Stripe,
  accountId: string,
): Promise<number> {
  const settings = await onlinePaymentSettingsRow(s.em);
  const max = toCents(e.max_amount);
  const method = e.method as OnlinePaymentMethod;
  let claim: { row: ChargeRow; onlinePaymentId: string; amount: number; fee: number } | null = null;
  let skipped: number | null = null;
  await s.em.transactional(async (tx) => {
    const [newId, opId] = newIds(2);
    const row = await lockCharge(tx, {
      id: newId,
      enrollmentId: e.id,
      unitId: e.unit_id,
      dueDate: due.date,
    });
    if (row.status !== 'notified' && row.status !== 'charging') return;
    // Another worker claimed it a moment ago and is charging it now.
    if (row.status === 'charging' && row.fresh) return;
    if (row.status === 'charging' && row.online_payment_id) {
      // A run that died after claiming it (15 minutes ago or more): the same online payment, the
      // same idempotency key, so Stripe answers what it did then instead of charging again.
      const [again] = await onlinePaymentRows(tx, { ids: [row.online_payment_id] });
      claim = {
        row,
        onlinePaymentId: row.online_payment_id,
        amount: toCents(again.amount),
        fee: toCents(again.fee),
      };
      return;
    }
    // What is due now (an earlier due date's charge may have paid part of it meanwhile), less
    // bank payments on their way.
    const dueNow = (await duesOf(tx, e.unit_id)).find((d) => d.date === due.date)?.amount ?? 0;
    const amount = dueNow - (await processingAmount(tx, e.unit_id));
    if (amount <= 0) {
      await updateCharge(tx, row.id, { status: 'nothing_due', amount: 0, enrollment_id: e.id });
      return;
    }
    if (amount > max) {
      await updateCharge(tx, row.id, {
        status: 'skipped',
        amount,
        enrollment_id: e.id,
        reason: `${displayMoney(amount)} due ${due.date} is above the AutoPay maximum of ${displayMoney(max)}`,
      });
      skipped = amount;
      return;
    }
    const { fee } = feeFor(settings, amount, method);
    await insertOnlinePayment(tx, {
      id: opId,
      unitId: e.unit_id,
      userId: e.user_id,
      source: OnlinePaymentSource.AUTOPAY,
      method,
      amount,
      fee,
    });
    await updateCharge(tx, row.id, {
      status: 'charging',
      amount,
      enrollment_id: e.id,
      online_payment_id: opId,
    });
    claim = { row, onlinePaymentId: opId, amount, fee };
  });
  if (skipped !== null) {
    await send(
      services,
      e.owner_email,
      `${s.org.name}: AutoPay did not charge ${displayMoney(skipped)} (above your maximum)`,
      [
        `${displayMoney(skipped)} was due on ${mediumDate(due.date)} for unit ${e.unit_number}, above your AutoPay maximum of ${displayMoney(max)}, so AutoPay did not charge it.`,
        'Please pay it in the owner portal:',
        '',
        portal(services, e.unit_id),
      ],
      'autopay-skipped',
    );
    return 0;
  }
  if (!claim) return 0;
  const c = claim as { row: ChargeRow; onlinePaymentId: string; amount: number; fee: number };
  const metadata = {
    organizationId: s.org.orgId,
    unitId: e.unit_id,
    onlinePaymentId: c.onlinePaymentId,
    kind: 'autopay',
    dueDate: due.date,
  };
  let intent: Stripe.PaymentIntent | null = null;
  let declined: string | null = null;
  let declinedIntent: string | null = null;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount: c.amount + c.fee,
        currency: 'usd',
        customer: e.stripe_customer_id!,
        payment_method: e.stripe_payment_method_id!,
        allowed_payment_method_types: [method],
        off_session: true,
        confirm: true,
        metadata,
        description: `AutoPay — unit ${e.unit_number}, due ${due.date}`.slice(0, 200),
      },
      { stripeAccount: accountId, idempotencyKey: `autopay:${c.onlinePaymentId}` },
    );
  } catch (err) {
    const x = err as {
      type?: string;
      message?: string;
      raw?: { payment_intent?: { id?: string } };
    };
    // Declined (or refused for this payment method): written down, not tried again.
    if (x.type !== 'StripeCardError' && x.type !== 'StripeInvalidRequestError') throw err;
    declined = x.message ?? 'The payment was declined';
    declinedIntent = x.raw?.payment_intent?.id ?? null;
  }
  if (declined !== null || !intent || intent.status === 'requires_payment_method') {
    const reason =
      declined ?? intent?.last_payment_error?.message ?? 'The payment did not go through';
    await markFailed(
      s,
      { metadata, paymentIntent: declinedIntent ?? intent?.id ?? null },
      `AutoPay: ${reason}`,
      now(),
    );
    await updateCharge(s.em, c.row.id, { status: 'failed', reason: `AutoPay: ${reason}` });
    await send(
      services,
      e.owner_email,
      `${s.org.name}: AutoPay could not charge ${displayMoney(c.amount + c.fee)}`,
      [
        `AutoPay could not charge ${e.method_label ?? 'your saved payment method'} ${displayMoney(c.amount + c.fee)} for unit ${e.unit_number} (due ${mediumDate(due.date)}): ${reason}`,
        'Please pay it in the owner portal, and update your AutoPay there:',
        '',
        portal(services, e.unit_id),
      ],
      'autopay-failed',
    );
    return 0;
  }
  if (intent.status === 'succeeded') {
    await recordPaid(s, { metadata, paymentIntent: intent.id }, now());
    await settleCharge(services, s, c.onlinePaymentId);
  } else {
    // A bank debit (or a card the bank holds): processing until Stripe's events settle it.
    await updateOnlinePayment(s.em, c.onlinePaymentId, {
      status: OnlinePaymentStatus.PROCESSING,
      stripe_payment_intent_id: intent.id,
    });
  }
  await updateCharge(s.em, c.row.id, { status: 'charged', charged_at: now() });
  await send(
    services,
    e.owner_email,
    `${s.org.name}: AutoPay ${intent.status === 'succeeded' ? 'paid' : 'started a payment of'} ${displayMoney(c.amount + c.fee)}`,
    [
      intent.status === 'succeeded'
        ? `AutoPay charged ${e.method_label ?? 'your saved payment method'} ${displayMoney(c.amount + c.fee)} for unit ${e.unit_number} (due ${mediumDate(due.date)}). Thank you.`
        : `AutoPay started a payment of ${displayMoney(c.amount + c.fee)} from ${e.method_label ?? 'your bank account'} for unit ${e.unit_number} (due ${mediumDate(due.date)}); bank payments take a few days to clear.`,
      '',
      portal(services, e.unit_id),
    ],
    'autopay-charged',
  );
  return c.amount;
}

// Whether AutoPay can charge for the association at all: its Stripe account takes payments and
// AutoPay is offered (an AppError saying why not: the automation records it as the run's failure).
export async function autopayPreflight(
  services: Services,
  em: EntityManager,
  orgId: string,
): Promise<{ stripe: Stripe; accountId: string }> {
  const config = connectConfig(services);
  // Not the caller's transaction's: a plain fork inside a tenant transaction resolves to it.
  const platformEm = services.platformOrm.em.fork({
    disableContextResolution: true,
  }) as EntityManager;
  const account = await stripeConnectedAccount(platformEm, orgId);
  if (!config || !account?.charges_enabled) {
    throw new AppError(
      'CONFLICT',
      "AutoPay charged nothing: the association's Stripe account cannot take payments",
    );
  }
  if (!(await onlinePaymentSettingsRow(em)).autopay_allowed) {
    throw new AppError('CONFLICT', 'AutoPay charged nothing: the association turned AutoPay off');
  }
  return { stripe: connectClient(config), accountId: account.account_id };
}

// One day's AutoPay of an association: the notices and the charges (see above). Each charge
// commits on its own, so this runs outside any transaction (the automation calls it once its run
// is claimed and committed).
export async function runAutopay(
  services: Services,
  orgId: string,
  date: string,
): Promise<AutopayRunResult> {
  const session = await openTenant(services, orgId);
  const s: Session = { org: session.org, em: session.em };
  const enrollments = await enrollmentRows(s.em, { status: ['active'] });
  if (!enrollments.length) return { charged: 0, total: 0n };
  const { stripe, accountId } = await autopayPreflight(services, s.em, orgId);
  let charged = 0;
  let total = 0n;
  for (const e of enrollments) {
    const done = new Map((await chargesOf(s.em, e.unit_id)).map((c) => [c.due_date, c]));
    for (const due of await duesOf(s.em, e.unit_id)) {
      if (!e.starts_on || due.date < e.starts_on) continue;
      if (due.date > date && due.date <= addDays(date, 3) && !done.has(due.date)) {
        const [id] = newIds(1);
        const fresh = await insertNotice(s.em, {
          id,
          enrollmentId: e.id,
          unitId: e.unit_id,
          dueDate: due.date,
          amount: due.amount,
        });
        if (fresh) await notify(services, s, e, due);
      }
      const row = done.get(due.date);
      if (due.date <= date && (!row || row.status === 'notified' || row.status === 'charging')) {
        const amount = await chargeDue(services, s, e, due, stripe, accountId);
        if (amount > 0) {
          charged++;
          total += BigInt(amount);
        }
      }
    }
  }
  return { charged, total };
}
