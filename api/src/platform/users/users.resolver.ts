import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { unauthenticated } from '../../core/errors/app-error.js';
import type { Context } from '../../core/context.js';
import { changePassword, requestPasswordReset, resetPassword } from './passwords.service.js';
import { User } from './users.entity.js';
import { UpdateProfileInput } from './users.inputs.js';
import { activeMemberships, updateProfile } from './users.service.js';
import { Me } from './users.types.js';

@Resolver()
export class UsersResolver {
  @Query(() => Me, { description: 'The signed-in user and their organizations' })
  async me(@Ctx() ctx: Context): Promise<Me> {
    const auth = ctx.auth!;
    const user = await ctx.platformEm.findOne(User, auth.userId);
    if (!user) throw unauthenticated('User no longer exists');
    const organizations = await activeMemberships(ctx.platformEm, user.id);
    const current = ctx.org && organizations.find((o) => o.id === ctx.org!.orgId);
    const impersonatedBy = auth.impersonatedBy
      ? await ctx.platformEm.findOne(User, auth.impersonatedBy)
      : null;
    return { user, organizations, organization: current ?? null, impersonatedBy };
  }

  @Mutation(() => User, { description: 'Record that the intro tour was seen (viewers too)' })
  async markIntroSeen(@Ctx() ctx: Context): Promise<User> {
    const user = await ctx.platformEm.findOne(User, ctx.auth!.userId);
    if (!user) throw unauthenticated('User no longer exists');
    user.hasSeenIntro = true;
    await ctx.platformEm.flush();
    return user;
  }

  @Mutation(() => User, { description: 'Change your own details (your name)' })
  updateProfile(
    @Arg('input', () => UpdateProfileInput) input: UpdateProfileInput,
    @Ctx() ctx: Context,
  ): Promise<User> {
    return updateProfile(ctx, input);
  }

  @Mutation(() => Boolean, {
    description: 'Email a password reset link (valid 15 minutes); same answer for any email',
  })
  requestPasswordReset(
    @Arg('email', () => String) email: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    return requestPasswordReset(ctx, email);
  }

  @Mutation(() => Boolean, { description: 'Set a new password with a reset link token' })
  resetPassword(
    @Arg('token', () => String) token: string,
    @Arg('newPassword', () => String) newPassword: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    return resetPassword(ctx, token, newPassword);
  }

  @Mutation(() => Boolean, { description: 'Change your password; signs out your other sessions' })
  changePassword(
    @Arg('currentPassword', () => String) currentPassword: string,
    @Arg('newPassword', () => String) newPassword: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    return changePassword(ctx, currentPassword, newPassword);
  }
}
