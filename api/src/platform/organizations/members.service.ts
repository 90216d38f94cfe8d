import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isEmail } from 'class-validator';
import { hashPassword } from '../../core/auth/passwords.js';
import { checkPassword } from '../../core/auth/password-policy.js';
import { hashOpaqueToken, newOpaqueToken } from '../../core/auth/opaque-tokens.js';
import { endAccessTokens } from '../../core/auth/refresh-tokens.js';
import { tokenError } from '../../core/auth/single-use-tokens.js';
import { badInput, conflict, notFound } from '../../core/errors/app-error.js';
import { assertId } from '../../core/ids.js';
import type { Context } from '../../core/context.js';
import { recordAudit } from '../admin/admin-audit.service.js';
import { startSession } from '../sessions/sessions.service.js';
import { Membership, MembershipStatus } from '../users/memberships.entity.js';
import { Role } from '../../core/roles.js';
import { User } from '../users/users.entity.js';
import { normalizeEmail } from '../users/users.service.js';
import {
  insertInvitation,
  markInvitationAccepted,
  selectInvitation,
} from './members.repository.js';
import type { InvitationInfo, Member } from './members.types.js';
import { Organization } from './organizations.entity.js';

const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

function toMember(m: Membership): Member {
  return {
    userId: m.user.id,
    email: m.user.email,
    name: m.user.name ?? null,
    role: m.role,
    status: m.status,
    joinedAt: m.createdAt,
  };
}

export async function listMembers(ctx: Context): Promise<Member[]> {
  const rows = await ctx.platformEm.find(
    Membership,
    { organization: ctx.org!.orgId },
    { populate: ['user'], orderBy: { user: { email: 'asc' } } },
  );
  return rows.map(toMember);
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

export async function inviteMember(ctx: Context, rawEmail: string, role: Role): Promise<Member> {
  const email = normalizeEmail(rawEmail);
  if (!isEmail(email)) throw badInput([{ field: 'email', message: 'Enter a valid email address' }]);
  const orgId = ctx.org!.orgId;
  const em = ctx.platformEm;
  const org = await em.findOneOrFail(Organization, orgId);
  let user = await em.findOne(User, { email }, { populate: ['passwordHash'] });
  if (user && (await em.count(Membership, { user: user.id, organization: orgId }))) {
    const message = `${email} is already a member`;
    throw conflict(message, [{ field: 'email', message }]);
  }
  const isNew = !user?.passwordHash;
  user ??= em.create(User, { email });
  const membership = em.create(Membership, {
    user,
    organization: orgId,
    role,
    status: isNew ? MembershipStatus.INVITED : MembershipStatus.ACTIVE,
  });
  await em.flush();
  ctx.services.memberships.invalidate(user.id, orgId);
  if (isNew) {
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
    const link = `${ctx.services.publicUrl}/activate?token=${encodeURIComponent(token)}`;
    await ctx.services.mailer.send({
      to: email,
      subject: `You are invited to ${org.name} on Covenant`,
      template: 'invitation',
      body: `You have been invited to join ${org.name} on Covenant as ${role}.\n\nSet your password and sign in (the link is valid 7 days): ${link}`,
    });
  } else {
    await ctx.services.mailer.send({
      to: email,
      subject: `You now have access to ${org.name} on Covenant`,
      template: 'membership-added',
      body: `You were added to ${org.name} on Covenant as ${role}. Sign in as usual and pick it in the organization menu: ${ctx.services.publicUrl}`,
    });
  }
  await recordAudit(em, {
    actor: ctx.auth!,
    action: 'member.invite',
    entityType: 'Membership',
    entityId: membership.id,
    organizationId: orgId,
    details: { email, role },
  });
  return toMember(membership);
}

export async function updateMemberRole(ctx: Context, userId: string, role: Role): Promise<Member> {
  const m = await membershipOf(ctx, userId);
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
    if (name?.trim()) user.name = name.trim().slice(0, 120);
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
