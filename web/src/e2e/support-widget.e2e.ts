import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../../api/src/core/roles.js';
import type { Organization } from '../../../api/src/platform/organizations/organizations.entity.js';
import { User } from '../../../api/src/platform/users/users.entity.js';
import { startTestApp, type TestApp } from '../../../api/src/test/app.js';
import { createOrg, createUser, TEST_PASSWORD } from '../../../api/src/test/factories.js';
import {
  expectQuietConsole,
  launchBrowser,
  recordFailedResponse,
  watchConsole,
} from './browser.js';

// A stand-in for a Chatwoot server, on its own origin: its SDK script speaks Chatwoot's protocol
// (chatwootSDK.run → the widget's frame → 'chatwoot:ready' → $chatwoot) and reports every call it
// gets back to this server, which also keeps every request it was sent (headers included).
const SDK = `
(() => {
  const base = new URL(document.currentScript.src).origin;
  // Each call is a request of its own, and two can arrive out of order: they are numbered here.
  let seq = 0;
  const record = (call) =>
    fetch(base + '/record', { method: 'POST', body: JSON.stringify({ seq: seq++, call }) });
  window.chatwootSDK = {
    run(options) {
      record(['run', options]);
      const frame = document.createElement('iframe');
      frame.src = base + '/widget?website_token=' + encodeURIComponent(options.websiteToken);
      frame.title = 'Support chat';
      frame.style.cssText = 'position:fixed;right:0;bottom:0;width:1px;height:1px;border:0';
      frame.onload = () => {
        window.$chatwoot = {
          setUser: (...args) => record(['setUser', ...args]),
          setCustomAttributes: (...args) => record(['setCustomAttributes', ...args]),
          reset: () => record(['reset']),
          toggleBubbleVisibility: (...args) => record(['toggleBubbleVisibility', ...args]),
        };
        window.dispatchEvent(new Event('chatwoot:ready'));
      };
      document.body.appendChild(frame);
    },
  };
})();
`;

interface WidgetServer {
  origin: string;
  calls: unknown[][];
  requests: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[];
  close: () => Promise<void>;
}

async function startWidgetServer(): Promise<WidgetServer> {
  // The calls in the order the page made them (its numbering), however they arrived.
  const calls: unknown[][] = [];
  const numbered: { seq: number; call: unknown[] }[] = [];
  const requests: WidgetServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.setHeader('Access-Control-Allow-Origin', '*');
      const path = new URL(req.url!, 'http://x').pathname;
      if (path === '/packs/js/sdk.js') {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(SDK);
      } else if (path === '/widget') {
        res.setHeader('Content-Type', 'text/html');
        res.end('<!doctype html><title>Support</title><p>How can we help?</p>');
      } else if (path === '/record' && req.method === 'POST') {
        numbered.push(JSON.parse(body) as { seq: number; call: unknown[] });
        numbered.sort((a, b) => a.seq - b.seq);
        calls.splice(0, calls.length, ...numbered.map((n) => n.call));
        res.end('{}');
      } else {
        res.statusCode = 404;
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    calls,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('browser journey: support widget', () => {
  let widget: WidgetServer;
  let app: TestApp;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  // Every access token the API handed the browser: none may reach the widget.
  const accessTokens = new Set<string>();
  const email = 'dana@support-widget.test';
  let aspen: Organization;
  let birch: Organization;

  beforeAll(async () => {
    widget = await startWidgetServer();
    const scriptUrl = `${widget.origin}/packs/js/sdk.js`;
    app = await startTestApp({
      serveWeb: true,
      supportWidget: { scriptUrl, websiteToken: 'website-token-e2e', origin: widget.origin },
    });
    aspen = await createOrg(app.services, 'Aspen Grove HOA');
    birch = await createOrg(app.services, 'Birch Hollow HOA');
    const user = await createUser(app.services, {
      email,
      memberships: [
        { org: aspen, role: Role.ADMIN },
        { org: birch, role: Role.VIEWER },
      ],
    });
    await app.services.platformOrm.em
      .fork()
      .nativeUpdate(User, { id: user.id }, { name: 'Dana Whitfield' });

    browser = await launchBrowser();
    ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await ctx.newPage();
    watchConsole(page, errors);
    page.on('response', (r) => {
      recordFailedResponse(r, errors);
      if (!/\/graphql$/.test(new URL(r.url()).pathname)) return;
      r.text().then(
        (body) => {
          for (const m of body.matchAll(/"accessToken":"([^"]+)"/g)) accessTokens.add(m[1]);
        },
        () => undefined,
      );
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await widget?.close();
  });
  afterEach(() => expectQuietConsole(errors));

  const named = (name: string) => widget.calls.filter((c) => c[0] === name);

  it('identifies the signed-in user once the widget is ready, again after a switch, and resets at sign-out', async () => {
    await page.goto(`${app.url}/login`);
    // Nobody signed in: no widget yet.
    expect(widget.requests).toEqual([]);
    await page.fill('#login-email', email);
    await page.fill('#login-password', TEST_PASSWORD);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL(/\/dashboard$/);

    // run, then identify's three calls, all arrived.
    await expect.poll(() => widget.calls.length).toBeGreaterThanOrEqual(4);
    expect(named('setCustomAttributes')).toHaveLength(1);
    expect(named('run')).toEqual([
      ['run', { websiteToken: 'website-token-e2e', baseUrl: widget.origin }],
    ]);
    // Told after it said it was ready: run, then the user, then what they do here.
    expect(widget.calls.map((c) => c[0]).slice(0, 3)).toEqual([
      'run',
      'setUser',
      'setCustomAttributes',
    ]);
    const [, identifier, person] = named('setUser')[0];
    expect(identifier).toMatch(/^[0-9a-f-]{36}$/);
    expect(person).toEqual({ name: 'Dana Whitfield', email });
    expect(named('setCustomAttributes')[0][1]).toEqual({
      organization: 'Aspen Grove HOA',
      role: 'Admin',
    });
    await expect.poll(() => page.locator('iframe[title="Support chat"]').count()).toBe(1);

    await page.click('[data-testid="org-switcher"]');
    await page.click(`[data-testid="org-option-${birch.id}"]`);
    await expect.poll(() => named('setCustomAttributes').length).toBe(2);
    expect(named('setCustomAttributes')[1][1]).toEqual({
      organization: 'Birch Hollow HOA',
      role: 'Viewer',
    });
    expect(named('setUser').at(-1)![1]).toBe(identifier);

    await page.click('[data-testid="user-menu-button"]');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    await expect.poll(() => named('reset').length).toBe(1);

    // The script was fetched once, and no token went anywhere near the widget: not in what it was
    // told, not in the address, headers or body of any request it received.
    expect(widget.requests.filter((r) => r.url === '/packs/js/sdk.js')).toHaveLength(1);
    expect(accessTokens.size).toBeGreaterThanOrEqual(2);
    const cookies = (await ctx.cookies()).map((c) => c.value).filter((v) => v.length >= 16);
    const heard = JSON.stringify({ calls: widget.calls, requests: widget.requests });
    for (const secret of [...accessTokens, ...cookies]) expect(heard).not.toContain(secret);
    for (const r of widget.requests) expect(r.headers.authorization).toBeUndefined();
  });
});
