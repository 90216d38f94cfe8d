import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepingExitCode, SetupError, setupProblem, startEmbeddedPostgres } from './embedded.js';

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

  // As root, PostgreSQL runs as the user postgres, which cannot enter a directory only root may.
  it.skipIf(process.getuid?.() !== 0)(
    'refuses a data directory its user cannot enter with that line, not a stack trace',
    async () => {
      const home = mkdtempSync(join(tmpdir(), 'covenant-private-'));
      chmodSync(home, 0o700);
      try {
        await expect(
          startEmbeddedPostgres({ dir: join(home, 'pg'), port: 54390, quiet: true }),
        ).rejects.toBeInstanceOf(SetupError);
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
