import { formatDate } from '@/format';

export interface BillingState {
  planName: string;
  status: 'ACTIVE' | 'TRIALING' | 'PAST_DUE' | 'CANCELED';
  readOnly: boolean;
  readOnlyFrom: string | null;
}

/** What the banner says, or null when the subscription is in good standing. */
export function billingNotice(
  b: BillingState | null | undefined,
): { tone: 'warn' | 'error'; text: string } | null {
  if (!b || (!b.readOnly && !b.readOnlyFrom)) return null;
  const when = b.readOnlyFrom ? formatDate(b.readOnlyFrom.slice(0, 10)) : null;
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
