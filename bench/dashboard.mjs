// The dashboard on the ledger bench's tenant (1,000,000 lines, 200 accounts, the Budget vs Actual
// bench's budget): every tile through Covenant's services, as one GraphQL request resolves them
// (concurrently), against raw SQL computing the same figures (cash by fund at twelve month ends
// and per account, income and expense year to date against budget, the newest entries, the aging
// and late-fee reads), same data, same run. The figures are compared first, so a fast wrong answer
// cannot pass.
import pg from 'pg';

const AS_OF = '2024-06-15';

// Cash accounts are asset accounts that are not control accounts (dashboard.repository.ts).
const CASH = `
  WITH x AS (
    SELECT t.account_id, t.fund_type, t.month, t.debit - t.credit AS net
      FROM account_month_totals t
     WHERE t.account_type = 'asset' AND t.month < date_trunc('month', $1::date)
    UNION ALL
    SELECT l.account_id, l.fund_type, date_trunc('month', $1::date)::date, l.debit - l.credit
      FROM journal_lines l
     WHERE l.account_type = 'asset' AND l.entry_date >= date_trunc('month', $1::date)::date
       AND l.entry_date <= $1::date),
  -- Months before the window fold into its first; a running sum per fund gives each month end.
  c AS (SELECT fund_type,
               greatest(month, date_trunc('month', $1::date) - interval '11 months')::date AS month,
               sum(net) AS net
          FROM x WHERE NOT EXISTS (SELECT 1 FROM control_accounts k WHERE k.account_id = x.account_id)
         GROUP BY 1, 2)
  SELECT month::text AS month, fund_type,
         (sum(net) OVER (PARTITION BY fund_type ORDER BY month))::text AS balance
    FROM c ORDER BY 1, 2`;

const PER_ACCOUNT = `
  SELECT a.id, a.fund_type, coalesce(t.n, 0) + coalesce(p.n, 0) AS balance
    FROM accounts a
    LEFT JOIN (SELECT account_id, sum(debit - credit) n FROM account_month_totals
                WHERE account_type = 'asset' AND month < date_trunc('month', $1::date) GROUP BY 1) t
           ON t.account_id = a.id
    LEFT JOIN (SELECT account_id, sum(debit - credit) n FROM journal_lines
                WHERE account_type = 'asset' AND entry_date >= date_trunc('month', $1::date)::date
                  AND entry_date <= $1::date GROUP BY 1) p ON p.account_id = a.id
   WHERE a.type = 'asset' AND NOT EXISTS (SELECT 1 FROM control_accounts k WHERE k.account_id = a.id)`;

// Year to date through the month of asOf, income and expense, budget and actual, by fund.
const YTD = `
  SELECT fund_type, type, sum(budget)::text AS budget,
         sum(CASE WHEN type = 'expense' THEN debit - credit ELSE credit - debit END)::text AS actual
    FROM (SELECT a.fund_type, a.type, l.amount AS budget, 0::bigint AS debit, 0::bigint AS credit
            FROM budget_lines l JOIN budgets b ON b.id = l.budget_id JOIN accounts a ON a.id = l.account_id
           WHERE b.year = extract(year FROM $1::date) AND l.month <= extract(month FROM $1::date)
             AND a.type IN ('income', 'expense')
          UNION ALL
          SELECT t.fund_type, t.account_type, 0, t.debit, t.credit FROM account_month_totals t
           WHERE t.account_type IN ('income', 'expense')
             AND t.month >= date_trunc('year', $1::date)
             AND t.month <= date_trunc('month', $1::date)) x
   GROUP BY 1, 2`;

// The raw queries run side by side on two connections, as the tiles of one request do.
async function raw(pool) {
  const recent = async () => {
    const page = await pool.query(
      `SELECT id, number, entry_date, memo, source FROM journal_entries WHERE entry_date <= $1
        ORDER BY entry_date DESC, number DESC LIMIT 8`,
      [AS_OF],
    );
    await pool.query(
      'SELECT entry_id, sum(debit) FROM journal_lines WHERE entry_id = ANY($1) GROUP BY 1',
      [page.rows.map((r) => r.id)],
    );
    return page;
  };
  const [cash, accounts, ytd, page] = await Promise.all([
    pool.query(CASH, [AS_OF]),
    pool.query(PER_ACCOUNT, [AS_OF]),
    pool.query(YTD, [AS_OF]),
    recent(),
    // Receivables and late fees: what is open on the date (no invoices on this tenant: the reads
    // still run), and the months of actuals.
    pool.query(
      `SELECT i.unit_id, i.total - coalesce((SELECT sum(a.amount) FROM payment_applications a
                                              WHERE a.invoice_id = i.id AND a.applied_on <= $1), 0)
         FROM invoices i WHERE i.issue_date <= $1 AND (i.void_date IS NULL OR i.void_date > $1)`,
      [AS_OF],
    ),
    pool.query(`SELECT month FROM actuals_months WHERE month >= $1::date - 366`, [AS_OF]),
  ]);
  return { cash: cash.rows, accounts: accounts.rows, ytd: ytd.rows, page: page.rows };
}

export async function dashboardBench({ url, em, load, paired }) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const svc = await load('modules/dashboard/dashboard.service.js');
  const tiles = () => {
    const d = svc.dashboardOn({ asOf: AS_OF, fiscalYearStartMonth: 1 });
    const e = em();
    return Promise.all([
      svc.cashTile(e, d),
      svc.incomeExpenseTile(e, d, 1),
      svc.receivablesTile(e, d),
      svc.recentTransactions(e, d),
      svc.attentionItems(e, d),
    ]);
  };

  // Same figures, checked once before timing.
  const [cash, ie, , recent] = await tiles();
  const r = await raw(pool);
  for (const row of r.cash) {
    const fund = cash.funds.find((f) => f.fundType === row.fund_type);
    const point = fund.trend.find((p) => p.date.slice(0, 7) === row.month.slice(0, 7));
    if (point.balance !== BigInt(row.balance)) {
      throw new Error(`dashboard cash differs from raw SQL: ${row.fund_type} ${row.month}`);
    }
  }
  const listed = new Map(cash.funds.flatMap((f) => f.accounts.map((a) => [a.accountId, a])));
  for (const row of r.accounts) {
    if ((listed.get(row.id)?.balance ?? 0n) !== BigInt(row.balance)) {
      throw new Error(`dashboard cash account ${row.id} differs from raw SQL`);
    }
  }
  for (const row of r.ytd) {
    const f = ie.funds.find((x) => x.fundType === row.fund_type)[row.type];
    if (f.budget !== BigInt(row.budget) || f.actual !== BigInt(row.actual)) {
      throw new Error(`dashboard ${row.fund_type} ${row.type} year to date differs from raw SQL`);
    }
  }
  if (recent.map((e) => e.id).join() !== r.page.map((e) => e.id).join()) {
    throw new Error('dashboard recent transactions differ from raw SQL');
  }

  const [covenant, ms] = await paired(tiles, () => raw(pool));
  await pool.end();
  const pad = (s, n) => String(s).padEnd(n);
  console.log(
    `\n${pad(`dashboard as of ${AS_OF} (every tile)`, 50)} ${pad(covenant.toFixed(2) + ' ms', 10)} ${pad(ms.toFixed(2) + ' ms', 10)} ${(covenant / ms).toFixed(2)}× (target ≤ 2×)`,
  );
}
