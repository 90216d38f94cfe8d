import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { Paged } from '../../core/graphql/connection.js';
import { ideaOrganizations, MAX_IDEAS_PAGE } from './ideas.repository.js';
import {
  adminIdeas,
  organizationIdeas,
  setIdeaAdminNote,
  setIdeaStatus,
  submitIdea,
} from './ideas.service.js';
import {
  Idea,
  IdeaConnection,
  type IdeaListResult,
  IdeaStatus,
  IdeaOrganization,
  IdeaStatusCount,
  SubmitIdeaInput,
} from './ideas.types.js';

@Resolver()
export class IdeasResolver {
  @Mutation(() => Idea, {
    description:
      'Submit an idea for the current organization; FORBIDDEN unless its settings turn ideation on (ideationEnabled)',
  })
  submitIdea(
    @Arg('input', () => SubmitIdeaInput) input: SubmitIdeaInput,
    @Ctx() ctx: Context,
  ): Promise<Idea> {
    return submitIdea(ctx, input);
  }

  @Query(() => IdeaConnection, {
    description:
      "The current organization's ideas and their statuses, newest first; FORBIDDEN unless ideation is on",
  })
  @Paged(MAX_IDEAS_PAGE, 'ideas')
  ideas(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { defaultValue: 50 }) first: number = 50,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
  ): Promise<IdeaListResult> {
    return organizationIdeas(ctx, first, after);
  }

  @Query(() => IdeaConnection, {
    description:
      "Every organization's ideas, newest first, filtered by status and organization and searched in title, description and organization name (super admins); `statusCounts` gives the summary per status",
  })
  @Paged(MAX_IDEAS_PAGE, 'ideas')
  adminIdeas(
    @Ctx() ctx: Context,
    @Arg('status', () => IdeaStatus, { nullable: true }) status?: IdeaStatus | null,
    @Arg('organizationId', () => ID, { nullable: true }) organizationId?: string | null,
    @Arg('search', () => String, { nullable: true }) search?: string | null,
    @Arg('first', () => Int, { defaultValue: 50 }) first: number = 50,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
  ): Promise<IdeaListResult> {
    return adminIdeas(ctx, { status, organizationId, search }, first, after);
  }

  @Query(() => [IdeaOrganization], {
    description: 'Organizations that have submitted ideas, by name (super admins; the filter)',
  })
  adminIdeaOrganizations(@Ctx() ctx: Context): Promise<IdeaOrganization[]> {
    return ideaOrganizations(ctx.platformEm);
  }

  @Mutation(() => Idea, { description: 'Move an idea to a status (super admins); audited' })
  setIdeaStatus(
    @Arg('id', () => ID) id: string,
    @Arg('status', () => IdeaStatus) status: IdeaStatus,
    @Ctx() ctx: Context,
  ): Promise<Idea> {
    return setIdeaStatus(ctx, id, status);
  }

  @Mutation(() => Idea, {
    description:
      'Replace the private admin note of an idea (super admins; an empty note clears it); audited without its text',
  })
  setIdeaAdminNote(
    @Arg('id', () => ID) id: string,
    @Arg('note', () => String) note: string,
    @Ctx() ctx: Context,
  ): Promise<Idea> {
    return setIdeaAdminNote(ctx, id, note);
  }
}

// The summary cards of the admin list: counts per status over its organization and search filters.
@Resolver(() => IdeaConnection)
export class IdeaConnectionResolver {
  @FieldResolver(() => [IdeaStatusCount], {
    description:
      'Ideas per status (every status, zeros included) over the organization and search filters, whatever the status filter; empty on lists other than adminIdeas',
  })
  statusCounts(@Root() list: IdeaListResult): Promise<IdeaStatusCount[]> | IdeaStatusCount[] {
    return list.statusCounts ? list.statusCounts() : [];
  }
}
