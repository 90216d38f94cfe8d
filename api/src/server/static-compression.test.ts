import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app.js';
import { rawGet } from '../test/raw-get.js';

// The API serving the built web app (SERVE_WEB): the .br and .gz files the web build writes beside
// each hashed asset go to browsers that accept them. Raw HTTP (fetch would add its own
// Accept-Encoding and decode the body behind the test's back).

const get = rawGet;

// Large enough to be worth compressing, and each variant distinguishable from the others.
const SCRIPT = Buffer.from(
  Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i * 7};\n`).join(''),
);
const STYLE = Buffer.from(
  Array.from({ length: 200 }, (_, i) => `.row-${i} { padding: ${i}px; }\n`).join(''),
);
const SMALL = Buffer.from('export {};\n');
const SHELL = '<!doctype html><title>Covenant</title><div id="app"></div>';
const YEAR = 'public, max-age=31536000, immutable';

describe('the built web app, pre-compressed', () => {
  let app: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'covenant-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), SHELL);
    const assets = join(dist, 'assets');
    writeFileSync(join(assets, 'index-3f2a9c.js'), SCRIPT);
    writeFileSync(join(assets, 'index-3f2a9c.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(assets, 'index-3f2a9c.js.gz'), gzipSync(SCRIPT));
    writeFileSync(join(assets, 'index-77b1e0.css'), STYLE);
    writeFileSync(join(assets, 'index-77b1e0.css.gz'), gzipSync(STYLE));
    // Under the build's 1 KB threshold: no compressed copies.
    writeFileSync(join(assets, 'small-0a1b2c.js'), SMALL);
    app = await startTestApp({ serveWeb: true, webDist: dist });
  });

  afterAll(async () => {
    await app?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  const script = () => `${app.url}/assets/index-3f2a9c.js`;

  it('sends brotli to a browser that accepts it, preferring it to gzip', async () => {
    const res = await get(script(), { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript; charset=utf-8$/i);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.headers['cache-control']).toBe(YEAR);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 3);
    expect(brotliDecompressSync(res.body).equals(SCRIPT)).toBe(true);
  });

  it('sends gzip to a browser without brotli, or that refuses it', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip']) {
      const res = await get(script(), { 'accept-encoding': accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.headers['content-type'], accept).toMatch(/^text\/javascript; charset=utf-8$/i);
      expect(res.headers.vary, accept).toMatch(/Accept-Encoding/);
      expect(res.headers['cache-control'], accept).toBe(YEAR);
      expect(gunzipSync(res.body).equals(SCRIPT), accept).toBe(true);
    }

    const css = await get(`${app.url}/assets/index-77b1e0.css`, { 'accept-encoding': 'gzip, br' });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toMatch(/^text\/css; charset=utf-8$/i);
    expect(gunzipSync(css.body).equals(STYLE)).toBe(true);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const clients: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }];
    for (const headers of clients) {
      const res = await get(script(), headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^text\/javascript; charset=utf-8$/i);
      // A cache in between must still keep the variants apart.
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.headers['cache-control']).toBe(YEAR);
      expect(res.body.equals(SCRIPT)).toBe(true);
    }

    const small = await get(`${app.url}/assets/small-0a1b2c.js`, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.equals(SMALL)).toBe(true);
  });

  it('still answers a missing asset 404 and every other path with the shell, not cached', async () => {
    const gone = await get(`${app.url}/assets/gone-1234.js`, { 'accept-encoding': 'br' });
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body.toString())).toEqual({
      errors: [{ message: 'Not found', extensions: { code: 'NOT_FOUND' } }],
    });

    for (const path of ['/', '/dashboard', '/accounts/42', '/reset-password?token=x']) {
      const res = await get(`${app.url}${path}`, { 'accept-encoding': 'gzip, br' });
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.body.toString(), path).toBe(SHELL);
    }
  });
});
