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
