import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import type { MfaChallenge } from '../mfa/index.js';
import { LoginPayload } from '../sessions/index.js';
import { login, register } from './sign-in.service.js';
import { LoginResult, RegisterInput } from './sign-in.types.js';

@Resolver()
export class SignInResolver {
  @Mutation(() => LoginResult, {
    description:
      'Sign in with email and password: a LoginPayload (and the refresh cookie, 30 days), or an MfaChallenge to finish with `verifyMfa` when the account has two-step sign-in on',
  })
  login(
    @Arg('email', () => String) email: string,
    @Arg('password', () => String) password: string,
    @Ctx() ctx: Context,
  ): Promise<LoginPayload | MfaChallenge> {
    return login(ctx, email, password);
  }

  @Mutation(() => LoginPayload, {
    description: 'Create an account and a new association (only with open registration on)',
  })
  register(
    @Arg('input', () => RegisterInput) input: RegisterInput,
    @Ctx() ctx: Context,
  ): Promise<LoginPayload> {
    return register(ctx, input);
  }
}
