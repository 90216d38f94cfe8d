import { extname } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { FileUpload } from 'graphql-upload-ts';
import type { Context, Services } from '../../core/context.js';
import { AppError, badInput, conflict, notFound } from '../../core/errors/app-error.js';
import { isId, newIds } from '../../core/ids.js';
import { TooLargeError } from '../../core/storage/storage.js';
import { TENANT_TEXT_LIMITS as L } from '@covenant/shared/text-limits';
import { recordTenantAudit } from '../audit/index.js';
import { DocumentStatus, findDocument } from '../documents/index.js';
import type { PublishDocumentInput } from './owner-portal.inputs.js';
import {
  deletePublished,
  insertPublished,
  lockPublicationOf,
  type PublishedRow,
  selectPublished,
  selectPublishedOfDocuments,
  selectPublishedOne,
} from './published-documents.repository.js';
import type { PublishedDocument } from './published-documents.types.js';

// What the association shows its owners: documents it generated (a board packet with the budget)
// or files uploaded to be published (minutes, the rules). Owners list them and download them
// through a signed link (5 minutes) that the download route (published-documents.http.ts) honours
// only while the document stays published.

const toPublished = (r: PublishedRow): PublishedDocument => ({
  id: r.id,
  title: r.title,
  category: r.category,
  fileName: r.file_name,
  contentType: r.content_type,
  size: r.size === null ? null : Number(r.size),
  publishedAt: new Date(r.published_at),
  documentId: r.document_id,
  storageKey: r.storage_key,
});

export async function listPublished(ctx: Context): Promise<PublishedDocument[]> {
  return (await selectPublished(ctx.em)).map(toPublished);
}

export async function publicationsOf(ctx: Context, documentIds: string[]) {
  const valid = documentIds.filter(isId);
  return valid.length ? (await selectPublishedOfDocuments(ctx.em, valid)).map(toPublished) : [];
}

export function publishedPath(orgId: string, id: string) {
  return `/published-documents/${orgId}/${id}`;
}

export function publishedUrl(services: Services, orgId: string, id: string): string {
  return services.urlSigner.sign(publishedPath(orgId, id));
}

// What may be published as a file: documents people open on a phone or a desk. The type comes
// from the bytes, never from the name the browser sent.
const ALLOWED = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
]);

function cleanName(name: string) {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  const printable = [...base].filter((ch) => ch.charCodeAt(0) >= 0x20 && ch !== '"').join('');
  const max = L.published_documents.file_name;
  if (printable.length <= max) return printable || 'file';
  const ext = extname(printable).slice(0, 20);
  return printable.slice(0, max - ext.length) + ext;
}

// The upload stored under the association's key; its type detected from its bytes.
async function storeUpload(ctx: Context, id: string, upload: Promise<FileUpload>) {
  let file: FileUpload;
  try {
    file = await upload;
  } catch (err) {
    throw badInput([{ field: 'file', message: (err as Error).message }], 'The upload failed');
  }
  const key = `${ctx.org!.orgId}/published/${id}`;
  const max = ctx.services.config.attachmentMaxBytes;
  let stored;
  try {
    stored = await ctx.services.storage.put(key, file.createReadStream(), max);
  } catch (err) {
    const tooLarge =
      err instanceof TooLargeError || /exceed|limit|too large/i.test((err as Error).message);
    if (tooLarge) {
      const message = `Files are limited to ${Math.round((max / 1024 / 1024) * 10) / 10} MB`;
      throw badInput([{ field: 'file', message }], message);
    }
    throw err;
  }
  const type = (await fileTypeFromBuffer(stored.head))?.mime;
  if (!type || !ALLOWED.has(type)) {
    await ctx.services.storage.delete(key);
    throw new AppError(
      'BAD_USER_INPUT',
      'Publish a PDF, an image (PNG, JPEG, WebP), a Word document or a spreadsheet (XLSX)',
      [{ field: 'file', message: 'This type of file cannot be published' }],
    );
  }
  return { key, fileName: cleanName(file.filename), contentType: type, size: stored.size };
}

// A ready generated document (documentId), or the file sent: exactly one of the two.
export async function publishDocument(
  ctx: Context,
  input: PublishDocumentInput,
  upload?: Promise<FileUpload> | null,
): Promise<PublishedDocument> {
  const title = input.title.trim();
  const [id] = newIds(1);
  if (input.documentId && upload) {
    const message = 'Publish a generated document or a file, not both';
    throw badInput([{ field: 'file', message }], message);
  }
  if (!input.documentId && !upload) {
    const message = 'Choose a generated document or send a file';
    throw badInput([{ field: 'documentId', message }], message);
  }
  if (input.documentId) {
    const doc = await findDocument(ctx.em, input.documentId);
    if (doc.status !== DocumentStatus.READY) {
      const message = 'Only a ready document can be published';
      throw badInput([{ field: 'documentId', message }], message);
    }
    await ctx.em.transactional(async (tx) => {
      if (await lockPublicationOf(tx, doc.id)) {
        throw conflict(`${doc.title} is already published`, [
          { field: 'documentId', message: 'Already published' },
        ]);
      }
      await insertPublished(tx, {
        id,
        title,
        category: input.category,
        documentId: doc.id,
        storageKey: null,
        fileName: null,
        contentType: null,
        size: null,
        publishedBy: ctx.auth?.userId ?? null,
      });
      await recordTenantAudit(tx, ctx.auth, {
        entityType: 'PublishedDocument',
        entityId: id,
        action: 'publish',
        changes: { title, category: input.category, documentId: doc.id },
      });
    });
  } else {
    const file = await storeUpload(ctx, id, upload!);
    try {
      await ctx.em.transactional(async (tx) => {
        await insertPublished(tx, {
          id,
          title,
          category: input.category,
          documentId: null,
          storageKey: file.key,
          fileName: file.fileName,
          contentType: file.contentType,
          size: file.size,
          publishedBy: ctx.auth?.userId ?? null,
        });
        await recordTenantAudit(tx, ctx.auth, {
          entityType: 'PublishedDocument',
          entityId: id,
          action: 'publish',
          changes: { title, category: input.category, fileName: file.fileName },
        });
      });
    } catch (err) {
      await ctx.services.storage.delete(file.key);
      throw err;
    }
  }
  return toPublished((await selectPublishedOne(ctx.em, id))!);
}

// Owners no longer see it; an uploaded file is deleted with it (a generated document stays on
// the Documents page).
export async function unpublishDocument(ctx: Context, id: string): Promise<boolean> {
  if (!isId(id)) throw notFound('Published document');
  const removed = await ctx.em.transactional(async (tx) => {
    const row = await deletePublished(tx, id);
    if (!row) throw notFound('Published document');
    await recordTenantAudit(tx, ctx.auth, {
      entityType: 'PublishedDocument',
      entityId: id,
      action: 'unpublish',
      changes: { title: row.title },
    });
    return row;
  });
  if (removed.storage_key) await ctx.services.storage.delete(removed.storage_key);
  return true;
}
