import { assertPlanIncludesAi } from '../../core/plans.js';
import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { unauthenticated } from '../../core/errors/app-error.js';
import { PlannedInvestment } from '../investments/index.js';
import { PlanningRateInput } from './ai-planning.inputs.js';
import {
  addRecommendationToPlan,
  findRecommendation,
  listRecommendations,
  organizationLocale,
  planningSettings,
  requestRecommendation,
  setPlanningRates,
} from './ai-planning.service.js';
import {
  AiRecommendation,
  AiRecommendationStatus,
  PlanningRate,
  PlanningSettings,
} from './ai-planning.types.js';

@Resolver(() => AiRecommendation)
export class AiPlanningResolver {
  @Query(() => PlanningSettings, {
    description:
      "The planning page's frame: whether an AI provider is configured, the rate table and today's fund health",
  })
  planningSettings(@Ctx() ctx: Context): Promise<PlanningSettings> {
    return planningSettings(ctx.em, ctx.org!, ctx.services.config.ai);
  }

  @Query(() => [AiRecommendation], {
    description: 'The recommendation log, newest first',
  })
  aiRecommendations(
    @Ctx() ctx: Context,
    @Arg('limit', () => Int, { defaultValue: 50, description: '1 to 200' }) limit: number,
    @Arg('status', () => AiRecommendationStatus, { nullable: true })
    status?: AiRecommendationStatus | null,
  ): Promise<AiRecommendation[]> {
    return listRecommendations(ctx.em, ctx.platformEm, limit, status ?? null);
  }

  @Query(() => AiRecommendation)
  aiRecommendation(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: Context,
  ): Promise<AiRecommendation> {
    return findRecommendation(ctx.em, id, ctx.platformEm);
  }

  @Mutation(() => AiRecommendation, {
    description:
      'Ask for investment recommendations: returns at once with status PENDING (or the request already pending) and finishes in the background; poll aiRecommendation(id). Viewers may ask.',
  })
  requestAiRecommendation(@Ctx() ctx: Context): Promise<AiRecommendation> {
    if (!ctx.auth) throw unauthenticated();
    assertPlanIncludesAi(ctx.services.config, ctx.org!);
    return requestRecommendation(ctx.services, ctx.em, ctx.platformEm, ctx.org!, ctx.auth);
  }

  @Mutation(() => [PlannedInvestment], {
    description:
      "Put a recommendation's investment (or each rung of its ladder) on the plan as draft investments",
  })
  async addRecommendationToPlan(
    @Arg('recommendationId', () => ID) recommendationId: string,
    @Arg('itemId', () => String, { description: 'r1, r2, …' }) itemId: string,
    @Ctx() ctx: Context,
  ): Promise<PlannedInvestment[]> {
    const locale = await organizationLocale(ctx.platformEm, ctx.org!.orgId);
    return addRecommendationToPlan(ctx.em, ctx.auth, recommendationId, itemId, locale);
  }

  @Mutation(() => [PlanningRate], {
    description: 'Replace the rate table (organization admins)',
  })
  setPlanningRates(
    @Arg('rates', () => [PlanningRateInput]) rates: PlanningRateInput[],
    @Ctx() ctx: Context,
  ): Promise<PlanningRate[]> {
    return setPlanningRates(ctx.em, ctx.auth, rates);
  }
}
