import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPdf } from '../../core/documents/pdf.js';
import { openTenant } from '../../core/tenancy/tenant-door.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { type Ids, receivablesChart, receivablesKit } from '../../test/receivables.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { gqlUpload } from '../../test/upload.js';
import { DocumentKind, queueDocument, registerDocumentRenderer } from '../documents/index.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

const PUBLISH = `mutation ($input: PublishDocumentInput!, $file: Upload) {
  publishDocument(input: $input, file: $file) { id title category fileName contentType size publishedAt documentId downloadUrl } }`;
const LIST = `{ publishedDocuments { id title category fileName documentId downloadUrl } }`;
const UNPUBLISH = `mutation ($id: ID!) { unpublishDocument(id: $id) }`;

const code = (r: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) =>
  r.body.errors?.[0]?.extensions?.code;

// What the association shows its owners: generated documents and uploaded files, listed for
// members and owners, downloaded through a signed link that works only while published.
describe('published documents', () => {
  let app: TestApp;
  let t: Tenant;
  let other: Tenant;
  let owner: { token: string };
  let minutesPdf: Buffer;
  let restore: () => void;
  let packetId: string;

  const get = (url: string) => fetch(`${app.url}${url}`);

  beforeAll(async () => {
    app = await startTestApp();
    [t, other] = await Promise.all([createTenant(app, 'Published HOA'), createTenant(app)]);
    const ids: Ids = await receivablesChart(t);
    ids.monthly = await receivablesKit(() => t, ids).group('Dues', 'MONTHLY', [
      [ids.house, '100.00', '0.00'],
    ]);
    owner = await t.owner([await receivablesKit(() => t, ids).unit('7')]);
    minutesPdf = await renderPdf(
      { text: 'Minutes of the March meeting' },
      { association: 'Published HOA', title: 'Minutes', period: '2026-03-01', draft: false },
    );
    restore = registerDocumentRenderer(DocumentKind.RECONCILIATION_REPORT, async (input) => ({
      bytes: await renderPdf(
        { text: 'A generated document' },
        {
          association: input.org.name,
          title: 'Test',
          period: input.document.periodStart,
          draft: false,
        },
      ),
    }));
    const { em, org } = await openTenant(app.services, t.org.id);
    const queued = await queueDocument(
      { em, org, services: app.services, auth: null },
      {
        kind: DocumentKind.RECONCILIATION_REPORT,
        periodStart: '2026-03-01',
        periodEnd: '2026-03-31',
        fileName: 'budget-2026-v{version}.pdf',
      },
    );
    packetId = queued.id;
    for (let i = 0; i < 200; i++) {
      const d = (await t.ok('query ($id: ID!) { document(id: $id) { status } }', { id: packetId }))
        .document;
      if (d.status !== 'QUEUED') break;
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  afterAll(async () => {
    restore?.();
    await app?.close();
  });

  let minutes: any;
  let budget: any;

  it('publishes an uploaded file; members and owners list it and download it', async () => {
    const res = await gqlUpload(
      app,
      PUBLISH,
      { input: { title: ' March minutes ', category: 'minutes' } },
      { content: minutesPdf, name: 'minutes-2026-03.pdf', type: 'application/pdf' },
      t.user,
    );
    minutes = res.body.data!.publishDocument;
    expect(minutes).toMatchObject({
      title: 'March minutes',
      category: 'minutes',
      fileName: 'minutes-2026-03.pdf',
      contentType: 'application/pdf',
      size: minutesPdf.length,
      documentId: null,
    });
    for (const token of [t.viewer, owner.token]) {
      const list = (await t.ok(LIST, {}, token)).publishedDocuments;
      expect(list.map((d: any) => d.title)).toEqual(['March minutes']);
      const file = await get(list[0].downloadUrl);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await file.arrayBuffer()).equals(minutesPdf)).toBe(true);
    }
    // A link altered, or for another association, opens nothing.
    const forged = minutes.downloadUrl.replace(
      /sig=(.)/,
      (_: string, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`,
    );
    expect((await get(forged)).status).toBe(403);
    expect((await get(minutes.downloadUrl.replace(t.org.id, other.org.id))).status).toBe(403);
  });

  it('publishes a ready generated document once, and says so on the Documents page', async () => {
    const input = { title: 'Budget 2026', category: 'budget', documentId: packetId };
    budget = (await t.ok(PUBLISH, { input })).publishDocument;
    expect(budget).toMatchObject({
      title: 'Budget 2026',
      fileName: 'budget-2026-v1.pdf',
      contentType: 'application/pdf',
      documentId: packetId,
    });
    expect((await get(budget.downloadUrl)).status).toBe(200);
    const again = await t.gql(PUBLISH, { input });
    expect(again.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT' });
    const docs = await t.ok(
      '{ documents(first: 10) { edges { node { id published { id title } } } } }',
    );
    expect(docs.documents.edges.map((e: any) => e.node)).toEqual([
      { id: packetId, published: { id: budget.id, title: 'Budget 2026' } },
    ]);
    // Owners see what it is, never which of the association's documents it is.
    const mine = (await t.ok(LIST, {}, owner.token)).publishedDocuments;
    expect(mine.map((d: any) => [d.title, d.documentId])).toEqual([
      ['Budget 2026', null],
      ['March minutes', null],
    ]);
  });

  it('refuses what cannot be published, and callers who may not publish', async () => {
    const bad = [
      [{ title: 'x', category: 'gossip', documentId: packetId }, 'category'],
      [{ title: ' ', category: 'rules', documentId: packetId }, 'title'],
      [{ title: 'Nothing', category: 'rules' }, 'documentId'],
    ] as const;
    for (const [input, field] of bad) {
      const res = await t.gql(PUBLISH, { input });
      expect(res.body.errors?.[0]?.extensions, field).toMatchObject({
        code: 'BAD_USER_INPUT',
        details: [expect.objectContaining({ field })],
      });
    }
    for (const id of [
      'not-an-id',
      '00000000-0000-4000-8000-000000000000',
      (await other.ok('{ me { user { id } } }')).me.user.id,
    ]) {
      const res = await t.gql(PUBLISH, {
        input: { title: 'x', category: 'rules', documentId: id },
      });
      expect(code(res), id).toBe('NOT_FOUND');
    }
    const text = await gqlUpload(
      app,
      PUBLISH,
      { input: { title: 'Rules', category: 'rules' } },
      { content: 'just some words', name: 'rules.txt' },
      t.admin,
    );
    expect(text.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'file', message: 'This type of file cannot be published' }],
    });
    for (const token of [t.viewer, owner.token]) {
      const res = await gqlUpload(
        app,
        PUBLISH,
        { input: { title: 'Rules', category: 'rules' } },
        { content: minutesPdf, name: 'rules.pdf' },
        token,
      );
      expect(code(res)).toBe('FORBIDDEN');
      expect(code(await t.gql(UNPUBLISH, { id: minutes.id }, token))).toBe('FORBIDDEN');
    }
    expect((await t.ok(LIST)).publishedDocuments).toHaveLength(2);
  });

  it('unpublishes: the list forgets it and links already handed out stop working', async () => {
    expect((await t.ok(UNPUBLISH, { id: minutes.id })).unpublishDocument).toBe(true);
    expect((await get(minutes.downloadUrl)).status).toBe(404);
    expect(code(await t.gql(UNPUBLISH, { id: minutes.id }))).toBe('NOT_FOUND');
    await t.ok(UNPUBLISH, { id: budget.id });
    // The generated document stays on the Documents page, no longer published.
    const doc = await t.ok('query ($id: ID!) { document(id: $id) { status published { id } } }', {
      id: packetId,
    });
    expect(doc.document).toEqual({ status: 'READY', published: null });
    expect((await t.ok(LIST, {}, owner.token)).publishedDocuments).toEqual([]);
  });
});
