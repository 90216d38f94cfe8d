import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isEmail } from 'class-validator';
import { USER_NAME_MAX } from '@covenant/shared/text-limits';
import { hashPassword } from '../../core/auth/passwords.js';
import { checkPassword } from '../../core/auth/password-policy.js';
import { hashOpaqueToken, newOpaqueToken } from '../../core/auth/opaque-tokens.js';
import { endAccessTokens } from '../../core/auth/refresh-tokens.js';
import { tokenError } from '../../core/auth/single-use-tokens.js';
import { badInput, conflict, forbidden, notFound } from '../../core/errors/app-error.js';
import { assertId } from '../../core/ids.js';
import type { Context } from '../../core/context.js';
import { recordAudit } from '../admin/index.js';
import { startSession } from '../sessions/index.js';
import {
  Membership,
  MembershipStatus,
  User,
  normalizeEmail,
  type OrganizationMembership,
  settingsFor,
} from '../users/index.js';
import { Role } from '../../core/roles.js';
import {
  deleteUnacceptedInvitations,
  insertInvitation,
  markInvitationAccepted,
  replaceInvitationToken,
  selectInvitation,
  selectPendingInvitation,
  selectPendingInvitations,
  type PendingInvitationRow,
} from './members.repository.js';
import type { InvitationInfo, InvitationLink, Member, PendingInvitation } from './members.types.js';
import { Organization } from './organizations.entity.js';
import {
  INVITATION_TTL_MS,
  invitationLink,
  sendInvitation,
  sendOwnerInvitation,
} from './invitation-emails.service.js';

function toMember(m: Membership): Member {
  return {
    userId: m.user.id,
    email: m.user.email,
    // Until accepted, nothing of the person's account (if any) is shown to the organization.
    name: m.status === MembershipStatus.INVITED ? null : (m.user.name ?? null),
    role: m.role,
    status: m.status,
    joinedAt: m.createdAt,
  };
}

// The association's own people. Owners of units are not among them: they are invited, listed and
// removed from their units (owner-invitations.service.ts).
export async function listMembers(ctx: Context): Promise<Member[]> {
  const rows = await ctx.platformEm.find(
    Membership,
    { organization: ctx.org!.orgId, role: { $ne: Role.OWNER } },
    { populate: ['user'], orderBy: { user: { email: 'asc' } } },
  );
  return rows.map(toMember);
}

// Owners are managed from their units: the member operations refuse them.
function refuseOwner(m: Membership) {
  if (m.role !== Role.OWNER) return;
  throw conflict(
    `${m.user.email} is an owner of units: owners are invited and removed from their units (Units → a unit → Owners)`,
  );
}

// A member of the caller's organization, or NOT_FOUND (also for members of other organizations).
async function membershipOf(ctx: Context, userId: string) {
  const m = await ctx.platformEm.findOne(
    Membership,
    { user: assertId(userId, 'Member'), organization: ctx.org!.orgId },
    { populate: ['user'] },
  );
  if (!m) throw notFound('Member');
  return m;
}

async function assertAdminRemains(ctx: Context, changing: Membership) {
  if (changing.role !== Role.ADMIN || changing.status !== MembershipStatus.ACTIVE) return;
  const admins = await ctx.platformEm.count(Membership, {
    organization: ctx.org!.orgId,
    role: Role.ADMIN,
    status: MembershipStatus.ACTIVE,
  });
  if (admins <= 1) throw conflict('An organization must keep at least one admin');
}

// One path for every email, whether or not it already has a Covenant account: a pending
// membership (no access), an invitation link, the same email and the same answer. Nobody is
// attached without accepting, and the inviter learns nothing about the address's account.
export async function inviteMember(ctx: Context, rawEmail: string, role: Role): Promise<Member> {
  const email = normalizeEmail(rawEmail);
  if (!isEmail(email)) throw badInput([{ field: 'email', message: 'Enter a valid email address' }]);
  if (role === Role.OWNER) {
    const message = 'Owners are invited from their unit (Units → a unit → Owners)';
    throw badInput([{ field: 'role', message }], message);
  }
  const orgId = ctx.org!.orgId;
  const org = await ctx.platformEm.findOneOrFail(Organization, orgId);
  const { membership, token } = await ctx.platformEm.transactional(async (em: EntityManager) => {
    const user = (await em.findOne(User, { email })) ?? em.create(User, { email });
    const existing = await em.findOne(Membership, { user: user.id, organization: orgId });
    if (existing) {
      const message =
        existing.role === Role.OWNER
          ? `${email} is an owner of units here: an owner cannot also be a member of the association's staff`
          : existing.status === MembershipStatus.INVITED
            ? `${email} is already invited: resend the invitation or copy its link`
            : `${email} is already a member`;
      throw conflict(message, [{ field: 'email', message }]);
    }
    const membership = em.create(Membership, {
      user,
      organization: orgId,
      role,
      status: MembershipStatus.INVITED,
    });
    await em.flush();
    await deleteUnacceptedInvitations(em, orgId, user.id);
    const { token, hash } = newOpaqueToken();
    await insertInvitation(em, {
      id: randomUUID(),
      organizationId: orgId,
      userId: user.id,
      role,
      tokenHash: hash,
      invitedBy: ctx.auth!.userId,
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    });
    return { membership, token };
  });
  ctx.services.memberships.invalidate(membership.user.id, orgId);
  await recordAudit(ctx.platformEm, {
    actor: ctx.auth!,
    action: 'member.invite',
    entityType: 'Membership',
    entityId: membership.id,
    organizationId: orgId,
    details: { email, role },
  });
  await sendInvitation(ctx, email, org.name, role, token);
  return toMember(membership);
}

function toPending(r: PendingInvitationRow): PendingInvitation {
  return {
    id: r.id,
    email: r.email,
    role: r.role,
    sentAt: new Date(r.created_at),
    expiresAt: new Date(r.expires_at),
    expired: r.expired,
  };
}

// The staff's invitations (owners' are shown with their units).
export async function listPendingInvitations(ctx: Context): Promise<PendingInvitation[]> {
  const rows = await selectPendingInvitations(ctx.platformEm, ctx.org!.orgId);
  return rows.filter((r) => r.role !== Role.OWNER).map(toPending);
}

// A fresh link for a pending invitation of the caller's organization; the previous link stops
// working (tokens are stored hashed, so an existing link cannot be shown again).
async function renewInvitation(ctx: Context, id: string, action: string) {
  const orgId = ctx.org!.orgId;
  const renewed = await ctx.platformEm.transactional(async (em: EntityManager) => {
    const row = await selectPendingInvitation(em, orgId, assertId(id, 'Invitation'));
    if (!row) throw notFound('Invitation');
    const { token, hash } = newOpaqueToken();
    await replaceInvitationToken(em, row.id, hash, new Date(Date.now() + INVITATION_TTL_MS));
    const fresh = (await selectPendingInvitation(em, orgId, row.id))!;
    return { token, invitation: toPending(fresh), userId: fresh.user_id };
  });
  await recordAudit(ctx.platformEm, {
    actor: ctx.auth!,
    action,
    entityType: 'Invitation',
    entityId: id,
    organizationId: orgId,
    details: { email: renewed.invitation.email },
  });
  return renewed;
}

export async function resendInvitation(ctx: Context, id: string): Promise<PendingInvitation> {
  const { token, invitation, userId } = await renewInvitation(ctx, id, 'invitation.resend');
  const org = await ctx.platformEm.findOneOrFail(Organization, ctx.org!.orgId);
  // An owner's names their units and the owner portal.
  if (invitation.role === Role.OWNER) {
    await sendOwnerInvitation(ctx, { userId, email: invitation.email }, org.name, token);
  } else {
    await sendInvitation(ctx, invitation.email, org.name, invitation.role, token);
  }
  return invitation;
}

// For the admin to pass on themselves (email not set up, or lost in a spam folder).
export async function issueInvitationLink(ctx: Context, id: string): Promise<InvitationLink> {
  const { token, invitation } = await renewInvitation(ctx, id, 'invitation.link');
  return { url: invitationLink(ctx, token), invitation };
}

export async function updateMemberRole(ctx: Context, userId: string, role: Role): Promise<Member> {
  const m = await membershipOf(ctx, userId);
  refuseOwner(m);
  if (role === Role.OWNER) {
    const message = 'Owners are invited from their unit (Units → a unit → Owners)';
    throw badInput([{ field: 'role', message }], message);
  }
  if (m.role !== role && role !== Role.ADMIN) await assertAdminRemains(ctx, m);
  const before = m.role;
  m.role = role;
  await ctx.platformEm.flush();
  ctx.services.memberships.invalidate(userId, ctx.org!.orgId);
  await recordAudit(ctx.platformEm, {
    actor: ctx.auth!,
    action: 'member.role',
    entityType: 'Membership',
    entityId: m.id,
    organizationId: ctx.org!.orgId,
    details: { before, after: role },
  });
  return toMember(m);
}

// The member's access tokens end with the membership (they would otherwise still name this
// organization for up to an hour); their browser renews into the organizations they keep.
function endAccess(ctx: Context, userId: string, change: (em: EntityManager) => void) {
  return ctx.platformEm.transactional(async (em: EntityManager) => {
    change(em);
    await endAccessTokens(em, userId);
  });
}

// Dropped after the commit, so a request in between cannot cache what was there before.
function forgetCached(ctx: Context, userId: string) {
  ctx.services.memberships.invalidate(userId, ctx.org!.orgId);
  ctx.services.memberships.invalidateUser(userId);
}

export async function removeMember(ctx: Context, userId: string): Promise<boolean> {
  const m = await membershipOf(ctx, userId);
  refuseOwner(m);
  await assertAdminRemains(ctx, m);
  await endAccess(ctx, userId, (em) => em.remove(m));
  forgetCached(ctx, userId);
  await recordAudit(ctx.platformEm, {
    actor: ctx.auth!,
    action: 'member.remove',
    entityType: 'Membership',
    entityId: m.id,
    organizationId: ctx.org!.orgId,
    details: { email: m.user.email },
  });
  return true;
}

// No access to the organization until reinstated, from the next request on; the membership and
// its role are kept.
export async function suspendMember(ctx: Context, userId: string): Promise<Member> {
  const m = await membershipOf(ctx, userId);
  if (m.status === MembershipStatus.SUSPENDED) return toMember(m);
  if (m.status !== MembershipStatus.ACTIVE) {
    throw conflict('An invitation cannot be suspended; remove it instead');
  }
  await assertAdminRemains(ctx, m);
  await endAccess(ctx, userId, (em) => {
    m.status = MembershipStatus.SUSPENDED;
    em.persist(m);
  });
  forgetCached(ctx, userId);
  await recordAudit(ctx.platformEm, {
    actor: ctx.auth!,
    action: 'member.suspend',
    entityType: 'Membership',
    entityId: m.id,
    organizationId: ctx.org!.orgId,
    details: { email: m.user.email },
  });
  return toMember(m);
}

export async function reinstateMember(ctx: Context, userId: string): Promise<Member> {
  const m = await membershipOf(ctx, userId);
  if (m.status === MembershipStatus.ACTIVE) return toMember(m);
  if (m.status !== MembershipStatus.SUSPENDED) {
    throw conflict('Only a suspended member can be reinstated');
  }
  m.status = MembershipStatus.ACTIVE;
  await ctx.platformEm.flush();
  ctx.services.memberships.invalidate(userId, ctx.org!.orgId);
  await recordAudit(ctx.platformEm, {
    actor: ctx.auth!,
    action: 'member.reinstate',
    entityType: 'Membership',
    entityId: m.id,
    organizationId: ctx.org!.orgId,
    details: { email: m.user.email },
  });
  return toMember(m);
}

async function findInvitation(em: EntityManager, token: string, lock = false) {
  const row = await selectInvitation(em, hashOpaqueToken(token), lock);
  if (!row) throw tokenError('TOKEN_INVALID');
  if (row.accepted_at) throw tokenError('TOKEN_USED');
  if (row.expired) throw tokenError('TOKEN_EXPIRED');
  return row;
}

export async function invitationInfo(ctx: Context, token: string): Promise<InvitationInfo> {
  const row = await findInvitation(ctx.platformEm, token);
  const org = await ctx.platformEm.findOneOrFail(Organization, row.organization_id);
  const user = await ctx.platformEm.findOneOrFail(User, row.user_id, {
    populate: ['passwordHash'],
  });
  return {
    email: user.email,
    organizationName: org.name,
    role: row.role,
    userExists: !!user.passwordHash,
  };
}

// A new user sets a name and password; the membership becomes active and they are signed in.
export async function acceptInvitation(
  ctx: Context,
  token: string,
  password: string,
  name?: string | null,
) {
  const userId = await ctx.platformEm.transactional(async (em: EntityManager) => {
    const row = await findInvitation(em, token, true);
    const user = await em.findOneOrFail(User, row.user_id, { populate: ['passwordHash'] });
    if (user.passwordHash) {
      throw badInput([], 'You already have an account: sign in with your password');
    }
    const weak = await checkPassword(password, 'password', [user.email, name]);
    if (weak) throw badInput([weak], weak.message);
    user.passwordHash = await hashPassword(password);
    if (name?.trim()) user.name = name.trim().slice(0, USER_NAME_MAX);
    await em.nativeUpdate(
      Membership,
      { user: user.id, organization: row.organization_id },
      { status: MembershipStatus.ACTIVE },
    );
    await markInvitationAccepted(em, row.id);
    ctx.services.memberships.invalidate(user.id, row.organization_id);
    return user.id;
  });
  const user = await ctx.platformEm.findOneOrFail(User, userId);
  return startSession(ctx, user, 'invitation');
}

// An existing user accepts while signed in: the invitation must be theirs (its email's account).
export async function joinOrganization(
  ctx: Context,
  token: string,
): Promise<OrganizationMembership> {
  const auth = ctx.auth!;
  // Joining is the person's own decision, not one a super admin makes while impersonating them.
  if (auth.impersonatedBy) throw forbidden('Stop impersonating to accept an invitation');
  const orgId = await ctx.platformEm.transactional(async (em: EntityManager) => {
    const row = await findInvitation(em, token, true);
    if (row.user_id !== auth.userId) {
      throw forbidden('This invitation is for another email address: sign in as that person');
    }
    await em.nativeUpdate(
      Membership,
      { user: row.user_id, organization: row.organization_id },
      { status: MembershipStatus.ACTIVE },
    );
    await markInvitationAccepted(em, row.id);
    return row.organization_id;
  });
  ctx.services.memberships.invalidate(auth.userId, orgId);
  const m = await ctx.platformEm.findOneOrFail(
    Membership,
    { user: auth.userId, organization: orgId },
    { populate: ['organization'] },
  );
  return {
    id: orgId,
    name: m.organization.name,
    role: m.role,
    status: m.organization.status,
    settings: settingsFor(m.role, m.organization.settings),
  };
}
