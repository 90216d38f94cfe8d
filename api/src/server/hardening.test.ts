import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app.js';
import { makeFormatError } from './format-error.js';

// Bad input is the caller's: a typed client error, never INTERNAL and never HTTP 500.
describe('bad requests from outside', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const post = (body: string) =>
    fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
      body,
    });

  it('answers a GraphQL syntax error with 400 and its code, no token needed', async () => {
    const res = await post(JSON.stringify({ query: '{ version ' }));
    const body = (await res.json()) as { errors: { message: string; extensions: object }[] };
    expect(res.status).toBe(400);
    expect(body.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'GRAPHQL_PARSE_FAILED',
    });
    expect(body.errors[0].message).toMatch(/^Syntax Error/);
  });
});

describe('what an answer never carries', () => {
  it('keeps the cause of an internal error (SQL and values) in the log, in every mode', () => {
    const logged: unknown[] = [];
    const cause = new Error('insert into "journal_lines" values ($1) - value too long: secret');
    for (const production of [false, true]) {
      const format = makeFormatError({ production, log: (e) => logged.push(e) });
      const out = format({ message: cause.message, extensions: {} }, cause);
      expect(out).toMatchObject({
        message: 'Internal server error',
        extensions: { code: 'INTERNAL' },
      });
      expect(JSON.stringify(out)).not.toMatch(/journal_lines|secret/);
    }
    expect(logged).toEqual([cause, cause]);
  });
});

describe('the web app files', () => {
  let app: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'covenant-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Covenant</title>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'export {};');
    app = await startTestApp({ serveWeb: true, webDist: dist });
  });
  afterAll(() => app.close());

  it('answers a missing asset with 404 NOT_FOUND, not a malformed request', async () => {
    expect((await fetch(`${app.url}/assets/app.js`)).status).toBe(200);
    const res = await fetch(`${app.url}/assets/gone-1234.js`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      errors: [{ message: 'Not found', extensions: { code: 'NOT_FOUND' } }],
    });
  });
});
