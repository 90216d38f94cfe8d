import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPdf } from '../../core/documents/pdf.js';
import { openTenant } from '../../core/tenancy/tenant-door.js';
import { withDatabase } from '../../db/connection.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import {
  type DocumentRecord,
  DocumentKind,
  queueDocument,
  registerDocumentRenderer,
} from './index.js';

const DOC = `query ($id: ID!) { document(id: $id) {
  id kind title version status error draft fileName contentType size sha256 url generatedBy
  periodStart periodEnd booksState { closedThrough closeId entryCount lastEntryNumber linesChecksum } } }`;
const LIST = `query ($kind: DocumentKind, $first: Int, $after: String) {
  documents(kind: $kind, first: $first, after: $after) {
    edges { node { id version status } } pageInfo { hasNextPage endCursor } totalCount } }`;

const code = (r: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) =>
  r.body.errors?.[0]?.extensions?.code;

// The documents store: a queued document is rendered in the background by its kind's renderer,
// kept in the association's storage, versioned per period, and downloaded through a signed link.
describe('documents', () => {
  let app: TestApp;
  let t: Tenant;
  let other: Tenant;
  let restore: () => void;
  let fail = false;

  async function queue(tenant: Tenant, start: string, end: string): Promise<DocumentRecord> {
    const { em, org } = await openTenant(app.services, tenant.org.id);
    const me = await tenant.ok<{ me: { user: { id: string } } }>(`{ me { user { id } } }`);
    return queueDocument(
      { em, org, services: app.services, auth: { userId: me.me.user.id } as never },
      {
        kind: DocumentKind.RECONCILIATION_REPORT,
        periodStart: start,
        periodEnd: end,
        fileName: `test-${start}-v{version}.pdf`,
      },
    );
  }

  async function settled(id: string, tenant = t) {
    for (let i = 0; i < 200; i++) {
      const d = (await tenant.ok(DOC, { id })).document;
      if (d.status !== 'QUEUED') return d;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('document still queued');
  }

  async function tenantSql(tenant: Tenant, query: string, params: unknown[] = []) {
    const client = new pg.Client({
      connectionString: withDatabase(app.services.clusterUrl('default'), tenant.org.dbName),
    });
    await client.connect();
    try {
      return (await client.query(query, params)).rows;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app);
    other = await createTenant(app);
    restore = registerDocumentRenderer(DocumentKind.RECONCILIATION_REPORT, async (input) => {
      if (fail) throw new Error('The statement is missing');
      return {
        bytes: await renderPdf(
          { text: `Test document ${input.document.version} by ${input.generatedBy}` },
          {
            association: input.org.name,
            title: 'Test',
            period: input.document.periodStart,
            draft: input.document.draft,
          },
        ),
      };
    });
  });
  afterAll(async () => {
    restore();
    await app?.close();
  });

  it('renders a queued document in the background and serves it to viewers through its link', async () => {
    const queued = await queue(t, '2026-03-01', '2026-03-31');
    expect(queued).toMatchObject({ version: 1, status: 'queued', draft: true });
    const d = await settled(queued.id);
    expect(d).toMatchObject({
      kind: 'RECONCILIATION_REPORT',
      title: 'Reconciliation report · March 2026',
      version: 1,
      status: 'READY',
      draft: true,
      fileName: 'test-2026-03-01-v1.pdf',
      contentType: 'application/pdf',
      booksState: { closedThrough: null, closeId: null, entryCount: 0 },
    });
    expect(d.generatedBy).toBeTruthy();
    expect(d.size).toBeGreaterThan(500);
    expect(d.sha256).toMatch(/^[0-9a-f]{64}$/);

    // A viewer reads it and its link; the link serves the stored bytes.
    const seen = (await t.ok(DOC, { id: d.id }, t.viewer)).document;
    const res = await fetch(`${app.url}${seen.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('test-2026-03-01-v1.pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBe(d.size);

    // A link with its signature changed is refused (its first character replaced by another).
    const forged = seen.url.replace(
      /sig=(.)/,
      (_: string, c: string) => `sig=${c === 'x' ? 'y' : 'x'}`,
    );
    expect(forged).not.toBe(seen.url);
    expect((await fetch(`${app.url}${forged}`)).status).toBe(403);
  });

  it('numbers the versions of an open period, and answers the same version while a close stands', async () => {
    const v2 = await settled((await queue(t, '2026-03-01', '2026-03-31')).id);
    expect(v2).toMatchObject({ version: 2, draft: true });

    // The month is closed (as the periods feature records it).
    const closeId = randomUUID();
    await tenantSql(
      t,
      `INSERT INTO period_closes (id, kind, period_start, period_end) VALUES ($1, 'month', '2026-03-01', '2026-03-31')`,
      [closeId],
    );
    await tenantSql(t, `UPDATE books_lock SET closed_through = '2026-03-31'`);
    const v3 = await settled((await queue(t, '2026-03-01', '2026-03-31')).id);
    expect(v3).toMatchObject({
      version: 3,
      draft: false,
      booksState: { closedThrough: '2026-03-31', closeId },
    });
    // Asked again under the same close: the same version.
    expect((await queue(t, '2026-03-01', '2026-03-31')).id).toBe(v3.id);
    // An earlier month is locked by the same close.
    const feb = await settled((await queue(t, '2026-02-01', '2026-02-28')).id);
    expect(feb).toMatchObject({ version: 1, draft: false, booksState: { closeId } });

    // Reopened and closed again: a new version; the old ones are kept.
    await tenantSql(
      t,
      `UPDATE period_closes SET reopened_at = now(), reopen_reason = 'A missed invoice' WHERE id = $1`,
      [closeId],
    );
    const again = randomUUID();
    await tenantSql(
      t,
      `INSERT INTO period_closes (id, kind, period_start, period_end) VALUES ($1, 'month', '2026-03-01', '2026-03-31')`,
      [again],
    );
    const v4 = await settled((await queue(t, '2026-03-01', '2026-03-31')).id);
    expect(v4).toMatchObject({ version: 4, draft: false, booksState: { closeId: again } });
    const list = (await t.ok(LIST, { kind: 'RECONCILIATION_REPORT', first: 3 })).documents;
    expect(list.totalCount).toBe(5);
    expect(list.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([
      v4.id,
      feb.id,
      v3.id,
    ]);
    const rest = (
      await t.ok(LIST, { kind: 'RECONCILIATION_REPORT', first: 3, after: list.pageInfo.endCursor })
    ).documents;
    expect(rest.edges.map((e: { node: { version: number } }) => e.node.version)).toEqual([2, 1]);
    expect(rest.pageInfo.hasNextPage).toBe(false);
    await tenantSql(t, `UPDATE books_lock SET closed_through = NULL`);
  });

  it('marks a document failed with the reason its renderer gave', async () => {
    fail = true;
    try {
      const d = await settled((await queue(t, '2026-04-01', '2026-04-30')).id);
      expect(d).toMatchObject({ status: 'FAILED', error: 'The statement is missing', url: null });
    } finally {
      fail = false;
    }
  });

  it("keeps each association's documents to itself", async () => {
    const mine = await settled((await queue(t, '2026-05-01', '2026-05-31')).id);
    expect(code(await other.gql(DOC, { id: mine.id }))).toBe('NOT_FOUND');
    expect(code(await t.gql(DOC, { id: 'not-an-id' }))).toBe('NOT_FOUND');
    expect(code(await t.gql(LIST, { first: 500 }))).toBe('BAD_USER_INPUT');
    // Another association's link, signed for this one's path: not found here.
    const path = `/documents/${other.org.id}/${mine.id}`;
    const res = await fetch(`${app.url}${app.services.urlSigner.sign(path)}`);
    expect(res.status).toBe(404);
    const theirs = (await other.ok(LIST, {})).documents;
    expect(theirs.totalCount).toBe(0);
  });
});
