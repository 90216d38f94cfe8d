import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { mfaEnabledLoader } from '../mfa/index.js';
import { reinstateMember, suspendMember } from './members.service.js';
import { Member } from './members.types.js';

// Suspension of members of the current organization; the other member operations are resolved
// with the organization (organizations.resolver.ts).
@Resolver()
export class MembersResolver {
  @Mutation(() => Member, {
    description:
      'Suspend a member of the current organization: no access, tokens already issued included, until reinstated',
  })
  suspendMember(@Arg('userId', () => ID) userId: string, @Ctx() ctx: Context): Promise<Member> {
    return suspendMember(ctx, userId);
  }

  @Mutation(() => Member, { description: 'Give a suspended member their access back' })
  reinstateMember(@Arg('userId', () => ID) userId: string, @Ctx() ctx: Context): Promise<Member> {
    return reinstateMember(ctx, userId);
  }
}

@Resolver(() => Member)
export class MemberMfaResolver {
  @FieldResolver(() => Boolean, { description: 'The member has two-step sign-in on' })
  mfaEnabled(@Root() member: Member, @Ctx() ctx: Context): Promise<boolean> {
    return ctx.loaders.get(mfaEnabledLoader).load(member.userId);
  }
}
