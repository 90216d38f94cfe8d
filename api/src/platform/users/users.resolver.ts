import { Ctx, Query, Resolver } from 'type-graphql';
import { unauthenticated } from '../../core/errors/app-error.js';
import type { Context } from '../../server/context.js';
import { User } from './user.entity.js';
import { activeMemberships } from './users.service.js';
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
    return { user, organizations, organization: current ?? null };
  }
}
