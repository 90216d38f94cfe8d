// The income and expense flow (a Sankey) on the ledger bench's tenant (1,000,000 lines, 200 accounts, 40 income and 40
// expense): Covenant's report service against the fastest of raw SQL queries computing the same
// per-account, per-fund figures for a period that starts and ends mid-month, same data, same run.
// The figures are compared too, so a fast wrong answer cannot pass.

const FROM = '2024-01-15';
const TO = '2024-11-20';

const RAW = {
  // The service's own reading, without the service: whole months from the monthly totals, the
  // partial months from the lines.
  'monthly totals + partial months': (raw) =>
    raw.query(
      `SELECT account_id, fund_type, account_type, sum(d) AS d, sum(c) AS c FROM (
         SELECT account_id, fund_type, account_type, debit AS d, credit AS c FROM account_month_totals
          WHERE month >= date '2024-02-01' AND month < date '2024-11-01'
         UNION ALL
         SELECT account_id, fund_type, account_type, debit, credit FROM journal_lines
          WHERE entry_date >= $1::date AND entry_date < date '2024-02-01'
         UNION ALL
         SELECT account_id, fund_type, account_type, debit, credit FROM journal_lines
          WHERE entry_date >= date '2024-11-01' AND entry_date <= $2::date) x
        WHERE account_type IN ('income', 'expense')
        GROUP BY 1, 2, 3`,
      [FROM, TO],
    ),
  // Every line of the period, grouped.
  'lines of the period': (raw) =>
    raw.query(
      `SELECT account_id, fund_type, account_type, sum(debit) AS d, sum(credit) AS c
         FROM journal_lines
        WHERE entry_date BETWEEN $1::date AND $2::date AND account_type IN ('income', 'expense')
        GROUP BY 1, 2, 3`,
      [FROM, TO],
    ),
};

export async function incomeExpenseFlowBench({ raw, em, load, paired }) {
  const { incomeExpenseFlow } = await load('modules/reports/income-expense-flow.service.js');

  // Same figures, checked once before timing.
  const report = await incomeExpenseFlow(em(), { from: FROM, to: TO });
  const ours = new Map(
    report.links
      .filter((l) => l.kind === 'income' || l.kind === 'expense')
      .map((l) => [`${l.accountId}|${l.fundType}`, l.actual]),
  );
  for (const [name, fn] of Object.entries(RAW)) {
    const { rows } = await fn(raw);
    const theirs = rows.filter((r) => r.d !== r.c);
    if (theirs.length !== ours.size) throw new Error(`flow: ${name} has other accounts`);
    for (const r of theirs) {
      const net = BigInt(r.d) - BigInt(r.c);
      const actual = r.account_type === 'income' ? -net : net;
      if (ours.get(`${r.account_id}|${r.fund_type}`) !== actual) {
        throw new Error(`flow differs from raw SQL (${name}) for account ${r.account_id}`);
      }
    }
  }

  const raws = [];
  for (const [name, fn] of Object.entries(RAW)) {
    const [covenant, ms] = await paired(
      () => incomeExpenseFlow(em(), { from: FROM, to: TO }),
      () => fn(raw),
    );
    raws.push({ name, ms, covenant });
  }
  raws.sort((a, b) => a.ms - b.ms);
  const fastest = raws[0];
  const pad = (s, n) => String(s).padEnd(n);
  console.log(`\nincome and expense flow — ${FROM} to ${TO}`);
  for (const r of raws) console.log(`  raw SQL, ${pad(r.name, 40)} ${r.ms.toFixed(2)} ms`);
  console.log(
    `${pad(`Income and expense flow (${report.links.length} flows)`, 50)} ${pad(fastest.covenant.toFixed(2) + ' ms', 10)} ${pad(fastest.ms.toFixed(2) + ' ms', 10)} ${(fastest.covenant / fastest.ms).toFixed(2)}× (target ≤ 2×)`,
  );
}
