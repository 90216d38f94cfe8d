import 'reflect-metadata';
import { clusterResolver, resolveDatabaseUrl } from '../boot.js';
import { loadConfig } from '../config.js';
import { checkLedger } from '../modules/journal/ledger-check.service.js';
import { withDatabase } from '../db/connection.js';
import { listTenants } from '../db/databases.js';

// npm run ledger:check — every tenant: monthly totals recomputed from the lines, and every entry's
// balance. Exits 1 when anything drifts.
async function main() {
  const config = loadConfig();
  const { url, embedded } = await resolveDatabaseUrl(config);
  const clusterUrl = clusterResolver(url);
  let bad = 0;
  try {
    for (const t of await listTenants(url)) {
      const r = await checkLedger(withDatabase(clusterUrl(t.db_cluster), t.db_name));
      const ok = r.driftRows === 0 && r.unbalancedEntries === 0;
      if (!ok) bad++;
      console.log(
        `${ok ? 'ok   ' : 'DRIFT'} ${t.name}: ${r.driftRows} monthly-total rows differ, ${r.unbalancedEntries} unbalanced entries`,
      );
    }
  } finally {
    await embedded?.stop();
  }
  process.exit(bad ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
