import 'reflect-metadata';
import { startCovenant } from '../boot.js';
import { ConfigError, loadConfig } from '../config.js';
import { SetupError } from '../db/setup-error.js';
import { DriftError } from '../db/migrations.js';
import { DemoResetRefused, resetDemo } from '../platform/onboarding/demo-reset.service.js';

// npm run demo:reset — rebuilds the demo associations' books (Maple Ridge HOA, Harbor Point
// Condominium Association) as of today: new tenant databases, the same organizations, members and
// sign-ins. The associations are the ones the demo seeder marked (organizations.demo_profile),
// nothing an association can set on itself. Run it with the app stopped (the embedded PostgreSQL
// serves one process; a server on DATABASE_URL would keep reading the old books for up to a
// minute). Refused in production.
// `-- maple-ridge` (or `harbor-point`) rebuilds one.
async function main() {
  const config = loadConfig();
  if (config.production) throw new DemoResetRefused('demo:reset is refused in production');
  const keys = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const started = performance.now();
  // The services as the server builds them (migrations included), without taking its port.
  const app = await startCovenant(
    { ...config, port: 0, host: '127.0.0.1', seedOwner: false, serveWeb: false },
    { print: () => undefined },
  );
  try {
    const { summaries, credentials } = await resetDemo(app.services, {
      keys: keys.length ? keys : undefined,
    });
    for (const s of summaries) {
      console.log(
        `rebuilt ${s.organization}: ${s.units} units, ${s.payments} payments, ${s.entries} bills, transfers and other entries, ${s.from} to ${s.today} (${(s.ms / 1000).toFixed(1)} s)`,
      );
    }
    for (const c of credentials) {
      console.log(
        `\n  new sign-in — ${c.organization}\n    email:    ${c.email}\n    password: ${c.password}`,
      );
    }
    console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  if (
    err instanceof ConfigError ||
    err instanceof DriftError ||
    err instanceof SetupError ||
    err instanceof DemoResetRefused
  ) {
    console.error(err.message);
  } else console.error(err);
  process.exit(1);
});
