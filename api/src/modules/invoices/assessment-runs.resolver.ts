import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { Unit, unitById } from '../units/index.js';
import { generateAssessmentInvoices, previewAssessmentRun } from './assessment-runs.service.js';
import {
  AssessmentRunInvoice,
  AssessmentRunPreview,
  AssessmentRunResult,
} from './assessment-runs.types.js';

@Resolver(() => AssessmentRunInvoice)
export class AssessmentRunsResolver {
  @Query(() => AssessmentRunPreview, {
    description:
      'What generateAssessmentInvoices would create for a month ("2026-03"), without writing',
  })
  previewAssessmentInvoices(@Arg('month', () => String) month: string, @Ctx() ctx: Context) {
    return previewAssessmentRun(ctx.em, month);
  }

  @Mutation(() => AssessmentRunResult, {
    description:
      'Invoice every unit for its group period starting in the month; idempotent (a unit is invoiced once per period)',
  })
  generateAssessmentInvoices(@Arg('month', () => String) month: string, @Ctx() ctx: Context) {
    return generateAssessmentInvoices(ctx.em, ctx.auth, month);
  }

  @FieldResolver(() => Unit)
  unit(@Root() r: AssessmentRunInvoice, @Ctx() ctx: Context) {
    return unitById(ctx, r.unitId);
  }
}
