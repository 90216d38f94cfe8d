// Budget vs Actual on the ledger bench's tenant (1,000,000 lines, 200 accounts, 40 income and 40
// expense): Covenant's report service against the fastest of several raw SQL queries computing the
// same figures (per-account budget and actual for the year, and the monthly series), same data,
// same run. The figures are compared too, so a fast wrong answer cannot pass.
import { performance } from 'node:perf_hooks';

const YEAR = 2024;

const RAW = {
  // Per account and month in one grouped query (the service's own shape, without the service).
  'grouped by account and month': (raw) =>
    raw.query(
      `SELECT a.id, a.type, f.month, f.budget, f.debit, f.credit
         FROM accounts a LEFT JOIN (
           SELECT account_id, month, sum(budget) budget, sum(debit) debit, sum(credit) credit
             FROM (SELECT l.account_id, l.month::int AS month, l.amount AS budget, 0::bigint AS debit, 0::bigint AS credit
                     FROM budget_lines l JOIN budgets b ON b.id = l.budget_id WHERE b.year = $1
                   UNION ALL
                   SELECT account_id, extract(month FROM month)::int, 0, debit, credit
                     FROM account_month_totals
                    WHERE month >= make_date($1, 1, 1) AND month < make_date($1 + 1, 1, 1)) x
            GROUP BY 1, 2) f ON f.account_id = a.id
        WHERE a.type IN ('income', 'expense')`,
      [YEAR],
    ),
  // Two aggregates: per-account year totals with the variance in SQL, and the monthly series.
  'per-account totals + monthly series': async (raw) => {
    const accounts = await raw.query(
      `SELECT a.id, a.type, coalesce(b.budget, 0) AS budget,
              CASE WHEN a.type = 'expense' THEN coalesce(t.d - t.c, 0) ELSE coalesce(t.c - t.d, 0) END AS actual
         FROM accounts a
         LEFT JOIN (SELECT l.account_id, sum(l.amount) budget FROM budget_lines l
                      JOIN budgets b ON b.id = l.budget_id WHERE b.year = $1 GROUP BY 1) b ON b.account_id = a.id
         LEFT JOIN (SELECT account_id, sum(debit) d, sum(credit) c FROM account_month_totals
                     WHERE month >= make_date($1, 1, 1) AND month < make_date($1 + 1, 1, 1) GROUP BY 1) t
                ON t.account_id = a.id
        WHERE a.type IN ('income', 'expense')`,
      [YEAR],
    );
    const months = await raw.query(
      `SELECT a.type, m.month, sum(m.budget) AS budget, sum(m.actual) AS actual
         FROM accounts a JOIN (
           SELECT l.account_id, l.month::int AS month, l.amount AS budget, 0::bigint AS actual
             FROM budget_lines l JOIN budgets b ON b.id = l.budget_id WHERE b.year = $1
           UNION ALL
           SELECT t.account_id, extract(month FROM t.month)::int, 0,
                  CASE WHEN a2.type = 'expense' THEN t.debit - t.credit ELSE t.credit - t.debit END
             FROM account_month_totals t JOIN accounts a2 ON a2.id = t.account_id
            WHERE t.month >= make_date($1, 1, 1) AND t.month < make_date($1 + 1, 1, 1)) m
           ON m.account_id = a.id
        WHERE a.type IN ('income', 'expense') GROUP BY 1, 2`,
      [YEAR],
    );
    return { accounts, months };
  },
};

export async function budgetVsActualBench({ raw, em, load, paired }) {
  const { budgetVsActual } = await load('modules/reports/budget-vs-actual.service.js');
  const t0 = performance.now();
  // A budget for every income and expense account, every month of the year.
  await raw.query(`INSERT INTO budgets (id, year) VALUES (gen_random_uuid(), $1)`, [YEAR]);
  await raw.query(
    `INSERT INTO budget_lines (budget_id, account_id, month, amount)
     SELECT b.id, a.id, m, 100000 + (abs(hashtext(a.id::text || m)) % 5000000)
       FROM budgets b CROSS JOIN accounts a CROSS JOIN generate_series(1, 12) m
      WHERE b.year = $1 AND a.type IN ('income', 'expense')`,
    [YEAR],
  );
  await raw.query('ANALYZE budgets; ANALYZE budget_lines');
  const { rows: seeded } = await raw.query('SELECT count(*)::int AS n FROM budget_lines');
  console.log(
    `\nbudget vs actual — FY ${YEAR}, ${seeded[0].n.toLocaleString('en-US')} budget lines seeded in ${(performance.now() - t0).toFixed(0)} ms`,
  );

  // Same figures, checked once before timing.
  const report = await budgetVsActual(em(), { year: YEAR });
  const { accounts, months } = await RAW['per-account totals + monthly series'](raw);
  const byId = new Map(accounts.rows.map((r) => [r.id, r]));
  for (const row of report.rows) {
    const r = byId.get(row.accountId);
    if (BigInt(r.budget) !== row.budget || BigInt(r.actual) !== row.actual) {
      throw new Error(`budget vs actual differs from raw SQL for account ${row.number}`);
    }
  }
  for (const m of months.rows) {
    const mine = report.months[m.month - 1];
    const [b, a] =
      m.type === 'income'
        ? [mine.incomeBudget, mine.incomeActual]
        : [mine.expenseBudget, mine.expenseActual];
    if (BigInt(m.budget) !== b || BigInt(m.actual) !== a) {
      throw new Error(`monthly series differs from raw SQL for ${m.type} month ${m.month}`);
    }
  }

  // Each raw query is timed alternately with the report; the ratios use the fastest raw query.
  const raws = [];
  for (const [name, fn] of Object.entries(RAW)) {
    const [covenant, ms] = await paired(
      () => budgetVsActual(em(), { year: YEAR }),
      () => fn(raw),
    );
    const [ytd] = await paired(
      () => budgetVsActual(em(), { year: YEAR, month: 6, yearToDate: true }),
      () => fn(raw),
    );
    raws.push({ name, ms, covenant, ytd });
  }
  raws.sort((a, b) => a.ms - b.ms);
  const fastest = raws[0];
  const { covenant, ytd } = fastest;
  const pad = (s, n) => String(s).padEnd(n);
  for (const r of raws) console.log(`  raw SQL, ${pad(r.name, 40)} ${r.ms.toFixed(2)} ms`);
  console.log(
    `${pad(`Budget vs Actual FY ${YEAR} (${report.rows.length} accounts)`, 50)} ${pad(covenant.toFixed(2) + ' ms', 10)} ${pad(fastest.ms.toFixed(2) + ' ms', 10)} ${(covenant / fastest.ms).toFixed(2)}× (target ≤ 2×)`,
  );
  console.log(
    `${pad(`Budget vs Actual YTD through Jun ${YEAR}`, 50)} ${pad(ytd.toFixed(2) + ' ms', 10)} ${pad(fastest.ms.toFixed(2) + ' ms', 10)} ${(ytd / fastest.ms).toFixed(2)}×`,
  );
}
