// What the browser downloads on a first visit to a page: the entry chunk (index.html) and its static
// imports (modulepreload), the route's chunk and its static imports, and the CSS of all of them;
// raw, gzip and brotli. Read from the build's manifest (vite.config.ts build.manifest), so run
// `npm run build -w web` first. Dynamic imports (a chart, a dialog opened later) are not counted:
// they are what a page does NOT load at once.
//
//   node web/scripts/bundle-size.mjs            the pages below
//   node web/scripts/bundle-size.mjs --json     the same as JSON
//
// web/src/bundle-budget.test.ts holds the first tenant screen to FIRST_LOAD_BUDGET_GZIP with it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const DEFAULT_DIST = path.resolve(import.meta.dirname, '..', 'dist');

/** The shell plus the first page after sign-in must stay under this (bytes, gzip). */
// 310 KB since the intro tour, setup wizard and billing hooks joined the shell (300 KB before; to
// trim); 312 KB since Banking's routes, sidebar section and cache policies (about 0.6 KB) did;
// 314 KB since Payables' (eleven routes, a sidebar section, the bills' paging and cache policies:
// about 1.2 KB); 317 KB since the owner portal's (six owner routes, Online payments, the owner
// shell's turn in App and the guards: about 1.9 KB once the owner shell itself loads lazily). The
// shell's route table is the next thing to trim.
export const FIRST_LOAD_BUDGET_GZIP = 317 * 1024;

/** The pages worth watching: where a visitor lands, and where a member lands after sign-in. */
export const PAGES = {
  login: 'src/features/auth/views/LoginPage.vue',
  dashboard: 'src/features/dashboard/views/DashboardPage.vue',
  accounts: 'src/features/accounts/views/AccountsPage.vue',
};

export function readManifest(dist = DEFAULT_DIST) {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: run \`npm run build -w web\` first`);
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The files (JS and CSS, dist-relative) the given manifest keys load, with their static imports,
 * and the manifest keys of the chunks among them.
 */
export function firstLoadFiles(manifest, keys) {
  const seen = new Set();
  const js = [];
  const css = [];
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    js.push(chunk.file);
    for (const sheet of chunk.css ?? []) if (!css.includes(sheet)) css.push(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { js, css, chunks: [...seen] };
}

function sizesOf(dist, files) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(dist, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).length;
  }
  return { raw, gzip, brotli };
}

/** The first load of a page (a manifest key such as PAGES.dashboard): its files and their sizes. */
export function measurePage(page, dist = DEFAULT_DIST, manifest = readManifest(dist)) {
  const { js, css } = firstLoadFiles(manifest, ['index.html', page]);
  const jsSize = sizesOf(dist, js);
  const cssSize = sizesOf(dist, css);
  return {
    page,
    files: [...js, ...css],
    js: jsSize,
    css: cssSize,
    total: {
      raw: jsSize.raw + cssSize.raw,
      gzip: jsSize.gzip + cssSize.gzip,
      brotli: jsSize.brotli + cssSize.brotli,
    },
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const manifest = readManifest();
  const results = Object.entries(PAGES).map(([name, page]) => ({
    name,
    ...measurePage(page, DEFAULT_DIST, manifest),
  }));
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  } else {
    for (const r of results) {
      process.stdout.write(
        `${r.name.padEnd(10)} ${String(r.files.length).padStart(3)} files  ` +
          `JS ${kb(r.js.raw)} (gzip ${kb(r.js.gzip)}, br ${kb(r.js.brotli)})  ` +
          `CSS ${kb(r.css.raw)} (gzip ${kb(r.css.gzip)})  ` +
          `total ${kb(r.total.raw)}, gzip ${kb(r.total.gzip)}, br ${kb(r.total.brotli)}\n`,
      );
    }
    process.stdout.write(
      `budget: the shell plus the dashboard, or Accounts, under ${kb(FIRST_LOAD_BUDGET_GZIP)} gzip\n`,
    );
  }
}
