import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typedDatabaseError } from '../core/db/errors.js';
import { retryingTransaction } from '../core/db/transaction.js';
import { openTenant } from '../core/tenancy/tenant-door.js';
import { reverseJournalEntry } from '../modules/journal/index.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { createTenant, type Tenant } from '../test/tenant.js';
import { makeFormatError } from './format-error.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

const TB = `{ trialBalance { totalDebit totalCredit rows { accountId debit credit } } }`;
const codeOf = (res: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) =>
  res.body.errors?.[0]?.extensions?.code ?? 'OK';

// Many writers at the same moment: the database's constraints decide who wins, and every loser
// gets a typed answer, never INTERNAL.
describe('concurrent writers', () => {
  let app: TestApp;
  let t: Tenant;
  let cash: string;
  let expense: string;
  let reserveCash: string;
  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app);
    cash = await t.account('1000', 'ASSET');
    expense = await t.account('5000', 'EXPENSE');
    reserveCash = await t.account('1500', 'ASSET', { fundType: 'RESERVE' });
  });
  afterAll(() => app?.close());

  it('reverses an entry once when 80 reversals of it arrive together; the rest are CONFLICT', async () => {
    const id = await t.post('2026-05-01', [
      [expense, '125.50', null],
      [cash, null, '125.50'],
    ]);
    const REV = `mutation ($id: ID!) { reverseJournalEntry(id: $id, date: "2026-05-02") { id } }`;
    // Four callers, twenty each, all in flight at once.
    const answers = await Promise.all(
      Array.from({ length: 4 * 20 }, (_, i) => t.gql(REV, { id }, [t.admin, t.user][i % 2])),
    );
    const codes = answers.map(codeOf);
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(codes.filter((c) => c === 'CONFLICT')).toHaveLength(79);
    for (const res of answers.filter((r) => codeOf(r) === 'CONFLICT')) {
      expect(res.body.errors![0].message).toBe('This entry has already been reversed');
    }
    expect(app.loggedErrors).toEqual([]);
    // One reversal in the books, linked to the original, and the ledger balanced.
    const reversal = answers.find((r) => codeOf(r) === 'OK')!.body.data!.reverseJournalEntry.id;
    const orig = await t.ok(`query ($id: ID!) { journalEntry(id: $id) { reversedById } }`, { id });
    expect(orig.journalEntry.reversedById).toBe(reversal);
    const reversals = await t.ok(
      `{ journalEntries(filter: { source: REVERSAL }, first: 200) { totalCount } }`,
    );
    expect(reversals.journalEntries.totalCount).toBe(1);
    const tb = (await t.ok(TB)).trialBalance;
    expect(tb.totalDebit).toBe(tb.totalCredit);
    const row = (a: string) => tb.rows.find((r: any) => r.accountId === a);
    expect(row(expense)).toMatchObject({ debit: '125.50', credit: '125.50' });
  });

  it('refuses a reversal that waited on the unique index behind another one with CONFLICT', async () => {
    const id = await t.post('2026-05-01', [
      [expense, '7.00', null],
      [cash, null, '7.00'],
    ]);
    // A reversal is posted but not yet committed: a second one passes every check (the first is
    // not visible yet) and waits on the unique index of reversals until the first commits.
    const em = (await openTenant(app.services, t.org.id)).em as EntityManager;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let posted!: () => void;
    const inside = new Promise<void>((resolve) => (posted = resolve));
    const first = em.fork().transactional(async (tx) => {
      await reverseJournalEntry(tx, null, id, '2026-05-02');
      posted();
      await held;
    });
    await inside;
    const second = t.gql(
      `mutation ($id: ID!) { reverseJournalEntry(id: $id, date: "2026-05-03") { id } }`,
      { id },
    );
    // Let the second request reach the index before the first commits.
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await first;
    const res = await second;
    expect(res.body.errors![0]).toMatchObject({
      message: 'This entry has already been reversed',
      extensions: { code: 'CONFLICT' },
    });
    // Caught by the service by name, not by the safety net (which logs).
    expect(app.loggedErrors).toEqual([]);
  });

  it('posts 20 entries at once, in both line orders and across funds, and the books balance', async () => {
    const before = (await t.ok(TB)).trialBalance;
    const POST = `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id } }`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        // Half in one order, half in the other, and every fourth one crossing into the reserve
        // fund, so the writers meet on the same monthly totals from every side.
        const lines =
          i % 4 === 3
            ? [
                { accountId: reserveCash, debit: '10.00' },
                { accountId: cash, credit: '10.00' },
              ]
            : [
                { accountId: expense, debit: '10.00' },
                { accountId: cash, credit: '10.00' },
              ];
        if (i % 2) lines.reverse();
        return t.gql(POST, { input: { date: '2026-05-03', lines } });
      }),
    );
    expect(answers.map(codeOf)).toEqual(Array(20).fill('OK'));
    expect(app.loggedErrors).toEqual([]);
    const tb = (await t.ok(TB)).trialBalance;
    expect(tb.totalDebit).toBe(tb.totalCredit);
    const cents = (s: string) => BigInt(s.replace('.', ''));
    const row = (tb: any, a: string) => tb.rows.find((r: any) => r.accountId === a);
    expect(cents(row(tb, cash).credit) - cents(row(before, cash).credit)).toBe(20_000n);
    expect(cents(row(tb, reserveCash).debit) - cents(row(before, reserveCash)?.debit ?? '0')).toBe(
      5_000n,
    );
  });
});

// Two transactions that lock the same two rows in opposite orders: PostgreSQL kills one of them
// (deadlock). Re-run from the start, it succeeds; not re-run, its caller gets CONFLICT.
describe('a transaction that loses a deadlock', () => {
  let app: TestApp;
  let t: Tenant;
  let a: string;
  let b: string;
  let em: EntityManager;
  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app);
    a = await t.account('1000', 'ASSET');
    b = await t.account('1100', 'ASSET');
    em = (await openTenant(app.services, t.org.id)).em as EntityManager;
  });
  afterAll(() => app?.close());

  // Locks `first`, waits until the other transaction holds its first row too, then locks `second`.
  const crossing = (first: string, second: string, runs: { n: number }, attempts: number) =>
    retryingTransaction(
      em.fork(),
      async (tx) => {
        runs.n++;
        const conn = tx.getConnection();
        const trx = tx.getTransactionContext();
        await conn.execute('SELECT id FROM accounts WHERE id = ? FOR UPDATE', [first], 'all', trx);
        await conn.execute('SELECT pg_sleep(0.3)', [], 'all', trx);
        await conn.execute('SELECT id FROM accounts WHERE id = ? FOR UPDATE', [second], 'all', trx);
      },
      { attempts },
    );

  it('runs the loser again, and both finish', async () => {
    const one = { n: 0 };
    const two = { n: 0 };
    await Promise.all([crossing(a, b, one, 4), crossing(b, a, two, 4)]);
    // One of them ran twice: the deadlock happened, and the retry made it good.
    expect(one.n + two.n).toBe(3);
  });

  it('answers CONFLICT, not INTERNAL, when the loser cannot be run again', async () => {
    const results = await Promise.allSettled([
      crossing(a, b, { n: 0 }, 1),
      crossing(b, a, { n: 0 }, 1),
    ]);
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect(failed[0].reason.code).toBe('40P01');
    const typed = typedDatabaseError(failed[0].reason);
    expect(typed?.code).toBe('CONFLICT');
    expect(typed?.message).toBe(
      'Someone else changed the same records at the same moment; try again',
    );
  });
});

// The safety net: a refusal by the database that no service caught still gets a typed answer,
// worded without SQL, table or value, and the database's own words go to the log.
describe('database refusals no service named', () => {
  let app: TestApp;
  let t: Tenant;
  let em: EntityManager;
  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app);
    await t.account('1000', 'ASSET');
    em = (await openTenant(app.services, t.org.id)).em as EntityManager;
  });
  afterAll(() => app?.close());

  // The real error PostgreSQL raises for a statement.
  const refusal = async (statement: string): Promise<unknown> => {
    try {
      await em.fork().getConnection().execute(statement);
    } catch (err) {
      return err;
    }
    throw new Error(`expected a refusal: ${statement}`);
  };
  const uuid = '00000000-0000-4000-8000-00000000abcd';
  const account = (number: string, type = 'asset', name = 'Secret name') =>
    `INSERT INTO accounts (id, number, name, type, fund_type) VALUES ('${uuid}', '${number}', '${name}', '${type}', 'operating')`;

  const cases: [string, string, string, string][] = [
    ['unique', account('1000'), 'CONFLICT', 'This conflicts with an existing record'],
    [
      'foreign key (missing record)',
      `INSERT INTO control_accounts (role, account_id) VALUES ('prepaid', '${uuid}')`,
      'NOT_FOUND',
      'A record this refers to was not found',
    ],
    [
      'check',
      account('2000', 'secret-type'),
      'BAD_USER_INPUT',
      'A value is outside what is allowed',
    ],
    [
      'not null',
      `INSERT INTO accounts (id, number, type, fund_type) VALUES ('${uuid}', '3000', 'asset', 'operating')`,
      'BAD_USER_INPUT',
      'A required value is missing',
    ],
    [
      'too long',
      `DO $$ DECLARE v varchar(3); BEGIN v := 'secret value'; END $$`,
      'BAD_USER_INPUT',
      'A value is longer than allowed',
    ],
    ['invalid text', `SELECT 'secret'::uuid`, 'BAD_USER_INPUT', 'A value is not in a valid format'],
    ['bad date', `SELECT 'secret'::date`, 'BAD_USER_INPUT', 'A date or time is not valid'],
    [
      'date out of range',
      `SELECT '2026-13-45'::date`,
      'BAD_USER_INPUT',
      'A date or time is out of range',
    ],
    [
      'number out of range',
      `SELECT 99999999999::int`,
      'BAD_USER_INPUT',
      'A number is out of range',
    ],
    [
      'the reversal index',
      `INSERT INTO journal_entries (id, entry_date, source, reverses_id)
         SELECT gen_random_uuid(), '2026-01-01', 'reversal', '${uuid}' FROM generate_series(1, 2)`,
      'CONFLICT',
      'This entry has already been reversed',
    ],
  ];

  it.each(cases)('%s', async (_, statement, code, message) => {
    const err = await refusal(statement);
    const logged: unknown[] = [];
    const format = makeFormatError({ production: true, log: (e) => logged.push(e) });
    const out = format({ message: (err as Error).message, extensions: {} }, err);
    expect(out.message).toBe(message);
    expect(out.extensions!.code).toBe(code);
    expect(JSON.stringify(out)).not.toMatch(/secret|accounts|INSERT|SELECT|uuid|varchar|1000/i);
    expect(logged).toEqual([err]);
  });
});
