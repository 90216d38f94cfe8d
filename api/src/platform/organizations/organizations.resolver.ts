import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { Role } from '../../core/roles.js';
import { LoginPayload } from '../sessions/sessions.types.js';
import {
  acceptInvitation,
  invitationInfo,
  inviteMember,
  listMembers,
  removeMember,
  updateMemberRole,
} from './members.service.js';
import { InvitationInfo, Member } from './members.types.js';
import { updateOrganizationSettings } from './organizations.service.js';

@Resolver()
export class OrganizationsResolver {
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
