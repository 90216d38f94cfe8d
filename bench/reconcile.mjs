// Reconcile bench (npm run bench -- reconcile): an OFX statement of 5,000 lines imported into a
// bank account whose ledger account holds 200,000 journal lines, auto-matched on import. Reported:
// lines per second, and the ratio of the import's matching (suggestions for every line and their
// acceptance) to raw SQL fetching the same candidates in this run. Then a 50,000-line OFX import,
// with the process's peak memory above its start (the lines are written in batches).
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const dist = new URL('../api/dist/api/src/', import.meta.url);
const load = (p) => import(new URL(p, dist).href);

const BOOK_LINES = Number(process.env.BENCH_RECONCILE_BOOK_LINES ?? 200_000);
const STATEMENT_LINES = Number(process.env.BENCH_RECONCILE_LINES ?? 5_000);
const BIG_STATEMENT = Number(process.env.BENCH_RECONCILE_BIG ?? 50_000);

function ofx(acct, lines) {
  const trns = lines
    .map(
      (l) =>
        `<STMTTRN><TRNTYPE>${l.amount < 0 ? 'DEBIT' : 'CREDIT'}<DTPOSTED>${l.date.replaceAll('-', '')}<TRNAMT>${(l.amount / 100).toFixed(2)}<FITID>${l.id}<NAME>${l.name}</STMTTRN>`,
    )
    .join('\n');
  const dates = lines.map((l) => l.date).sort();
  return `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>USD
<BANKACCTFROM><BANKID>1<ACCTID>${acct}<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>${dates[0].replaceAll('-', '')}<DTEND>${dates[dates.length - 1].replaceAll('-', '')}
${trns}
</BANKTRANLIST><LEDGERBAL><BALAMT>0.00<DTASOF>${dates[dates.length - 1].replaceAll('-', '')}</LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`;
}

export async function reconcileBench(serverUrl) {
  const { createDatabase, withDatabase } = await load('db/connection.js');
  const { migrate } = await load('db/migrations.js');
  const { TenantPool } = await load('core/tenancy/tenant-pool.js');
  const { tenantEntities } = await load('modules/entities.js');
  const { importStatement } = await load('modules/banking/statements.service.js');

  const db = `covenant_reconcile_bench_${randomUUID().slice(0, 8)}`;
  await createDatabase(serverUrl, db);
  const url = withDatabase(serverUrl, db);
  await migrate(url, 'tenant');
  const orgId = randomUUID();
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  await raw.query('INSERT INTO tenant_identity (organization_id) VALUES ($1)', [orgId]);
  console.log(
    `reconcile bench — seeding ${BOOK_LINES.toLocaleString('en-US')} lines on one bank account…`,
  );
  const t0 = performance.now();
  await raw.query(
    `INSERT INTO accounts (id, number, name, type, fund_type) VALUES
       (gen_random_uuid(), '1000', 'Operating Checking', 'asset', 'operating'),
       (gen_random_uuid(), '5000', 'Expenses', 'expense', 'operating')`,
  );
  const ids = Object.fromEntries(
    (await raw.query(`SELECT number, id FROM accounts`)).rows.map((r) => [r.number, r.id]),
  );
  await raw.query(
    `INSERT INTO bank_accounts (account_id, institution, masked_number) VALUES ($1, 'Bench Bank', '4821')`,
    [ids['1000']],
  );
  // One entry per bank line: money out of the bank (Cr 1000, Dr 5000), about 110 a day over five
  // years, amounts from $10.00 to $5,009.99, so a statement line has a few same-amount candidates.
  await raw.query('BEGIN');
  await raw.query(`SET LOCAL session_replication_role = replica`);
  await raw.query(
    `INSERT INTO journal_entries (id, entry_date, memo, source)
     SELECT gen_random_uuid(), date '2021-01-01' + (g * 1826 / $1), 'Bench payment ' || g, 'manual'
       FROM generate_series(0, $1 - 1) g`,
    [BOOK_LINES],
  );
  await raw.query(
    `INSERT INTO journal_lines (id, entry_id, line_no, account_id, entry_date, debit, credit, fund_type, account_type)
     SELECT gen_random_uuid(), e.id, k, CASE k WHEN 1 THEN $1::uuid ELSE $2::uuid END, e.entry_date,
            CASE k WHEN 2 THEN 1000 + abs(hashtext(e.id::text)) % 500000 ELSE 0 END,
            CASE k WHEN 1 THEN 1000 + abs(hashtext(e.id::text)) % 500000 ELSE 0 END,
            'operating', CASE k WHEN 1 THEN 'asset' ELSE 'expense' END
       FROM journal_entries e CROSS JOIN generate_series(1, 2) k`,
    [ids['1000'], ids['5000']],
  );
  await raw.query(
    `INSERT INTO account_month_totals (account_id, month, fund_type, account_type, debit, credit)
     SELECT account_id, date_trunc('month', entry_date)::date, fund_type, account_type, sum(debit), sum(credit)
       FROM journal_lines GROUP BY 1, 2, 3, 4`,
  );
  await raw.query('COMMIT');
  await raw.query('VACUUM (ANALYZE)');
  console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

  // The statement: the bank side of the last STATEMENT_LINES book lines (dated one to three days
  // later, as checks clear), every tenth with no book entry at all.
  const book = (
    await raw.query(
      `SELECT entry_date::text AS date, credit AS amount FROM journal_lines WHERE account_id = $1
        ORDER BY entry_date DESC, id LIMIT $2`,
      [ids['1000'], STATEMENT_LINES],
    )
  ).rows;
  const addDays = (d, n) =>
    new Date(Date.parse(`${d}T00:00:00Z`) + n * 86400000).toISOString().slice(0, 10);
  const lines = book.map((b, i) => ({
    id: `B${i}`,
    date: addDays(b.date, 1 + (i % 3)),
    amount: i % 10 === 9 ? -(777 + i) : -Number(b.amount),
    name: `PAYEE ${i % 97}`,
  }));
  const text = ofx('000012344821', lines);

  const pool = new TenantPool({
    entities: tenantEntities,
    clusterUrl: () => serverUrl,
    max: 2,
    poolSize: 2,
  });
  const orm = await pool.get({ cluster: 'default', database: db }, orgId);
  const em = () => orm.em.fork();

  // Raw SQL fetching the same candidates as the matcher (one statement for the whole file).
  const dates = lines.map((l) => l.date).sort();
  const amounts = [...new Set(lines.map((l) => l.amount))];
  const rawCandidates = async () =>
    raw.query(
      `SELECT jl.id, jl.entry_date, jl.debit - jl.credit AS amount FROM journal_lines jl
        LEFT JOIN bank_match_book_lines bm ON bm.journal_line_id = jl.id
        WHERE jl.account_id = $1 AND bm.match_id IS NULL
          AND jl.entry_date BETWEEN $2::date - 7 AND $3::date + 7 AND (jl.debit - jl.credit) = ANY($4::bigint[])`,
      [ids['1000'], dates[0], dates[dates.length - 1], amounts],
    );
  const rawTimes = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    await rawCandidates();
    rawTimes.push(performance.now() - t);
  }
  rawTimes.sort((a, b) => a - b);
  const rawMs = rawTimes[3];

  const today = '2026-12-31';
  const t1 = performance.now();
  const res = await importStatement(
    em(),
    null,
    { accountId: ids['1000'], fileName: 'bench.ofx', text },
    today,
  );
  const importMs = performance.now() - t1;
  // The match step alone: the same import's suggestions and acceptance, timed again on a copy of
  // the file's lines with the matches undone.
  await raw.query(`UPDATE bank_lines SET match_id = NULL`);
  await raw.query(`DELETE FROM bank_match_book_lines`);
  await raw.query(`DELETE FROM bank_matches`);
  const { autoMatch } = await load('modules/banking/matching.service.js');
  const t2 = performance.now();
  const matched = await autoMatch(em(), null, ids['1000']);
  const matchMs = performance.now() - t2;
  console.log(
    `  import of ${STATEMENT_LINES.toLocaleString('en-US')} OFX lines: ${(importMs / 1000).toFixed(2)} s ` +
      `(${Math.round(STATEMENT_LINES / (importMs / 1000)).toLocaleString('en-US')} lines/s), ${res.matched} matched on import`,
  );
  console.log(
    `  auto-match alone: ${matchMs.toFixed(0)} ms for ${matched} matches ` +
      `(${Math.round(STATEMENT_LINES / (matchMs / 1000)).toLocaleString('en-US')} lines/s)`,
  );
  console.log(
    `  raw SQL fetching every candidate: ${rawMs.toFixed(1)} ms → auto-match / raw = ${(matchMs / rawMs).toFixed(1)}×`,
  );

  // A 50,000-line file: peak resident memory above the start.
  const big = Array.from({ length: BIG_STATEMENT }, (_, i) => ({
    id: `X${i}`,
    date: addDays('2026-01-01', i % 300),
    amount: -(1000 + i),
    name: `BIG ${i}`,
  }));
  const bigText = ofx('4821', big);
  // Peak resident memory of this process (the kernel's high-water mark), before and after: the
  // file's text, its parsed lines and one batch of rows at a time are what the import holds.
  const before = process.resourceUsage().maxRSS / 1024;
  const t3 = performance.now();
  const bigRes = await importStatement(
    em(),
    null,
    { accountId: ids['1000'], fileName: 'big.ofx', text: bigText },
    today,
  );
  const bigMs = performance.now() - t3;
  const after = process.resourceUsage().maxRSS / 1024;
  console.log(
    `  import of ${BIG_STATEMENT.toLocaleString('en-US')} lines (${(bigText.length / 1e6).toFixed(1)} MB): ` +
      `${(bigMs / 1000).toFixed(1)} s, ${bigRes.imported} imported; peak memory of the process ${Math.round(before)} MB before, ${Math.round(after)} MB after`,
  );

  await pool.closeAll();
  await raw.end();
}
