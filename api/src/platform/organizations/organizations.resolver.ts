import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { DEFAULT_FISCAL_YEAR_START_MONTH, DEFAULT_TIME_ZONE } from '../../core/dates.js';
import { Role } from '../../core/roles.js';
import { findTenant } from '../../core/tenancy/tenant-door.js';
import { LoginPayload } from '../sessions/index.js';
import { OrganizationMembership } from '../users/index.js';
import {
  acceptInvitation,
  invitationInfo,
  inviteMember,
  issueInvitationLink,
  joinOrganization,
  listMembers,
  listPendingInvitations,
  removeMember,
  resendInvitation,
  updateMemberRole,
} from './members.service.js';
import { InvitationInfo, InvitationLink, Member, PendingInvitation } from './members.types.js';
import { OrganizationCalendarInput } from './organizations.inputs.js';
import {
  updateOrganizationCalendar,
  updateOwnOrganizationSettings,
} from './organizations.service.js';
import { OrganizationCalendar } from './organizations.types.js';

// The calendar of an organization as requests read it: from its (cached) directory entry.
async function calendarOf(ctx: Context, orgId: string) {
  const entry = await findTenant(ctx.services, orgId);
  return {
    timeZone: entry?.timeZone ?? DEFAULT_TIME_ZONE,
    fiscalYearStartMonth: entry?.fiscalYearStartMonth ?? DEFAULT_FISCAL_YEAR_START_MONTH,
  };
}

// Also resolves the calendar fields of a membership (`me`, sessions), so the web app reads
// "today" and the fiscal year in the association's own calendar.
@Resolver(() => OrganizationMembership)
export class OrganizationsResolver {
  @FieldResolver(() => String, {
    description: 'IANA time zone of the association\'s calendar: its "today" is read there',
  })
  async timeZone(@Root() m: OrganizationMembership, @Ctx() ctx: Context): Promise<string> {
    return (await calendarOf(ctx, m.id)).timeZone;
  }

  @FieldResolver(() => Int, {
    description:
      'First month (1 to 12) of the fiscal year; a fiscal year is named by the calendar year it ends in',
  })
  async fiscalYearStartMonth(
    @Root() m: OrganizationMembership,
    @Ctx() ctx: Context,
  ): Promise<number> {
    return (await calendarOf(ctx, m.id)).fiscalYearStartMonth;
  }

  @Mutation(() => OrganizationCalendar, {
    description:
      'Set the time zone and fiscal-year start of the current organization (its admins) or of any organization (super admins); audited. The start month cannot change while a budget holds amounts (CONFLICT naming the years)',
  })
  updateOrganizationCalendar(
    @Arg('input', () => OrganizationCalendarInput) input: OrganizationCalendarInput,
    @Ctx() ctx: Context,
  ): Promise<OrganizationCalendar> {
    return updateOrganizationCalendar(ctx, input);
  }

  @Mutation(() => GraphQLJSONObject, {
    description:
      "Set some of the current organization's settings (e.g. { onboardingComplete: true }); answers all of them. The keys: onboardingComplete (Boolean, members who can write), requireMfa (Boolean, admins), locale (BCP 47, admins), currency (ISO 4217, admins), ideationEnabled (Boolean, super admins); a blank or null locale or currency removes it. Any other key is BAD_USER_INPUT; a key the caller may not set is FORBIDDEN naming it, and nothing is written",
  })
  updateOrganizationSettings(
    @Arg('patch', () => GraphQLJSONObject) patch: Record<string, unknown>,
    @Ctx() ctx: Context,
  ): Promise<Record<string, unknown>> {
    return updateOwnOrganizationSettings(ctx, patch);
  }

  @Query(() => [Member], { description: 'Members of the current organization (admins)' })
  members(@Ctx() ctx: Context): Promise<Member[]> {
    return listMembers(ctx);
  }

  @Mutation(() => Member, {
    description:
      'Invite by email: a pending (INVITED) member until the invitee accepts through the emailed link; the same answer whether or not the email has an account',
  })
  inviteMember(
    @Arg('email', () => String) email: string,
    @Arg('role', () => Role) role: Role,
    @Ctx() ctx: Context,
  ): Promise<Member> {
    return inviteMember(ctx, email, role);
  }

  @Mutation(() => Member)
  updateMemberRole(
    @Arg('userId', () => ID) userId: string,
    @Arg('role', () => Role) role: Role,
    @Ctx() ctx: Context,
  ): Promise<Member> {
    return updateMemberRole(ctx, userId, role);
  }

  @Mutation(() => Boolean)
  removeMember(@Arg('userId', () => ID) userId: string, @Ctx() ctx: Context): Promise<boolean> {
    return removeMember(ctx, userId);
  }

  @Query(() => [PendingInvitation], {
    description: 'Invitations of the current organization not accepted yet (admins)',
  })
  pendingInvitations(@Ctx() ctx: Context): Promise<PendingInvitation[]> {
    return listPendingInvitations(ctx);
  }

  @Query(() => Boolean, {
    description:
      'Whether this server delivers email (SMTP_URL set); otherwise emails only reach the server log (admins)',
  })
  emailDeliveryConfigured(@Ctx() ctx: Context): boolean {
    return ctx.services.mailer.delivers;
  }

  @Mutation(() => PendingInvitation, {
    description:
      'Email a pending invitation again with a new link; the previous link stops working',
  })
  resendInvitation(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: Context,
  ): Promise<PendingInvitation> {
    return resendInvitation(ctx, id);
  }

  @Mutation(() => InvitationLink, {
    description:
      'A new link of a pending invitation for the admin to pass on (no email); the previous link stops working',
  })
  issueInvitationLink(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: Context,
  ): Promise<InvitationLink> {
    return issueInvitationLink(ctx, id);
  }

  @Mutation(() => OrganizationMembership, {
    description:
      'Accept an invitation as the signed-in user it was sent to (an existing account); FORBIDDEN for anyone else',
  })
  joinOrganization(
    @Arg('token', () => String) token: string,
    @Ctx() ctx: Context,
  ): Promise<OrganizationMembership> {
    return joinOrganization(ctx, token);
  }

  @Query(() => InvitationInfo, { description: 'What an invitation link is for (public)' })
  invitation(@Arg('token', () => String) token: string, @Ctx() ctx: Context) {
    return invitationInfo(ctx, token);
  }

  @Mutation(() => LoginPayload, {
    description:
      'Accept an invitation as a new user: set a password and sign in (an existing account uses joinOrganization)',
  })
  acceptInvitation(
    @Arg('token', () => String) token: string,
    @Arg('password', () => String) password: string,
    @Ctx() ctx: Context,
    @Arg('name', () => String, { nullable: true }) name?: string | null,
  ): Promise<LoginPayload> {
    return acceptInvitation(ctx, token, password, name);
  }
}
