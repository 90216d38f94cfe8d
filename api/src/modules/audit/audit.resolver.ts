import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, Field, ID, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { auditLog } from './audit.service.js';

@ObjectType({ description: 'One recorded write: who (and as whom), what, when' })
class AuditLogEntry {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  entityType: string;

  @Field(() => ID)
  entityId: string;

  @Field(() => String, { description: 'create, update, archive, restore, post, reverse, …' })
  action: string;

  @Field(() => String, { nullable: true, description: 'Email of the user who made the change' })
  userEmail: string | null;

  @Field(() => String, { nullable: true, description: 'Email of the impersonating admin, if any' })
  impersonatedByEmail: string | null;

  @Field(() => GraphQLJSONObject, { description: 'Changed fields as { field: { before, after } }' })
  changes: Record<string, unknown>;

  @Field(() => Date)
  createdAt: Date;
}

@Resolver()
export class AuditResolver {
  @Query(() => [AuditLogEntry], { description: 'History of one record, oldest first' })
  auditLog(
    @Arg('entityType', () => String) entityType: string,
    @Arg('entityId', () => ID) entityId: string,
    @Ctx() ctx: Context,
  ): Promise<AuditLogEntry[]> {
    return auditLog(ctx.em, ctx.platformEm, entityType, entityId);
  }
}
