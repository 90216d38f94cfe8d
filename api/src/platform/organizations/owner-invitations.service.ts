import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isEmail } from 'class-validator';
import type { FileUpload } from 'graphql-upload-ts';
import { ROLE_LABELS, type RoleName } from '@covenant/shared/roles';
import { newOpaqueToken } from '../../core/auth/opaque-tokens.js';
import { endAccessTokens } from '../../core/auth/refresh-tokens.js';
import type { Context } from '../../core/context.js';
import { readCsvUpload } from '../../core/csv/read-upload.js';
import { badInput, conflict } from '../../core/errors/app-error.js';
import { assertId } from '../../core/ids.js';
import { Role } from '../../core/roles.js';
import {
  bindingsOfUnits,
  bindingsOfUsers,
  bindOwner,
  type OwnerInvitationLine,
  readOwnerInvitationFile,
  unbindOwner,
  unitRef,
  type UnitRef,
} from '../../modules/owner-portal/index.js';
import { recordAudit } from '../admin/index.js';
import { Membership, MembershipStatus, normalizeEmail, User } from '../users/index.js';
import {
  INVITATION_TTL_MS,
  sendOwnerInvitation,
  sendOwnerUnitsAdded,
} from './invitation-emails.service.js';
import {
  deleteUnacceptedInvitations,
  insertInvitation,
  selectPendingInvitationsOf,
} from './members.repository.js';
import { Organization } from './organizations.entity.js';
import type {
  OwnerInvitationSkip,
  OwnerInvitationsResult,
  UnitOwner,
} from './owner-invitations.types.js';

// Owners of units: a homeowner is a platform user with the role OWNER in the association (a
// membership, as staff have, invited and accepted the same way: acceptInvitation /
// joinOrganization) and one or more bindings to units in the association's database
// (owner-portal's unit_owners). Both halves are written here, because a platform feature may use a
// module and never the other way round.
//
// - Invited to a second unit, a person keeps their one membership and gets the unit bound too.
// - The association's staff (admins, members, viewers) cannot also be owners in it: a refusal
//   (CONFLICT) names why; they use another address to be an owner. A person holds one role in an
//   association, and an owner's portal must never open onto the books.
// - Removing an owner from their last unit removes their membership too.
//
// Two databases, one order: the tenant's transaction wraps the platform's, so the platform commits
// first. If the tenant then fails, what stays is a membership without units (it reaches nothing,
// and inviting again binds the unit); never a binding without its person.

type MembershipRow = Membership;

const statusName = (s: MembershipStatus | undefined) =>
  s ? (s.toUpperCase() as 'INVITED' | 'ACTIVE' | 'SUSPENDED') : 'REMOVED';

function dropCached(ctx: Context, userId: string) {
  ctx.services.memberships.invalidate(userId, ctx.org!.orgId);
  ctx.services.memberships.invalidateUser(userId);
}

// The owners of a unit with their membership's state, first invited first.
export async function listUnitOwners(ctx: Context, unitId: string): Promise<UnitOwner[]> {
  const unit = await unitRef(ctx.em, unitId);
  const bindings = await bindingsOfUnits(ctx.em, [unit.id]);
  if (!bindings.length) return [];
  const userIds = bindings.map((b) => b.user_id);
  const orgId = ctx.org!.orgId;
  const memberships = await ctx.platformEm.find(
    Membership,
    { organization: orgId, user: { $in: userIds } },
    { populate: ['user'] },
  );
  const pending = await selectPendingInvitationsOf(ctx.platformEm, orgId, userIds);
  return bindings.map((b) => {
    const m = memberships.find((x) => x.user.id === b.user_id);
    const invitation = pending.find((p) => p.user_id === b.user_id);
    return {
      userId: b.user_id,
      email: m?.user.email ?? b.email,
      name: m && m.status !== MembershipStatus.INVITED ? (m.user.name ?? null) : null,
      status: statusName(m?.status),
      invitedAt: new Date(b.created_at),
      invitationId: invitation?.id ?? null,
      invitationExpiresAt: invitation ? new Date(invitation.expires_at) : null,
    };
  });
}

// What becomes of each address of the lines: staff (refused), or an owner to bind.
interface Person {
  email: string;
  user: User | null;
  membership: MembershipRow | null;
  // The units the person is bound to already.
  units: Set<string>;
}

async function peopleOf(ctx: Context, emails: string[]): Promise<Map<string, Person>> {
  const orgId = ctx.org!.orgId;
  const users = emails.length ? await ctx.platformEm.find(User, { email: { $in: emails } }) : [];
  const memberships = users.length
    ? await ctx.platformEm.find(Membership, {
        organization: orgId,
        user: { $in: users.map((u) => u.id) },
      })
    : [];
  const bindings = await bindingsOfUsers(
    ctx.em,
    users.map((u) => u.id),
  );
  return new Map(
    emails.map((email) => {
      const user = users.find((u) => u.email === email) ?? null;
      return [
        email,
        {
          email,
          user,
          membership: (user && memberships.find((m) => m.user.id === user.id)) ?? null,
          units: new Set(bindings.filter((b) => b.user_id === user?.id).map((b) => b.unit_id)),
        },
      ];
    }),
  );
}

const staffReason = (m: MembershipRow) =>
  `A member of the association's staff (${ROLE_LABELS[m.role.toUpperCase() as RoleName]}): staff cannot also be owners; use another address`;

type Plan = {
  bind: OwnerInvitationLine[];
  already: number;
  skipped: OwnerInvitationSkip[];
};

// Sorts each line: staff are skipped, bindings that stand are counted, the rest are to bind. A
// binding stands only with an owner's membership (one without has lost its person: bound again).
function plan(lines: OwnerInvitationLine[], people: Map<string, Person>): Plan {
  const out: Plan = { bind: [], already: 0, skipped: [] };
  for (const line of lines) {
    const p = people.get(line.email)!;
    const m = p.membership;
    if (m && m.role !== Role.OWNER) {
      out.skipped.push({ unitNumber: line.unit.number, email: line.email, reason: staffReason(m) });
    } else if (m && p.units.has(line.unit.id)) {
      out.already += 1;
    } else {
      out.bind.push(line);
    }
  }
  return out;
}

// What to tell each person once the writes are committed.
type Notice =
  | { kind: 'invitation'; userId: string; email: string; token: string }
  | { kind: 'unit-added'; email: string; units: string[] }
  | { kind: 'none' };

// The memberships and invitations of the people to bind (platform transaction), then the bindings
// (tenant transaction, committed last). Answers what each person is told.
async function bindAll(ctx: Context, lines: OwnerInvitationLine[]): Promise<Notice[]> {
  if (!lines.length) return [];
  const orgId = ctx.org!.orgId;
  const byEmail = new Map<string, UnitRef[]>();
  for (const l of lines) byEmail.set(l.email, [...(byEmail.get(l.email) ?? []), l.unit]);
  const people = await ctx.em.transactional(async (tx) => {
    const bound = await ctx.platformEm.transactional(async (em: EntityManager) => {
      const out: { userId: string; email: string; notice: Notice; membershipId: string }[] = [];
      for (const [email, units] of byEmail) {
        const user = (await em.findOne(User, { email })) ?? em.create(User, { email });
        let membership = await em.findOne(Membership, { user: user.id, organization: orgId });
        // Checked again inside the transaction: staff may have been invited meanwhile.
        if (membership && membership.role !== Role.OWNER) {
          throw conflict(staffReason(membership), [
            { field: 'email', message: staffReason(membership) },
          ]);
        }
        let notice: Notice = { kind: 'none' };
        if (!membership) {
          membership = em.create(Membership, {
            user,
            organization: orgId,
            role: Role.OWNER,
            status: MembershipStatus.INVITED,
          });
        }
        await em.flush();
        if (membership.status === MembershipStatus.INVITED) {
          // A new link naming all their units; an earlier one stops working.
          await deleteUnacceptedInvitations(em, orgId, user.id);
          const { token, hash } = newOpaqueToken();
          await insertInvitation(em, {
            id: randomUUID(),
            organizationId: orgId,
            userId: user.id,
            role: Role.OWNER,
            tokenHash: hash,
            invitedBy: ctx.auth!.userId,
            expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
          });
          notice = { kind: 'invitation', userId: user.id, email, token };
        } else if (membership.status === MembershipStatus.ACTIVE) {
          notice = { kind: 'unit-added', email, units: units.map((u) => u.number) };
        }
        out.push({ userId: user.id, email, notice, membershipId: membership.id });
      }
      return out;
    });
    for (const p of bound) {
      for (const unit of byEmail.get(p.email)!) {
        await bindOwner(tx, ctx.auth, unit, { userId: p.userId, email: p.email });
      }
    }
    return bound;
  });
  for (const p of people) dropCached(ctx, p.userId);
  for (const p of people) {
    await recordAudit(ctx.platformEm, {
      actor: ctx.auth!,
      action: 'owner.invite',
      entityType: 'Membership',
      entityId: p.membershipId,
      organizationId: orgId,
      details: { email: p.email, units: byEmail.get(p.email)!.map((u) => u.number) },
    });
  }
  return people.map((p) => p.notice);
}

async function tell(ctx: Context, notices: Notice[]): Promise<number> {
  const org = await ctx.platformEm.findOneOrFail(Organization, ctx.org!.orgId);
  let sent = 0;
  for (const n of notices) {
    if (n.kind === 'invitation') {
      await sendOwnerInvitation(ctx, { userId: n.userId, email: n.email }, org.name, n.token);
      sent += 1;
    } else if (n.kind === 'unit-added') {
      await sendOwnerUnitsAdded(ctx, n.email, org.name, n.units);
      sent += 1;
    }
  }
  return sent;
}

// One owner for one unit. The answer is the same whether or not the address has a Covenant
// account (as a member's invitation): the owner is INVITED until they accept, or ACTIVE at once
// when they already are an owner here (of another unit), and told so.
export async function inviteOwner(
  ctx: Context,
  unitId: string,
  rawEmail: string,
): Promise<UnitOwner> {
  const email = normalizeEmail(rawEmail);
  if (!isEmail(email)) {
    throw badInput([{ field: 'email', message: 'Enter a valid email address' }]);
  }
  const unit = await unitRef(ctx.em, unitId);
  const line = { row: 1, unit, email };
  const decided = plan([line], await peopleOf(ctx, [email]));
  if (decided.skipped.length) {
    const reason = decided.skipped[0].reason;
    throw conflict(`${email}: ${reason}`, [{ field: 'email', message: reason }]);
  }
  if (decided.already) {
    const message = `${email} is already an owner of unit ${unit.number}`;
    throw conflict(message, [{ field: 'email', message }]);
  }
  await tell(ctx, await bindAll(ctx, decided.bind));
  const owners = await listUnitOwners(ctx, unit.id);
  return owners.find((o) => o.email === email)!;
}

// Owners of many units from the units CSV (unit_number and email columns; several addresses in a
// cell are co-owners). All or nothing: a row naming no unit or an address that is none refuses the
// file (BAD_USER_INPUT, per row), nobody invited. Units without an address and staff addresses
// are skipped and said so; owners already bound are counted. `dryRun` answers the same without
// writing or sending anything.
export async function inviteOwnersFromCsv(
  ctx: Context,
  file: Promise<FileUpload>,
  dryRun: boolean,
): Promise<OwnerInvitationsResult> {
  const { text } = await readCsvUpload(file, 5 * 1024 * 1024, 'CSV files');
  const { lines, skipped } = await readOwnerInvitationFile(ctx.em, text);
  const emails = [...new Set(lines.map((l) => l.email))];
  const decided = plan(lines, await peopleOf(ctx, emails));
  const result = {
    invited: decided.bind.length,
    alreadyInvited: decided.already,
    skipped: [...skipped, ...decided.skipped],
    emailsSent: 0,
  };
  if (dryRun) return result;
  result.emailsSent = await tell(ctx, await bindAll(ctx, decided.bind));
  return result;
}

// The person is no longer an owner of the unit; with no unit left, no longer a member of the
// association either (their sessions end there).
export async function removeUnitOwner(
  ctx: Context,
  unitId: string,
  userId: string,
): Promise<boolean> {
  const unit = await unitRef(ctx.em, unitId);
  const orgId = ctx.org!.orgId;
  const membership = await ctx.platformEm.findOne(
    Membership,
    { user: assertId(userId, 'Owner'), organization: orgId },
    { populate: ['user'] },
  );
  const email = membership?.user.email ?? null;
  const leftMembership = await ctx.em.transactional(async (tx) => {
    const left = await unbindOwner(tx, ctx.auth, unit, userId, email);
    if (left > 0 || !membership || membership.role !== Role.OWNER) return false;
    await ctx.platformEm.transactional(async (em: EntityManager) => {
      await em.nativeDelete(Membership, { id: membership.id });
      await deleteUnacceptedInvitations(em, orgId, userId);
      await endAccessTokens(em, userId);
    });
    return true;
  });
  dropCached(ctx, userId);
  await recordAudit(ctx.platformEm, {
    actor: ctx.auth!,
    action: leftMembership ? 'owner.remove' : 'owner.unbind',
    entityType: 'Membership',
    entityId: membership?.id ?? userId,
    organizationId: orgId,
    details: { email, unit: unit.number },
  });
  return true;
}
