import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { tenantHealthReport } from './tenant-health.service.js';
import { TenantHealthOrder, TenantHealthReport } from './tenant-health.types.js';

@Resolver()
export class TenantHealthResolver {
  @Query(() => TenantHealthReport, {
    description:
      "Super admins: every organization's health score (0 to 100) with each input's values, sub-score and weight, the formula, and the stored weekly scores of the last 12 weeks. Stores this week's snapshot of an organization that has none. Organizations whose books cannot be read are listed with the reason",
  })
  adminTenantHealth(
    @Arg('orderBy', () => TenantHealthOrder, { defaultValue: TenantHealthOrder.SCORE_ASC })
    orderBy: TenantHealthOrder,
    @Ctx() ctx: Context,
  ): Promise<TenantHealthReport> {
    return tenantHealthReport(ctx.services, ctx.platformEm, orderBy);
  }
}
