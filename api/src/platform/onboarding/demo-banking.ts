import { addDays, addMonths, daysBetween } from '../../core/dates.js';
import type { Cents } from '../../core/money/money.js';
import {
  BankAccountKind,
  createBankRule,
  finishReconciliation,
  ledgerLinesOf,
  type LedgerLineRow,
  matchExact,
  RuleDirection,
  seedDeposits,
  undepositedPayments,
  setBankAccount,
  writeStatement,
} from '../../modules/banking/index.js';
import type { DemoBooks } from './demo-books.js';

// The demo associations' banking: their bank accounts, a statement for every month as the bank
// sent it, every closed month reconciled, and the current month's statement (through yesterday)
// open with a few lines to match — two the books have, and a bank fee and a utility autopay they
// do not (a rule covers the autopay).
//
// The statements are written from the books, as the bank saw them: the day's checks and cash
// received are one deposit line the next day (one bank line matched to several payments), the
// day's autopay is one ACH credit, the association's own checks clear two to six days after they
// were written (those written in a month's last days are outstanding at its end), and an entry
// that was reversed never reached the bank (it and its reversal cancel out).

export interface DemoBank {
  account: string;
  institution: string;
  masked: string;
  kind: BankAccountKind;
}

export interface DemoBankExtras {
  // The bank's monthly fee, not yet in the books (the current month's statement).
  fee: Cents;
  // A utility that drafts the account (vendor name as the bank shows it), with the rule that
  // posts it: account and vendor key.
  autopay: { description: string; amount: Cents; account: string; vendor: string | null };
}

interface Line {
  date: string;
  amount: number;
  description: string;
  payee: string | null;
  checkNumber: string | null;
  bankId: string | null;
  book: string[];
}

const upper = (s: string | null) => (s ?? '').toUpperCase().replace(/\s+/g, ' ').trim();

// Hash of a line id: a stable number for how many days a check takes to clear.
const spread = (id: string, n: number) => parseInt(id.replace(/-/g, '').slice(-6), 16) % n;

function bankLinesFrom(
  rows: LedgerLineRow[],
  after: string,
): { lines: Line[]; offsets: string[][] } {
  const lines: Line[] = [];
  const deposits = new Map<string, Line>();
  const offsets: string[][] = [];
  const pairs = new Map<string, string[]>();
  for (const r of rows) {
    if (r.entry_date <= after) continue;
    const amount = Number(r.amount);
    if (r.reversal_pair) {
      // An entry and its reversal: paired with an open line of the opposite amount.
      const key = `${-amount}`;
      const open = pairs.get(key);
      if (open?.length) {
        offsets.push([open.shift()!, r.id]);
        if (!open.length) pairs.delete(key);
      } else pairs.set(`${amount}`, [...(pairs.get(`${amount}`) ?? []), r.id]);
      continue;
    }
    if (r.source === 'deposit') {
      const memo = r.memo ?? '';
      lines.push({
        date: r.entry_date,
        amount,
        description: /autopay/i.test(memo)
          ? 'ACH CREDIT HOA AUTOPAY BATCH'
          : /card/i.test(memo)
            ? 'CARD SETTLEMENT HOA PAYMENTS'
            : 'DEPOSIT',
        payee: null,
        checkNumber: null,
        bankId: null,
        book: [r.id],
      });
      continue;
    }
    if (r.source === 'payment' && amount > 0 && r.method !== 'ach' && r.method !== 'card') {
      const date = addDays(r.entry_date, 1);
      const d = deposits.get(date) ?? {
        date,
        amount: 0,
        description: 'DEPOSIT',
        payee: null,
        checkNumber: null,
        bankId: null,
        book: [],
      };
      d.amount += amount;
      d.book.push(r.id);
      deposits.set(date, d);
      continue;
    }
    if (r.source === 'payment' && amount > 0) {
      const key = `ach:${r.entry_date}`;
      const d = deposits.get(key) ?? {
        date: r.entry_date,
        amount: 0,
        description:
          r.method === 'card' ? 'CARD SETTLEMENT HOA PAYMENTS' : 'ACH CREDIT HOA AUTOPAY BATCH',
        payee: null,
        checkNumber: null,
        bankId: null,
        book: [],
      };
      d.amount += amount;
      d.book.push(r.id);
      deposits.set(key, d);
      continue;
    }
    const check = amount < 0 ? (r.memo?.match(/check\s*#?\s*(\d{3,6})/i)?.[1] ?? null) : null;
    lines.push({
      date: amount < 0 ? addDays(r.entry_date, 2 + spread(r.id, 5)) : r.entry_date,
      amount,
      description: check
        ? `CHECK ${check}`
        : upper(r.vendor ?? r.memo ?? (amount > 0 ? 'DEPOSIT' : 'WITHDRAWAL')).slice(0, 60),
      payee: r.vendor,
      checkNumber: check,
      bankId: null,
      book: [r.id],
    });
  }
  // An unpaired reversal (it reverses a line of another account): the bank saw it as it is.
  for (const id of [...pairs.values()].flat()) {
    const r = rows.find((x) => x.id === id)!;
    lines.push({
      date: r.entry_date,
      amount: Number(r.amount),
      description: upper(r.memo ?? 'ADJUSTMENT').slice(0, 60),
      payee: null,
      checkNumber: null,
      bankId: null,
      book: [r.id],
    });
  }
  lines.push(...deposits.values());
  lines.sort((a, b) => a.date.localeCompare(b.date) || a.amount - b.amount);
  lines.forEach(
    (l, i) => (l.bankId = `D${l.date.replaceAll('-', '')}${String(i).padStart(5, '0')}`),
  );
  return { lines, offsets };
}

const monthEnd = (key: string) => addDays(addMonths(`${key}-01`, 1), -1);

// The payments waiting in Undeposited Funds, deposited as the treasurer did: the checks and cash
// of a day taken to the bank the next day, each day's autopay and card payments settled the same
// day. Checks received yesterday or today are not deposited yet.
// Called before anything reads cash (the planner, the forecast): the money is in the bank.
export async function demoDeposits(b: DemoBooks, bankAccount: string): Promise<void> {
  const accountId = b.account(bankAccount);
  const yesterday = addDays(b.today, -1);
  const waiting = await undepositedPayments(b.em, 100_000);
  const groups = new Map<
    string,
    { date: string; memo: string; payments: { id: string; amount: number }[] }
  >();
  for (const p of waiting) {
    const kind =
      p.method === 'ach'
        ? 'Autopay batch'
        : p.method === 'card'
          ? 'Card payments'
          : 'Checks and cash';
    const date = kind === 'Checks and cash' ? addDays(p.date, 1) : p.date;
    if (date > yesterday) continue;
    const key = `${date}|${kind}`;
    const g = groups.get(key) ?? { date, memo: kind, payments: [] };
    g.payments.push({ id: p.id, amount: p.amount });
    groups.set(key, g);
  }
  const list = [...groups.values()].sort(
    (x, y) => x.date.localeCompare(y.date) || x.memo.localeCompare(y.memo),
  );
  await b.em.transactional((tx) => seedDeposits(tx, b.actor, accountId, list));
}

export async function demoBanking(
  b: DemoBooks,
  banks: DemoBank[],
  extras: DemoBankExtras,
): Promise<void> {
  const { em, actor } = b;
  const yesterday = addDays(b.today, -1);
  const current = b.months[b.months.length - 1];
  for (const [k, bank] of banks.entries()) {
    const accountId = b.account(bank.account);
    await setBankAccount(
      em,
      actor,
      {
        accountId,
        institution: bank.institution,
        maskedNumber: bank.masked,
        kind: bank.kind,
        statementDay: 31,
      },
      b.today,
    );
    const rows = await ledgerLinesOf(em, accountId);
    // The first day's lines (the balances brought forward) are before the bank feed.
    const first = b.first;
    const opening = rows
      .filter((r) => r.entry_date <= first)
      .reduce((s, r) => s + Number(r.amount), 0);
    const { lines, offsets } = bankLinesFrom(rows, first);
    if (k === 0) {
      // The current month's lines the books do not have yet.
      const day = (n: number) =>
        addDays(
          `${current.key}-01`,
          Math.min(n, Math.max(daysBetween(`${current.key}-01`, yesterday), 0)),
        );
      lines.push(
        {
          date: day(2),
          amount: -extras.autopay.amount,
          description: extras.autopay.description,
          payee: null,
          checkNumber: null,
          bankId: `D${current.key.replace('-', '')}AUTO`,
          book: [],
        },
        {
          date: day(3),
          amount: -extras.fee,
          description: 'MONTHLY MAINTENANCE FEE',
          payee: null,
          checkNumber: null,
          bankId: `D${current.key.replace('-', '')}FEE`,
          book: [],
        },
      );
    }
    let balance = opening;
    await em.transactional(async (tx) => {
      const groups: { bankLineIds: string[]; journalLineIds: string[] }[] = [];
      for (const m of b.months) {
        const start = m === b.months[0] ? addDays(first, 1) : `${m.key}-01`;
        const end = m === current ? yesterday : monthEnd(m.key);
        if (end < start) continue;
        const mine = lines.filter((l) => l.date >= start && l.date <= end);
        const closing = balance + mine.reduce((s, l) => s + l.amount, 0);
        const ids = await writeStatement(tx, actor, accountId, {
          fileName: `${bank.institution} ${m.key}.ofx`,
          periodStart: start,
          periodEnd: end,
          openingBalance: balance,
          closingBalance: closing,
          lines: mine.map(({ book: _b, ...l }) => l),
        });
        balance = closing;
        mine.forEach((l, i) => {
          // The current month: the treasurer has matched the deposits so far and left the rest.
          if (!l.book.length) return;
          if (m === current && l.amount < 0) return;
          groups.push({ bankLineIds: [ids[i]], journalLineIds: l.book });
        });
      }
      for (const o of offsets) groups.push({ bankLineIds: [], journalLineIds: o });
      await matchExact(tx, actor, accountId, groups);
    });
    // Every closed month reconciled, oldest first.
    for (const m of b.months) {
      if (m === current) continue;
      await finishReconciliation(em, actor, { accountId, statementDate: monthEnd(m.key) }, b.today);
    }
  }
  await createBankRule(em, actor, {
    name: extras.autopay.description.split(' ').slice(0, 2).join(' '),
    contains: extras.autopay.description.split(' ').slice(0, 2).join(' '),
    direction: RuleDirection.OUT,
    accountId: b.account(extras.autopay.account),
    vendorId: extras.autopay.vendor ? b.vendor(extras.autopay.vendor) : null,
    memo: null,
    autoApply: false,
  });
}
