import { mkdirSync, mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildNeeded, fingerprint, OUTPUTS, writeStamp } from '../../../scripts/build-stamp.mjs';

// `npm start` (scripts/start.mjs) builds only when what the build reads changed since the last
// successful build; here on a small tree shaped like the repository.
describe('npm start builds only when the sources changed', () => {
  let root: string;
  const put = (rel: string, text = 'x') => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  const built = () => {
    for (const f of OUTPUTS) put(f, 'built');
    writeStamp(root, fingerprint(root));
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'covenant-stamp-'));
    put('package.json', '{}');
    put('package-lock.json', '{}');
    put('api/src/main.ts', 'main');
    put('web/src/main.ts', 'web');
    put('tenant-migrations/001_init.ts', 'm');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds on the first start, then not again while nothing changed', () => {
    expect(buildNeeded(root)).toBe('first');
    built();
    expect(buildNeeded(root)).toBeNull();
    expect(buildNeeded(root)).toBeNull();
  });

  it('builds again when a source is touched, added or deleted, or the lockfile changes', () => {
    built();
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(root, 'api/src/main.ts'), later, later);
    expect(buildNeeded(root)).toBe('changed');

    built();
    put('web/src/features/new/NewPage.vue', '<template />');
    expect(buildNeeded(root)).toBe('changed');

    built();
    unlinkSync(join(root, 'web/src/features/new/NewPage.vue'));
    expect(buildNeeded(root)).toBe('changed');

    built();
    put('package-lock.json', '{"lockfileVersion":3}');
    expect(buildNeeded(root)).toBe('changed');
  });

  it('does not build for a test or a document, and does when an output is gone', () => {
    built();
    put('api/src/main.test.ts', 'test');
    put('web/src/e2e/sign-in.e2e.ts', 'journey');
    put('README.md', 'docs');
    put('.data/build.log', 'log');
    expect(buildNeeded(root)).toBeNull();

    rmSync(join(root, 'web/dist'), { recursive: true });
    expect(buildNeeded(root)).toBe('first');
  });
});
