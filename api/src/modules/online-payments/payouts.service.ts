import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import type { Services } from '../../core/context.js';
import { dateIn, now } from '../../core/dates.js';
import { AppError } from '../../core/errors/app-error.js';
import { newIds } from '../../core/ids.js';
import { displayMoney, toCents } from '../../core/money/money.js';
import type { TenantEntry } from '../../core/tenancy/tenant-directory.js';
import { receivablesSettings } from '../assessments/index.js';
import { createDeposit, type DepositAdjustment } from '../banking/index.js';
import { onlineAccount } from './online-accounts.service.js';
import {
  connectedAccount,
  finishPayout,
  lockPayout,
  type OnlinePaymentRow,
  paymentsOfIntents,
  type PayoutRow,
  setPayoutOf,
  settingsRow,
  unpostedPayouts,
  unrecordedPaid,
} from './online-payments.repository.js';
import { connectClient, connectConfig } from './online-payments.stripe.js';
import { OnlinePaymentStatus } from './online-payments.types.js';
import {
  type EventOutcome,
  postingDate,
  recordPaid,
  settleCharge,
} from './stripe-events.service.js';

// A Stripe payout is a deposit: the payments it carries leave Undeposited Funds for the bank
// account the settings name, in one bank line of the payout's amount, so the bank reconciliation
// matches the bank's payout line. Its balance transactions say what is in it:
// - a charge of an owner's payment in the books: the payment (its amount), and what the owner paid
//   on top (surcharge, ACH fee) as income;
// - a refund (a debit card's surcharge): less income;
// - a return (a dispute) and the charge of a payment voided for its return: Stripe Clearing (a
//   return billed back to the unit credits it; a voided payment's charge and its return cancel);
// - Stripe's fees of all of them: the deposit's fee line (Payment Processing Fees);
// - anything else on the association's Stripe account (money it took in its own dashboard):
//   Stripe Clearing, named in the payout's note, for the treasurer to classify.
// A payout that cannot be posted (no bank account chosen, a payment the books refused) is kept
// with the reason and posted again when the settings are saved.

type Session = { org: TenantEntry; em: EntityManager };

const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : ((v as { id?: string } | null)?.id ?? null);

interface Plan {
  paymentIds: string[];
  onlinePaymentIds: string[];
  fee: number;
  income: number;
  clearing: number;
  notes: string[];
  problems: string[];
}

function plan(txns: Stripe.BalanceTransaction[], rows: Map<string, OnlinePaymentRow>): Plan {
  const p: Plan = {
    paymentIds: [],
    onlinePaymentIds: [],
    fee: 0,
    income: 0,
    clearing: 0,
    notes: [],
    problems: [],
  };
  for (const t of txns) {
    if (t.type === 'payout') continue;
    p.fee += t.fee;
    const source = t.source as unknown as { object?: string; payment_intent?: unknown } | null;
    const row = rows.get(idOf(source?.payment_intent) ?? '');
    if (!row) {
      p.clearing += t.amount;
      p.notes.push(`${t.type} ${displayMoney(t.amount)} (not an owner's payment)`);
      continue;
    }
    const amount = toCents(row.amount);
    if (t.type === 'charge' || t.type === 'payment') {
      if (row.payment_id && row.status === OnlinePaymentStatus.SUCCEEDED) {
        p.paymentIds.push(row.payment_id);
        p.onlinePaymentIds.push(row.id);
        p.income += t.amount - amount;
      } else if (row.status === OnlinePaymentStatus.RETURNED) {
        p.clearing += amount;
        p.income += t.amount - amount;
        p.onlinePaymentIds.push(row.id);
      } else {
        p.problems.push(
          `Unit ${row.unit_number}'s payment of ${displayMoney(amount)} is not in the books yet${
            row.failure_reason ? ` (${row.failure_reason})` : ''
          }`,
        );
      }
    } else if (t.type === 'refund') {
      p.income += t.amount;
    } else if (t.type === 'adjustment') {
      // A return takes the whole charge back: the payment's part through Stripe Clearing, the
      // owner's fee out of income.
      p.clearing -= amount;
      p.income += t.amount + amount;
    } else {
      p.clearing += t.amount;
      p.notes.push(`${t.type} ${displayMoney(t.amount)}`);
    }
  }
  return p;
}

// Payments Stripe says are paid that the books refused earlier (written on them), tried again.
export async function recordWaitingPayments(services: Services, s: Session): Promise<number> {
  const rows = await unrecordedPaid(s.em);
  let recorded = 0;
  for (const r of rows) {
    const { outcome } = await recordPaid(s, { paymentIntent: r.stripe_payment_intent_id }, now());
    if (outcome === 'processed') {
      recorded++;
      await settleCharge(services, s, r.id);
    }
  }
  return recorded;
}

async function failPayout(em: EntityManager, id: string, reason: string): Promise<EventOutcome> {
  await em.transactional((tx) => finishPayout(tx, id, { status: 'failed', failureReason: reason }));
  return 'failed';
}

// Posts a payout's deposit, once (its row is locked while it does).
export async function postPayout(
  services: Services,
  s: Session,
  stripeId: string,
): Promise<EventOutcome> {
  const config = connectConfig(services);
  const account = await connectedAccount(
    services.platformOrm.em.fork({ disableContextResolution: true }) as EntityManager,
    s.org.orgId,
  );
  if (!config || !account) return 'ignored';
  const stripe = connectClient(config);
  const payout = await stripe.payouts.retrieve(stripeId, {}, { stripeAccount: account.account_id });
  const txns: Stripe.BalanceTransaction[] = [];
  for await (const t of stripe.balanceTransactions.list(
    { payout: stripeId, limit: 100, expand: ['data.source'] },
    { stripeAccount: account.account_id },
  )) {
    txns.push(t);
  }
  await recordWaitingPayments(services, s);
  const intents = txns
    .map((t) => idOf((t.source as unknown as { payment_intent?: unknown } | null)?.payment_intent))
    .filter((x): x is string => !!x);
  const rows = new Map(
    (await paymentsOfIntents(s.em, [...new Set(intents)])).map((r) => [
      r.stripe_payment_intent_id!,
      r,
    ]),
  );
  const p = plan(txns, rows);
  const sum = txns.filter((t) => t.type !== 'payout').reduce((x, t) => x + t.net, 0);
  const arrival = dateIn(s.org.timeZone, new Date(payout.arrival_date * 1000));
  const [newId] = newIds(1);
  let outcome: EventOutcome = 'processed';
  let failure: string | null = null;
  let rowId = '';
  try {
    await s.em.transactional(async (tx) => {
      const row: PayoutRow = await lockPayout(tx, {
        id: newId,
        stripeId,
        amount: payout.amount,
        arrivalDate: arrival,
      });
      rowId = row.id;
      if (row.status === 'deposited') {
        outcome = 'duplicate';
        return;
      }
      if (sum !== payout.amount) {
        throw new AppError(
          'CONFLICT',
          `Its transactions add up to ${displayMoney(sum)}, not ${displayMoney(payout.amount)}`,
        );
      }
      if (p.problems.length) throw new AppError('CONFLICT', p.problems.join('; '));
      if (!p.paymentIds.length) {
        throw new AppError(
          'CONFLICT',
          "It carries no owner's payment of these books: enter it as a deposit by hand",
        );
      }
      const settings = await settingsRow(tx);
      const bank =
        settings.payout_account_id ?? (await receivablesSettings(tx)).depositAccountId ?? null;
      if (!bank) {
        throw new AppError(
          'CONFLICT',
          'Choose the bank account Stripe pays out to (Online payments settings)',
        );
      }
      const adjustments: DepositAdjustment[] = [];
      if (p.income) {
        adjustments.push({
          accountId: await onlineAccount(tx, null, 'fee_income_account_id'),
          amount: p.income,
          memo: 'Fees paid by owners',
        });
      }
      if (p.clearing) {
        adjustments.push({
          accountId: await onlineAccount(tx, null, 'clearing_account_id'),
          amount: p.clearing,
          memo: p.notes.length
            ? `Returned payments and other Stripe activity: ${p.notes.join(', ')}`.slice(0, 200)
            : 'Returned payments',
        });
      }
      const deposit = await createDeposit(
        tx,
        null,
        {
          accountId: bank,
          date: await postingDate(tx, s.org, new Date(payout.arrival_date * 1000)),
          paymentIds: p.paymentIds,
          fee: p.fee,
          feeAccountId: p.fee > 0 ? await onlineAccount(tx, null, 'fee_account_id') : null,
          memo: `Stripe payout ${stripeId}`.slice(0, 200),
        },
        adjustments,
      );
      await finishPayout(tx, row.id, {
        status: 'deposited',
        depositId: deposit.id,
        fee: p.fee,
        feesCollected: p.income,
        returns: p.clearing,
      });
      await setPayoutOf(tx, row.id, p.onlinePaymentIds);
    });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const details = err.details?.map((d) => d.message).join('; ');
    failure = `Not deposited: ${err.message}${details && !err.message.includes(details) ? `: ${details}` : ''}`;
  }
  if (failure) {
    if (!rowId) {
      await s.em.transactional((tx) =>
        lockPayout(tx, { id: newId, stripeId, amount: payout.amount, arrivalDate: arrival }).then(
          (r) => {
            rowId = r.id;
          },
        ),
      );
    }
    return failPayout(s.em, rowId, failure);
  }
  return outcome;
}

export async function handlePayoutPaid(
  services: Services,
  s: Session,
  payout: Stripe.Payout,
): Promise<EventOutcome> {
  if (payout.status !== 'paid' || payout.amount <= 0) return 'ignored';
  return postPayout(services, s, payout.id);
}

// Payouts kept for a reason (no bank account chosen…), posted again: the settings were saved.
export async function repostPayouts(services: Services, s: Session): Promise<number> {
  let posted = 0;
  for (const r of await unpostedPayouts(s.em)) {
    if ((await postPayout(services, s, r.stripe_payout_id)) === 'processed') posted++;
  }
  return posted;
}
