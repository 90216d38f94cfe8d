import type { Cents } from '@/money';
import { toCents } from '@/money';
import type { PaymentMethod } from './payments.graphql';

/** 1017 → "PMT-1017" */
export function paymentNumber(n: number): string {
  return `PMT-${n}`;
}

const METHOD_LABELS: Record<PaymentMethod, string> = {
  CHECK: 'Check',
  ACH: 'ACH / bank transfer',
  CARD: 'Card',
  CASH: 'Cash',
  OTHER: 'Other',
  // A unit's credit brought from another system (its opening balance), never recorded by hand.
  OPENING_CREDIT: 'Opening credit',
};

/** The methods a recorded payment may have, in the picker's order (not OPENING_CREDIT). */
export const PAYMENT_METHODS: { value: PaymentMethod; label: string }[] = (
  ['CHECK', 'ACH', 'CARD', 'CASH', 'OTHER'] as const
).map((value) => ({ value, label: METHOD_LABELS[value] }));

export function methodLabel(method: string): string {
  return METHOD_LABELS[method as PaymentMethod] ?? method;
}

export interface OpenInvoice {
  id: string;
  dueDate: string;
  issueDate: string;
  number: number;
  balance: string;
}

export interface Allocation {
  applied: { invoiceId: string; amount: Cents }[];
  /** What is left over: a credit on the unit. */
  credit: Cents;
}

/**
 * How a payment would be applied, as the API applies it: to the chosen invoices in the order
 * given, or (none chosen) to the open invoices oldest first; what is left becomes a credit.
 */
export function allocate(
  amount: Cents,
  open: readonly OpenInvoice[],
  chosen: readonly string[] | null,
): Allocation {
  const byId = new Map(open.map((i) => [i.id, i]));
  const order = chosen
    ? chosen.map((id) => byId.get(id)).filter((i): i is OpenInvoice => !!i)
    : [...open].sort(
        (a, b) =>
          a.dueDate.localeCompare(b.dueDate) ||
          a.issueDate.localeCompare(b.issueDate) ||
          a.number - b.number,
      );
  let left = Math.max(0, amount);
  const applied: Allocation['applied'] = [];
  for (const invoice of order) {
    if (left <= 0) break;
    const take = Math.min(left, Math.max(0, toCents(invoice.balance)));
    if (take > 0) applied.push({ invoiceId: invoice.id, amount: take });
    left -= take;
  }
  return { applied, credit: left };
}
