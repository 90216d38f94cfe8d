import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

// Every SQL statement of attachments (the rule: top of journal/journal.repository.ts).

export interface AttachmentRow {
  id: string;
  entry_id: string;
  filename: string;
  content_type: string;
  size_bytes: string;
  storage_key: string;
  created_at: string;
}

const COLUMNS = 'id, entry_id, filename, content_type, size_bytes, storage_key, created_at';

// The live attachments of many entries, oldest first.
export function selectAttachmentsOf(em: EntityManager, entryIds: string[]) {
  return sql(em).all<AttachmentRow>(
    `SELECT ${COLUMNS} FROM attachments WHERE deleted_at IS NULL
       AND entry_id = ${anyOf('uuid')} ORDER BY created_at`,
    [entryIds],
  );
}

export async function selectAttachment(
  em: EntityManager,
  id: string,
): Promise<AttachmentRow | undefined> {
  const [row] = await sql(em).all<AttachmentRow>(
    `SELECT ${COLUMNS} FROM attachments WHERE id = ? AND deleted_at IS NULL`,
    [id],
  );
  return row;
}

export async function entryExists(em: EntityManager, entryId: string): Promise<boolean> {
  const rows = await sql(em).all<{ id: string }>('SELECT id FROM journal_entries WHERE id = ?', [
    entryId,
  ]);
  return rows.length > 0;
}

export function insertAttachment(
  tx: EntityManager,
  a: {
    id: string;
    entryId: string;
    filename: string;
    contentType: string;
    size: number;
    sha256: string;
    storageKey: string;
    uploadedBy: string | null;
  },
) {
  return sql(tx).run(
    `INSERT INTO attachments (id, entry_id, filename, content_type, size_bytes, sha256, storage_key, uploaded_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [a.id, a.entryId, a.filename, a.contentType, a.size, a.sha256, a.storageKey, a.uploadedBy],
  );
}

export function markAttachmentDeleted(tx: EntityManager, id: string) {
  return sql(tx).run('UPDATE attachments SET deleted_at = now() WHERE id = ?', [id]);
}
