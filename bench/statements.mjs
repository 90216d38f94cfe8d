// Balance sheet and income statement on the ledger bench's tenant (1,000,000 lines, 200 accounts):
// Covenant's report services against raw SQL computing the same figures (the monthly totals plus
// the lines of the partial months), same data, same run. The figures are compared first, so a
// fast wrong answer cannot pass.

const AS_OF = '2024-06-15';
const FROM = '2024-01-15';
const TO = '2024-11-20';

// Balances through the date, at the prior year-end and at the one before (a January start), per
// account, type and fund as posted, in one statement.
const rawBalanceSheet = (raw) =>
  raw.query(
    `SELECT account_id, account_type, fund_type,
            sum(d - c) AS now,
            coalesce(sum(d - c) FILTER (WHERE month < date '2024-01-01'), 0) AS pye,
            coalesce(sum(d - c) FILTER (WHERE month < date '2023-01-01'), 0) AS ppye
       FROM (SELECT account_id, account_type, fund_type, month, debit AS d, credit AS c
               FROM account_month_totals WHERE month < date_trunc('month', $1::date)
             UNION ALL
             SELECT account_id, account_type, fund_type, date_trunc('month', $1::date)::date,
                    debit, credit
               FROM journal_lines
              WHERE entry_date >= date_trunc('month', $1::date)::date AND entry_date <= $1::date) x
      GROUP BY 1, 2, 3`,
    [AS_OF],
  );

// The period and the same period a year earlier, income and expense only, plus the budget of the
// months the period touches (January to November, part months in full).
const rawIncomeStatement = async (raw) => {
  const sums = await raw.query(
    `SELECT p, account_id, account_type, fund_type, sum(d) AS d, sum(c) AS c FROM (
       SELECT 0 AS p, account_id, account_type, fund_type, debit AS d, credit AS c
         FROM account_month_totals WHERE month >= date '2024-02-01' AND month < date '2024-11-01'
       UNION ALL
       SELECT 0, account_id, account_type, fund_type, debit, credit FROM journal_lines
        WHERE (entry_date >= $1::date AND entry_date < date '2024-02-01')
           OR (entry_date >= date '2024-11-01' AND entry_date <= $2::date)
       UNION ALL
       SELECT 1, account_id, account_type, fund_type, debit, credit
         FROM account_month_totals WHERE month >= date '2023-02-01' AND month < date '2023-11-01'
       UNION ALL
       SELECT 1, account_id, account_type, fund_type, debit, credit FROM journal_lines
        WHERE (entry_date >= date '2023-01-15' AND entry_date < date '2023-02-01')
           OR (entry_date >= date '2023-11-01' AND entry_date <= date '2023-11-20')) x
      WHERE account_type IN ('income', 'expense')
      GROUP BY 1, 2, 3, 4`,
    [FROM, TO],
  );
  const budget = await raw.query(
    `SELECT l.account_id, sum(l.amount) AS amount FROM budget_lines l
       JOIN budgets b ON b.id = l.budget_id
      WHERE b.year = 2024 AND l.month BETWEEN 1 AND 11 GROUP BY 1`,
  );
  return { sums, budget };
};

export async function statementsBench({ raw, em, load, paired }) {
  const { balanceSheet, incomeStatement } = await load('modules/reports/statements.service.js');
  const bsOpts = { asOf: AS_OF, fiscalYearStartMonth: 1 };
  const isOpts = { from: FROM, to: TO, fiscalYearStartMonth: 1 };

  // Same figures, checked once before timing: every balance-sheet account's operating and
  // reserve balance now and at the prior year-end, and the income statement's lines.
  const bs = await balanceSheet(em(), bsOpts);
  const { rows } = await rawBalanceSheet(raw);
  const expected = new Map();
  for (const r of rows) {
    if (r.account_type === 'income' || r.account_type === 'expense') continue;
    const sign = r.account_type === 'asset' ? 1n : -1n;
    const key = `${r.account_id}|${r.fund_type}`;
    const e = expected.get(key) ?? { now: 0n, pye: 0n };
    e.now += sign * BigInt(r.now);
    e.pye += sign * BigInt(r.pye);
    expected.set(key, e);
  }
  let lines = 0;
  for (const section of [bs.assets, bs.liabilities, bs.fundBalance]) {
    for (const l of section.lines.filter((x) => x.accountId)) {
      for (const [fund, now, pye] of [
        ['operating', l.operating, l.priorYearEndOperating],
        ['reserve', l.reserve, l.priorYearEndReserve],
      ]) {
        const e = expected.get(`${l.accountId}|${fund}`) ?? { now: 0n, pye: 0n };
        if (e.now !== now || e.pye !== pye) {
          throw new Error(`balance sheet differs from raw SQL for account ${l.number} (${fund})`);
        }
      }
      lines++;
    }
  }
  // The seeded entries balance as a whole but not fund by fund (they skip the posting path that
  // adds interfund lines): only the combined column must balance here.
  if (bs.assets.total.total !== bs.liabilitiesAndFundBalance.total) {
    throw new Error('balance sheet does not balance');
  }

  const is = await incomeStatement(em(), isOpts);
  const { sums, budget } = await rawIncomeStatement(raw);
  const mine = new Map(is.lines.map((l) => [`${l.accountId}|${l.type}|${l.fundType}`, l]));
  for (const r of sums.rows) {
    const net = BigInt(r.d) - BigInt(r.c);
    const natural = r.account_type === 'expense' ? net : -net;
    const l = mine.get(`${r.account_id}|${r.account_type}|${r.fund_type}`);
    if (!l || (r.p === 0 ? l.actual : l.priorYear) !== natural) {
      throw new Error(`income statement differs from raw SQL for account ${r.account_id}`);
    }
  }
  const budgets = new Map(budget.rows.map((r) => [r.account_id, BigInt(r.amount)]));
  for (const l of is.lines) {
    if ((l.budget ?? 0n) !== (budgets.get(l.accountId) ?? 0n)) {
      throw new Error(`income statement budget differs from raw SQL for account ${l.number}`);
    }
  }

  const [bsMs, bsRaw] = await paired(
    () => balanceSheet(em(), bsOpts),
    () => rawBalanceSheet(raw),
  );
  const [isMs, isRaw] = await paired(
    () => incomeStatement(em(), isOpts),
    () => rawIncomeStatement(raw),
  );
  const pad = (s, n) => String(s).padEnd(n);
  const row = (name, c, r) =>
    `${pad(name, 50)} ${pad(c.toFixed(2) + ' ms', 10)} ${pad(r.toFixed(2) + ' ms', 10)} ${(c / r).toFixed(2)}× (target ≤ 2×)`;
  console.log(`\nfinancial statements`);
  console.log(row(`Balance sheet as of ${AS_OF} (${lines} accounts)`, bsMs, bsRaw));
  console.log(row(`Income statement ${FROM} to ${TO} (${is.lines.length} lines)`, isMs, isRaw));
}
