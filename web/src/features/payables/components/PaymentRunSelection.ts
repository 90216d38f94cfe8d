import { computed, reactive, watch, type Ref } from 'vue';
import {
  centsToMoney,
  formatMoney,
  formatMoneyInput,
  parseMoneyInput,
  toCents,
  type Cents,
} from '@/money';
import type { PayableBill } from '../payment-runs.graphql';

/** One bill in the run being prepared: chosen or not, and the amount typed for it. */
export interface BillChoice {
  selected: boolean;
  /** As typed ("1,250.00"); the bill's balance until edited. */
  amount: string;
}

export interface BillLine {
  bill: PayableBill;
  choice: BillChoice;
  /** The amount to pay in cents, when what is typed is a valid one. */
  cents: Cents | null;
  /** Why the typed amount cannot be paid (only for a chosen bill). */
  error: string | null;
  /** Less than the balance: the bill stays open for the rest. */
  partial: boolean;
}

export interface VendorGroup {
  vendorId: string;
  name: string;
  lines: BillLine[];
  /** What the vendor's bills still owe. */
  balance: Cents;
  /** What the run pays the vendor (its chosen bills' valid amounts). */
  total: Cents;
  chosen: number;
  allChosen: boolean;
  someChosen: boolean;
}

/**
 * The bills of a payment run being prepared, grouped by vendor: which are chosen, what is paid on
 * each (the balance, or less for a partial payment), and the totals per vendor and for the run.
 * Choices survive a new list of bills (another pay-through date) for the bills still in it.
 */
export function usePaymentRunSelection(bills: Ref<readonly PayableBill[]>) {
  const choices = reactive(new Map<string, BillChoice>());

  watch(
    bills,
    (list) => {
      const ids = new Set(list.map((b) => b.id));
      for (const id of [...choices.keys()]) if (!ids.has(id)) choices.delete(id);
      for (const b of list) {
        if (!choices.has(b.id)) {
          choices.set(b.id, { selected: false, amount: formatMoneyInput(b.balance) });
        }
      }
    },
    { immediate: true },
  );

  function line(bill: PayableBill): BillLine {
    const choice = choices.get(bill.id) ?? { selected: false, amount: '' };
    const balance = toCents(bill.balance);
    const parsed = parseMoneyInput(choice.amount);
    let cents: Cents | null = null;
    let error: string | null = null;
    if (parsed.kind === 'invalid') error = parsed.message;
    else if (parsed.kind === 'empty' || parsed.cents === 0) error = 'Enter the amount to pay';
    else if (parsed.cents > balance) error = `At most the balance, ${formatMoney(balance)}`;
    else cents = parsed.cents;
    return {
      bill,
      choice,
      cents,
      error: choice.selected ? error : null,
      partial: cents !== null && cents < balance,
    };
  }

  const groups = computed<VendorGroup[]>(() => {
    const byVendor = new Map<string, VendorGroup>();
    for (const bill of bills.value) {
      let g = byVendor.get(bill.vendorId);
      if (!g) {
        g = {
          vendorId: bill.vendorId,
          name: bill.vendor.name,
          lines: [],
          balance: 0,
          total: 0,
          chosen: 0,
          allChosen: false,
          someChosen: false,
        };
        byVendor.set(bill.vendorId, g);
      }
      const l = line(bill);
      g.lines.push(l);
      g.balance += toCents(bill.balance);
      if (l.choice.selected) {
        g.chosen += 1;
        if (l.cents !== null) g.total += l.cents;
      }
    }
    const list = [...byVendor.values()];
    for (const g of list) {
      // Oldest due first: the order a treasurer pays them in.
      g.lines.sort(
        (a, b) => a.bill.dueDate.localeCompare(b.bill.dueDate) || a.bill.number - b.bill.number,
      );
      g.allChosen = g.chosen === g.lines.length;
      g.someChosen = g.chosen > 0 && !g.allChosen;
    }
    return list.sort((a, b) => a.name.localeCompare(b.name));
  });

  const chosenLines = computed(() =>
    groups.value.flatMap((g) => g.lines.filter((l) => l.choice.selected)),
  );
  const total = computed<Cents>(() => groups.value.reduce((sum, g) => sum + g.total, 0));
  const chosenCount = computed(() => chosenLines.value.length);
  const vendorCount = computed(() => groups.value.filter((g) => g.chosen > 0).length);
  const invalidCount = computed(() => chosenLines.value.filter((l) => l.error).length);
  const allChosen = computed(
    () => bills.value.length > 0 && chosenCount.value === bills.value.length,
  );
  const someChosen = computed(() => chosenCount.value > 0 && !allChosen.value);
  /** What the API takes: each chosen bill with its amount. */
  const items = computed(() =>
    chosenLines.value
      .filter((l) => l.cents !== null)
      .map((l) => ({ billId: l.bill.id, amount: centsToMoney(l.cents!) })),
  );

  function choose(billId: string, selected: boolean): void {
    const c = choices.get(billId);
    if (c) c.selected = selected;
  }
  function chooseVendor(vendorId: string, selected: boolean): void {
    for (const b of bills.value) if (b.vendorId === vendorId) choose(b.id, selected);
  }
  function chooseAll(selected: boolean): void {
    for (const b of bills.value) choose(b.id, selected);
  }
  /** Typing an amount chooses the bill: nobody types an amount they do not mean to pay. */
  function setAmount(billId: string, amount: string): void {
    const c = choices.get(billId);
    if (!c) return;
    c.amount = amount;
    c.selected = true;
  }
  /** Back to paying the whole balance. */
  function payInFull(bill: PayableBill): void {
    setAmount(bill.id, formatMoneyInput(bill.balance));
  }

  return {
    groups,
    total,
    chosenCount,
    vendorCount,
    invalidCount,
    allChosen,
    someChosen,
    items,
    choose,
    chooseVendor,
    chooseAll,
    setAmount,
    payInFull,
  };
}

export type PaymentRunSelection = ReturnType<typeof usePaymentRunSelection>;
