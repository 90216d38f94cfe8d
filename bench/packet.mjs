// Packet bench (npm run bench -- packet), on the ledger bench's tenant (1,000,000 journal lines
// over five years, 200 accounts): the board packet of its busiest month, then the same packet with
// a 12-month general ledger appendix. Reported: seconds to read the figures and to render the PDF,
// pages and size, the process's peak memory, and the ratio of the packet's report queries to raw
// SQL computing the same figures (balance sheet at both ends of the month, the month's and the
// year to date's income and expense with the budget, the cash disbursements, the general ledger
// with its opening balances) in the same run, median of paired runs. The figures are compared
// first, so a fast wrong answer cannot pass.
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { paired, seedLedgerTenant } from './ledger.mjs';

const dist = new URL('../api/dist/api/src/', import.meta.url);
const load = (p) => import(new URL(p, dist).href);
const REPEAT = Number(process.env.BENCH_PACKET_REPEAT ?? 9);

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const peakRss = () => process.resourceUsage().maxRSS * 1024;

// The same figures by hand: balances (monthly totals plus partial-month lines) at two dates, the
// month's and year to date's income and expense sums, the budget, the month's credits to cash
// accounts, and the general ledger's lines with each account's opening balance.
async function rawPacket(raw, { from, to, fyFrom, year, month }) {
  const balances = (asOf) =>
    raw.query(
      `SELECT account_id, sum(d - c) AS net FROM (
         SELECT account_id, debit AS d, credit AS c FROM account_month_totals
          WHERE month < date_trunc('month', $1::date)
         UNION ALL
         SELECT account_id, debit, credit FROM journal_lines
          WHERE entry_date >= date_trunc('month', $1::date)::date AND entry_date <= $1::date) x
        GROUP BY 1`,
      [asOf],
    );
  const income = (a, b) =>
    raw.query(
      `SELECT account_id, sum(debit) AS d, sum(credit) AS c FROM account_month_totals
        WHERE month >= $1::date AND month <= $2::date AND account_type IN ('income', 'expense')
        GROUP BY 1`,
      [a, b],
    );
  // One connection: the statements run one after another, as the packet's do.
  const cash = (await raw.query(`SELECT id FROM accounts WHERE number = '1000'`)).rows.map(
    (r) => r.id,
  );
  const all = [];
  for (const q of [
    () => balances(new Date(Date.parse(from) - 86400000).toISOString().slice(0, 10)),
    () => balances(to),
    () => income(from, from),
    () => income(fyFrom, from),
    () =>
      raw.query(
        `SELECT l.account_id, sum(l.amount) AS amount FROM budget_lines l JOIN budgets b ON b.id = l.budget_id
          WHERE b.year = $1 AND l.month <= $2 GROUP BY 1`,
        [year, month],
      ),
    () =>
      raw.query(
        `SELECT l.entry_date, e.number, l.credit FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
          WHERE l.entry_date BETWEEN $1 AND $2 AND l.credit > 0 AND l.account_id = ANY($3)
          ORDER BY l.entry_date, e.number`,
        [from, to, cash],
      ),
    () =>
      raw.query(
        `SELECT l.account_id, a.number, a.name, l.entry_date, e.number AS entry, coalesce(l.memo, e.memo) AS memo,
                l.debit, l.credit
           FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN accounts a ON a.id = l.account_id
          WHERE l.entry_date BETWEEN $1 AND $2
          ORDER BY a.number, a.id, l.entry_date, e.number, l.line_no`,
        [from, to],
      ),
    () =>
      raw.query(
        `SELECT account_id, sum(debit - credit) AS net FROM account_month_totals WHERE month < $1::date
          GROUP BY 1`,
        [from],
      ),
  ])
    all.push(await q());
  const [open, close, m, ytd, budget, disbursements, ledger, openings] = all;
  return { open, close, m, ytd, budget, disbursements, ledger, openings };
}

// Only the general ledger (the 12-month appendix's own figures).
const rawLedger = async (raw, from, to) => [
  await raw.query(
    `SELECT l.account_id, a.number, a.name, l.entry_date, e.number AS entry, coalesce(l.memo, e.memo) AS memo,
              l.debit, l.credit
         FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN accounts a ON a.id = l.account_id
        WHERE l.entry_date BETWEEN $1 AND $2
        ORDER BY a.number, a.id, l.entry_date, e.number, l.line_no`,
    [from, to],
  ),
  await raw.query(
    `SELECT account_id, sum(debit - credit) AS net FROM account_month_totals WHERE month < $1::date
        GROUP BY 1`,
    [from],
  ),
];

function pagesOf(pdf) {
  const dir = mkdtempSync(join(tmpdir(), 'covenant-packet-bench-'));
  try {
    const file = join(dir, 'packet.pdf');
    writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function packetBench(serverUrl) {
  const { TenantPool } = await load('core/tenancy/tenant-pool.js');
  const { tenantEntities } = await load('modules/entities.js');
  const { boardPacketData, generalLedger } = await load(
    'modules/documents/board-packet.service.js',
  );
  const { renderBoardPacket } = await load('modules/documents/board-packet.pdf.js');

  const { db, raw, orgId } = await seedLedgerTenant(serverUrl, undefined, 'packet');
  const pool = new TenantPool({
    entities: tenantEntities,
    clusterUrl: () => serverUrl,
    max: 2,
    poolSize: 2,
  });
  const orm = await pool.get({ cluster: 'default', database: db }, orgId);
  const em = () => orm.em.fork();
  const [{ m: busiest, n: monthLines }] = (
    await raw.query(
      `SELECT to_char(month, 'YYYY-MM') AS m, sum(n)::int AS n FROM (
         SELECT date_trunc('month', entry_date) AS month, count(*) AS n FROM journal_lines
          WHERE entry_date >= (SELECT min(entry_date) FROM journal_lines) + interval '1 year'
          GROUP BY 1) x
        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
    )
  ).rows;
  const from = `${busiest}-01`;
  const to = new Date(Date.UTC(Number(busiest.slice(0, 4)), Number(busiest.slice(5, 7)), 0))
    .toISOString()
    .slice(0, 10);
  const year = Number(busiest.slice(0, 4));
  const input = () => ({
    em: em(),
    platformEm: em(),
    org: { name: 'Bench HOA', fiscalYearStartMonth: 1, timeZone: 'America/New_York' },
    month: busiest,
    draft: true,
    generatedBy: 'Bench',
    generatedAt: new Date('2026-01-01T12:00:00Z'),
    ownerNames: false,
  });
  console.log(
    `packet bench — the busiest month, ${busiest}: ${monthLines.toLocaleString('en-US')} journal lines`,
  );

  // The figures first: the packet's general ledger and the raw one agree line for line.
  const data = await boardPacketData(input());
  const rawOnce = await rawPacket(raw, {
    from,
    to,
    fyFrom: `${year}-01-01`,
    year,
    month: Number(busiest.slice(5, 7)),
  });
  const packetLines = data.ledger.reduce((n, a) => n + a.lines.length, 0);
  if (packetLines !== rawOnce.ledger.rows.length) {
    throw new Error(`ledger lines differ: ${packetLines} vs ${rawOnce.ledger.rows.length}`);
  }
  const packetDebits = data.ledger.reduce((s, a) => s + a.debits, 0n);
  const rawDebits = rawOnce.ledger.rows.reduce((s, r) => s + BigInt(r.debit), 0n);
  if (packetDebits !== rawDebits)
    throw new Error(`ledger debits differ: ${packetDebits} vs ${rawDebits}`);

  const [c, r] = await paired(
    () => boardPacketData(input()),
    () =>
      rawPacket(raw, {
        from,
        to,
        fyFrom: `${year}-01-01`,
        year,
        month: Number(busiest.slice(5, 7)),
      }),
    REPEAT,
  );
  console.log(
    `  figures: packet's report queries ${c.toFixed(0)} ms, raw SQL ${r.toFixed(0)} ms: ${(c / r).toFixed(2)}× (target ≤ 1.5×)`,
  );
  const rss0 = process.memoryUsage().rss;
  let t = performance.now();
  const pdf = await renderBoardPacket(data);
  const renderMs = performance.now() - t;
  console.log(
    `  PDF: ${(renderMs / 1000).toFixed(1)} s to render, ${pagesOf(pdf) ?? '?'} pages, ${mb(pdf.length)}; peak memory ${mb(peakRss())} (${mb(rss0)} before rendering)`,
  );

  // The same packet with a 12-month general ledger appendix (the twelve months through the
  // busiest one).
  const from12 = new Date(Date.UTC(year, Number(busiest.slice(5, 7)) - 12, 1))
    .toISOString()
    .slice(0, 10);
  t = performance.now();
  const ledger12 = await generalLedger(em(), from12, to);
  const readMs = performance.now() - t;
  const lines12 = ledger12.reduce((n, a) => n + a.lines.length, 0);
  const [raw12] = await rawLedger(raw, from12, to);
  if (raw12.rows.length !== lines12) {
    throw new Error(`12-month ledger lines differ: ${lines12} vs ${raw12.rows.length}`);
  }
  const [c12, r12] = await paired(
    () => generalLedger(em(), from12, to),
    () => rawLedger(raw, from12, to),
    3,
  );
  console.log(
    `12-month general ledger appendix (${from12} to ${to}): ${lines12.toLocaleString('en-US')} lines read in ${(readMs / 1000).toFixed(1)} s; report query ${c12.toFixed(0)} ms vs raw SQL ${r12.toFixed(0)} ms: ${(c12 / r12).toFixed(2)}×`,
  );
  t = performance.now();
  const pdf12 = await renderBoardPacket({ ...data, ledger: ledger12 });
  console.log(
    `  PDF: ${((performance.now() - t) / 1000).toFixed(1)} s to render, ${pagesOf(pdf12) ?? '?'} pages, ${mb(pdf12.length)}; peak memory ${mb(peakRss())}`,
  );

  await pool.closeAll();
  await raw.end();
}
