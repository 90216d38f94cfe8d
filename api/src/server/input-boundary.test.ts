import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app.js';
import { createTenant, type Tenant } from '../test/tenant.js';
import { MAX_INPUT_DEPTH } from './input-guard.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

// What a caller sends is checked where it enters: dates, text, nesting, nested rules and files.
// Every refusal is the caller's (BAD_USER_INPUT, a detail per field), never INTERNAL, never 500,
// and nothing is written.
describe('the input boundary', () => {
  let app: TestApp;
  let t: Tenant;
  let cash: string;
  let dues: string;

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app);
    cash = await t.account('1000', 'ASSET');
    dues = await t.account('4000', 'INCOME');
  });
  afterAll(() => app.close());

  const entryCount = async () =>
    (await t.ok(`{ journalEntries(first: 1) { totalCount } }`)).journalEntries.totalCount as number;

  const refused = (res: { status: number; body: { data?: unknown; errors?: any[] } }) => {
    expect(res.body.errors?.[0]?.extensions?.code, JSON.stringify(res.body)).toBe('BAD_USER_INPUT');
    expect(res.status).not.toBe(500);
    return res.body.errors![0];
  };

  describe('dates', () => {
    it.each(['0000-01-01', '1899-12-31', '2201-01-01', '9999-12-31', '2026-02-30', '2026-13-01'])(
      'refuses %s at the scalar, in a variable and written in the query',
      async (date) => {
        const v = await t.gql(`query ($d: LocalDate!) { trialBalance(asOf: $d) { asOf } }`, {
          d: date,
        });
        expect(refused(v).message).toMatch(/1900-01-01 to 2200-12-31/);
        const l = await t.gql(`{ trialBalance(asOf: "${date}") { asOf } }`);
        expect(refused(l).message).toMatch(/1900-01-01 to 2200-12-31/);
      },
    );

    it('takes the ends of the range', async () => {
      for (const d of ['1900-01-01', '2200-12-31']) {
        const data = await t.ok(`query ($d: LocalDate!) { trialBalance(asOf: $d) { asOf } }`, {
          d,
        });
        expect(data.trialBalance.asOf).toBe(d);
      }
    });

    it('refuses a late-fee run dated after today, and creates nothing', async () => {
      const res = await t.gql(`mutation { assessLateFees(asOf: "2200-12-31") { created } }`);
      expect(refused(res).extensions.details).toEqual([
        { field: 'asOf', message: expect.stringMatching(/as of today \(\d{4}-\d{2}-\d{2}\)/) },
      ]);
      const invoices = await t.ok(`{ invoices(first: 1) { totalCount } }`);
      expect(invoices.invoices.totalCount).toBe(0);
      // A preview may look ahead.
      await t.ok(`{ previewLateFees(asOf: "2200-12-31") { count } }`);
    });
  });

  describe('text', () => {
    const hostile = [
      ['NUL', 'a\u0000b'],
      ['a bell', 'a\u0007b'],
      ['an escape', '\u001b[31mred'],
      ['DEL', 'a\u007fb'],
      ['a lone surrogate', 'a\ud800b'],
    ];

    it.each(hostile)('refuses %s in an unauthenticated login email with 400', async (_, text) => {
      const res = await app.gql(
        `mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { ... on LoginPayload { accessToken } } }`,
        { e: `owner${text}@example.com`, p: 'whatever' },
      );
      expect(res.status).toBe(400);
      expect(refused(res).extensions.details).toEqual([
        { field: 'e', message: expect.any(String) },
      ]);
    });

    it.each(hostile)('refuses %s in a password reset request', async (_, text) => {
      const res = await app.gql(`mutation ($e: String!) { requestPasswordReset(email: $e) }`, {
        e: `x${text}@example.com`,
      });
      expect(res.status).toBe(400);
      refused(res);
    });

    it('names the field deep in an input, and refuses literals written in the query too', async () => {
      const before = await entryCount();
      const res = await t.gql(
        `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id } }`,
        {
          input: {
            date: '2026-03-01',
            lines: [
              { accountId: cash, debit: '1.00' },
              { accountId: dues, credit: '1.00', memo: 'ok\u0000' },
            ],
          },
        },
      );
      expect(refused(res).extensions.details).toEqual([
        { field: 'lines.1.memo', message: expect.stringMatching(/Control characters/) },
      ]);
      const literal = await t.gql(`mutation { createPropertyType(name: "Condo\\u0000") { id } }`);
      expect(refused(literal).extensions.details).toEqual([
        { field: 'name', message: expect.stringMatching(/Control characters/) },
      ]);
      expect(await entryCount()).toBe(before);
    });

    it('keeps tabs and line breaks, and text beyond the Basic Multilingual Plane', async () => {
      const memo = 'Line one\r\nLine two\twith a tab 🏠';
      const data = await t.ok(
        `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { memo } }`,
        {
          input: {
            date: '2026-03-02',
            memo,
            lines: [
              { accountId: cash, debit: '2.00' },
              { accountId: dues, credit: '2.00' },
            ],
          },
        },
      );
      expect(data.postJournalEntry.memo).toBe(memo);
    });
  });

  describe('nested rules', () => {
    it('checks a line memo over 500 characters before the database does', async () => {
      const before = await entryCount();
      const res = await t.gql(
        `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id } }`,
        {
          input: {
            date: '2026-03-03',
            lines: [
              { accountId: cash, debit: '3.00', memo: 'x'.repeat(501) },
              { accountId: dues, credit: '3.00' },
            ],
          },
        },
      );
      expect(refused(res).extensions.details).toEqual([
        { field: 'lines.0.memo', message: expect.stringMatching(/500/) },
      ]);
      expect(await entryCount()).toBe(before);
      expect(app.loggedErrors).toEqual([]);
    });

    it('answers an empty vendor id as bad input, not a database error', async () => {
      const before = await entryCount();
      const res = await t.gql(
        `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id } }`,
        {
          input: {
            date: '2026-03-04',
            vendorId: '',
            lines: [
              { accountId: cash, debit: '4.00' },
              { accountId: dues, credit: '4.00' },
            ],
          },
        },
      );
      expect(['BAD_USER_INPUT', 'NOT_FOUND']).toContain(res.body.errors?.[0]?.extensions?.code);
      expect(await entryCount()).toBe(before);
      expect(app.loggedErrors).toEqual([]);
    });
  });

  describe('nesting', () => {
    const deep = (levels: number) => {
      let v: Record<string, unknown> = { leaf: true };
      for (let i = 0; i < levels; i++) v = { a: v };
      return v;
    };

    it('refuses settings nested 5,000 levels deep without touching them', async () => {
      // Written out by hand: even JSON.stringify runs out of stack on such a value.
      const patch = `${'{"a":'.repeat(5000)}{}${'}'.repeat(5000)}`;
      const query = 'mutation ($p: JSONObject!) { updateOrganizationSettings(patch: $p) }';
      const res = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'apollo-require-preflight': 'true',
          authorization: `Bearer ${t.admin}`,
        },
        body: `{"query":${JSON.stringify(query)},"variables":{"p":${patch}}}`,
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { errors: any[] };
      expect(body.errors[0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        details: [
          { field: expect.stringMatching(/^p(\.a)+$/), message: expect.stringMatching(/deeply/) },
        ],
      });
      expect(app.loggedErrors).toEqual([]);
      const settings = await t.ok(`{ me { organization { settings } } }`);
      expect(JSON.stringify(settings)).not.toMatch(/"a"/);
    });

    it(`takes ${MAX_INPUT_DEPTH} levels`, async () => {
      const res = await t.gql(
        `mutation ($p: JSONObject!) { updateOrganizationSettings(patch: $p) }`,
        { p: { nested: deep(MAX_INPUT_DEPTH - 3) } },
      );
      // Past the boundary: the settings themselves refuse a key that is no setting.
      expect(res.body.errors![0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        details: [{ field: 'nested', message: expect.stringMatching(/^Not a setting/) }],
      });
    });
  });

  describe('files', () => {
    const upload = `mutation ($file: Upload!) { importJournalEntries(file: $file) { committed } }`;

    it('refuses an Upload variable sent as JSON', async () => {
      for (const file of ['a.csv', { name: 'a.csv' }, 42]) {
        const res = await t.gql(upload, { file });
        refused(res);
      }
      expect(app.loggedErrors).toEqual([]);
    });

    it('refuses a multipart request whose map names a missing part', async () => {
      const form = new FormData();
      form.append('operations', JSON.stringify({ query: upload, variables: { file: null } }));
      form.append('map', JSON.stringify({ '1': ['variables.file'] }));
      const res = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.admin}`, 'apollo-require-preflight': 'true' },
        body: form,
      });
      expect(res.status).not.toBe(500);
      const body = (await res.json()) as { errors: { message: string; extensions: object }[] };
      expect(body.errors[0]).toMatchObject({
        message: 'File missing in the request.',
        extensions: { code: 'BAD_USER_INPUT' },
      });
      expect(app.loggedErrors).toEqual([]);
    });
  });

  describe('query size', () => {
    it('answers a query over the token limit with 400 and the limit', async () => {
      const fields = Array.from({ length: 5100 }, () => '__typename').join(' ');
      const res = await app.gql(`{ ${fields} }`);
      expect(res.status).toBe(400);
      expect(res.body.errors![0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        reason: 'QUERY_LIMIT',
        limit: { name: 'tokens', max: 5000 },
      });
      expect(res.body.errors![0].message).toMatch(/at most 5000 tokens/);
    });
  });
});
