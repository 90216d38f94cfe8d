import type { OnlinePaymentMethod } from './online-payments.graphql';

// Words of the online payments page, kept out of the components so they read plainly.

export const METHOD_LABELS: Record<OnlinePaymentMethod, string> = {
  CARD: 'Card',
  US_BANK_ACCOUNT: 'Bank account',
};

export const STATUS_LABELS: Record<string, string> = {
  open: 'Started',
  processing: 'Processing',
  succeeded: 'Paid',
  failed: 'Failed',
  returned: 'Returned',
  expired: 'Abandoned',
};

export const STATUS_OPTIONS = [
  { value: null, label: 'Every status' },
  ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

/** The badge of a status: green paid, red failed or returned, blue on its way, grey the rest. */
export function statusBadge(status: string): string {
  if (status === 'succeeded') return 'cv-badge--success';
  if (status === 'failed' || status === 'returned') return 'cv-badge--danger';
  if (status === 'processing') return 'cv-badge--info';
  return 'cv-badge--neutral';
}

export const AUTOPAY_STATUS_LABELS: Record<string, string> = {
  pending: 'Setting up',
  active: 'On',
  canceled: 'Stopped',
};

export const PAYOUT_STATUS_LABELS: Record<string, string> = {
  pending: 'Waiting',
  deposited: 'Deposited',
  failed: 'Not deposited',
};

/** "2.5" → "2.5%". */
export const percentLabel = (n: number) => `${Number(n.toFixed(2))}%`;

/** Stripe's own dashboard, where the association's people sign in with their own Stripe login. */
export const STRIPE_DASHBOARD = 'https://dashboard.stripe.com';
