import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { clusterResolver, dataKey, resolveDatabaseUrl, templateDbName } from '../boot.js';
import { sealTaxIds } from '../modules/vendors/tax-ids.service.js';
import { loadConfig } from '../config.js';
import { migrateAll } from '../db/databases.js';

// npm run migrate [-- --dry-run] [-- --tenant <organization id>]
async function main() {
  const { values } = parseArgs({
    options: { 'dry-run': { type: 'boolean', default: false }, tenant: { type: 'string' } },
  });
  const config = loadConfig();
  const { url, embedded } = await resolveDatabaseUrl(config);
  try {
    const reports = await migrateAll(url, {
      dryRun: values['dry-run'],
      tenant: values.tenant,
      templateDb: templateDbName(config, url),
      clusterUrl: clusterResolver(url),
      upgradeTenant: values['dry-run'] ? undefined : sealTaxIds(dataKey(config)),
    });
    for (const r of reports) {
      const verb = r.dryRun ? 'would apply' : 'applied';
      console.log(
        `${r.database}: ${r.applied.length ? `${verb} ${r.applied.join(', ')}` : 'up to date'}`,
      );
    }
  } finally {
    await embedded?.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
