import type { PaymentMethod } from '../payment-runs.graphql';

// How payment runs and their payments are named on screen, as the journal names their entries
// ("Check 1001", "VP-12").

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  CHECK: 'Check',
  ACH: 'ACH',
  CARD: 'Card',
};

export function methodLabel(method: PaymentMethod): string {
  return METHOD_LABELS[method] ?? method;
}

/** "Check 1042", "ACH VP-12", "Card VP-13". */
export function paymentLabel(p: {
  method: PaymentMethod;
  checkNumber?: string | null;
  number: number;
}): string {
  if (p.method === 'CHECK' && p.checkNumber) return `Check ${p.checkNumber}`;
  return `${methodLabel(p.method)} VP-${p.number}`;
}

/** "Payment run 3". */
export function runTitle(number: number): string {
  return `Payment run ${number}`;
}
