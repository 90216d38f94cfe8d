import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

export interface SeatRow {
  user_id: string;
  title: string;
}

// Tenant database.
export function seatRows(em: EntityManager): Promise<SeatRow[]> {
  return sql(em).all<SeatRow>(
    `SELECT user_id, title FROM board_seats
      ORDER BY array_position(ARRAY['president','vice_president','treasurer','secretary','director'], title), created_at, user_id`,
  );
}

export async function seatOf(em: EntityManager, userId: string): Promise<string | null> {
  const [row] = await sql(em).all<{ title: string }>(
    `SELECT title FROM board_seats WHERE user_id = ?`,
    [userId],
  );
  return row?.title ?? null;
}

export async function upsertSeat(tx: EntityManager, userId: string, title: string) {
  await sql(tx).run(
    `INSERT INTO board_seats (user_id, title) VALUES (?, ?)
     ON CONFLICT (user_id) DO UPDATE SET title = excluded.title`,
    [userId, title],
  );
}

export async function deleteSeat(tx: EntityManager, userId: string) {
  await sql(tx).run(`DELETE FROM board_seats WHERE user_id = ?`, [userId]);
}

// Platform database (users and memberships live there; read by SQL so that a module never imports
// the platform's entities): the organization's active members among `ids`, with their name (or
// email) and email.
export function activeMembers(
  platformEm: EntityManager,
  orgId: string,
  ids: string[],
): Promise<{ id: string; name: string; email: string }[]> {
  return sql(platformEm).all(
    `SELECT u.id, coalesce(nullif(u.name, ''), u.email) AS name, u.email
       FROM users u JOIN memberships m ON m.user_id = u.id
      WHERE m.organization_id = ? AND m.status = 'active' AND u.id = ${anyOf('uuid')}`,
    [orgId, ids],
  );
}
