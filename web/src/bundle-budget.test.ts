import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DIST,
  FIRST_LOAD_BUDGET_GZIP,
  PAGES,
  firstLoadFiles,
  measurePage,
  readManifest,
} from '../scripts/bundle-size.mjs';

// What a first visit downloads, measured on the production build (`npm test` builds it first; on
// its own: `npm run build -w web`). web/scripts/bundle-size.mjs prints the same figures.

describe('the first load of the built app', () => {
  const manifest = readManifest(DEFAULT_DIST);

  it.each([
    ['dashboard', PAGES.dashboard],
    ['accounts', PAGES.accounts],
  ])('keeps the shell plus the %s page under 314 KB gzip', (_name, page) => {
    const load = measurePage(page, DEFAULT_DIST, manifest);
    expect(load.files).toContain(manifest['index.html']!.file);
    expect(load.files).toContain(manifest[page]!.file);
    expect(load.total.gzip).toBeGreaterThan(50 * 1024);
    expect(load.total.gzip).toBeLessThan(FIRST_LOAD_BUDGET_GZIP);
  });

  it('leaves the account form (and its date picker) out of the Accounts page until it opens', () => {
    const { js, chunks } = firstLoadFiles(manifest, ['index.html', PAGES.accounts]);
    const dialog = 'src/features/accounts/components/AccountDialog.vue';
    expect(manifest[dialog]).toBeDefined();
    expect(chunks).not.toContain(dialog);
    expect(js.filter((file) => /\/datepicker-[\w-]+\.js$/.test(file))).toEqual([]);
  });

  it('has a brotli and a gzip copy beside every script and stylesheet of a first load over 1 KB', () => {
    const { js, css } = firstLoadFiles(manifest, ['index.html', PAGES.login, PAGES.dashboard]);
    const big = [...js, ...css].filter(
      (file) => statSync(path.join(DEFAULT_DIST, file)).size > 1024,
    );
    expect(big.length).toBeGreaterThan(5);
    const missing = big.flatMap((file) =>
      ['.br', '.gz']
        .map((ext) => `${file}${ext}`)
        .filter((copy) => !existsSync(path.join(DEFAULT_DIST, copy))),
    );
    expect(missing).toEqual([]);
  });
});
