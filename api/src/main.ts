import 'reflect-metadata';
import { startCovenant } from './boot.js';
import { createLogger, type Logger } from './core/observability/logger.js';
import { ConfigError, loadConfig } from './config.js';
import { SetupError } from './db/setup-error.js';
import { DriftError } from './db/migrations.js';
import { APP_VERSION } from './paths.js';

// Set once the configuration is read: a start that fails after that is logged through it.
let logger: Logger | undefined;

// Boot: config → databases → http server; nothing else.
async function main() {
  const config = loadConfig();
  logger = createLogger({ level: config.logLevel });
  const app = await startCovenant(config, { logger });
  const line = '─'.repeat(64);
  console.log(`\n${line}\n Covenant ${APP_VERSION} is running at ${app.url}\n${line}`);
  if (app.demo) {
    console.log(
      ' First start: these sign-ins were created. Passwords are shown once; keep them:\n',
    );
    for (const c of app.demo) {
      const org = c.organization ? ` — ${c.organization}` : '';
      console.log(`  ${c.role}${org}\n    email:    ${c.email}\n    password: ${c.password}\n`);
    }
    console.log(line);
  } else if (!config.production) {
    // Later starts: the passwords were shown once, at the first; say so rather than nothing.
    const over = config.databaseUrl ? '' : ` (lost? stop, delete ${config.dataDir}/, start again)`;
    console.log(` Sign in with the passwords printed at the first start${over}.\n${line}`);
  }
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  const inUse = (err as { code?: string; port?: number }).code === 'EADDRINUSE';
  if (err instanceof ConfigError || err instanceof DriftError || err instanceof SetupError) {
    console.error(err.message);
  } else if (inUse) {
    const port = (err as { port?: number }).port;
    console.error(
      `Port ${port ?? ''} is already in use: stop what runs there, or choose another port (PORT, or EMBEDDED_PG_PORT for the embedded PostgreSQL).`,
    );
  } else if (logger) logger.fatal({ err }, 'start failed');
  else console.error(err);
  process.exit(1);
});
