import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';

// Every SQL statement of the admin Users and Email log pages (the rule: top of
// modules/journal/journal.repository.ts).

// A search term as an ILIKE pattern that matches it literally (% and _ are not wildcards here).
export function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface AdminUserRow {
  id: string;
  email: string;
  name: string | null;
  is_superadmin: boolean;
  is_platform_owner: boolean;
  created_at: Date;
  last_sign_in_at: Date | null;
  organization_count: number;
}

const USER_COLUMNS = `u.id, u.email, u.name, u.is_superadmin, u.is_platform_owner, u.created_at,
  (SELECT max(l.created_at) FROM login_history l
    WHERE l.user_id = u.id AND l.success AND l.method <> 'impersonation') AS last_sign_in_at,
  (SELECT count(*)::int FROM memberships m WHERE m.user_id = u.id) AS organization_count`;

// Users by email, matching the search in email or name; at most `limit`, and how many match.
export async function searchUsers(em: EntityManager, search: string | null, limit: number) {
  const where = search ? `WHERE (u.email ILIKE ? OR u.name ILIKE ?)` : '';
  const params = search ? [containsPattern(search), containsPattern(search)] : [];
  const rows = await sql(em).all<AdminUserRow>(
    `SELECT ${USER_COLUMNS} FROM users u ${where} ORDER BY u.email, u.id LIMIT ?`,
    [...params, limit],
  );
  const [{ n }] = await sql(em).all<{ n: number }>(
    `SELECT count(*)::int AS n FROM users u ${where}`,
    params,
  );
  return { rows, total: n };
}

export async function findUser(em: EntityManager, id: string) {
  const [row] = await sql(em).all<AdminUserRow>(
    `SELECT ${USER_COLUMNS} FROM users u WHERE u.id = ?`,
    [id],
  );
  return row ?? null;
}

export function userMemberships(em: EntityManager, userId: string) {
  return sql(em).all<{
    organization_id: string;
    organization_name: string;
    organization_status: string;
    role: string;
    status: string;
    created_at: Date;
  }>(
    `SELECT o.id AS organization_id, o.name AS organization_name, o.status AS organization_status,
            m.role, m.status, m.created_at
       FROM memberships m JOIN organizations o ON o.id = m.organization_id
      WHERE m.user_id = ? ORDER BY o.name, o.id`,
    [userId],
  );
}

export function userLoginHistory(em: EntityManager, userId: string, limit: number) {
  return sql(em).all<{
    id: string;
    created_at: Date;
    method: string;
    success: boolean;
    failure_reason: string | null;
    organization_name: string | null;
    ip: string | null;
    user_agent: string | null;
    impersonated_by_email: string | null;
    reason: string | null;
  }>(
    `SELECT l.id, l.created_at, l.method, l.success, l.failure_reason, o.name AS organization_name,
            l.ip, l.user_agent, a.email AS impersonated_by_email, l.reason
       FROM login_history l
       LEFT JOIN organizations o ON o.id = l.organization_id
       LEFT JOIN users a ON a.id = l.impersonated_by
      WHERE l.user_id = ? ORDER BY l.created_at DESC, l.id LIMIT ?`,
    [userId, limit],
  );
}

export interface EmailLogRow {
  id: string;
  to_address: string;
  subject: string;
  template: string;
  body: string;
  created_at: Date;
}

// The newest messages first, matching the search in recipient, subject or template.
export async function searchEmailLog(em: EntityManager, search: string | null, limit: number) {
  const where = search ? `WHERE (to_address ILIKE ? OR subject ILIKE ? OR template ILIKE ?)` : '';
  const q = search ? containsPattern(search) : null;
  const params = q ? [q, q, q] : [];
  const rows = await sql(em).all<EmailLogRow>(
    `SELECT id, to_address, subject, template, left(body, ?) AS body, created_at
       FROM email_log ${where} ORDER BY created_at DESC, id LIMIT ?`,
    [EMAIL_READ_CHARS, ...params, limit],
  );
  const [{ n }] = await sql(em).all<{ n: number }>(
    `SELECT count(*)::int AS n FROM email_log ${where}`,
    params,
  );
  return { rows, total: n };
}

export const EMAIL_PREVIEW_CHARS = 400;
// Read past the preview, so the preview is masked (admin-users.service.ts) before it is cut: a
// token cut in two could escape the mask.
const EMAIL_READ_CHARS = EMAIL_PREVIEW_CHARS + 200;
