import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page, type Response } from 'playwright-core';
import { expect } from 'vitest';
import type { Config } from '../../../api/src/config.js';
import { REPO_ROOT } from '../../../api/src/paths.js';
import { startTestApp, type TestApp } from '../../../api/src/test/app.js';

// Debian's Chromium, never a downloaded browser build. CHROMIUM_PATH overrides the location.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * Everything a page says went wrong: uncaught exceptions, console errors (a failed request, Vue)
 * and console warnings (Apollo's "unknown query in refetchQueries", cache misses). A journey
 * asserts the list empty after each test (`expectQuietConsole`), so a new warning fails it.
 */
export function watchConsole(page: Page, into: string[] = []): string[] {
  page.on('pageerror', (e) => into.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    const type = m.type();
    if (type === 'error' || type === 'warning') into.push(`${type}: ${m.text()}`);
  });
  return into;
}

/** Fails the test when the page logged anything (see watchConsole), and starts the next afresh. */
export function expectQuietConsole(problems: string[]): void {
  const seen = problems.splice(0);
  expect(seen, 'the browser console should stay quiet').toEqual([]);
}

// How much of a refused GraphQL answer the failure output quotes: enough for its errors.
const BODY_SHOWN = 2000;

/**
 * Records an HTTP answer of 400 or more: its status and address at once, and for a GraphQL
 * request also the operation and the body the API answered (its errors, codes and field details),
 * so a failure names its cause instead of only "400 POST /graphql".
 */
export function recordFailedResponse(r: Response, into: string[]): void {
  if (r.status() < 400) return;
  const request = r.request();
  const line = `${r.status()} ${request.method()} ${r.url()}`;
  into.push(line);
  if (!new URL(r.url()).pathname.endsWith('/graphql')) return;
  let operation = '';
  try {
    const sent = request.postDataJSON() as { operationName?: unknown } | null;
    if (typeof sent?.operationName === 'string') operation = ` ${sent.operationName}`;
  } catch {
    // A multipart upload: its operation is not JSON at the top.
  }
  r.text().then(
    (body) => {
      // Still unreported (the test's own check has not taken the list yet): say what came back.
      const at = into.indexOf(line);
      const shown = body.length > BODY_SHOWN ? `${body.slice(0, BODY_SHOWN)}…` : body;
      if (at >= 0) into[at] = `${line}${operation} -> ${shown}`;
    },
    () => undefined,
  );
}

/** A running app with the demo books and a browser signed in as Maple Ridge's treasurer. */
export interface DemoJourney {
  app: TestApp;
  browser: Browser;
  page: Page;
  /** The treasurer's access token, for reading the API's own answers. */
  token: string;
  /** A query as the treasurer; fails the test on a GraphQL error. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read loosely
  gql: (query: string, variables?: Record<string, unknown>) => Promise<any>;
  /** What the page said went wrong (watchConsole) and every HTTP answer of 400 or more. */
  errors: string[];
  /** Where screenshots go (test-results/, gitignored). */
  shots: string;
  close: () => Promise<void>;
}

/**
 * The start every demo journey shares: the built web app served with the demo books, the treasurer
 * of Maple Ridge HOA signed in through the login page (the real form, so a broken sign-in fails
 * every journey) and on the dashboard, the console and failed responses watched.
 */
export async function openDemoJourney(opts: {
  viewport: { width: number; height: number };
  /** The journey saves files (CSV exports, the books); off unless asked for. */
  downloads?: boolean;
  /** Settings of the app beyond the demo's (e.g. billing, pointed at a stand-in Stripe). */
  config?: Partial<Config>;
}): Promise<DemoJourney> {
  if (!existsSync(join(REPO_ROOT, 'web/dist/index.html'))) throw new Error('web/dist is missing');
  const shots = join(REPO_ROOT, 'test-results');
  mkdirSync(shots, { recursive: true });
  const app = await startTestApp({
    ...opts.config,
    serveWeb: true,
    seedOwner: true,
    seedDemo: true,
  });
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await app.close();
  };
  try {
    const maple = app.demo!.find(
      (d) => d.role === 'Tenant admin' && d.organization === 'Maple Ridge HOA',
    )!;
    const login = await app.gql(
      'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { ... on LoginPayload { accessToken } } }',
      { e: maple.email, p: maple.password },
    );
    const token = login.body.data!.login.accessToken as string;
    const gql = async (query: string, variables: Record<string, unknown> = {}) => {
      const r = await app.gql(query, variables, token);
      expect(r.body.errors).toBeUndefined();
      return r.body.data;
    };

    browser = await launchBrowser();
    const errors: string[] = [];
    const page = await signedInPage(browser, app.url, maple, { ...opts, errors });
    return { app, browser, page, token, gql, errors, shots, close };
  } catch (e) {
    // A journey whose setup failed never reaches its afterAll with a handle to close.
    await close();
    throw e;
  }
}

/**
 * A page of its own (a browser context: no cookies shared with other pages) signed in through the
 * login page and on the dashboard, its console and failed responses recorded into `errors`.
 */
export async function signedInPage(
  browser: Browser,
  url: string,
  who: { email: string; password: string },
  opts: { viewport: { width: number; height: number }; downloads?: boolean; errors: string[] },
): Promise<Page> {
  const page = await browser.newPage({
    viewport: opts.viewport,
    acceptDownloads: opts.downloads ?? false,
  });
  watchConsole(page, opts.errors);
  page.on('response', (r) => recordFailedResponse(r, opts.errors));
  await page.goto(`${url}/login`);
  await page.fill('#login-email', who.email);
  await page.fill('#login-password', who.password);
  await page.click('[data-testid="login-submit"]');
  await page.waitForURL(/\/dashboard$/);
  return page;
}

/**
 * Moves to another page of the app as its links do, through its router, without loading the app
 * again (its code, the session's resumption and the shell's queries: most of a page's load on a
 * busy machine). Returns once the page left is gone; the caller waits for the new one's content.
 */
export async function navigate(page: Page, path: string): Promise<void> {
  const left = await page.evaluateHandle(() => document.querySelector('main h1'));
  const failure = await page.evaluate(async (to) => {
    const here = `${location.pathname}${location.search}`;
    if (here === to) return 'here';
    // Vue keeps the app on the element it is mounted on; the router is the app's.
    type Router = { push: (to: string) => Promise<unknown> };
    const root = document.querySelector('[data-v-app]') as
      (Element & { __vue_app__?: { config: { globalProperties: { $router?: Router } } } }) | null;
    const router = root?.__vue_app__?.config.globalProperties.$router;
    if (!router) return 'the app and its router are not on the page';
    const failed = await router.push(to);
    return failed ? String(failed) : null;
  }, path);
  try {
    if (failure === 'here') return;
    if (failure) throw new Error(`navigation to ${path} failed: ${failure}`);
    await page.waitForFunction((h1) => !h1?.isConnected, left);
  } finally {
    await left.dispose();
  }
}

/**
 * Waits for a dialog to show and to finish opening: until its enter animation (a scale from 93 %)
 * is over, its box is not yet its own, nor what a screenshot of it would show.
 */
export async function dialogOpened(dialog: Locator): Promise<void> {
  await dialog.waitFor();
  await dialog.evaluate(async (el) => {
    // One can be cancelled and started again (a stylesheet the dialog brings with it).
    while (el.getAnimations().some((a) => a.playState === 'running')) {
      await Promise.allSettled(el.getAnimations().map((a) => a.finished));
    }
  });
}

/**
 * Fails when the page does not fit the screen's width: the document or the page's scroll area
 * (main) scrolls sideways, a page header overflows its box, or one of its buttons (or the phone's
 * top bar) sits past the screen's edge. Wide tables may scroll inside their own container; that
 * is not an overflow of the page.
 */
export async function expectFitsViewport(page: Page, what = page.url()): Promise<void> {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const width = window.innerWidth;
    const root = document.documentElement;
    if (root.scrollWidth > width) found.push(`document is ${root.scrollWidth}px wide`);
    const main = document.getElementById('main');
    if (main && main.scrollWidth > main.clientWidth) {
      // Name the widest culprit so the report says whose it is (a table, a chart, a header).
      const wide = [...main.querySelectorAll<HTMLElement>('*')]
        .filter((el) => el.getBoundingClientRect().right > width + 0.5)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`)
        .slice(0, 3);
      found.push(`main scrolls sideways (${main.scrollWidth}px > ${main.clientWidth}px): ${wide}`);
    }
    const headers = document.querySelectorAll<HTMLElement>(
      '.page-header, .page-header__actions, .top-bar',
    );
    for (const el of headers) {
      if (el.scrollWidth > el.clientWidth) {
        found.push(`${el.className} overflows (${el.scrollWidth}px > ${el.clientWidth}px)`);
      }
      for (const b of el.querySelectorAll<HTMLElement>('button, a, .p-button')) {
        const box = b.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue; // not rendered (a hidden file input)
        if (box.left < -0.5 || box.right > width + 0.5) {
          const name = b.getAttribute('aria-label') ?? b.textContent?.trim() ?? b.tagName;
          found.push(`"${name}" is outside the screen (${box.left}-${box.right} of ${width}px)`);
        }
      }
    }
    return found;
  });
  expect(problems, `${what} should fit a ${page.viewportSize()?.width}px screen`).toEqual([]);
}
