import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { type AccountTypeName, createTenant } from '../../test/tenant.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
// A Windows executable: "MZ" header.
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(200, 1)]);

const UPLOAD = `mutation ($entryId: ID!, $file: Upload!) {
  uploadAttachment(entryId: $entryId, file: $file) { id filename contentType size url } }`;

describe('attachments', () => {
  let app: TestApp;
  let token: string;
  let otherToken: string;
  let entryId: string;

  async function upload(
    name: string,
    bytes: Buffer,
    opts: { entry?: string; token?: string; preflight?: boolean } = {},
  ) {
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({ query: UPLOAD, variables: { entryId: opts.entry ?? entryId, file: null } }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([new Uint8Array(bytes)]), name);
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${opts.token ?? token}`,
        ...(opts.preflight === false ? {} : { 'apollo-require-preflight': 'true' }),
      },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  }

  beforeAll(async () => {
    app = await startTestApp({ attachmentMaxBytes: 256 * 1024 });
    const tenant = await createTenant(app);
    token = tenant.admin;
    otherToken = (await createTenant(app)).admin;
    const mk = (number: string, type: AccountTypeName) =>
      tenant.account(number, type, { name: number });
    const cash = await mk('1010', 'ASSET');
    const exp = await mk('5010', 'EXPENSE');
    entryId = (
      await app.gql(
        `mutation ($i: PostJournalEntryInput!) { postJournalEntry(input: $i) { id } }`,
        {
          i: {
            date: '2026-03-01',
            lines: [
              { accountId: exp, debit: '12.00' },
              { accountId: cash, credit: '12.00' },
            ],
          },
        },
        token,
      )
    ).body.data!.postJournalEntry.id;
  });
  afterAll(() => app.close());

  it('stores a PDF, detects its type from the bytes, and serves it through a signed link', async () => {
    const res = await upload('receipt.pdf', PDF);
    expect(res.body.errors).toBeUndefined();
    const a = res.body.data.uploadAttachment;
    expect(a).toMatchObject({
      filename: 'receipt.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
    });
    const dl = await fetch(`${app.url}${a.url}`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('application/pdf');
    expect(dl.headers.get('content-disposition')).toMatch(/^inline/);
    expect(dl.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(Buffer.from(await dl.arrayBuffer()).equals(PDF)).toBe(true);
    // Tampered or expired links are refused.
    expect(
      (
        await fetch(
          `${app.url}${a.url.replace(/sig=(.)/, (_: string, c: string) => `sig=${c === 'x' ? 'y' : 'x'}`)}`,
        )
      ).status,
    ).toBe(403);
    expect((await fetch(`${app.url}${a.url.replace(/exp=\d+/, 'exp=1000')}`)).status).toBe(403);
    const listed = await app.gql(
      `query ($id: ID!) { journalEntry(id: $id) { attachments { filename contentType } } }`,
      { id: entryId },
      token,
    );
    expect(listed.body.data!.journalEntry.attachments).toEqual([
      { filename: 'receipt.pdf', contentType: 'application/pdf' },
    ]);
  });

  it('names a PNG by its content even when the browser calls it something else', async () => {
    const res = await upload('photo.jpg', PNG);
    expect(res.body.data.uploadAttachment.contentType).toBe('image/png');
  });

  it('refuses an .exe renamed .pdf and leaves nothing behind', async () => {
    const before = readdirSync(join(app.services.config.dataDir, 'attachments'), {
      recursive: true,
    });
    const res = await upload('invoice.pdf', EXE);
    expect(res.body.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'file', message: 'This type of file cannot be attached' }],
    });
    const after = readdirSync(join(app.services.config.dataDir, 'attachments'), {
      recursive: true,
    });
    expect(after).toEqual(before);
  });

  it('refuses an oversized upload while streaming, without keeping any of it', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(300 * 1024, 7)]);
    const res = await upload('huge.pdf', big);
    expect(res.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(res.body.errors[0].message).toMatch(/limited to/);
    const files = readdirSync(join(app.services.config.dataDir, 'attachments'), {
      recursive: true,
      withFileTypes: true,
    }).filter((d) => d.isFile());
    const sizes = files.map((f) => f.name);
    expect(sizes.length).toBe(2); // the PDF and the PNG above
  });

  it('keeps Apollo CSRF protection on for multipart requests', async () => {
    const res = await upload('receipt.pdf', PDF, { preflight: false });
    expect(res.status).toBe(400);
  });

  it("answers NOT_FOUND for another tenant's entry or attachment, and deletes with a record", async () => {
    const res = await upload('r.pdf', PDF, { token: otherToken });
    expect(res.body.errors[0].extensions.code).toBe('NOT_FOUND');
    const mine = (await upload('mine.pdf', PDF)).body.data.uploadAttachment;
    const cross = await app.gql(`mutation { deleteAttachment(id: "${mine.id}") }`, {}, otherToken);
    expect(cross.body.errors![0].extensions!.code).toBe('NOT_FOUND');
    const del = await app.gql(`mutation { deleteAttachment(id: "${mine.id}") }`, {}, token);
    expect(del.body.data).toEqual({ deleteAttachment: true });
    expect((await fetch(`${app.url}${mine.url}`)).status).toBe(404);
    const hist = await app.gql(
      `query ($id: ID!) { auditLog(entityType: "JournalEntry", entityId: $id) { action } }`,
      { id: entryId },
      token,
    );
    expect(hist.body.data!.auditLog.map((h: { action: string }) => h.action)).toContain('detach');
  });
});
