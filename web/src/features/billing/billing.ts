import { formatDate, formatLocalDate } from '@/format';

export type BillingStatus = 'ACTIVE' | 'TRIALING' | 'PAST_DUE' | 'CANCELED';

export interface BillingState {
  planName: string;
  status: BillingStatus;
  readOnly: boolean;
  readOnlyFrom: string | null;
}

/** Everything the Billing page shows (OrganizationBilling). */
export interface BillingDetails extends BillingState {
  renewalDate: string | null;
  interval: 'MONTHLY' | 'ANNUAL' | null;
  lastPaymentDate: string | null;
  cancelAt: string | null;
  portalAvailable: boolean;
  maxUnits: number | null;
  aiPlanning: boolean;
}

/** What the banner says, or null when the subscription is in good standing. */
export function billingNotice(
  b: BillingState | null | undefined,
): { tone: 'warn' | 'error'; text: string } | null {
  if (!b || (!b.readOnly && !b.readOnlyFrom)) return null;
  // An instant: the day it falls on where the reader is.
  const when = b.readOnlyFrom ? formatDate(b.readOnlyFrom) : null;
  if (b.readOnly) {
    const why =
      b.status === 'TRIALING'
        ? 'the free trial has ended'
        : b.status === 'CANCELED'
          ? 'the subscription was canceled'
          : 'the subscription payment is past due';
    return {
      tone: 'error',
      text: `Read-only: ${why}. Reports and exports still work; changes resume once payment goes through.`,
    };
  }
  if (b.status === 'TRIALING') {
    return { tone: 'warn', text: `The free trial ends on ${when}; the books turn read-only then.` };
  }
  return {
    tone: 'warn',
    text:
      b.status === 'CANCELED'
        ? `The subscription was canceled: the books turn read-only on ${when}.`
        : `A payment did not go through: the books turn read-only on ${when} unless it does.`,
  };
}

/**
 * The way out a banner offers: organization admins get a link to the Billing page, everyone else
 * is told who can fix it. Null when there is no banner.
 */
export function noticeAction(
  b: BillingState | null | undefined,
  isAdmin: boolean,
): { kind: 'link'; label: string } | { kind: 'text'; text: string } | null {
  if (!billingNotice(b)) return null;
  const [label, task] =
    b!.status === 'TRIALING'
      ? ['Add payment', 'add a payment method']
      : b!.status === 'CANCELED'
        ? ['Open billing', 'renew the subscription']
        : ['Fix payment', 'update the payment'];
  return isAdmin
    ? { kind: 'link', label }
    : { kind: 'text', text: `Ask an organization admin to ${task}.` };
}

const STATUS_LABELS: Record<BillingStatus, string> = {
  ACTIVE: 'Active',
  TRIALING: 'Free trial',
  PAST_DUE: 'Past due',
  CANCELED: 'Canceled',
};

/** The status as a tag shows it, with the tone of its standing. */
export function statusTag(b: BillingDetails): {
  label: string;
  severity: 'success' | 'info' | 'warn' | 'danger';
} {
  if (b.readOnly) return { label: `${STATUS_LABELS[b.status]} · read-only`, severity: 'danger' };
  if (b.status === 'PAST_DUE' || b.status === 'CANCELED') {
    return { label: STATUS_LABELS[b.status], severity: 'warn' };
  }
  if (b.cancelAt) return { label: `${STATUS_LABELS[b.status]} · ends soon`, severity: 'warn' };
  return { label: STATUS_LABELS[b.status], severity: b.status === 'ACTIVE' ? 'success' : 'info' };
}

/** The facts of the subscription, label and value, in the order the page lists them. */
export function billingFacts(b: BillingDetails): { label: string; value: string; id: string }[] {
  const facts: { label: string; value: string; id: string }[] = [];
  const includes = [
    b.maxUnits === null ? 'unlimited units' : `up to ${b.maxUnits.toLocaleString()} units`,
    b.aiPlanning ? 'AI investment planning' : 'no AI investment planning',
  ].join(', ');
  facts.push({ id: 'plan', label: 'Plan', value: `${b.planName}: ${includes}` });
  facts.push({
    id: 'interval',
    label: 'Billed',
    value:
      b.interval === 'ANNUAL' ? 'Annually' : b.interval === 'MONTHLY' ? 'Monthly' : 'By agreement',
  });
  if (b.cancelAt && b.status !== 'CANCELED') {
    facts.push({ id: 'ends', label: 'Ends on', value: formatDate(b.cancelAt) });
  } else if (b.renewalDate && b.status !== 'CANCELED') {
    facts.push({
      id: 'renews',
      label: b.status === 'TRIALING' ? 'Trial ends' : 'Renews on',
      value: formatLocalDate(b.renewalDate),
    });
  }
  if (b.lastPaymentDate) {
    facts.push({ id: 'paid', label: 'Last payment', value: formatLocalDate(b.lastPaymentDate) });
  }
  if (b.readOnlyFrom) {
    facts.push(
      b.readOnly
        ? { id: 'grace', label: 'Read-only since', value: formatDate(b.readOnlyFrom) }
        : { id: 'grace', label: 'Writes stop on', value: formatDate(b.readOnlyFrom) },
    );
  }
  return facts;
}
