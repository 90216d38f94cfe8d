import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { resolveDatabaseUrl, tenantClusters } from '../boot.js';
import { loadConfig } from '../config.js';
import { createCacheBus } from '../core/cache-bus.js';
import {
  abortMove,
  confirmMove,
  moveTenant,
  MoveRefused,
  type MoveDeps,
} from '../core/tenancy/move.js';
import {
  checkLedger,
  describeLedgerCheck,
  ledgerCheckPasses,
} from '../modules/journal/ledger-check.service.js';

const USAGE = `Usage:
  npm run tenant:move -- <organization> <cluster>   move the association to the cluster
  npm run tenant:move -- --confirm <organization>   drop the database it left
  npm run tenant:move -- --abort <organization>     undo a move that was interrupted`;

// npm run tenant:move — moves an association to another PostgreSQL cluster of TENANT_CLUSTERS
// (core/tenancy/move.ts), with the API running: its writes are refused while it is copied.
async function main() {
  const { values, positionals } = parseArgs({
    options: { confirm: { type: 'string' }, abort: { type: 'string' } },
    allowPositionals: true,
  });
  const config = loadConfig();
  const action =
    values.confirm && !values.abort && !positionals.length
      ? ({ kind: 'confirm', orgId: values.confirm } as const)
      : values.abort && !values.confirm && !positionals.length
        ? ({ kind: 'abort', orgId: values.abort } as const)
        : !values.confirm && !values.abort && positionals.length === 2
          ? ({ kind: 'move', orgId: positionals[0]!, to: positionals[1]! } as const)
          : null;
  if (!action) throw new MoveRefused(USAGE);
  const { url, embedded } = await resolveDatabaseUrl(config);
  // Every API process drops its cached entry of the association when told (with REDIS_URL).
  const bus = createCacheBus({
    redisUrl: config.redisUrl,
    onError: (err) => console.error(`Redis: ${err instanceof Error ? err.message : String(err)}`),
  });
  const stop = new AbortController();
  const onSignal = () => {
    console.log('Stopping: the move is undone');
    stop.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    await bus.ready(5_000);
    const deps: MoveDeps = {
      platformUrl: url,
      clusters: tenantClusters(config, url),
      bus,
      pgBinDir: config.pgBinDir,
      signal: stop.signal,
      log: (line) => console.log(line),
      checkBooks: async (tenantUrl) => {
        const r = await checkLedger(tenantUrl);
        return { ok: ledgerCheckPasses(r), summary: `ledger check: ${describeLedgerCheck(r)}` };
      },
    };
    if (action.kind === 'confirm') {
      const dropped = await confirmMove(deps, action.orgId);
      console.log(`Confirmed: dropped ${dropped.database} on cluster ${dropped.cluster}`);
    } else if (action.kind === 'abort') {
      console.log(await abortMove(deps, action.orgId));
    } else {
      const r = await moveTenant(deps, action.orgId, action.to);
      console.log(
        `Moved ${r.organization.name} from ${r.from.cluster}/${r.from.database} to ${r.to.cluster}/${r.to.database}: writes were frozen for ${(r.freezeMs / 1000).toFixed(1)} s.`,
      );
      if (!config.redisUrl) {
        console.log(
          'REDIS_URL is not set: other API processes read the new place within 60 s (a write to the old one is refused and makes them look at once); until then they may read the old copy.',
        );
      }
      console.log(
        `The old database stays, read-only, until: npm run tenant:move -- --confirm ${r.organization.id}`,
      );
    }
  } finally {
    await bus.close();
    await embedded?.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
