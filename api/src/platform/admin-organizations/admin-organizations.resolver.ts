import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { OrganizationStatus } from '../../core/roles.js';
import {
  CreateTenantInput,
  OrganizationPlanInput,
  OrganizationSettingsInput,
} from './admin-organizations.inputs.js';
import {
  adminOrganization,
  adminOrganizations,
  createTenant,
  setOrganizationStatusByAdmin,
  updateOrganizationPlan,
  updateOrganizationSettingsByAdmin,
} from './admin-organizations.service.js';
import {
  AdminOrganizationDetail,
  AdminOrganizationList,
  PlanLevel,
} from './admin-organizations.types.js';

// The admin panel's Organizations tab (super admins only: permissions.ts).
@Resolver()
export class AdminOrganizationsResolver {
  @Query(() => AdminOrganizationList, {
    description:
      'Super admins: organizations by name, searched in the name and filtered by status and plan, with counts per status and plan',
  })
  adminOrganizations(
    @Ctx() ctx: Context,
    @Arg('search', () => String, { nullable: true }) search?: string | null,
    @Arg('status', () => OrganizationStatus, { nullable: true }) status?: OrganizationStatus | null,
    @Arg('planLevel', () => PlanLevel, { nullable: true }) planLevel?: PlanLevel | null,
    @Arg('limit', () => Int, { nullable: true, description: '1 to 200; 100 when omitted' })
    limit?: number | null,
  ): Promise<AdminOrganizationList> {
    return adminOrganizations(ctx, { search, status, planLevel }, limit);
  }

  @Query(() => AdminOrganizationDetail, {
    description:
      'Super admins: an organization with members, status history, plan, settings, database size and last activity',
  })
  adminOrganization(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: Context,
  ): Promise<AdminOrganizationDetail> {
    return adminOrganization(ctx, id);
  }

  @Mutation(() => AdminOrganizationDetail, {
    description:
      'Super admins: create a tenant (organization, database, first admin invited by email) in one call; on any failure nothing is left behind',
  })
  async createTenant(
    @Arg('input', () => CreateTenantInput) input: CreateTenantInput,
    @Ctx() ctx: Context,
  ): Promise<AdminOrganizationDetail> {
    const id = await createTenant(ctx.services, ctx.auth!, input);
    return adminOrganization(ctx, id);
  }

  @Mutation(() => AdminOrganizationDetail, {
    description:
      'Super admins: set an organization active, suspended or archived (recorded in its status history; audited). Suspended and archived organizations cannot be signed into: at once on this server, within 60 s everywhere',
  })
  setOrganizationStatus(
    @Arg('id', () => ID) id: string,
    @Arg('status', () => OrganizationStatus) status: OrganizationStatus,
    @Ctx() ctx: Context,
    @Arg('reason', () => String, { nullable: true }) reason?: string | null,
  ): Promise<AdminOrganizationDetail> {
    return setOrganizationStatusByAdmin(ctx, id, status, reason);
  }

  @Mutation(() => AdminOrganizationDetail, {
    description: "Super admins: replace an organization's plan and subscription fields; audited",
  })
  updateOrganizationPlan(
    @Arg('input', () => OrganizationPlanInput) input: OrganizationPlanInput,
    @Ctx() ctx: Context,
  ): Promise<AdminOrganizationDetail> {
    return updateOrganizationPlan(ctx, input);
  }

  @Mutation(() => AdminOrganizationDetail, {
    description:
      "Super admins: set an organization's settings (ideation flag, onboarding, locale, currency); audited",
  })
  adminUpdateOrganizationSettings(
    @Arg('input', () => OrganizationSettingsInput) input: OrganizationSettingsInput,
    @Ctx() ctx: Context,
  ): Promise<AdminOrganizationDetail> {
    return updateOrganizationSettingsByAdmin(ctx, input);
  }
}
