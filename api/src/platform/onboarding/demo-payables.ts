import { addDays } from '../../core/dates.js';
import type { Cents } from '../../core/money/money.js';
import { BankAccountKind, setBankAccount } from '../../modules/banking/index.js';
import {
  BillApprovalState,
  BillDecision,
  BoardTitle,
  createBill,
  createPaymentRun,
  decideBill,
  seatBoardMember,
  setCheckSettings,
  updatePayablesSettings,
  VendorPaymentMethod,
  type Bill,
} from '../../modules/payables/index.js';
import type { DemoBooks, DemoPosting } from './demo-books.js';

// The demo associations' payables. The treasurer started entering vendors' bills in Covenant two
// months before last (earlier months' spending is in the journal as it was paid): every bill since
// then was entered about ten days before it was due, the large ones approved by two board members
// (the treasurer enters, so the treasurer never approves), and paid on its due day by check from
// the operating account, utilities by ACH. This month shows what a treasurer's week looks like: a
// few bills waiting for the board, one past due, and the rest of the month's bills entered and not
// yet due.

export interface DemoBoardMember {
  title: BoardTitle;
  name: string;
  email: string;
}

export interface DemoPayables {
  // The first month (offset from the current one) whose spending went through bills.
  fromOffset: number;
  // The operating bank account that pays them, as the bank knows it.
  bank: { account: string; institution: string; masked: string };
  routingNumber: string;
  accountNumber: string;
  firstCheck: number;
  // Bills above this need `approvals` approvals.
  threshold: Cents;
  approvals: number;
  board: DemoBoardMember[];
  // Vendors paid by ACH (utilities draft the account).
  ach: string[];
  // This month's extra bills: waiting for the board, and one the treasurer let slip past due.
  extras(b: DemoBooks): DemoBillDraft[];
}

export interface DemoBillDraft {
  vendor: string;
  invoice: string;
  account: string;
  amount: Cents;
  memo: string;
  billDate: string;
  dueDate: string;
  // 'waiting': no decision yet; 'half': one of two approvals; 'overdue': approved and not paid.
  state: 'waiting' | 'half' | 'overdue';
}

export interface DemoSeat {
  userId: string;
  title: BoardTitle;
}

const WEB = { ip: '203.0.113.24', userAgent: 'Mozilla/5.0 (Macintosh) Covenant demo' };
const PHONE = { ip: '198.51.100.61', userAgent: 'Mozilla/5.0 (iPhone) Covenant demo' };

// A vendor posting the payables took over: one expense (or asset) line paid from the bank account.
function billable(p: DemoPosting, bank: string): { account: string; amount: Cents } | null {
  if (!p.vendor || p.tag || p.lines.length !== 2) return null;
  const cash = p.lines.find((l) => l.account === bank && l.credit);
  const cost = p.lines.find((l) => l !== cash && l.debit);
  return cash && cost ? { account: cost.account, amount: cost.debit! } : null;
}

// Splits the journal's vendor postings from `fromOffset` on off the rest: they become bills.
export function takeBillable(
  b: DemoBooks,
  postings: DemoPosting[],
): { journal: DemoPosting[]; bills: DemoPosting[] } {
  const cfg = b.profile.payables;
  if (!cfg) return { journal: postings, bills: [] };
  const from = `${b.month(cfg.fromOffset).key}-01`;
  const journal: DemoPosting[] = [];
  const bills: DemoPosting[] = [];
  for (const p of postings) {
    (p.date >= from && billable(p, cfg.bank.account) ? bills : journal).push(p);
  }
  return { journal, bills };
}

// The vendor's invoice number as the memo names it, or one in the vendor's style.
function invoiceNumber(p: DemoPosting, k: number): string {
  const named = p.memo.match(/invoice\s+#?([A-Z0-9-]{3,20})/i)?.[1];
  return (
    named ??
    `${p.vendor!.slice(0, 3).toUpperCase()}-${p.date.slice(2, 7).replace('-', '')}${String(k % 100).padStart(2, '0')}`
  );
}

export async function demoPayables(
  b: DemoBooks,
  postings: DemoPosting[],
  seats: DemoSeat[],
): Promise<void> {
  const cfg = b.profile.payables;
  if (!cfg) return;
  const { em, actor } = b;
  const bankId = b.account(cfg.bank.account);
  await setBankAccount(
    em,
    actor,
    {
      accountId: bankId,
      institution: cfg.bank.institution,
      maskedNumber: cfg.bank.masked,
      kind: BankAccountKind.CHECKING,
      statementDay: 31,
    },
    b.today,
  );
  await setCheckSettings(em, b.secrets, actor, {
    bankAccountId: bankId,
    nextCheckNumber: cfg.firstCheck,
    routingNumber: cfg.routingNumber,
    accountNumber: cfg.accountNumber,
  });
  for (const s of seats) await seatBoardMember(em, actor, s.userId, s.title);
  // Books built without their board (a test's fresh association) need no approvals.
  const approvers = seats.filter((s) => s.userId !== actor?.userId);
  await updatePayablesSettings(em, actor, {
    approvalThreshold: cfg.threshold,
    approvalsRequired: Math.min(cfg.approvals, approvers.length),
    approverTitles: [BoardTitle.PRESIDENT, BoardTitle.VICE_PRESIDENT, BoardTitle.TREASURER],
  });
  const approve = async (bill: Bill, how: 'all' | 'half') => {
    const who = how === 'all' ? approvers.slice(0, bill.approvalsRequired) : approvers.slice(0, 1);
    for (const [k, s] of who.entries()) {
      await decideBill(
        em,
        { userId: s.userId, orgId: b.org.orgId },
        k % 2 ? PHONE : WEB,
        bill.id,
        BillDecision.APPROVED,
        k ? null : 'Matches the contract; approved.',
      );
    }
  };

  // Entered ten days before the due day (the posting's date), approved, paid on the due day.
  const sorted = [...postings].sort((x, y) => x.date.localeCompare(y.date));
  const paying = new Map<string, { bill: Bill; amount: Cents; ach: boolean }[]>();
  for (const [k, p] of sorted.entries()) {
    const line = billable(p, cfg.bank.account)!;
    const billDate = addDays(p.date, -10) < b.first ? b.first : addDays(p.date, -10);
    if (billDate > b.today) continue;
    const bill = await createBill(em, actor, {
      vendorId: b.vendor(p.vendor!),
      vendorInvoiceNumber: invoiceNumber(p, k),
      billDate,
      dueDate: p.date,
      memo: p.memo.slice(0, 500),
      lines: [{ accountId: b.account(line.account), amount: line.amount }],
    });
    if (bill.approval === BillApprovalState.PENDING) await approve(bill, 'all');
    if (p.date > b.today) continue;
    const ach = cfg.ach.includes(p.vendor!);
    const key = `${p.date}|${ach ? 'ach' : 'check'}`;
    paying.set(key, [...(paying.get(key) ?? []), { bill, amount: line.amount, ach }]);
  }
  for (const [key, items] of [...paying].sort(([x], [y]) => x.localeCompare(y))) {
    const date = key.split('|')[0];
    await createPaymentRun(em, actor, {
      bankAccountId: bankId,
      method: items[0].ach ? VendorPaymentMethod.ACH : VendorPaymentMethod.CHECK,
      date,
      payThrough: date,
      items: items.map((x) => ({ billId: x.bill.id, amount: x.amount })),
    });
  }

  // This month's bills waiting for the board, and the one past due.
  for (const d of cfg.extras(b)) {
    if (d.billDate > b.today) continue;
    const bill = await createBill(em, actor, {
      vendorId: b.vendor(d.vendor),
      vendorInvoiceNumber: d.invoice,
      billDate: d.billDate,
      dueDate: d.dueDate,
      memo: d.memo,
      lines: [{ accountId: b.account(d.account), amount: d.amount }],
    });
    if (bill.approval !== BillApprovalState.PENDING) continue;
    if (d.state === 'overdue') await approve(bill, 'all');
    else if (d.state === 'half') await approve(bill, 'half');
  }
}

const dollars = (d: number): Cents => Math.round(d * 100);

// Maple Ridge: two approvals above $2,500 from the president, the vice president or the
// treasurer; the president and the vice president sign in as viewers (board members).
export const MAPLE_RIDGE_PAYABLES: DemoPayables = {
  fromOffset: -2,
  bank: { account: '1010', institution: 'First Citizens Bank', masked: '4821' },
  routingNumber: '011000015',
  accountNumber: '4410274821',
  firstCheck: 2041,
  threshold: dollars(2500),
  approvals: 2,
  board: [
    {
      title: BoardTitle.PRESIDENT,
      name: 'Margaret Okafor',
      email: 'president@maple-ridge.example',
    },
    {
      title: BoardTitle.VICE_PRESIDENT,
      name: 'Daniel Reyes',
      email: 'vice.president@maple-ridge.example',
    },
  ],
  ach: ['power', 'water', 'waste'],
  extras: (b) => [
    {
      vendor: 'apex',
      invoice: 'AR-30917',
      account: '5070',
      amount: dollars(3850),
      memo: 'Gutter cleaning and flashing repair at the clubhouse',
      billDate: addDays(b.today, -2),
      dueDate: addDays(b.today, 14),
      state: 'waiting',
    },
    {
      vendor: 'greenscape',
      invoice: 'GS-7781',
      account: '5010',
      amount: dollars(2980),
      memo: 'Leaf removal and irrigation winterization',
      billDate: addDays(b.today, -5),
      dueDate: addDays(b.today, 10),
      state: 'half',
    },
    {
      vendor: 'handyman',
      invoice: 'K-1186',
      account: '5070',
      amount: dollars(640),
      memo: 'Replace clubhouse exterior light fixtures',
      billDate: addDays(b.today, -24),
      dueDate: addDays(b.today, -4),
      state: 'overdue',
    },
  ],
};

// Harbor Point: one approval above $5,000, from the president or the treasurer.
export const HARBOR_POINT_PAYABLES: DemoPayables = {
  fromOffset: -2,
  bank: { account: '1000', institution: 'Harbor Community Bank', masked: '3306' },
  routingNumber: '121000358',
  accountNumber: '0093183306',
  firstCheck: 5118,
  threshold: dollars(5000),
  approvals: 1,
  board: [
    {
      title: BoardTitle.PRESIDENT,
      name: 'Elena Marsh',
      email: 'president@harbor-point.example',
    },
  ],
  ach: ['electric', 'water', 'disposal'],
  extras: (b) => [
    {
      vendor: 'elevator',
      invoice: 'CE-55210',
      account: '5300',
      amount: dollars(6400),
      memo: 'Annual full-load safety test, both cars',
      billDate: addDays(b.today, -3),
      dueDate: addDays(b.today, 21),
      state: 'waiting',
    },
    {
      vendor: 'fire',
      invoice: 'SFP-2290',
      account: '5650',
      amount: dollars(385),
      memo: 'Extinguisher inspection and tags, garage levels',
      billDate: addDays(b.today, -30),
      dueDate: addDays(b.today, -6),
      state: 'overdue',
    },
  ],
};
