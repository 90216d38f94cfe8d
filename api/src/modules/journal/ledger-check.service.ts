import { withClient } from '../../db/connection.js';

export interface LedgerCheck {
  driftRows: number;
  unbalancedEntries: number;
}

// Recomputes the monthly totals from the lines and compares; also re-checks every entry's balance.
export async function checkLedger(tenantUrl: string): Promise<LedgerCheck> {
  return withClient(tenantUrl, async (c) => {
    const drift = await c.query<{ n: number }>(`
      SELECT count(*)::int AS n FROM (
        SELECT account_id, date_trunc('month', entry_date)::date AS month,
               sum(debit) AS d, sum(credit) AS c
          FROM journal_lines GROUP BY 1, 2
      ) l FULL JOIN account_month_totals t USING (account_id, month)
      WHERE coalesce(l.d, 0) <> coalesce(t.debit, 0) OR coalesce(l.c, 0) <> coalesce(t.credit, 0)`);
    const unbalanced = await c.query<{ n: number }>(`
      SELECT count(*)::int AS n FROM (
        SELECT entry_id FROM journal_lines GROUP BY entry_id
        HAVING sum(debit) <> sum(credit) OR count(*) < 2
      ) x`);
    return { driftRows: drift.rows[0].n, unbalancedEntries: unbalanced.rows[0].n };
  });
}
