import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import {
  beginSsoLink,
  beginSsoSignIn,
  linkedIdentities,
  listProviders,
  unlinkIdentity,
} from './sso.service.js';
import { LinkedIdentity, SsoAuthorization, SsoProvider } from './sso.types.js';

@Resolver()
export class SsoResolver {
  @Query(() => [SsoProvider], {
    description:
      'The identity providers this server offers sign-in with (none when not configured)',
  })
  ssoProviders(@Ctx() ctx: Context): SsoProvider[] {
    return listProviders(ctx);
  }

  @Query(() => [LinkedIdentity], {
    description: "The caller's accounts at identity providers, oldest first",
  })
  linkedIdentities(@Ctx() ctx: Context): Promise<LinkedIdentity[]> {
    return linkedIdentities(ctx);
  }

  @Mutation(() => SsoAuthorization, {
    description:
      'Start signing in with an identity provider. Only an account linked beforehand (`beginSsoLink`) signs in; an email match never does. The provider sends the browser back to /auth/sso/<provider>/callback, which opens the session and goes on to `redirect`, or to /login?sso=<reason> when refused. Rate limited like login',
  })
  beginSsoSignIn(
    @Arg('provider', () => String, { description: "'google' or 'microsoft'" }) provider: string,
    @Ctx() ctx: Context,
    @Arg('redirect', () => String, {
      nullable: true,
      description: 'A path in this app to land on after signing in (default /)',
    })
    redirect?: string | null,
  ): Promise<SsoAuthorization> {
    return beginSsoSignIn(ctx, provider, redirect);
  }

  @Mutation(() => SsoAuthorization, {
    description:
      "Start linking an account at an identity provider to the caller's user; the provider sends the browser back to /security?sso=linked (or taken, when that account belongs to another user). One account per provider. Refused while impersonating",
  })
  beginSsoLink(
    @Arg('provider', () => String, { description: "'google' or 'microsoft'" }) provider: string,
    @Ctx() ctx: Context,
  ): Promise<SsoAuthorization> {
    return beginSsoLink(ctx, provider);
  }

  @Mutation(() => Boolean, {
    description:
      "Unlink one of the caller's provider accounts; refused (BAD_USER_INPUT, reason LAST_SIGN_IN_METHOD) when it is the only way left to sign in (no password, passkey or other linked account)",
  })
  unlinkIdentity(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    return unlinkIdentity(ctx, id);
  }
}
