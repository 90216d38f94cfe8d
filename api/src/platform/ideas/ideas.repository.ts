import type { EntityManager } from '@mikro-orm/postgresql';
import { keysetPage } from '../../core/graphql/connection.js';
import { isId } from '../../core/ids.js';
import { sql } from '../../db/sql.js';
import {
  type Idea,
  type IdeaOrganization,
  IdeaStatus,
  type IdeaListResult,
  type IdeaStatusCount,
} from './ideas.types.js';

// Every SQL statement of ideation (the rule: top of modules/journal/journal.repository.ts).

export const MAX_IDEAS_PAGE = 100;

interface IdeaRow {
  id: string;
  organization_id: string;
  organization_name: string;
  submitted_by: string | null;
  title: string;
  description: string;
  status: IdeaStatus;
  admin_note: string;
  created_at: Date;
  created_key: string;
  updated_at: Date;
}

// An idea as a list page holds it: with its exact creation time (microseconds, which a JS Date
// would round) for the keyset cursor.
type IdeaNode = Idea & { createdKey: string };

const SELECT_IDEA = `SELECT i.id, i.organization_id, o.name AS organization_name,
        coalesce(nullif(u.name, ''), u.email) AS submitted_by, i.title, i.description, i.status,
        i.admin_note, i.created_at, i.created_at::text AS created_key, i.updated_at
   FROM ideas i
   JOIN organizations o ON o.id = i.organization_id
   LEFT JOIN users u ON u.id = i.submitted_by`;

const toIdea = (r: IdeaRow): IdeaNode => ({
  id: r.id,
  organizationId: r.organization_id,
  organizationName: r.organization_name,
  submittedBy: r.submitted_by,
  title: r.title,
  description: r.description,
  status: r.status,
  adminNote: r.admin_note,
  // The driver hands timestamps over as PostgreSQL's text; the DateTime scalar wants a Date.
  createdAt: new Date(r.created_at),
  createdKey: r.created_key,
  updatedAt: new Date(r.updated_at),
});

// Newest first; the cursor is (created_at, id) of the last idea seen.
const ideaCursor = {
  encode: (idea: IdeaNode) => Buffer.from(`${idea.createdKey}|${idea.id}`).toString('base64url'),
  decode(cursor: string): unknown[] | null {
    const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
    if (!/^\d{4}-\d{2}-\d{2} [\d:.]+[+-][\d:]+$/.test(at ?? '') || !isId(id)) return null;
    return [at, id];
  },
};

export interface IdeaFilter {
  organizationId?: string | null;
  status?: IdeaStatus | null;
  search?: string | null;
}

// The WHERE conditions of a filter, without the status (the summary counts ignore it).
function scope(filter: IdeaFilter) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.organizationId) {
    where.push('i.organization_id = ?');
    params.push(filter.organizationId);
  }
  const search = filter.search?.trim();
  if (search) {
    // Literal text: the LIKE wildcards a caller types are matched as themselves.
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(`(i.title ILIKE ? OR i.description ILIKE ? OR o.name ILIKE ?)`);
    params.push(pattern, pattern, pattern);
  }
  return { where, params };
}

export async function listIdeas(
  em: EntityManager,
  filter: IdeaFilter,
  first: number,
  after: string | null | undefined,
  withCounts: boolean,
): Promise<IdeaListResult> {
  const { where, params } = scope(filter);
  const scoped = { where: [...where], params: [...params] };
  if (filter.status) {
    where.push('i.status = ?');
    params.push(filter.status);
  }
  const page = await keysetPage<IdeaRow, IdeaNode>(em, {
    select: SELECT_IDEA,
    from: 'ideas i JOIN organizations o ON o.id = i.organization_id',
    where,
    params,
    orderBy: ['i.created_at', 'i.id'],
    direction: 'DESC',
    positionTypes: ['?::timestamptz', '?::uuid'],
    cursor: ideaCursor,
    badCursor: 'Invalid cursor',
    first,
    max: MAX_IDEAS_PAGE,
    noun: 'ideas',
    after,
    toNodes: (rows) => rows.map(toIdea),
  });
  if (!withCounts) return page;
  return { ...page, statusCounts: () => statusCounts(em, scoped.where, scoped.params) };
}

async function statusCounts(
  em: EntityManager,
  where: string[],
  params: unknown[],
): Promise<IdeaStatusCount[]> {
  const rows = await sql(em).all<{ status: IdeaStatus; n: number }>(
    `SELECT i.status, count(*)::int AS n
       FROM ideas i JOIN organizations o ON o.id = i.organization_id
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      GROUP BY i.status`,
    params,
  );
  const by = new Map(rows.map((r) => [r.status, r.n]));
  return Object.values(IdeaStatus).map((status) => ({ status, count: by.get(status) ?? 0 }));
}

export async function findIdea(em: EntityManager, id: string): Promise<Idea | null> {
  const [row] = await sql(em).all<IdeaRow>(`${SELECT_IDEA} WHERE i.id = ?`, [id]);
  return row ? toIdea(row) : null;
}

export async function insertIdea(
  em: EntityManager,
  idea: {
    id: string;
    organizationId: string;
    submittedBy: string;
    title: string;
    description: string;
  },
) {
  await sql(em).run(
    `INSERT INTO ideas (id, organization_id, submitted_by, title, description) VALUES (?, ?, ?, ?, ?)`,
    [idea.id, idea.organizationId, idea.submittedBy, idea.title, idea.description],
  );
  await sql(em).run(
    `INSERT INTO idea_status_history (idea_id, from_status, to_status, changed_by)
       VALUES (?, NULL, 'submitted', ?)`,
    [idea.id, idea.submittedBy],
  );
}

// Locks the idea's row for the rest of the transaction; its current status and note, or null.
export async function lockIdea(em: EntityManager, id: string) {
  const [row] = await sql(em).all<{
    status: IdeaStatus;
    admin_note: string;
    organization_id: string;
  }>('SELECT status, admin_note, organization_id FROM ideas WHERE id = ? FOR UPDATE', [id]);
  return row ?? null;
}

export async function updateIdeaStatus(
  em: EntityManager,
  id: string,
  from: IdeaStatus,
  to: IdeaStatus,
  by: string,
) {
  await sql(em).run(`UPDATE ideas SET status = ?, updated_at = now() WHERE id = ?`, [to, id]);
  await sql(em).run(
    `INSERT INTO idea_status_history (idea_id, from_status, to_status, changed_by)
       VALUES (?, ?, ?, ?)`,
    [id, from, to, by],
  );
}

export async function updateIdeaNote(em: EntityManager, id: string, note: string) {
  await sql(em).run(`UPDATE ideas SET admin_note = ?, updated_at = now() WHERE id = ?`, [note, id]);
}

// Whether the organization's settings turn ideation on (settings.ideationEnabled === true).
export async function ideationEnabled(em: EntityManager, orgId: string): Promise<boolean> {
  // Only a JSON true turns it on (not "true" or 1).
  const [row] = await sql(em).all<{ on: boolean }>(
    `SELECT settings->'ideationEnabled' = 'true'::jsonb AS on FROM organizations WHERE id = ?`,
    [orgId],
  );
  return row?.on ?? false;
}

// Organizations with at least one idea, by name.
export function ideaOrganizations(em: EntityManager): Promise<IdeaOrganization[]> {
  return sql(em).all<IdeaOrganization>(
    `SELECT o.id, o.name, count(*)::int AS "ideaCount"
       FROM ideas i JOIN organizations o ON o.id = i.organization_id
      GROUP BY o.id, o.name
      ORDER BY lower(o.name), o.id`,
  );
}
