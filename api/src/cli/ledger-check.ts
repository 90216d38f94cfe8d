import 'reflect-metadata';
import { resolveDatabaseUrl, tenantClusters } from '../boot.js';
import { loadConfig } from '../config.js';
import {
  checkLedger,
  describeLedgerCheck,
  ledgerCheckPasses,
} from '../modules/journal/ledger-check.service.js';
import { withDatabase } from '../db/connection.js';
import { listTenants } from '../db/databases.js';

// npm run ledger:check — every tenant: monthly totals recomputed from the lines, every entry's
// balance (overall and per fund), each control account against its subledger, and the receivables
// on every date they change (never below zero, equal to the aging report that day). Exits 1 when
// anything differs (see ledger-check.service.ts for how cross-fund entries count).
async function main() {
  const config = loadConfig();
  const { url, embedded } = await resolveDatabaseUrl(config);
  const clusters = tenantClusters(config, url);
  let bad = 0;
  try {
    for (const t of await listTenants(url)) {
      const r = await checkLedger(withDatabase(clusters.url(t.db_cluster), t.db_name));
      const ok = ledgerCheckPasses(r);
      if (!ok) bad++;
      console.log(`${ok ? 'ok   ' : 'DRIFT'} ${t.name}: ${describeLedgerCheck(r)}`);
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
