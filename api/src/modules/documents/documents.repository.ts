import type { EntityManager } from '@mikro-orm/postgresql';
import { type ConnectionResult, keysetPage } from '../../core/graphql/connection.js';
import { anyOf, sql } from '../../db/sql.js';

// Every SQL statement of documents (the rule: top of journal/journal.repository.ts).

export type DocumentKindName = 'board_packet' | 'cpa_package' | 'reconciliation_report' | 'checks';
export type DocumentStatusName = 'queued' | 'ready' | 'failed';

// Which state of the books a document shows (kept with it as JSON).
export interface BooksState {
  // The books' closed-through date when the document was queued (null: nothing closed).
  closedThrough: string | null;
  // The standing close that locks the document's period (null: the period is open: a draft).
  closeId: string | null;
  // The period's journal entries: how many, the highest number, and a checksum of their lines
  // (account, debit, credit of every line), so two versions can be told apart by what they read.
  entryCount: number;
  lastEntryNumber: number | null;
  linesChecksum: string;
}

export interface DocumentRow {
  id: string;
  kind: DocumentKindName;
  period_start: string;
  period_end: string;
  version: number;
  status: DocumentStatusName;
  error: string | null;
  close_id: string | null;
  storage_key: string | null;
  size: string | null;
  sha256: string | null;
  file_name: string;
  content_type: string;
  books_state: BooksState;
  options: Record<string, unknown>;
  generated_by: string | null;
  created_at: Date;
  ready_at: Date | null;
  // The payment run a `checks` document prints (its versions count per run).
  payment_run_id: string | null;
}

const COLUMNS = `d.id, d.kind, d.period_start::text AS period_start, d.period_end::text AS period_end,
  d.version, d.status, d.error, d.close_id, d.storage_key, d.size::text AS size, d.sha256,
  d.file_name, d.content_type, d.books_state, d.options, d.generated_by, d.created_at, d.ready_at,
  d.payment_run_id`;

export async function selectDocument(
  em: EntityManager,
  id: string,
): Promise<DocumentRow | undefined> {
  const [row] = await sql(em).all<DocumentRow>(
    `SELECT ${COLUMNS} FROM documents d WHERE d.id = ?`,
    [id],
  );
  return row;
}

export const MAX_DOCUMENTS_PAGE = 200;

// Every document, newest first (of one kind when given).
export function selectDocumentsPage<Node>(
  em: EntityManager,
  q: {
    kind: DocumentKindName | null;
    first: number;
    after?: string | null;
    toNodes: (rows: DocumentRow[]) => Node[];
    cursor: { encode(node: Node): string; decode(cursor: string): unknown[] | null };
  },
): Promise<ConnectionResult<Node>> {
  return keysetPage<DocumentRow, Node>(em, {
    select: `SELECT ${COLUMNS} FROM documents d`,
    from: 'documents d',
    where: q.kind ? ['d.kind = ?'] : [],
    params: q.kind ? [q.kind] : [],
    orderBy: ['d.created_at', 'd.id'],
    direction: 'DESC',
    positionTypes: ['?::timestamptz', '?::uuid'],
    cursor: q.cursor,
    badCursor: 'This cursor is not from the documents list',
    first: q.first,
    max: MAX_DOCUMENTS_PAGE,
    noun: 'documents',
    after: q.after,
    toNodes: q.toNodes,
  });
}

// A period's versions of one kind, newest first.
export function selectVersions(
  em: EntityManager,
  kind: DocumentKindName,
  start: string,
  end: string,
  paymentRunId: string | null = null,
): Promise<DocumentRow[]> {
  return sql(em).all<DocumentRow>(
    `SELECT ${COLUMNS} FROM documents d
      WHERE d.kind = ? AND d.period_start = ? AND d.period_end = ?
        AND d.payment_run_id IS NOT DISTINCT FROM ?::uuid
      ORDER BY d.version DESC`,
    [kind, start, end, paymentRunId],
  );
}

// Two requests choosing a period's next version one after the other, never side by side (the
// lock ends with the transaction).
export function lockPeriodDocuments(
  tx: EntityManager,
  kind: DocumentKindName,
  start: string,
  end: string,
  paymentRunId: string | null = null,
) {
  return sql(tx).all(`SELECT pg_advisory_xact_lock(hashtextextended(?, 31))`, [
    `documents:${kind}:${start}:${end}${paymentRunId ? `:${paymentRunId}` : ''}`,
  ]);
}

export async function nextVersion(
  tx: EntityManager,
  kind: DocumentKindName,
  start: string,
  end: string,
  paymentRunId: string | null = null,
): Promise<number> {
  const [row] = await sql(tx).all<{ v: number }>(
    `SELECT coalesce(max(version), 0)::int + 1 AS v FROM documents
      WHERE kind = ? AND period_start = ? AND period_end = ?
        AND payment_run_id IS NOT DISTINCT FROM ?::uuid`,
    [kind, start, end, paymentRunId],
  );
  return row.v;
}

// The version made under a close that still stands (queued or ready), if any.
export async function selectStandingVersion(
  tx: EntityManager,
  kind: DocumentKindName,
  start: string,
  end: string,
  closeId: string,
  paymentRunId: string | null = null,
): Promise<DocumentRow | undefined> {
  const [row] = await sql(tx).all<DocumentRow>(
    `SELECT ${COLUMNS} FROM documents d
      WHERE d.kind = ? AND d.period_start = ? AND d.period_end = ? AND d.close_id = ?
        AND d.payment_run_id IS NOT DISTINCT FROM ?::uuid AND d.status IN ('queued', 'ready')
      ORDER BY d.version DESC LIMIT 1`,
    [kind, start, end, closeId, paymentRunId],
  );
  return row;
}

export function insertDocument(
  tx: EntityManager,
  d: {
    id: string;
    kind: DocumentKindName;
    periodStart: string;
    periodEnd: string;
    version: number;
    closeId: string | null;
    fileName: string;
    contentType: string;
    booksState: BooksState;
    options: Record<string, unknown>;
    generatedBy: string | null;
    paymentRunId?: string | null;
  },
) {
  return sql(tx).run(
    `INSERT INTO documents (id, kind, period_start, period_end, version, close_id, file_name,
       content_type, books_state, options, generated_by, payment_run_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?)`,
    [
      d.id,
      d.kind,
      d.periodStart,
      d.periodEnd,
      d.version,
      d.closeId,
      d.fileName,
      d.contentType,
      JSON.stringify(d.booksState),
      JSON.stringify(d.options),
      d.generatedBy,
      d.paymentRunId ?? null,
    ],
  );
}

// Ready, once: a document another worker finished first is left as it is (false).
export async function markReady(
  em: EntityManager,
  id: string,
  f: { storageKey: string; size: number; sha256: string; contentType: string },
): Promise<boolean> {
  const rows = await sql(em).all<{ id: string }>(
    `UPDATE documents SET status = 'ready', storage_key = ?, size = ?, sha256 = ?,
            content_type = ?, ready_at = now(), error = NULL
      WHERE id = ? AND status = 'queued' RETURNING id`,
    [f.storageKey, f.size, f.sha256, f.contentType, id],
  );
  return rows.length > 0;
}

export function markFailed(em: EntityManager, id: string, error: string) {
  return sql(em).run(
    `UPDATE documents SET status = 'failed', error = ? WHERE id = ? AND status = 'queued'`,
    [error.slice(0, 2000) || 'Failed', id],
  );
}

// The books as a period's document reads them (BooksState).
export async function selectBooksState(
  em: EntityManager,
  start: string,
  end: string,
): Promise<BooksState> {
  const [lock] = await sql(em).all<{ closed_through: string | null }>(
    `SELECT closed_through::text AS closed_through FROM books_lock WHERE id = 1`,
  );
  const closedThrough = lock?.closed_through ?? null;
  let closeId: string | null = null;
  if (closedThrough && closedThrough >= end) {
    // The standing close that locks the period: its own, or the earliest later one (a first
    // close locks every day before it too).
    const [close] = await sql(em).all<{ id: string }>(
      `SELECT id FROM period_closes
        WHERE reopened_at IS NULL AND period_end >= ?
        ORDER BY period_end, (period_start = ?) DESC, closed_at DESC LIMIT 1`,
      [end, start],
    );
    closeId = close?.id ?? null;
  }
  const [lines] = await sql(em).all<{
    entries: number;
    last: string | null;
    checksum: string | null;
  }>(
    `SELECT count(DISTINCT l.entry_id)::int AS entries, max(e.number)::text AS last,
            lpad(to_hex(bit_xor(('x' || substr(md5(l.id::text || '|' || l.account_id::text || '|'
              || l.debit::text || '|' || l.credit::text), 1, 16))::bit(64)::bigint)), 16, '0')
              || '-' || count(*)::text AS checksum
       FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE l.entry_date BETWEEN ? AND ?`,
    [start, end],
  );
  return {
    closedThrough,
    closeId,
    entryCount: lines?.entries ?? 0,
    lastEntryNumber: lines?.last ? Number(lines.last) : null,
    linesChecksum: lines?.checksum ?? '0000000000000000-0',
  };
}

// People by name (or email when they gave none), from the platform database.
export function selectUserLabels(platformEm: EntityManager, ids: string[]) {
  return sql(platformEm).all<{ id: string; label: string }>(
    `SELECT id, coalesce(nullif(name, ''), email) AS label FROM users WHERE id = ${anyOf('uuid')}`,
    [ids],
  );
}

// The locale of the association's settings (platform database), for dates and months in words.
export async function selectOrganizationLocale(
  platformEm: EntityManager,
  orgId: string,
): Promise<string | null> {
  const [row] = await sql(platformEm).all<{ locale: string | null }>(
    `SELECT nullif(settings ->> 'locale', '') AS locale FROM organizations WHERE id = ?`,
    [orgId],
  );
  return row?.locale ?? null;
}
