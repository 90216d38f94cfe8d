// Second baseline: bare Apollo whose one resolver reads the same accounts with raw SQL over a plain
// pg pool of the same size as a tenant's: what the database round trip costs on its own.
import { startRawSql } from './raw-sql-app.mjs';

const url = await startRawSql({
  tenantUrl: process.env.BENCH_TENANT_URL,
  poolSize: Number(process.env.BENCH_POOL_SIZE),
});
process.stdout.write(JSON.stringify({ url }) + '\n');
