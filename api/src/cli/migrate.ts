import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { dataKey, resolveDatabaseUrl, templateDbName, tenantClusters } from '../boot.js';
import { sealTaxIds } from '../modules/vendors/tax-ids.service.js';
import { loadConfig } from '../config.js';
import { migrateAll, type MigrateEvent } from '../db/databases.js';
import type { MigrateReport } from '../db/fleet.js';

// npm run migrate [-- --dry-run] [-- --tenant <organization id>] [-- --concurrency <n>]
//   [-- --stop-after <n>]
// The platform database, the tenant template on every cluster, then every association not at the
// code's version, a line each as it goes. Stopped (Ctrl-C, SIGTERM, --stop-after) it finishes the
// associations under way; the next run goes on from there.
async function main() {
  const { values } = parseArgs({
    options: {
      'dry-run': { type: 'boolean', default: false },
      tenant: { type: 'string' },
      concurrency: { type: 'string' },
      'stop-after': { type: 'string' },
    },
  });
  const count = (name: string, v: string | undefined) => {
    if (v === undefined) return undefined;
    if (!/^[1-9]\d{0,5}$/.test(v)) throw new Error(`--${name} takes a whole number from 1`);
    return Number(v);
  };
  const concurrency = count('concurrency', values.concurrency);
  const stopAfter = count('stop-after', values['stop-after']);
  const config = loadConfig();
  const { url, embedded } = await resolveDatabaseUrl(config);
  const clusters = tenantClusters(config, url);
  const stop = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (stop.signal.aborted) process.exit(130);
    console.log(`${signal}: finishing the associations under way, then stopping (again to quit)`);
    stop.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let failed = false;
  try {
    const reports = await migrateAll(url, {
      dryRun: values['dry-run'],
      tenant: values.tenant,
      templateDb: templateDbName(config, url),
      clusterUrl: (cluster) => clusters.url(cluster),
      clusters: clusters.names(),
      upgradeTenant: values['dry-run'] ? undefined : sealTaxIds(dataKey(config)),
      concurrency,
      stopAfter,
      signal: stop.signal,
      // A real run says each step as it goes; a dry run changes nothing and reports at the end.
      onProgress: values['dry-run']
        ? undefined
        : (e) => {
            console.log(progressLine(e));
            if (e.kind === 'end' && e.run.status === 'failed') failed = true;
          },
    });
    if (values['dry-run']) for (const r of reports) console.log(reportLine(r));
  } finally {
    await embedded?.stop();
  }
  // The run is recorded; an association that failed fails the command, so a deploy stops here.
  if (failed) process.exitCode = 1;
}

function reportLine(r: MigrateReport) {
  if (r.error) return `${r.database}: failed: ${r.error}`;
  const verb = r.dryRun ? 'would apply' : 'applied';
  return `${r.database}: ${r.applied.length ? `${verb} ${r.applied.join(', ')}` : 'up to date'}`;
}

function progressLine(e: MigrateEvent): string {
  switch (e.kind) {
    case 'platform':
      return reportLine(e.report);
    case 'template':
      return reportLine(e.report);
    case 'start':
      return (
        `Fleet run ${e.run}: ${e.total} association${e.total === 1 ? '' : 's'} to bring to ${e.target}` +
        (e.resumes ? ` (going on from run ${e.resumes})` : '')
      );
    case 'tenant': {
      const width = String(e.total).length;
      return `[${String(e.done + e.failed).padStart(width)}/${e.total}] ${reportLine(e.report)}`;
    }
    case 'end': {
      const r = e.run;
      const left = r.total - r.done - r.failed;
      return (
        `Fleet run ${r.id} ${r.status}: ${r.done} migrated, ${r.failed} failed` +
        (left ? `, ${left} left for the next run` : '') +
        (r.status === 'failed' && r.lastError ? ` (last error: ${r.lastError})` : '')
      );
    }
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
