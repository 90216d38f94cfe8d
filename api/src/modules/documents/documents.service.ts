import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Context, Services } from '../../core/context.js';
import { DEFAULT_LOCALE } from '../../core/dates.js';
import { AppError, badInput, notFound } from '../../core/errors/app-error.js';
import { isId, newIds } from '../../core/ids.js';
import { openTenant } from '../../core/tenancy/tenant-door.js';
import type { TenantEntry } from '../../core/tenancy/tenant-directory.js';
import { recordTenantAudit } from '../audit/index.js';
import {
  type BooksState,
  type DocumentKindName,
  type DocumentRow,
  insertDocument,
  lockPeriodDocuments,
  markFailed,
  markReady,
  nextVersion,
  selectBooksState,
  selectDocument,
  selectDocumentsPage,
  selectOrganizationLocale,
  selectStandingVersion,
  selectUserLabels,
  selectVersions,
} from './documents.repository.js';
import {
  type AssociationDocument,
  type DocumentBooksState,
  DocumentKind,
  DocumentStatus,
} from './documents.types.js';

// The association's generated documents. A request queues one (a row, `queued`) and a background
// job renders it with the renderer registered for its kind, stores the bytes in the association's
// storage (the attachments' storage, under `<orgId>/documents/<id>`) and marks it ready, or failed
// with the reason. Versions: each generation for an open period is a new version (a draft); for a
// closed period, the version made under the close that still stands is the one answered again.

export type DocumentRecord = AssociationDocument;

// What a kind's renderer is given: the tenant (entered through the one door), the document row,
// and the words it is written in.
export interface RenderInput {
  services: Services;
  em: EntityManager;
  org: TenantEntry;
  document: DocumentRecord;
  locale: string;
  // Who asked for it, by name (or email), or null for the system.
  generatedBy: string | null;
}

export interface RenderedDocument {
  bytes: Buffer;
  contentType?: string;
}

export type DocumentRenderer = (input: RenderInput) => Promise<RenderedDocument>;

const renderers = new Map<DocumentKindName, DocumentRenderer>();

// Each kind's feature registers how its documents are made (the board packet here, the CPA
// package in its own files). Answers a function that puts back the one it replaced (tests).
export function registerDocumentRenderer(kind: DocumentKind, render: DocumentRenderer): () => void {
  const before = renderers.get(kind);
  renderers.set(kind, render);
  return () => {
    if (before) renderers.set(kind, before);
    else renderers.delete(kind);
  };
}

const KIND_TITLES: Record<DocumentKindName, string> = {
  board_packet: 'Board packet',
  cpa_package: 'CPA package',
  reconciliation_report: 'Reconciliation report',
  checks: 'Checks',
};

export function periodInWords(start: string, end: string, locale = DEFAULT_LOCALE): string {
  const month = (d: string, opts: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { ...opts, timeZone: 'UTC' }).format(
      new Date(`${d}T00:00:00Z`),
    );
  if (start === end) return month(start, { dateStyle: 'medium' });
  const wholeMonth = start.endsWith('-01') && end === lastDayOf(start);
  if (wholeMonth) return month(start, { month: 'long', year: 'numeric' });
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  if (start.endsWith('-01') && sameYear && end === lastDayOf(end) && end.endsWith('-12-31')) {
    return `FY ${start.slice(0, 4)}`;
  }
  const fmt = (d: string) => month(d, { dateStyle: 'medium' });
  return `${fmt(start)} – ${fmt(end)}`;
}

function lastDayOf(date: string): string {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  d.setUTCDate(0);
  return d.toISOString().slice(0, 10);
}

function toDocument(r: DocumentRow): DocumentRecord {
  const kind = r.kind as DocumentKind;
  return {
    id: r.id,
    kind,
    title: `${KIND_TITLES[r.kind]} · ${periodInWords(r.period_start, r.period_end)}`,
    periodStart: r.period_start,
    periodEnd: r.period_end,
    version: r.version,
    status: r.status as DocumentStatus,
    error: r.error,
    draft: r.close_id === null,
    fileName: r.file_name,
    contentType: r.content_type,
    size: r.size === null ? null : Number(r.size),
    sha256: r.sha256,
    booksState: booksStateOf(r.books_state),
    generatedById: r.generated_by,
    createdAt: new Date(r.created_at),
    readyAt: r.ready_at ? new Date(r.ready_at) : null,
    paymentRunId: r.payment_run_id,
    options: r.options ?? {},
    storageKey: r.storage_key,
  };
}

const booksStateOf = (s: Partial<BooksState>): DocumentBooksState => ({
  closedThrough: s.closedThrough ?? null,
  closeId: s.closeId ?? null,
  entryCount: s.entryCount ?? 0,
  lastEntryNumber: s.lastEntryNumber ?? null,
  linesChecksum: s.linesChecksum ?? '',
});

export async function findDocument(em: EntityManager, id: string): Promise<DocumentRecord> {
  const row = isId(id) ? await selectDocument(em, id) : undefined;
  if (!row) throw notFound('Document');
  return toDocument(row);
}

const cursor = {
  encode: (d: DocumentRecord) =>
    Buffer.from(`${d.createdAt.toISOString()}|${d.id}`).toString('base64url'),
  decode(c: string): unknown[] | null {
    const [at, id] = Buffer.from(c, 'base64url').toString().split('|');
    if (!at || Number.isNaN(Date.parse(at)) || !isId(id)) return null;
    return [at, id];
  },
};

export function listDocuments(
  em: EntityManager,
  kind: DocumentKind | null,
  first: number,
  after?: string | null,
) {
  return selectDocumentsPage(em, {
    kind,
    first,
    after,
    cursor,
    toNodes: (rows) => rows.map(toDocument),
  });
}

// A period's versions of one kind, newest first.
export async function documentVersions(
  em: EntityManager,
  kind: DocumentKind,
  start: string,
  end: string,
  paymentRunId: string | null = null,
): Promise<DocumentRecord[]> {
  return (await selectVersions(em, kind, start, end, paymentRunId)).map(toDocument);
}

export async function generatedByLabels(
  platformEm: EntityManager,
  ids: readonly (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (!wanted.length) return new Map();
  return new Map((await selectUserLabels(platformEm, wanted)).map((u) => [u.id, u.label]));
}

export interface QueueDocumentInput {
  kind: DocumentKind;
  periodStart: string;
  periodEnd: string;
  // The download's file name ("board-packet-2026-03-v2.pdf"); `{version}` is replaced.
  fileName: string;
  contentType?: string;
  // Options for the kind's renderer, kept with the document.
  options?: Record<string, unknown>;
  // The payment run of a `checks` document: its versions are counted per run.
  paymentRunId?: string | null;
}

// Queues a document of a period: a new version, rendered in the background. A period closed
// (by a close that still stands) has one version per close: asking again answers the version
// already made under it (queued or ready); after a reopen and a new close, a new version.
export async function queueDocument(
  ctx: Pick<Context, 'em' | 'auth' | 'org' | 'services'>,
  input: QueueDocumentInput,
): Promise<DocumentRecord> {
  if (!renderers.has(input.kind)) {
    throw badInput([{ field: 'kind', message: 'This kind of document cannot be generated yet' }]);
  }
  if (input.periodEnd < input.periodStart) {
    throw badInput([{ field: 'periodEnd', message: 'The period ends before it starts' }]);
  }
  const [id] = newIds(1);
  const { existing, row } = await ctx.em.transactional(async (tx) => {
    const run = input.paymentRunId ?? null;
    await lockPeriodDocuments(tx, input.kind, input.periodStart, input.periodEnd, run);
    const books = await selectBooksState(tx, input.periodStart, input.periodEnd);
    if (books.closeId) {
      const standing = await selectStandingVersion(
        tx,
        input.kind,
        input.periodStart,
        input.periodEnd,
        books.closeId,
        run,
      );
      if (standing) return { existing: true, row: standing };
    }
    const version = await nextVersion(tx, input.kind, input.periodStart, input.periodEnd, run);
    await insertDocument(tx, {
      id,
      kind: input.kind,
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      version,
      closeId: books.closeId,
      fileName: input.fileName.replace('{version}', String(version)).slice(0, 255),
      contentType: input.contentType ?? 'application/pdf',
      booksState: books,
      options: input.options ?? {},
      generatedBy: ctx.auth?.userId ?? null,
      paymentRunId: run,
    });
    await recordTenantAudit(tx, ctx.auth, {
      entityType: 'Document',
      entityId: id,
      action: 'generate',
      changes: {
        kind: input.kind,
        periodStart: input.periodStart,
        periodEnd: input.periodEnd,
        version,
      },
    });
    return { existing: false, row: (await selectDocument(tx, id))! };
  });
  if (!existing) {
    await ctx.services.jobs.send(DOCUMENT_JOB, { orgId: ctx.org!.orgId, id: row.id });
  }
  return toDocument(row);
}

export const DOCUMENT_JOB = 'document-render';

// The most a generated file may be (a 12-month general ledger runs to a few MB).
const MAX_DOCUMENT_BYTES = 512 * 1024 * 1024;

export function documentPath(orgId: string, id: string) {
  return `/documents/${orgId}/${id}`;
}

// The download link of a ready document, valid 5 minutes; null until it is ready.
export function documentUrl(services: Services, orgId: string, d: DocumentRecord): string | null {
  return d.status === DocumentStatus.READY
    ? services.urlSigner.sign(documentPath(orgId, d.id))
    : null;
}

// Renders one queued document, in whichever process the queue hands the job to, inside its
// association (the one door). A document already ready or failed is left alone (the job ran
// twice); a renderer's failure marks it failed with the reason; the database or storage away
// leaves the job to the queue's retries.
export async function renderQueuedDocument(
  services: Services,
  orgId: string,
  id: string,
): Promise<{ status: string }> {
  let session;
  try {
    session = await openTenant(services, orgId);
  } catch (err) {
    if (err instanceof AppError && (err.code === 'ORG_INACTIVE' || err.code === 'NOT_FOUND')) {
      return { status: `skipped: ${err.code}` };
    }
    throw err;
  }
  const { em, org } = session;
  const row = await selectDocument(em, id);
  if (!row || row.status !== 'queued') return { status: row ? row.status : 'missing' };
  const document = toDocument(row);
  const render = renderers.get(row.kind);
  if (!render) {
    await markFailed(em, id, `No renderer for ${row.kind}`);
    return { status: 'failed' };
  }
  const platformEm = services.platformOrm.em.fork() as EntityManager;
  let rendered: RenderedDocument;
  try {
    const labels = await generatedByLabels(platformEm, [row.generated_by]);
    rendered = await render({
      services,
      em,
      org,
      document,
      locale: (await selectOrganizationLocale(platformEm, orgId)) ?? DEFAULT_LOCALE,
      generatedBy: row.generated_by ? (labels.get(row.generated_by) ?? null) : null,
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'SERVICE_UNAVAILABLE') throw err;
    const message = err instanceof Error ? err.message : String(err);
    services.logger.error({ err, orgId, documentId: id }, 'document render failed');
    await markFailed(em, id, message);
    return { status: 'failed' };
  }
  const key = `${orgId}/documents/${id}`;
  // A try cut short (a worker that died after storing) may have left the file: start afresh.
  await services.storage.delete(key);
  const stored = await services.storage.put(
    key,
    Readable.from([rendered.bytes]),
    MAX_DOCUMENT_BYTES,
  );
  const done = await markReady(em, id, {
    storageKey: key,
    size: stored.size,
    sha256: stored.sha256,
    contentType: rendered.contentType ?? row.content_type,
  });
  if (!done) await services.storage.delete(key);
  return { status: done ? 'ready' : 'already' };
}

// Renders in this process now running (tests and shutdown wait for them).
const running = new Set<Promise<unknown>>();
export async function settleDocuments(): Promise<void> {
  while (running.size) await Promise.allSettled([...running]);
}

const RETRY_LIMIT = 3;

// A job's last try failed (the database or storage away throughout): the document says so rather
// than wait forever.
async function failAfterLastTry(services: Services, orgId: string, id: string, err: unknown) {
  try {
    const { em } = await openTenant(services, orgId);
    await markFailed(em, id, err instanceof Error ? err.message : String(err));
  } catch {
    // Still away: the row stays queued, and generating again makes a new version.
  }
}

export function defineDocumentJobs(services: Services): void {
  services.jobs.define<{ orgId: string; id: string }>({
    name: DOCUMENT_JOB,
    retryLimit: RETRY_LIMIT,
    retryDelay: services.config.jobs.retrySeconds,
    retryBackoff: true,
    // A 12-month general ledger of a large association takes a minute or two; a worker silent
    // for this long is taken for dead and the document rendered again by another.
    expireInSeconds: 15 * 60,
    handler: async ({ orgId, id }, job) => {
      const work = renderQueuedDocument(services, orgId, id)
        .catch(async (err: unknown) => {
          if (job.retryCount >= RETRY_LIMIT) await failAfterLastTry(services, orgId, id, err);
          throw err;
        })
        .finally(() => running.delete(work));
      running.add(work);
      return work;
    },
  });
}
