import type { PaymentMethod } from '../payment-runs.graphql';

// How payment runs and their methods are named on screen (a payment's name: paymentLabel).

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  CHECK: 'Check',
  ACH: 'ACH',
  CARD: 'Card',
};

export function methodLabel(method: PaymentMethod): string {
  return METHOD_LABELS[method] ?? method;
}

/** "Payment run 3". */
export function runTitle(number: number): string {
  return `Payment run ${number}`;
}
