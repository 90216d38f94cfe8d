import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service.js';
import { ApiToken, CreateApiTokenInput, CreatedApiToken } from './api-tokens.types.js';

const OWN_SIGN_IN =
  'Needs your own sign-in: refused while impersonating and for requests made with an API token';

@Resolver()
export class ApiTokensResolver {
  @Query(() => [ApiToken], {
    description: `Your personal API tokens, newest first, revoked and expired ones included. ${OWN_SIGN_IN}`,
  })
  apiTokens(@Ctx() ctx: Context): Promise<ApiToken[]> {
    return listApiTokens(ctx);
  }

  @Mutation(() => CreatedApiToken, {
    description: `Create a personal API token for one organization you are an active member of (another id is NOT_FOUND). The token is in the answer only this once. ${OWN_SIGN_IN}`,
  })
  createApiToken(
    @Arg('input', () => CreateApiTokenInput) input: CreateApiTokenInput,
    @Ctx() ctx: Context,
  ): Promise<CreatedApiToken> {
    return createApiToken(ctx, input);
  }

  @Mutation(() => ApiToken, {
    description: `Revoke one of your API tokens: refused at once by this server, within seconds by every other. ${OWN_SIGN_IN}`,
  })
  revokeApiToken(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<ApiToken> {
    return revokeApiToken(ctx, id);
  }
}
