import { centsToMoney, formatMoney, toCents, type Cents } from '@/money';
import type {
  OnlinePaymentMethod,
  OwnerInvoice,
  OwnerOnlinePayment,
  OwnerUnit,
  PublishedDocument,
} from './owner.graphql';

// The owner portal's words and sums, kept apart from the pages so they are read (and tested) once.
// Owners are not accountants: plain words, never "receivable" or "credit memo".

/** A unit as an owner names it: "Unit 12". */
export function unitName(unit: Pick<OwnerUnit, 'number'>): string {
  return /^unit\b/i.test(unit.number) ? unit.number : `Unit ${unit.number}`;
}

/** An amount the Pay page offers: what is late, what is due by the next due date, everything. */
export interface PayChoice {
  value: 'past' | 'due' | 'balance';
  label: string;
  description: string;
  cents: Cents;
}

/**
 * The amounts the Pay page offers, in this order and without repeats: what is past due, all that
 * is due by the next due date (past due included, as the API sums it), the whole balance. None
 * above the balance (a credit already covers part), none when nothing is owed.
 */
export function payChoices(
  unit: Pick<OwnerUnit, 'balance' | 'pastDue' | 'nextDue'>,
  day: (date: string) => string,
): PayChoice[] {
  const balance = toCents(unit.balance);
  if (!(balance > 0)) return [];
  const choices: PayChoice[] = [];
  const offer = (value: PayChoice['value'], cents: Cents, label: string, description: string) => {
    const amount = Math.min(cents, balance);
    if (!(amount > 0) || choices.some((c) => c.cents === amount)) return;
    choices.push({ value, label: `${label} · ${formatMoney(amount)}`, description, cents: amount });
  };
  offer('past', toCents(unit.pastDue), 'Past due', 'Late now: best paid first');
  if (unit.nextDue) {
    offer(
      'due',
      toCents(unit.nextDue.amount),
      `Due by ${day(unit.nextDue.dueDate)}`,
      'Everything due by then',
    );
  }
  offer('balance', balance, 'Full balance', 'Everything you owe, bills not due yet too');
  return choices;
}

/** What the Pay page starts with (the first of payChoices); null when nothing is owed. */
export function amountDue(unit: Pick<OwnerUnit, 'balance' | 'pastDue' | 'nextDue'>): Cents | null {
  return payChoices(unit, (d) => d)[0]?.cents ?? null;
}

/** The amount a form sends: a Money string ("425.00"). */
export function money(cents: Cents): string {
  return centsToMoney(cents);
}

export const METHOD_LABELS: Record<OnlinePaymentMethod, string> = {
  CARD: 'Card',
  US_BANK_ACCOUNT: 'Bank account',
};

export const PAYMENT_METHOD_OPTIONS: readonly {
  value: OnlinePaymentMethod;
  label: string;
  description: string;
}[] = [
  {
    value: 'US_BANK_ACCOUNT',
    label: 'Bank account',
    description: 'From your checking or savings account. Takes a few business days to clear.',
  },
  {
    value: 'CARD',
    label: 'Credit or debit card',
    description: 'Visa, Mastercard, American Express or Discover. Clears right away.',
  },
];

/** Published documents' categories, in the order the Documents page shows them. */
export const DOCUMENT_CATEGORIES: readonly { value: string; label: string; icon: string }[] = [
  { value: 'budget', label: 'Budgets', icon: 'pi pi-chart-pie' },
  { value: 'financials', label: 'Financial statements', icon: 'pi pi-chart-bar' },
  { value: 'minutes', label: 'Meeting minutes', icon: 'pi pi-comments' },
  { value: 'rules', label: 'Rules and policies', icon: 'pi pi-book' },
  { value: 'insurance', label: 'Insurance', icon: 'pi pi-shield' },
  { value: 'other', label: 'Other documents', icon: 'pi pi-folder' },
];

export interface DocumentGroup {
  value: string;
  label: string;
  icon: string;
  documents: PublishedDocument[];
}

/** The documents by category (known ones in their order, then any other), newest first. */
export function groupDocuments(documents: readonly PublishedDocument[]): DocumentGroup[] {
  const known = new Map(DOCUMENT_CATEGORIES.map((c) => [c.value, c]));
  const groups = new Map<string, DocumentGroup>();
  for (const c of DOCUMENT_CATEGORIES) groups.set(c.value, { ...c, documents: [] });
  for (const d of documents) {
    const key = known.has(d.category) ? d.category : 'other';
    groups.get(key)!.documents.push(d);
  }
  for (const g of groups.values()) {
    g.documents.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  }
  return [...groups.values()].filter((g) => g.documents.length > 0);
}

/** "March 2026" for a statement month ("2026-03"). */
export function monthLabel(month: string, locale?: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, 1);
  try {
    return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(date);
  } catch {
    return new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' }).format(date);
  }
}

/** An invoice's state in an owner's words, and the badge tone it is shown with. */
export function invoiceState(
  invoice: Pick<OwnerInvoice, 'status' | 'balance' | 'dueDate'>,
  today: string,
): { label: string; tone: 'success' | 'danger' | 'neutral' | 'info'; icon: string } {
  const status = invoice.status.toUpperCase();
  if (status === 'VOID' || status === 'VOIDED')
    return { label: 'Canceled', tone: 'neutral', icon: 'pi pi-ban' };
  if (status === 'WRITTEN_OFF') return { label: 'Forgiven', tone: 'neutral', icon: 'pi pi-check' };
  if (toCents(invoice.balance) <= 0) return { label: 'Paid', tone: 'success', icon: 'pi pi-check' };
  if (invoice.dueDate < today)
    return { label: 'Past due', tone: 'danger', icon: 'pi pi-exclamation-circle' };
  if (status === 'PARTIAL' || status === 'PARTIALLY_PAID')
    return { label: 'Partly paid', tone: 'info', icon: 'pi pi-clock' };
  return { label: 'Open', tone: 'info', icon: 'pi pi-clock' };
}

/** An online payment's state in an owner's words. */
export function onlinePaymentState(payment: Pick<OwnerOnlinePayment, 'status'>): {
  label: string;
  tone: 'success' | 'danger' | 'neutral' | 'info';
  icon: string;
} {
  switch (payment.status.toLowerCase()) {
    case 'succeeded':
      return { label: 'Received', tone: 'success', icon: 'pi pi-check' };
    case 'processing':
      return { label: 'On its way', tone: 'info', icon: 'pi pi-clock' };
    case 'open':
      return { label: 'Not finished', tone: 'neutral', icon: 'pi pi-hourglass' };
    case 'failed':
      return { label: 'Didn’t go through', tone: 'danger', icon: 'pi pi-times' };
    case 'returned':
      return { label: 'Returned by the bank', tone: 'danger', icon: 'pi pi-replay' };
    case 'expired':
      return { label: 'Not finished', tone: 'neutral', icon: 'pi pi-minus-circle' };
    default:
      return { label: payment.status, tone: 'neutral', icon: 'pi pi-info-circle' };
  }
}

/** Payments still on their way to the books: shown apart, since the balance does not show them yet. */
export function pendingOnlinePayments(
  payments: readonly OwnerOnlinePayment[],
): OwnerOnlinePayment[] {
  return payments.filter((p) => p.status.toLowerCase() === 'processing');
}

/** A recorded payment's method in plain words ("Check", "Bank transfer"). */
export function paymentMethodLabel(method: string): string {
  const m = method.toUpperCase();
  const known: Record<string, string> = {
    CHECK: 'Check',
    CASH: 'Cash',
    ACH: 'Bank transfer',
    US_BANK_ACCOUNT: 'Bank account',
    BANK_TRANSFER: 'Bank transfer',
    CARD: 'Card',
    CREDIT_CARD: 'Card',
    ONLINE: 'Online',
    MONEY_ORDER: 'Money order',
    WIRE: 'Wire transfer',
    OTHER: 'Other',
    OPENING_CREDIT: 'Credit brought over',
  };
  return known[m] ?? method.charAt(0).toUpperCase() + method.slice(1).toLowerCase();
}

/** "Jordan" from "Jordan Alvarez", for a greeting; null without a name. */
export function firstName(name: string | null | undefined): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : null;
}

/** Initials for an avatar: "JA" from "Jordan Alvarez", "J" from "jordan@example.com". */
export function initialsOf(name: string | null | undefined, email: string | undefined): string {
  const n = name?.trim();
  if (n) {
    return n
      .split(/\s+/)
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase() ?? '')
      .join('');
  }
  return email?.[0]?.toUpperCase() ?? '?';
}
