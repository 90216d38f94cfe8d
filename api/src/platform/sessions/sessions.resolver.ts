import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../../server/context.js';
import { login } from './sessions.service.js';
import { LoginPayload } from './sessions.types.js';

@Resolver()
export class SessionsResolver {
  @Mutation(() => LoginPayload, { description: 'Sign in with email and password' })
  login(
    @Arg('email', () => String) email: string,
    @Arg('password', () => String) password: string,
    @Ctx() ctx: Context,
  ): Promise<LoginPayload> {
    return login(ctx.platformEm, ctx.services.tokens, email, password);
  }
}
