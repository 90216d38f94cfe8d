import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, Field, ID, ObjectType, Query, Resolver } from 'type-graphql';
import { isId } from '../../core/ids.js';
import { sql } from '../../db/sql.js';
import { User } from '../../platform/users/user.entity.js';
import type { Context } from '../../core/context.js';

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
  async auditLog(
    @Arg('entityType', () => String) entityType: string,
    @Arg('entityId', () => ID) entityId: string,
    @Ctx() ctx: Context,
  ): Promise<AuditLogEntry[]> {
    if (!isId(entityId)) return [];
    const rows = await sql(ctx.em).all<{
      id: string;
      entity_type: string;
      entity_id: string;
      action: string;
      user_id: string | null;
      impersonated_by: string | null;
      changes: Record<string, unknown>;
      created_at: string;
    }>(
      `SELECT id, entity_type, entity_id, action, user_id, impersonated_by, changes, created_at
         FROM audit_log WHERE entity_type = ? AND entity_id = ? ORDER BY created_at, id`,
      [entityType, entityId],
    );
    const userIds = [...new Set(rows.flatMap((r) => [r.user_id, r.impersonated_by]))].filter(
      (x): x is string => !!x,
    );
    const users = userIds.length
      ? await ctx.platformEm.find(User, { id: { $in: userIds } }, { fields: ['id', 'email'] })
      : [];
    const email = new Map(users.map((u) => [u.id, u.email]));
    return rows.map((r) => ({
      id: r.id,
      entityType: r.entity_type,
      entityId: r.entity_id,
      action: r.action,
      userEmail: r.user_id ? (email.get(r.user_id) ?? null) : null,
      impersonatedByEmail: r.impersonated_by ? (email.get(r.impersonated_by) ?? null) : null,
      changes: r.changes,
      createdAt: new Date(r.created_at),
    }));
  }
}
