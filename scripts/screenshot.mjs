// npm run screenshot: refreshes docs/images/dashboard.png, the README's picture of Maple Ridge
// HOA's dashboard at 1440x900. It runs Covenant from its sources with the demo books on a
// PostgreSQL of its own (a throwaway data directory and free ports: .data/ and a running
// `npm start` are left alone), signs in through the login page in Debian's Chromium, as the
// browser journeys do, and saves what the treasurer sees. The built web app comes from web/dist
// (`npm run screenshot` builds it first) or WEB_DIST.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(root, 'docs/images/dashboard.png');
const VIEWPORT = { width: 1440, height: 900 };

// The API's sources need the TypeScript loader (decorators, NodeNext paths), as `npm run dev` uses.
if (!process.env.COVENANT_SCREENSHOT_LOADED) {
  const run = spawnSync(
    process.execPath,
    [
      '--conditions=development',
      '--import',
      '@swc-node/register/esm-register',
      fileURLToPath(import.meta.url),
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        COVENANT_SCREENSHOT_LOADED: '1',
        SWC_NODE_PROJECT: join(root, 'api/tsconfig.json'),
      },
    },
  );
  process.exit(run.status ?? 1);
}

const webDist = resolve(root, process.env.WEB_DIST ?? 'web/dist');
if (!existsSync(join(webDist, 'index.html'))) {
  console.error(`No built web app in ${relative(root, webDist)}: run npm run build -w web first.`);
  process.exit(1);
}
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  console.error(`Chromium not found at ${chromiumPath} (apt-get install -y chromium).`);
  process.exit(1);
}

const freePort = () =>
  new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
    server.on('error', fail);
  });

await import('reflect-metadata');
const api = (path) => import(pathToFileURL(join(root, 'api/src', path)).href);
const { loadConfig } = await api('config.ts');
const { startCovenant } = await api('boot.ts');
const { chromium } = await import('playwright-core');

// Entered by the user `postgres` when this runs as root (mkdtemp makes it 0700).
const dataDir = mkdtempSync(join(tmpdir(), 'covenant-screenshot-'));
chmodSync(dataDir, 0o755);
let app;
let browser;
try {
  console.log('Starting Covenant with the demo books (a minute or two)…');
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: '0',
    EMBEDDED_PG_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    // Its own embedded PostgreSQL, whatever the shell has set.
    DATABASE_URL: '',
    DATABASE_POOLER_URL: '',
    REDIS_URL: '',
    SEED_DEMO: 'true',
    SERVE_WEB: 'true',
    WEB_DIST: webDist,
  });
  app = await startCovenant(config, { print: () => undefined });
  const maple = app.demo.find((c) => c.organization === 'Maple Ridge HOA');

  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const page = await browser.newPage({
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    locale: 'en-US',
    timezoneId: 'America/New_York',
  });
  await page.goto(`${app.url}/login`);
  await page.fill('#login-email', maple.email);
  await page.fill('#login-password', maple.password);
  await page.click('[data-testid="login-submit"]');
  await page.waitForURL(/\/dashboard$/);
  await page.locator('[data-testid="dashboard-grid"]').waitFor();
  // The charts draw after their data; then nothing moves.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  await page.mouse.move(0, VIEWPORT.height - 1);
  await page.screenshot({ path: OUT, animations: 'disabled' });
  console.log(`Saved ${relative(root, OUT)} (${Math.round(statSync(OUT).size / 1024)} KB).`);
} finally {
  await browser?.close();
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
}
