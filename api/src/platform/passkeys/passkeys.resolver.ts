import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { LoginPayload } from '../sessions/index.js';
import {
  beginPasskeyRegistration,
  beginPasskeySignIn,
  deletePasskey,
  finishPasskeyRegistration,
  finishPasskeySignIn,
  listPasskeys,
  renamePasskey,
} from './passkeys.service.js';
import { Passkey, PasskeyCeremony } from './passkeys.types.js';

@Resolver()
export class PasskeysResolver {
  @Query(() => [Passkey], { description: "The caller's passkeys, oldest first" })
  passkeys(@Ctx() ctx: Context): Promise<Passkey[]> {
    return listPasskeys(ctx);
  }

  @Mutation(() => PasskeyCeremony, {
    description:
      "Start adding a passkey to the caller's account: creation options (a discoverable credential, user verification required) for the browser. Refused while impersonating",
  })
  beginPasskeyRegistration(@Ctx() ctx: Context): Promise<PasskeyCeremony> {
    return beginPasskeyRegistration(ctx);
  }

  @Mutation(() => Passkey, {
    description:
      'Finish adding a passkey with the browser\'s registration response. An expired or spent challenge is BAD_USER_INPUT on challengeId; a response that does not verify, BAD_USER_INPUT on response. Without a name it is called "Passkey N"',
  })
  finishPasskeyRegistration(
    @Arg('challengeId', () => ID) challengeId: string,
    @Arg('response', () => GraphQLJSONObject, {
      description: 'RegistrationResponseJSON (what startRegistration answers)',
    })
    response: Record<string, unknown>,
    @Ctx() ctx: Context,
    @Arg('name', () => String, { nullable: true, description: '1 to 60 characters' })
    name?: string | null,
  ): Promise<Passkey> {
    return finishPasskeyRegistration(ctx, challengeId, response, name);
  }

  @Mutation(() => Passkey, { description: "Rename one of the caller's passkeys" })
  renamePasskey(
    @Arg('id', () => ID) id: string,
    @Arg('name', () => String, { description: '1 to 60 characters' }) name: string,
    @Ctx() ctx: Context,
  ): Promise<Passkey> {
    return renamePasskey(ctx, id, name);
  }

  @Mutation(() => Boolean, {
    description: "Delete one of the caller's passkeys; it no longer signs in",
  })
  deletePasskey(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    return deletePasskey(ctx, id);
  }

  @Mutation(() => PasskeyCeremony, {
    description:
      'Start signing in with a passkey (no email needed): request options with no allowed credentials, so the authenticator offers the passkeys it holds. Rate limited like login',
  })
  beginPasskeySignIn(@Ctx() ctx: Context): Promise<PasskeyCeremony> {
    return beginPasskeySignIn(ctx);
  }

  @Mutation(() => LoginPayload, {
    description:
      "Finish signing in with the browser's authentication response; also sets the refresh cookie. Refusals are UNAUTHENTICATED with a reason: PASSKEY_CHALLENGE_EXPIRED / PASSKEY_CHALLENGE_USED (start again), PASSKEY_UNKNOWN, PASSKEY_INVALID, PASSKEY_COUNTER (the signature counter went backwards: possibly a cloned authenticator). A passkey with user verification is two factors, so no authenticator-app code follows",
  })
  finishPasskeySignIn(
    @Arg('challengeId', () => ID) challengeId: string,
    @Arg('response', () => GraphQLJSONObject, {
      description: 'AuthenticationResponseJSON (what startAuthentication answers)',
    })
    response: Record<string, unknown>,
    @Ctx() ctx: Context,
  ): Promise<LoginPayload> {
    return finishPasskeySignIn(ctx, challengeId, response);
  }
}
