// Ledger bench: a tenant with 1,000,000 journal lines over 5 years and 200 accounts. Each query
// through Covenant's services is timed against raw SQL computing the same figures on the same data
// in the same run (median of repeated runs), plus the bulk posting rate.
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { budgetVsActualBench } from './budget-vs-actual.mjs';
import { dashboardBench } from './dashboard.mjs';
import { incomeExpenseFlowBench } from './income-expense-flow.mjs';
import { planningBench } from './planning.mjs';
import { statementsBench } from './statements.mjs';

const dist = new URL('../api/dist/api/src/', import.meta.url);
const load = (p) => import(new URL(p, dist).href);

const LINES = Number(process.env.BENCH_LEDGER_LINES ?? 1_000_000);
const REPEAT = 41;

async function median(fn, n = REPEAT) {
  for (let i = 0; i < 3; i++) await fn();
  const xs = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    xs.push(performance.now() - t);
  }
  xs.sort((a, b) => a - b);
  return xs[Math.floor(n / 2)];
}

// Two ways of computing the same figures, run alternately so that a passing disturbance (vacuum,
// another process) falls on both: the median of each.
export async function paired(a, b, n = REPEAT) {
  for (let i = 0; i < 3; i++) {
    await a();
    await b();
  }
  const xs = [];
  const ys = [];
  for (let i = 0; i < n; i++) {
    let t = performance.now();
    await a();
    xs.push(performance.now() - t);
    t = performance.now();
    await b();
    ys.push(performance.now() - t);
  }
  const mid = (v) => v.sort((p, q) => p - q)[Math.floor(n / 2)];
  return [mid(xs), mid(ys)];
}

// The bench tenant: `lines` journal lines over five years (2021–2025) on 200 accounts, written
// directly with triggers off, then the monthly totals built once and the tables vacuumed.
export async function seedLedgerTenant(serverUrl, lines = LINES, name = 'ledger') {
  const { createDatabase, withDatabase } = await load('db/connection.js');
  const { migrate } = await load('db/migrations.js');
  const db = `covenant_${name}_bench_${randomUUID().slice(0, 8)}`;
  await createDatabase(serverUrl, db);
  const url = withDatabase(serverUrl, db);
  await migrate(url, 'tenant');
  const orgId = randomUUID();
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  await raw.query('INSERT INTO tenant_identity (organization_id) VALUES ($1)', [orgId]);

  console.log(
    `${name} bench — seeding ${lines.toLocaleString('en-US')} lines over 5 years, 200 accounts…`,
  );
  const t0 = performance.now();
  const types = ['asset', 'liability', 'equity', 'income', 'expense'];
  await raw.query(
    `INSERT INTO accounts (id, number, name, type, fund_type)
     SELECT gen_random_uuid(), (1000 + g)::text, 'Account ' || g, ($1::text[])[1 + g % 5],
            CASE WHEN g % 4 = 3 THEN 'reserve' ELSE 'operating' END
       FROM generate_series(0, 199) g`,
    [types],
  );
  // Seeding writes lines directly with triggers off (replica role), then builds the monthly totals
  // once; what is measured below goes through the normal paths.
  const entries = Math.floor(lines / 4);
  await raw.query('BEGIN');
  await raw.query(`SET LOCAL session_replication_role = replica`);
  await raw.query(
    `INSERT INTO journal_entries (id, entry_date, memo, source)
     SELECT gen_random_uuid(), date '2021-01-01' + (g * 1826 / $1), 'Seed entry ' || g, 'manual'
       FROM generate_series(0, $1 - 1) g`,
    [entries],
  );
  await raw.query(
    `INSERT INTO journal_lines (id, entry_id, line_no, account_id, entry_date, debit, credit, fund_type, account_type)
     SELECT l.*, a.fund_type, a.type FROM (
       SELECT gen_random_uuid(), e.id, k, acc.ids[1 + abs(hashtext(e.id::text || k)) % 200] AS account_id,
              e.entry_date,
              CASE WHEN k <= 2 THEN 1000 + (abs(hashtext(e.id::text)) % 90000) * k ELSE 0 END,
              CASE WHEN k > 2 THEN 1000 + (abs(hashtext(e.id::text)) % 90000) * (k - 2) ELSE 0 END
         FROM journal_entries e CROSS JOIN generate_series(1, 4) k
              CROSS JOIN (SELECT array_agg(id ORDER BY number) AS ids FROM accounts) acc) l
       JOIN accounts a ON a.id = l.account_id`,
  );
  await raw.query(
    `INSERT INTO account_month_totals (account_id, month, fund_type, account_type, debit, credit)
     SELECT account_id, date_trunc('month', entry_date)::date, fund_type, account_type, sum(debit), sum(credit)
       FROM journal_lines GROUP BY 1, 2, 3, 4`,
  );
  await raw.query('COMMIT');
  // Vacuumed like a settled production database (hint bits, visibility map), so that background
  // vacuum of the fresh load does not compete with what is measured.
  await raw.query('VACUUM (ANALYZE)');
  const [{ n }] = (await raw.query('SELECT count(*)::int AS n FROM journal_lines')).rows;
  console.log(
    `  seeded ${n.toLocaleString('en-US')} lines in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
  );

  return { db, url, raw, orgId };
}

export async function ledgerBench(serverUrl) {
  const { TenantPool } = await load('core/tenancy/tenant-pool.js');
  const { tenantEntities } = await load('modules/entities.js');
  const { postJournalEntries } = await load('modules/journal/journal.service.js');
  const { accountBalances } = await load('modules/journal/balances.service.js');
  const { listJournalEntries } = await load('modules/journal/journal.service.js');
  const { importJournalEntries } = await load('modules/journal/journal-import.service.js');

  const { db, url, raw, orgId } = await seedLedgerTenant(serverUrl);
  // A bare tenant database with no organization row: the pool itself, below the tenant door.
  const pool = new TenantPool({
    entities: tenantEntities,
    clusterUrl: () => serverUrl,
    max: 2,
    poolSize: 2,
  });
  const orm = await pool.get({ cluster: 'default', database: db }, orgId);
  const em = () => orm.em.fork();
  const asOf = '2024-06-15';
  const account = (await raw.query(`SELECT id FROM accounts WHERE number = '1007'`)).rows[0].id;

  const results = [];
  const measure = async (name, covenant, sql) => {
    const [c, r] = await paired(covenant, sql);
    results.push({ name, c, r });
  };

  await measure(
    `trial balance as of ${asOf}`,
    () => accountBalances(em(), { asOf }),
    () =>
      raw.query(
        `SELECT a.id, a.number, coalesce(t.d, 0) + coalesce(p.d, 0) AS d, coalesce(t.c, 0) + coalesce(p.c, 0) AS c
           FROM accounts a
           LEFT JOIN (SELECT account_id, sum(debit) d, sum(credit) c FROM account_month_totals
                       WHERE month < date_trunc('month', $1::date) GROUP BY 1) t ON t.account_id = a.id
           LEFT JOIN (SELECT account_id, sum(debit) d, sum(credit) c FROM journal_lines
                       WHERE entry_date >= date_trunc('month', $1::date)::date AND entry_date <= $1::date
                       GROUP BY 1) p ON p.account_id = a.id
          ORDER BY a.number`,
        [asOf],
      ),
  );
  await measure(
    `one account's balance as of ${asOf}`,
    () => accountBalances(em(), { asOf, accountId: account }),
    () =>
      raw.query(
        `SELECT (SELECT coalesce(sum(debit - credit), 0) FROM account_month_totals
                  WHERE account_id = $1 AND month < date_trunc('month', $2::date))
              + (SELECT coalesce(sum(debit - credit), 0) FROM journal_lines
                  WHERE account_id = $1 AND entry_date >= date_trunc('month', $2::date)::date
                    AND entry_date <= $2::date) AS balance`,
        [account, asOf],
      ),
  );
  await measure(
    '50-row journal page (newest first, with lines)',
    () => listJournalEntries(em(), {}, 50),
    async () => {
      const page = await raw.query(
        `SELECT id, number, entry_date, memo, source, reconciled FROM journal_entries
          ORDER BY entry_date DESC, number DESC LIMIT 50`,
      );
      await raw.query(
        'SELECT * FROM journal_lines WHERE entry_id = ANY($1) ORDER BY entry_id, line_no',
        [page.rows.map((r) => r.id)],
      );
    },
  );
  const naive = await median(
    () =>
      raw.query(
        `SELECT account_id, sum(debit), sum(credit) FROM journal_lines WHERE entry_date <= $1 GROUP BY 1`,
        [asOf],
      ),
    5,
  );

  // Bulk posting: 10,000 three-line entries through the service, 1,000 per transaction.
  const ids = (await raw.query('SELECT id FROM accounts ORDER BY number')).rows.map((r) => r.id);
  const batch = (k) =>
    Array.from({ length: 1000 }, (_, i) => {
      const amount = 100 + ((k * 1000 + i) % 5000);
      return {
        input: {
          date: '2026-01-15',
          memo: 'Bench posting',
          lines: [
            { accountId: ids[i % 200], debit: amount },
            { accountId: ids[(i + 7) % 200], debit: amount },
            { accountId: ids[(i + 13) % 200], credit: amount * 2 },
          ],
        },
      };
    });
  const tb = performance.now();
  for (let k = 0; k < 10; k++) await postJournalEntries(em(), null, batch(k));
  const bulkRate = 10_000 / ((performance.now() - tb) / 1000);
  const ts = performance.now();
  for (let i = 0; i < 300; i++) await postJournalEntries(em(), null, [batch(0)[i]]);
  const singleRate = 300 / ((performance.now() - ts) / 1000);

  // The same volume as a CSV file through the import: parsing, checks, then the bulk path.
  const numbers = (await raw.query('SELECT number FROM accounts ORDER BY number')).rows.map(
    (r) => r.number,
  );
  const csv = ['date,reference,account,debit,credit,memo'];
  for (let i = 0; i < 10_000; i++) {
    const amount = ((100 + (i % 5000)) / 100).toFixed(2);
    const ref = `BENCH-${i}`;
    csv.push(`2026-02-15,${ref},${numbers[i % 200]},${amount},,Bench import`);
    csv.push(`2026-02-15,${ref},${numbers[(i + 7) % 200]},${amount},,Bench import`);
    csv.push(
      `2026-02-15,${ref},${numbers[(i + 13) % 200]},,${(amount * 2).toFixed(2)},Bench import`,
    );
  }
  const ti = performance.now();
  const imported = await importJournalEntries(em(), null, csv.join('\n'), false);
  if (!imported.committed) throw new Error(`bench import refused: ${imported.errors[0]?.message}`);
  const importRate = 10_000 / ((performance.now() - ti) / 1000);

  const pad = (s, n) => String(s).padEnd(n);
  console.log(
    `${pad('query', 50)} ${pad('Covenant', 10)} ${pad('raw SQL', 10)} ratio (target ≤ 2×)`,
  );
  for (const r of results) {
    console.log(
      `${pad(r.name, 50)} ${pad(r.c.toFixed(2) + ' ms', 10)} ${pad(r.r.toFixed(2) + ' ms', 10)} ${(r.c / r.r).toFixed(2)}×`,
    );
  }
  console.log(
    `(for scale: the same trial balance summed from all lines takes ${naive.toFixed(1)} ms)`,
  );
  console.log(
    `\nbulk posting: ${Math.round(bulkRate).toLocaleString('en-US')} entries/s (target ≥ 5,000; 1,000 entries per transaction)`,
  );
  console.log(
    `CSV import of 10,000 entries (30,000 lines, one transaction): ${Math.round(importRate).toLocaleString('en-US')} entries/s`,
  );
  console.log(
    `single postings, one after another: ${Math.round(singleRate).toLocaleString('en-US')} entries/s`,
  );
  const drift = (
    await raw.query(`SELECT count(*)::int AS n FROM (
      SELECT account_id, date_trunc('month', entry_date)::date AS month, fund_type, account_type,
             sum(debit) d, sum(credit) c
        FROM journal_lines GROUP BY 1, 2, 3, 4) l
      FULL JOIN account_month_totals t USING (account_id, month, fund_type, account_type)
      WHERE coalesce(l.d, 0) <> coalesce(t.debit, 0) OR coalesce(l.c, 0) <> coalesce(t.credit, 0)`)
  ).rows[0].n;
  console.log(`monthly totals drift after the bench: ${drift} rows`);
  await budgetVsActualBench({ raw, em, load, paired });
  await dashboardBench({ url, em, load, paired });
  await incomeExpenseFlowBench({ raw, em, load, paired });
  await statementsBench({ raw, em, load, paired });
  await planningBench({ raw, em, load, paired });
  await pool.closeAll();
  await raw.end();
}
