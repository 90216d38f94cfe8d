import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { AdminUserDetail } from '../admin/index.js';
import { LoginPayload } from '../sessions/index.js';
import { User, OrganizationMembership } from '../users/index.js';
import { mfaEnabledLoader } from './mfa.loaders.js';
import {
  beginMfaSetup,
  confirmMfaSetup,
  disableMfa,
  mfaStatus,
  regenerateRecoveryCodes,
  verifyMfa,
} from './mfa.service.js';
import { MfaSetup, MfaStatus, RecoveryCodes } from './mfa.types.js';

const CODE_DESCRIPTION =
  'A 6-digit code from the authenticator app, or an unused recovery code (abcd-efgh-ijkl)';

@Resolver()
export class MfaResolver {
  @Query(() => MfaStatus, { description: "The caller's two-step sign-in (authenticator app)" })
  mfaStatus(@Ctx() ctx: Context): Promise<MfaStatus> {
    return mfaStatus(ctx);
  }

  @Mutation(() => LoginPayload, {
    description:
      'The second step of signing in, after `login` answered an MfaChallenge: a wrong code is UNAUTHENTICATED (reason MFA_CODE_INVALID); an expired or spent challenge is UNAUTHENTICATED (reason MFA_CHALLENGE_EXPIRED / MFA_CHALLENGE_USED): sign in again. Rate limited like login',
  })
  verifyMfa(
    @Arg('challengeToken', () => String) challengeToken: string,
    @Arg('code', () => String, { description: CODE_DESCRIPTION }) code: string,
    @Ctx() ctx: Context,
  ): Promise<LoginPayload> {
    return verifyMfa(ctx, challengeToken, code);
  }

  @Mutation(() => MfaSetup, {
    description:
      'Start turning on two-step sign-in: a new secret to add to an authenticator app, then `confirmMfaSetup` with a code from it',
  })
  beginMfaSetup(@Ctx() ctx: Context): Promise<MfaSetup> {
    return beginMfaSetup(ctx);
  }

  @Mutation(() => RecoveryCodes, {
    description:
      'Turn two-step sign-in on with a first code from the app; answers 10 recovery codes, shown only this once',
  })
  async confirmMfaSetup(
    @Arg('code', () => String) code: string,
    @Ctx() ctx: Context,
  ): Promise<RecoveryCodes> {
    return { codes: await confirmMfaSetup(ctx, code) };
  }

  @Mutation(() => Boolean, { description: 'Turn two-step sign-in off (needs a current code)' })
  disableMfa(
    @Arg('code', () => String, { description: CODE_DESCRIPTION }) code: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    return disableMfa(ctx, code);
  }

  @Mutation(() => RecoveryCodes, {
    description:
      'Replace every recovery code with 10 new ones, shown only this once (needs a current code)',
  })
  async regenerateRecoveryCodes(
    @Arg('code', () => String, { description: CODE_DESCRIPTION }) code: string,
    @Ctx() ctx: Context,
  ): Promise<RecoveryCodes> {
    return { codes: await regenerateRecoveryCodes(ctx, code) };
  }
}

// Only the signed-in user (or the super admin behind an impersonation) is ever shown a User.
@Resolver(() => User)
export class UserMfaResolver {
  @FieldResolver(() => Boolean, { description: 'Two-step sign-in (authenticator app) is on' })
  mfaEnabled(@Root() user: User, @Ctx() ctx: Context): Promise<boolean> {
    return ctx.loaders.get(mfaEnabledLoader).load(user.id);
  }
}

@Resolver(() => AdminUserDetail)
export class AdminUserMfaResolver {
  @FieldResolver(() => Boolean, { description: 'The user has two-step sign-in on' })
  mfaEnabled(@Root() user: AdminUserDetail, @Ctx() ctx: Context): Promise<boolean> {
    return ctx.loaders.get(mfaEnabledLoader).load(user.id);
  }
}

@Resolver(() => OrganizationMembership)
export class MembershipMfaResolver {
  @FieldResolver(() => Boolean, {
    description:
      "The organization requires two-step sign-in (its requireMfa setting): without it on, the organization's operations answer MFA_REQUIRED until it is set up",
  })
  mfaRequired(@Root() m: OrganizationMembership): boolean {
    return m.settings?.requireMfa === true;
  }
}
