import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

// Every SQL statement of published documents (published_documents, tenant migration 033). A
// generated document is published by reference: its file, name and type are the document's.

export interface PublishedRow {
  id: string;
  title: string;
  category: string;
  document_id: string | null;
  // The file: the upload's own, or the generated document's once it is ready.
  storage_key: string | null;
  file_name: string;
  content_type: string;
  size: string | null;
  published_at: Date;
}

const SELECT = `
  SELECT p.id, p.title, p.category, p.document_id,
         coalesce(p.storage_key, d.storage_key) AS storage_key,
         coalesce(p.file_name, d.file_name) AS file_name,
         coalesce(p.content_type, d.content_type) AS content_type,
         coalesce(p.size, d.size)::text AS size, p.published_at
    FROM published_documents p LEFT JOIN documents d ON d.id = p.document_id`;

// Newest first.
export function selectPublished(em: EntityManager): Promise<PublishedRow[]> {
  return sql(em).all<PublishedRow>(`${SELECT} ORDER BY p.published_at DESC, p.id DESC`);
}

export async function selectPublishedOne(
  em: EntityManager,
  id: string,
): Promise<PublishedRow | undefined> {
  const [row] = await sql(em).all<PublishedRow>(`${SELECT} WHERE p.id = ?`, [id]);
  return row;
}

export function selectPublishedOfDocuments(
  em: EntityManager,
  documentIds: string[],
): Promise<PublishedRow[]> {
  return sql(em).all<PublishedRow>(
    `${SELECT} WHERE p.document_id = ${anyOf('uuid')} ORDER BY p.published_at DESC`,
    [documentIds],
  );
}

// A generated document's publication, locked: one publication per document.
export async function lockPublicationOf(
  tx: EntityManager,
  documentId: string,
): Promise<string | undefined> {
  await sql(tx).all('SELECT id FROM documents WHERE id = ? FOR UPDATE', [documentId]);
  const [row] = await sql(tx).all<{ id: string }>(
    'SELECT id FROM published_documents WHERE document_id = ?',
    [documentId],
  );
  return row?.id;
}

export async function insertPublished(
  tx: EntityManager,
  p: {
    id: string;
    title: string;
    category: string;
    documentId: string | null;
    storageKey: string | null;
    fileName: string | null;
    contentType: string | null;
    size: number | null;
    publishedBy: string | null;
  },
): Promise<void> {
  await sql(tx).run(
    `INSERT INTO published_documents
       (id, title, category, document_id, storage_key, file_name, content_type, size, published_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      p.id,
      p.title,
      p.category,
      p.documentId,
      p.storageKey,
      p.fileName,
      p.contentType,
      p.size,
      p.publishedBy,
    ],
  );
}

// Answers the row removed (its own file's key, to delete once committed), or nothing.
export async function deletePublished(
  tx: EntityManager,
  id: string,
): Promise<{ title: string; storage_key: string | null } | undefined> {
  const [row] = await sql(tx).all<{ title: string; storage_key: string | null }>(
    'DELETE FROM published_documents WHERE id = ? RETURNING title, storage_key',
    [id],
  );
  return row;
}
