import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import {
  impersonateUser,
  IMPERSONATION_REASON_MAX,
  logout,
  refreshSession,
  signOutEverywhere,
  stopImpersonating,
  switchOrganization,
} from './sessions.service.js';
import { SessionPayload } from './sessions.types.js';

@Resolver()
export class SessionsResolver {
  @Mutation(() => SessionPayload, {
    nullable: true,
    description:
      'Exchange the refresh cookie for a new access token (rotates the cookie). POST to /auth/graphql, where the cookie is sent. Null when the request carries no refresh cookie (signed out); UNAUTHENTICATED when the cookie is expired, revoked or reused',
  })
  refreshSession(
    @Ctx() ctx: Context,
    @Arg('organizationId', () => ID, { nullable: true }) organizationId?: string | null,
  ): Promise<SessionPayload | null> {
    return refreshSession(ctx, organizationId);
  }

  @Mutation(() => Boolean, {
    description: 'Revoke the refresh token and clear its cookie. POST to /auth/graphql',
  })
  logout(@Ctx() ctx: Context): Promise<boolean> {
    return logout(ctx);
  }

  @Mutation(() => Boolean, {
    description:
      'End every session of the signed-in user, this one included: refresh cookies are revoked and access tokens already issued stop working at once',
  })
  signOutEverywhere(@Ctx() ctx: Context): Promise<boolean> {
    return signOutEverywhere(ctx);
  }

  @Mutation(() => SessionPayload, { description: 'A new access token for another organization' })
  switchOrganization(
    @Arg('organizationId', () => ID) organizationId: string,
    @Ctx() ctx: Context,
  ): Promise<SessionPayload> {
    return switchOrganization(ctx, organizationId);
  }

  @Mutation(() => SessionPayload, {
    description:
      "Super admins: act as another user, for a reason kept in the audit trail and the user's sign-in history. The session lasts while its super admin stays one and keeps their own session",
  })
  impersonateUser(
    @Arg('userId', () => ID) userId: string,
    @Arg('reason', () => String, {
      description: `Why (a support ticket, what the user asked): 1 to ${IMPERSONATION_REASON_MAX} characters; blank is BAD_USER_INPUT`,
    })
    reason: string,
    @Ctx() ctx: Context,
  ): Promise<SessionPayload> {
    return impersonateUser(ctx, userId, reason);
  }

  @Mutation(() => SessionPayload, { description: "End an impersonation: the admin's own session" })
  stopImpersonating(@Ctx() ctx: Context): Promise<SessionPayload> {
    return stopImpersonating(ctx);
  }
}
