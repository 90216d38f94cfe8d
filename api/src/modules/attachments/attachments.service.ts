import { randomUUID } from 'node:crypto';
import { extname } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { FileUpload } from 'graphql-upload-ts';
import { AppError, badInput, notFound } from '../../core/errors/app-error.js';
import { isId } from '../../core/ids.js';
import { TooLargeError } from '../../core/storage/storage.js';
import type { Context } from '../../core/context.js';
import { recordTenantAudit } from '../audit/index.js';
import {
  type AttachmentRow,
  entryExists,
  insertAttachment,
  markAttachmentDeleted,
  selectAttachment,
  selectAttachmentsOf,
} from './attachments.repository.js';

export interface Attachment {
  id: string;
  entryId: string;
  filename: string;
  contentType: string;
  size: number;
  createdAt: Date;
  storageKey: string;
}

// What a treasurer attaches: receipts and invoices as PDF or pictures, and spreadsheets. The type
// comes from the bytes, never from the name the browser sent.
const ALLOWED = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/heic',
  'image/heif',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.spreadsheet',
]);

async function detect(head: Buffer, filename: string): Promise<string | null> {
  const found = await fileTypeFromBuffer(head);
  if (found) {
    if (ALLOWED.has(found.mime)) return found.mime;
    // Legacy .xls is an OLE2 compound file; accept it only under its own name.
    if (found.mime === 'application/x-cfb' && extname(filename).toLowerCase() === '.xls') {
      return 'application/vnd.ms-excel';
    }
    return null;
  }
  // CSV has no signature: a .csv name and text content (valid UTF-8, no NUL bytes).
  if (extname(filename).toLowerCase() === '.csv' && !head.includes(0)) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - 3));
      return 'text/csv';
    } catch {
      return null;
    }
  }
  return null;
}

function cleanName(name: string) {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  const printable = [...base].filter((ch) => ch.charCodeAt(0) >= 0x20 && ch !== '"').join('');
  return printable.slice(0, 255) || 'file';
}

const toAttachment = (r: AttachmentRow): Attachment => ({
  id: r.id,
  entryId: r.entry_id,
  filename: r.filename,
  contentType: r.content_type,
  size: Number(r.size_bytes),
  storageKey: r.storage_key,
  createdAt: new Date(r.created_at),
});

export async function listAttachments(ctx: Context, entryIds: string[]) {
  return (await selectAttachmentsOf(ctx.em, entryIds)).map(toAttachment);
}

export async function findAttachment(ctx: Context, id: string): Promise<Attachment> {
  const row = isId(id) ? await selectAttachment(ctx.em, id) : undefined;
  if (!row) throw notFound('Attachment');
  return toAttachment(row);
}

export async function uploadAttachment(
  ctx: Context,
  entryId: string,
  upload: Promise<FileUpload>,
): Promise<Attachment> {
  if (!isId(entryId) || !(await entryExists(ctx.em, entryId))) throw notFound('Journal entry');
  let file: FileUpload;
  try {
    file = await upload;
  } catch (err) {
    throw badInput([{ field: 'file', message: (err as Error).message }], 'The upload failed');
  }
  const filename = cleanName(file.filename);
  const id = randomUUID();
  const key = `${ctx.org!.orgId}/${id}`;
  const max = ctx.services.config.attachmentMaxBytes;
  let stored;
  try {
    stored = await ctx.services.storage.put(key, file.createReadStream(), max);
  } catch (err) {
    const tooLarge =
      err instanceof TooLargeError || /exceed|limit|too large/i.test((err as Error).message);
    if (tooLarge) {
      const mb = Math.round((max / 1024 / 1024) * 10) / 10;
      throw badInput(
        [{ field: 'file', message: `Files are limited to ${mb} MB` }],
        `Files are limited to ${mb} MB`,
      );
    }
    throw err;
  }
  const type = await detect(stored.head, filename);
  if (!type) {
    await ctx.services.storage.delete(key);
    throw new AppError(
      'BAD_USER_INPUT',
      'Attach a PDF, an image (PNG, JPEG, WebP, GIF, HEIC) or a spreadsheet (XLSX, XLS, ODS, CSV)',
      [{ field: 'file', message: 'This type of file cannot be attached' }],
    );
  }
  try {
    await ctx.em.transactional(async (tx) => {
      await insertAttachment(tx, {
        id,
        entryId,
        filename,
        contentType: type,
        size: stored.size,
        sha256: stored.sha256,
        storageKey: key,
        uploadedBy: ctx.auth?.userId ?? null,
      });
      await recordTenantAudit(tx, ctx.auth, {
        entityType: 'JournalEntry',
        entityId: entryId,
        action: 'attach',
        changes: { attachmentId: id, filename, contentType: type, size: stored.size },
      });
    });
  } catch (err) {
    await ctx.services.storage.delete(key);
    throw err;
  }
  return findAttachment(ctx, id);
}

export async function deleteAttachment(ctx: Context, id: string): Promise<boolean> {
  const a = await findAttachment(ctx, id);
  await ctx.em.transactional(async (tx) => {
    await markAttachmentDeleted(tx, id);
    await recordTenantAudit(tx, ctx.auth, {
      entityType: 'JournalEntry',
      entityId: a.entryId,
      action: 'detach',
      changes: { attachmentId: id, filename: a.filename },
    });
  });
  await ctx.services.storage.delete(a.storageKey);
  return true;
}

export function attachmentPath(orgId: string, id: string) {
  return `/attachments/${orgId}/${id}`;
}
