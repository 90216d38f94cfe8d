import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app.js';
import { createOrg, createUser, TEST_PASSWORD } from '../test/factories.js';
import {
  NGINX,
  startNginx as startRunningNginx,
  type RunningNginx,
  widgetSource,
} from '../test/nginx.js';
import { rawGet } from '../test/raw-get.js';
import { createTenant } from '../test/tenant.js';

// The production shape's web server: the real nginx binary runs deploy/nginx.conf in front of a
// test API, and every route of that file is checked through it. Debian's nginx (`.ci/run`
// installs it); only its absence skips this file.

if (!NGINX) {
  console.warn('nginx.test.ts skipped: no nginx binary (apt-get install -y nginx; .ci/run does)');
}

const SHELL = '<!doctype html><title>Covenant</title><div id="app"></div>';
const ASSET = 'export const hashed = true;\n';
// A chunk the web build compressed (x.js.gz beside it), and a stylesheet it did not.
const CHUNK = Buffer.from(
  Array.from({ length: 300 }, (_, i) => `export const value${i} = ${i * 3};\n`).join(''),
);
const CHUNK_GZ = gzipSync(CHUNK, { level: 9 });
const STYLE = Buffer.from(
  Array.from({ length: 200 }, (_, i) => `.row-${i} { padding: ${i}px; }\n`).join(''),
);

// Raw HTTP: fetch would send its own Accept-Encoding and decode the body behind the test's back.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

const LOGIN = `mutation ($email: String!, $password: String!) {
  login(email: $email, password: $password) { ... on LoginPayload { accessToken } } }`;
const REFRESH = `mutation { refreshSession { accessToken } }`;
const UPLOAD = `mutation ($entryId: ID!, $file: Upload!) {
  uploadAttachment(entryId: $entryId, file: $file) { id url } }`;

const WEB_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

// One copy of each header, with the expected value (a duplicate would read "DENY, DENY"), and no
// nginx version.
function expectWebServerHeaders(res: Response, frameOptions = 'DENY') {
  const seen = Object.fromEntries(
    [...Object.keys(WEB_HEADERS), 'x-frame-options', 'server'].map((h) => [h, res.headers.get(h)]),
  );
  expect(seen, res.url).toEqual({
    ...WEB_HEADERS,
    'x-frame-options': frameOptions,
    server: 'nginx',
  });
}

// The test API behind nginx, with a small site (the shell, hashed assets, a prebuilt .gz).
const startNginx = (app: TestApp, supportWidgetUrl?: string) =>
  startRunningNginx({
    apiPort: Number(new URL(app.url).port),
    supportWidgetUrl,
    files: {
      'index.html': SHELL,
      'assets/index-3f2a9c.js': ASSET,
      'assets/vendor-8c1d2e.js': CHUNK,
      'assets/vendor-8c1d2e.js.gz': CHUNK_GZ,
      'assets/index-77b1e0.css': STYLE,
    },
  });

// The header's directives by name, each with its sources.
function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe.skipIf(!NGINX)('deploy/nginx.conf in front of the API', () => {
  let app: TestApp;
  let running: RunningNginx;
  let dir: string;
  let base: string;

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    // nginx counts as the one proxy in front of the API, as in the compose shape.
    app = await startTestApp({ trustProxy: 1, authRateLimit: 50 });
    running = await startNginx(app);
    ({ dir, base } = running);
  });

  afterAll(async () => {
    await running?.stop();
    await app?.close();
  });

  it('proxies /healthz, hiding its own version', async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'ok' });
    expectWebServerHeaders(res);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('proxies /graphql, where the API adds its own CSP', async () => {
    const res = await post('/graphql', { query: '{ version }' });
    expect(res.status).toBe(200);
    expect((await res.json()).data.version).toMatch(/^\d{4}\.\d{1,2}\.\d{1,2}/);
    expectWebServerHeaders(res);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
  });

  it('signs in on /graphql and refreshes on /auth/graphql with the cookie scoped to /auth', async () => {
    const org = await createOrg(app.services);
    const user = await createUser(app.services, { memberships: [{ org }] });
    const login = await post('/graphql', {
      query: LOGIN,
      variables: { email: user.email, password: TEST_PASSWORD },
    });
    expect((await login.json()).data.login.accessToken).toBeTruthy();
    const setCookie = login.headers.getSetCookie().find((c) => c.startsWith('covenant_rt='))!;
    expect(setCookie).toMatch(/Path=\/auth(;|$)/);
    const cookie = setCookie.split(';')[0];

    const refreshed = await post('/auth/graphql', { query: REFRESH }, { cookie });
    const body = await refreshed.json();
    expect(body.errors).toBeUndefined();
    expect(body.data.refreshSession.accessToken).toBeTruthy();
    // Rotated: a new cookie comes back through nginx too.
    const rotated = refreshed.headers.getSetCookie().find((c) => c.startsWith('covenant_rt='))!;
    expect(rotated.split(';')[0]).not.toBe(cookie);
    expectWebServerHeaders(refreshed);
    // nginx logs a request after its response has gone: wait for the line rather than race it.
    await expect
      .poll(() => readFileSync(join(dir, 'access.log'), 'utf8'))
      .toMatch(/"POST \/auth\/graphql HTTP/);
  });

  it('gives the API the client address nginx saw, not the one the client wrote', async () => {
    const email = `nobody-${randomBytes(5).toString('hex')}@example.test`;
    const payload = JSON.stringify({ query: LOGIN, variables: { email, password: 'wrong one!' } });
    // A client on another loopback address than nginx's own, claiming to be somewhere else.
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${base}/graphql`,
        {
          method: 'POST',
          localAddress: '127.0.0.5',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            'x-forwarded-for': '203.0.113.9',
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
    expect(status).toBe(401);
    const rows = await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute<{ ip: string }[]>('SELECT ip FROM login_history WHERE email = ?', [email]);
    expect(rows.map((r) => r.ip)).toEqual(['127.0.0.5']);
  });

  it('uploads through /graphql and serves the signed /attachments/ link with the API’s framing rule', async () => {
    const tenant = await createTenant(app);
    const cash = await tenant.account('1010', 'ASSET', { name: 'Cash' });
    const expense = await tenant.account('5010', 'EXPENSE', { name: 'Repairs' });
    const entryId = await tenant.post('2026-03-01', [
      [expense, '12.00', null],
      [cash, null, '12.00'],
    ]);
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({ query: UPLOAD, variables: { entryId, file: null } }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([new Uint8Array(PDF)]), 'receipt.pdf');
    const uploaded = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenant.admin}`, 'apollo-require-preflight': 'true' },
      body: form,
    });
    const { data, errors } = await uploaded.json();
    expect(errors).toBeUndefined();
    const url: string = data.uploadAttachment.url;
    expect(url).toMatch(/^\/attachments\//);

    const dl = await fetch(`${base}${url}`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await dl.arrayBuffer()).equals(PDF)).toBe(true);
    // The app may frame its own PDFs: nginx leaves the API's SAMEORIGIN alone, adding no DENY.
    expectWebServerHeaders(dl, 'SAMEORIGIN');
    expect(dl.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");

    // A tampered link is the API's refusal, not nginx's page.
    const refused = await fetch(
      `${base}${url.replace(/sig=([^&])/, (_, c) => `sig=${c === 'x' ? 'y' : 'x'}`)}`,
    );
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'This link is not valid or has expired' });
    expectWebServerHeaders(refused);
  });

  it('streams the signed /exports/ link of the books to the browser as a download', async () => {
    const tenant = await createTenant(app);
    const cash = await tenant.account('1010', 'ASSET', { name: 'Cash' });
    const income = await tenant.account('4010', 'INCOME', { name: 'Assessments' });
    await tenant.post('2026-03-01', [
      [cash, '250.00', null],
      [income, null, '250.00'],
    ]);
    const res = await post(
      '/graphql',
      { query: '{ booksExport(from: "2026-03-01", to: "2026-03-31", format: JOURNAL) { url } }' },
      { authorization: `Bearer ${tenant.admin}` },
    );
    const { data, errors } = await res.json();
    expect(errors).toBeUndefined();
    const url: string = data.booksExport.url;
    expect(url).toMatch(/^\/exports\//);

    const dl = await fetch(`${base}${url}`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toBe(
      'attachment; filename="books-2026-03-01-to-2026-03-31.journal"',
    );
    expect(await dl.text()).toContain('    Operating:Income:4010 Assessments  -250.00 USD\n');
    expectWebServerHeaders(dl);

    const refused = await fetch(
      `${base}${url.replace(/sig=([^&])/, (_, c) => `sig=${c === 'x' ? 'y' : 'x'}`)}`,
    );
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'This link is not valid or has expired' });
    expectWebServerHeaders(refused);
  });

  it("hands a document's signed link to the API and keeps /documents the web app's page", async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    for (const path of [`/documents/${id}/${id}`, `/published-documents/${id}/${id}`]) {
      const res = await fetch(`${base}${path}?exp=1&sig=x`);
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual({ error: 'This link is not valid or has expired' });
    }
    const page = await fetch(`${base}/documents`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('proxies /webhooks/ to the API, body as sent, and refuses a body over 1 MB itself', async () => {
    // This API takes no Stripe events: its own answer proves the request got through.
    const small = await post('/webhooks/stripe', { type: 'ping' }, { 'stripe-signature': 't=1' });
    expect(small.status).toBe(404);
    expect(await small.json()).toEqual({ error: 'Stripe is not configured' });
    expectWebServerHeaders(small);

    const big = await fetch(`${base}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(1024 * 1024 + 1),
    });
    expect(big.status).toBe(413);
  });

  it('answers every other path with the app shell, not cached, under its CSP', async () => {
    const apiCsp = (await fetch(`${app.url}/healthz`)).headers.get('content-security-policy');
    for (const path of ['/', '/index.html', '/accounts/42/ledger', '/reset-password?token=x']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(SHELL);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      const csp = res.headers.get('content-security-policy');
      expect(csp, path).toMatch(/^default-src 'self'; script-src 'self'; /);
      expect(csp, path).toMatch(/frame-ancestors 'none'$/);
      // The API's own policy, no more and no less: no other origin anywhere.
      expect(directives(csp), path).toEqual(directives(apiCsp));
      expect(csp, path).not.toMatch(/https?:/);
      expectWebServerHeaders(res);
    }
  });

  it('caches hashed assets for a year and answers a missing one 404, headers included', async () => {
    const res = await fetch(`${base}/assets/index-3f2a9c.js`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(ASSET);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectWebServerHeaders(res);

    // An old asset after a deploy is gone, not the shell served as JavaScript.
    const gone = await fetch(`${base}/assets/index-000000.js`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).not.toContain(SHELL);
    expectWebServerHeaders(gone);
  });

  it('sends the build’s .gz of a JS asset to a browser that accepts gzip, the plain file otherwise', async () => {
    const url = `${base}/assets/vendor-8c1d2e.js`;
    const gz = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toBe('text/javascript');
    expect(gz.headers.vary).toBe('Accept-Encoding');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gz.headers['x-content-type-options']).toBe('nosniff');
    // The prebuilt file itself (gzip_static), not a fresh compression of it.
    expect(gz.body.equals(CHUNK_GZ)).toBe(true);
    expect(gunzipSync(gz.body).equals(CHUNK)).toBe(true);

    const plain = await rawGet(url, {});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(CHUNK)).toBe(true);

    // An asset the build left uncompressed is gzipped on the way.
    const css = await rawGet(`${base}/assets/index-77b1e0.css`, { 'accept-encoding': 'gzip' });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toBe('text/css');
    expect(gunzipSync(css.body).equals(STYLE)).toBe(true);
  });
});

describe('deploy/support-widget.envsh', () => {
  it('gives the origin of a plain http(s) URL, lower-cased, and nothing for anything else', () => {
    expect(widgetSource()).toBe('');
    expect(widgetSource('')).toBe('');
    expect(widgetSource('https://chat.example.com/packs/js/sdk.js')).toBe(
      ' https://chat.example.com',
    );
    expect(widgetSource('http://Chat.Example.com:3000/sdk.js?v=2')).toBe(
      ' http://chat.example.com:3000',
    );
    // Nothing that could end the header's quotes or add a directive of its own.
    expect(widgetSource('https://chat.example.com"; add_header X-Evil 1')).toBe('');
    expect(widgetSource('https://chat.example.com/sdk.js; script-src *')).toBe('');
    expect(widgetSource('javascript:alert(1)')).toBe('');
    expect(widgetSource('ftp://chat.example.com/sdk.js')).toBe('');
  });
});

describe.skipIf(!NGINX)('deploy/nginx.conf with the support widget configured', () => {
  const SCRIPT = 'https://chat.example.com:8443/packs/js/sdk.js';
  let app: TestApp;
  let running: RunningNginx | undefined;

  beforeAll(async () => {
    app = await startTestApp({
      supportWidget: {
        scriptUrl: SCRIPT,
        websiteToken: 'website-token-1',
        origin: 'https://chat.example.com:8443',
      },
    });
    running = await startNginx(app, SCRIPT);
  });

  afterAll(async () => {
    await running?.stop();
    await app?.close();
  });

  it("lets the widget's origin into the shell's script-src, connect-src and frame-src, as the API does", async () => {
    const shell = await fetch(`${running!.base}/planning`);
    expect(shell.status).toBe(200);
    expect(await shell.text()).toBe(SHELL);
    const csp = directives(shell.headers.get('content-security-policy'));
    for (const name of ['script-src', 'connect-src', 'frame-src']) {
      expect(csp.get(name), name).toEqual(["'self'", 'https://chat.example.com:8443']);
    }
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    const api = await fetch(`${app.url}/healthz`);
    expect(csp).toEqual(directives(api.headers.get('content-security-policy')));
  });
});
