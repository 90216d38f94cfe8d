import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { adminDashboard } from './admin-dashboard.service.js';
import { AdminDashboard } from './admin-dashboard.types.js';
import { adminEmailLog, adminUser, adminUsers, setSuperadmin } from './admin-users.service.js';
import { AdminEmailList, AdminUserDetail, AdminUserList } from './admin-users.types.js';

// The admin panel's Dashboard, Users and Email log (super admins only: permissions.ts).
@Resolver()
export class AdminResolver {
  @Query(() => AdminDashboard, { description: 'Super admins: platform figures and charts' })
  adminDashboard(@Ctx() ctx: Context): Promise<AdminDashboard> {
    return adminDashboard(ctx);
  }

  @Query(() => AdminUserList, {
    description: 'Super admins: users by email, searched in email and name (at most `limit`)',
  })
  adminUsers(
    @Ctx() ctx: Context,
    @Arg('search', () => String, { nullable: true }) search?: string | null,
    @Arg('limit', () => Int, { nullable: true, description: '1 to 200; 50 when omitted' })
    limit?: number | null,
  ): Promise<AdminUserList> {
    return adminUsers(ctx, search, limit);
  }

  @Query(() => AdminUserDetail, {
    description: 'Super admins: a user with memberships and recent sign-ins',
  })
  adminUser(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<AdminUserDetail> {
    return adminUser(ctx, id);
  }

  @Query(() => AdminEmailList, {
    description:
      'Super admins: logged emails, newest first, searched in recipient, subject and template',
  })
  adminEmailLog(
    @Ctx() ctx: Context,
    @Arg('search', () => String, { nullable: true }) search?: string | null,
    @Arg('limit', () => Int, { nullable: true, description: '1 to 200; 50 when omitted' })
    limit?: number | null,
  ): Promise<AdminEmailList> {
    return adminEmailLog(ctx, search, limit);
  }

  @Mutation(() => AdminUserDetail, {
    description:
      "Super admins: grant or revoke super admin (refused for the platform owner and for removing one's own)",
  })
  setSuperadmin(
    @Arg('userId', () => ID) userId: string,
    @Arg('value', () => Boolean) value: boolean,
    @Ctx() ctx: Context,
  ): Promise<AdminUserDetail> {
    return setSuperadmin(ctx, userId, value);
  }
}
