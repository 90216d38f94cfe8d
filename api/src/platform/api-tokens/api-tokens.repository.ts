import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';

// Every SQL statement of personal API tokens (the rule: top of modules/journal/journal.repository.ts).

export type ApiTokenAccessValue = 'role' | 'read-only';

export interface ApiTokenRow {
  id: string;
  user_id: string;
  organization_id: string;
  organization_name: string;
  name: string;
  access: ApiTokenAccessValue;
  prefix: string;
  expires_at: Date;
  last_used_at: Date | null;
  last_used_ip: string | null;
  created_at: Date;
  revoked_at: Date | null;
}

// What the request path needs of a token, found by its hash.
export interface ApiTokenAuthRow {
  id: string;
  user_id: string;
  organization_id: string;
  access: ApiTokenAccessValue;
  expires_at: Date;
  revoked_at: Date | null;
}

// Raw statements answer timestamps as text: turned into Dates once, here.
const date = (v: Date | string) => new Date(v);
const dateOrNull = (v: Date | string | null) => (v === null ? null : new Date(v));

function typed(row: ApiTokenRow): ApiTokenRow {
  return {
    ...row,
    expires_at: date(row.expires_at),
    created_at: date(row.created_at),
    last_used_at: dateOrNull(row.last_used_at),
    revoked_at: dateOrNull(row.revoked_at),
  };
}

const COLUMNS = `t.id, t.user_id, t.organization_id, o.name AS organization_name, t.name, t.access,
  t.prefix, t.expires_at, t.last_used_at, t.last_used_ip, t.created_at, t.revoked_at`;

export async function selectTokenByHash(
  em: EntityManager,
  hash: string,
): Promise<ApiTokenAuthRow | null> {
  const [row] = await sql(em).all<ApiTokenAuthRow>(
    `SELECT id, user_id, organization_id, access, expires_at, revoked_at
       FROM api_tokens WHERE token_hash = ?`,
    [hash],
  );
  return row
    ? { ...row, expires_at: date(row.expires_at), revoked_at: dateOrNull(row.revoked_at) }
    : null;
}

export async function selectUserTokens(em: EntityManager, userId: string): Promise<ApiTokenRow[]> {
  const rows = await sql(em).all<ApiTokenRow>(
    `SELECT ${COLUMNS} FROM api_tokens t JOIN organizations o ON o.id = t.organization_id
      WHERE t.user_id = ? ORDER BY t.created_at DESC, t.id`,
    [userId],
  );
  return rows.map(typed);
}

export async function selectUserToken(
  em: EntityManager,
  userId: string,
  id: string,
): Promise<ApiTokenRow | null> {
  const [row] = await sql(em).all<ApiTokenRow>(
    `SELECT ${COLUMNS} FROM api_tokens t JOIN organizations o ON o.id = t.organization_id
      WHERE t.user_id = ? AND t.id = ?`,
    [userId, id],
  );
  return row ? typed(row) : null;
}

// Whether the user already has a token of that name that is not revoked (names compare without case).
export async function nameTaken(em: EntityManager, userId: string, name: string): Promise<boolean> {
  const [row] = await sql(em).all<{ n: number }>(
    `SELECT count(*)::int AS n FROM api_tokens
      WHERE user_id = ? AND lower(name) = lower(?) AND revoked_at IS NULL`,
    [userId, name],
  );
  return row.n > 0;
}

export async function insertToken(
  em: EntityManager,
  t: {
    userId: string;
    organizationId: string;
    name: string;
    access: ApiTokenAccessValue;
    tokenHash: string;
    prefix: string;
    expiresInDays: number;
  },
): Promise<string> {
  const [row] = await sql(em).all<{ id: string }>(
    `INSERT INTO api_tokens (user_id, organization_id, name, access, token_hash, prefix, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, now() + make_interval(days => ?))
     RETURNING id`,
    [t.userId, t.organizationId, t.name, t.access, t.tokenHash, t.prefix, t.expiresInDays],
  );
  return row.id;
}

// Revokes the user's token (once); the hash of what was revoked, null when there was nothing to.
export async function revokeToken(
  em: EntityManager,
  userId: string,
  id: string,
): Promise<string | null> {
  const [row] = await sql(em).all<{ token_hash: string }>(
    `UPDATE api_tokens SET revoked_at = now()
      WHERE user_id = ? AND id = ? AND revoked_at IS NULL RETURNING token_hash`,
    [userId, id],
  );
  return row?.token_hash ?? null;
}

// Records a use unless one was recorded in the last minute (so not every request writes).
export async function touchToken(em: EntityManager, id: string, ip: string) {
  await sql(em).run(
    `UPDATE api_tokens SET last_used_at = now(), last_used_ip = ?
      WHERE id = ? AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [ip.slice(0, 100), id],
  );
}
