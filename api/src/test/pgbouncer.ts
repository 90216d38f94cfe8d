import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.js';

export const PGBOUNCER = '/usr/sbin/pgbouncer';
const INI = new URL('../../../deploy/pgbouncer.ini', import.meta.url);

export interface RunningBouncer {
  // The server URL (maintenance database) through PgBouncer.
  url: string;
  ini: string;
  stop(): Promise<void>;
}

// Debian's pgbouncer in front of `serverUrl`, run with the production deploy/pgbouncer.ini: only
// the addresses, the auth file and the statement timeout are changed for the test.
export async function startPgBouncer(
  serverUrl: string,
  opts: { statementTimeoutMs: number },
): Promise<RunningBouncer> {
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username);
  const password = decodeURIComponent(server.password) || 'bouncer-test-password';
  const dir = mkdtempSync(join(tmpdir(), 'covenant-pgbouncer-'));
  chmodSync(dir, 0o755);
  const port = await freePort();
  const auth = join(dir, 'userlist.txt');
  writeFileSync(auth, `"${user}" "${password}"\n`, { mode: 0o644 });
  // Each line must be found, so a change to the real file fails here loudly rather than leaving
  // the test running something else.
  let ini = readFileSync(INI, 'utf8');
  const set = (line: RegExp, to: string) => {
    if (!line.test(ini)) throw new Error(`deploy/pgbouncer.ini: no line matches ${line}`);
    ini = ini.replace(line, to);
  };
  set(
    /^\* = host=postgres port=5432 connect_query='SET statement_timeout = 15000'$/m,
    `* = host=${server.hostname} port=${server.port} connect_query='SET statement_timeout = ${opts.statementTimeoutMs}'`,
  );
  set(/^listen_addr = \*$/m, 'listen_addr = 127.0.0.1');
  set(/^listen_port = 6432$/m, `listen_port = ${port}`);
  set(/^auth_file = .*$/m, `auth_file = ${auth}`);
  const file = join(dir, 'pgbouncer.ini');
  writeFileSync(file, ini, { mode: 0o644 });
  // PgBouncer will not run as root; it drops to an unprivileged user itself.
  const args = process.getuid?.() === 0 ? ['-u', 'nobody', file] : [file];
  const child: ChildProcess = spawn(PGBOUNCER, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr!.on('data', (d) => (log += d));
  const url = `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let attempt = 0; ; attempt++) {
    const c = new pg.Client({ connectionString: url });
    try {
      await c.connect();
      await c.query('SELECT 1');
      await c.end();
      break;
    } catch (err) {
      await c.end().catch(() => undefined);
      if (attempt > 100 || child.exitCode !== null) {
        child.kill();
        throw new Error(`PgBouncer did not start: ${(err as Error).message}\n${log}`, {
          cause: err,
        });
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    ini,
    async stop() {
      child.kill('SIGINT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
