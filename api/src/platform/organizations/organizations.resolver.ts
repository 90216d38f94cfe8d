import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { DEFAULT_FISCAL_YEAR_START_MONTH, DEFAULT_TIME_ZONE } from '../../core/dates.js';
import { Role } from '../../core/roles.js';
import { findTenant } from '../../core/tenancy/tenant-door.js';
import { LoginPayload } from '../sessions/sessions.types.js';
import { OrganizationMembership } from '../users/users.types.js';
import {
  acceptInvitation,
  invitationInfo,
  inviteMember,
  listMembers,
  removeMember,
  updateMemberRole,
} from './members.service.js';
import { InvitationInfo, Member } from './members.types.js';
import { OrganizationCalendarInput } from './organizations.inputs.js';
import { updateOrganizationCalendar, updateOrganizationSettings } from './organizations.service.js';
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
      "Merge a partial settings object (e.g. { onboardingComplete: true }) into the current organization's settings",
  })
  updateOrganizationSettings(
    @Arg('patch', () => GraphQLJSONObject) patch: Record<string, unknown>,
    @Ctx() ctx: Context,
  ): Promise<Record<string, unknown>> {
    return updateOrganizationSettings(ctx.platformEm, ctx.org!.orgId, patch);
  }

  @Query(() => [Member], { description: 'Members of the current organization (admins)' })
  members(@Ctx() ctx: Context): Promise<Member[]> {
    return listMembers(ctx);
  }

  @Mutation(() => Member, {
    description:
      'Invite by email; a new user gets an activation link, an existing one access at once',
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

  @Query(() => InvitationInfo, { description: 'What an invitation link is for (public)' })
  invitation(@Arg('token', () => String) token: string, @Ctx() ctx: Context) {
    return invitationInfo(ctx, token);
  }

  @Mutation(() => LoginPayload, { description: 'Accept an invitation: set a password and sign in' })
  acceptInvitation(
    @Arg('token', () => String) token: string,
    @Arg('password', () => String) password: string,
    @Ctx() ctx: Context,
    @Arg('name', () => String, { nullable: true }) name?: string | null,
  ): Promise<LoginPayload> {
    return acceptInvitation(ctx, token, password, name);
  }
}
