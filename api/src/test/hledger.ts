import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';

// What the tests that check our books with hledger (an engine we did not write) share: a seeded
// generator, exact money as bigint cents, and hledger's balances read back.

// A small seeded PRNG (mulberry32): the same books on every run.
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Money as bigint cents, never floats.
export function cents(s: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(s.trim());
  if (!m) throw new Error(`not an amount: "${s}"`);
  const v = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] ? -v : v;
}
export function money(c: bigint | number): string {
  const v = BigInt(c);
  const a = v < 0n ? -v : v;
  return `${v < 0n ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}

// Fails the whole file with one line when the engine is missing: never a silent skip.
export function requireHledger(what: string): void {
  try {
    execFileSync('hledger', ['--version'], { encoding: 'utf8' });
  } catch {
    throw new Error(`hledger is not installed: ${what} needs it (apt-get install -y hledger)`);
  }
}

// `hledger balance` per account as bigint cents (debits positive), zero balances left out; with a
// commodity, every amount must carry it.
export function readHledgerBalances(
  file: string,
  args: string[],
  commodity?: string,
): Map<string, bigint> {
  const out = execFileSync(
    'hledger',
    ['-f', file, 'balance', '--flat', '--no-total', '-O', 'csv', ...args],
    { encoding: 'utf8' },
  );
  const rows = out.trim().split('\n');
  expect(rows[0]).toBe('"account","balance"');
  const amount = commodity ? new RegExp(`^(-?\\d+\\.\\d{2}) ${commodity}$`) : /^(.*)$/;
  const balances = new Map<string, bigint>();
  for (const row of rows.slice(1)) {
    const m = /^"([^"]*)","([^"]*)"$/.exec(row);
    const a = m && amount.exec(m[2]);
    if (!m || !a) throw new Error(`unexpected hledger row: ${row}`);
    const v = cents(a[1]);
    if (v !== 0n) balances.set(m[1], v);
  }
  return balances;
}

// One journal line as the API's `journalLines` lists it.
export interface LedgerLine {
  entryId: string;
  entryNumber: number | string;
  date: string;
  accountNumber: string;
  accountType: string;
  fundType: string;
  debit: string;
  credit: string;
}

// The hledger account of a line: `<fund>:<type>:<number>`, under the fund and type it was posted
// in; an interfund transfer account goes under `<fund>:transfer:` instead of income or expense.
export function hledgerAccount(line: LedgerLine, transfers: ReadonlySet<string>): string {
  const fund = line.fundType.toLowerCase();
  const pl = line.accountType === 'INCOME' || line.accountType === 'EXPENSE';
  const type = pl && transfers.has(line.accountNumber) ? 'transfer' : line.accountType;
  return `${fund}:${type.toLowerCase()}:${line.accountNumber}`;
}

// Lines as an hledger journal, one transaction per entry, with each top account's type declared
// (hledger's own income statement reads revenues and expenses by type). Transfers between funds
// are typed as equity: they move fund balance between the funds and are neither revenue nor
// expense, so `hledger incomestatement` leaves them out, as a fund-accounting statement does.
export function hledgerJournal(lines: LedgerLine[], transfers: ReadonlySet<string>): string {
  const TYPES: Record<string, string> = {
    asset: 'A',
    liability: 'L',
    equity: 'E',
    income: 'R',
    expense: 'X',
    transfer: 'E',
  };
  const out: string[] = [];
  for (const fund of ['operating', 'reserve']) {
    for (const [type, code] of Object.entries(TYPES)) {
      out.push(`account ${fund}:${type}  ; type: ${code}`);
    }
  }
  out.push('');
  const entries = new Map<string, LedgerLine[]>();
  for (const l of lines) entries.set(l.entryId, [...(entries.get(l.entryId) ?? []), l]);
  for (const entryLines of entries.values()) {
    const [first] = entryLines;
    out.push(`${first.date} (${first.entryNumber}) entry ${first.entryNumber}`);
    for (const l of entryLines) {
      out.push(`    ${hledgerAccount(l, transfers)}  ${money(cents(l.debit) - cents(l.credit))}`);
    }
    out.push('');
  }
  return out.join('\n');
}

// `hledger incomestatement` totals as bigint cents, as hledger shows them (revenues and expenses
// both positive when normal, net = revenues − expenses).
export function readHledgerIncomeStatement(
  file: string,
  args: string[],
): { revenues: bigint; expenses: bigint; net: bigint } {
  const out = execFileSync('hledger', ['-f', file, 'incomestatement', '-O', 'csv', ...args], {
    encoding: 'utf8',
  });
  const totals: bigint[] = [];
  let net: bigint | null = null;
  for (const row of out.trim().split('\n')) {
    const cells = [...row.matchAll(/"([^"]*)"/g)].map((m) => m[1]);
    // An empty section's total has no amount: zero.
    if (cells[0] === 'total') totals.push(cells[1] ? cents(cells[1]) : 0n);
    if (cells[0] === 'Net:') net = cells[1] ? cents(cells[1]) : 0n;
  }
  if (totals.length !== 2 || net === null) throw new Error(`unexpected hledger output:\n${out}`);
  return { revenues: totals[0], expenses: totals[1], net };
}
