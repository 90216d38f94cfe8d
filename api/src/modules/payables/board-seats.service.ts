import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import type { Context } from '../../core/context.js';
import { notFound } from '../../core/errors/app-error.js';
import { isId } from '../../core/ids.js';
import { recordTenantAudit } from '../audit/index.js';
import {
  activeMembers,
  deleteSeat,
  seatOf,
  seatRows,
  upsertSeat,
} from './board-seats.repository.js';
import type { BoardSeat, BoardTitle } from './payables.types.js';

// The board: which members hold which seat. A seat is what lets a member approve bills (when the
// approval policy names its title), viewers included, without any other write right. A seat
// belongs to a member of the association; a member who leaves keeps no approving power (each
// decision checks the membership), and the seat shows without a name until an admin removes it.

export async function boardSeats(
  em: EntityManager,
  platformEm: EntityManager,
  orgId: string,
): Promise<BoardSeat[]> {
  const seats = await seatRows(em);
  const members = new Map(
    (seats.length
      ? await activeMembers(
          platformEm,
          orgId,
          seats.map((s) => s.user_id),
        )
      : []
    ).map((m) => [m.id, m]),
  );
  return seats.map((s) => ({
    userId: s.user_id,
    title: s.title as BoardTitle,
    name: members.get(s.user_id)?.name ?? null,
    email: members.get(s.user_id)?.email ?? null,
  }));
}

// The seat a member holds (null: none).
export async function seatOfMember(em: EntityManager, userId: string): Promise<BoardTitle | null> {
  return (await seatOf(em, userId)) as BoardTitle | null;
}

// Gives a member a seat, changes it, or (title null) takes it away. The member must belong to the
// association.
export async function setBoardSeat(
  ctx: Context,
  userId: string,
  title: BoardTitle | null,
): Promise<BoardSeat[]> {
  const orgId = ctx.org!.orgId;
  const member = isId(userId) ? (await activeMembers(ctx.platformEm, orgId, [userId]))[0] : null;
  const before = isId(userId) ? await seatOf(ctx.em, userId) : null;
  // A seat of someone who left may still be taken away.
  if (!member && !(title === null && before)) {
    throw notFound('Member', [
      { field: 'userId', message: 'No active member of this association has that id' },
    ]);
  }
  await seatBoardMember(ctx.em, ctx.auth, userId, title);
  return boardSeats(ctx.em, ctx.platformEm, orgId);
}

// Gives (or with null takes away) a seat, audited; the caller has checked that the user is a
// member (setBoardSeat; the demo seed, whose users are saved after its books, so the platform's
// membership check cannot see them yet).
export async function seatBoardMember(
  em: EntityManager,
  actor: AuthInfo | null,
  userId: string,
  title: BoardTitle | null,
): Promise<void> {
  await em.transactional(async (tx) => {
    const before = await seatOf(tx, userId);
    if (before === title) return;
    if (title) await upsertSeat(tx, userId, title);
    else await deleteSeat(tx, userId);
    await recordTenantAudit(tx, actor, {
      entityType: 'BoardSeat',
      entityId: userId,
      action: title ? (before ? 'update' : 'create') : 'delete',
      changes: { title: { before, after: title } },
    });
  });
}
