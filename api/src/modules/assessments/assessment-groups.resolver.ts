import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { Account, accountById } from '../accounts/index.js';
import {
  createGroup,
  deleteGroup,
  findGroup,
  listGroups,
  projection,
  updateGroup,
} from './assessment-groups.service.js';
import { propertyTypeById } from './assessments.loaders.js';
import { AssessmentGroupInput } from './assessments.inputs.js';
import {
  AssessmentGroup,
  AssessmentProjection,
  AssessmentRate,
  LateFeePolicy,
  PropertyType,
} from './assessments.types.js';

@Resolver(() => AssessmentGroup)
export class AssessmentGroupsResolver {
  @Query(() => [AssessmentGroup], { description: 'Assessment groups, the default first' })
  assessmentGroups(@Ctx() ctx: Context): Promise<AssessmentGroup[]> {
    return listGroups(ctx.em);
  }

  @Query(() => AssessmentGroup)
  assessmentGroup(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return findGroup(ctx.em, id);
  }

  @Query(() => AssessmentProjection, {
    description: 'Projected assessment income: units × rates, normalized to a month and a year',
  })
  assessmentProjection(@Ctx() ctx: Context) {
    return projection(ctx.em);
  }

  @Mutation(() => AssessmentGroup)
  createAssessmentGroup(
    @Arg('input', () => AssessmentGroupInput) input: AssessmentGroupInput,
    @Ctx() ctx: Context,
  ) {
    return createGroup(ctx.em, ctx.auth, input);
  }

  @Mutation(() => AssessmentGroup)
  updateAssessmentGroup(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => AssessmentGroupInput) input: AssessmentGroupInput,
    @Ctx() ctx: Context,
  ) {
    return updateGroup(ctx.em, ctx.auth, id, input);
  }

  @Mutation(() => Boolean, { description: 'Refused (CONFLICT) while the group has units' })
  deleteAssessmentGroup(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return deleteGroup(ctx.em, ctx.auth, id);
  }

  @FieldResolver(() => Account)
  regularIncomeAccount(@Root() g: AssessmentGroup, @Ctx() ctx: Context) {
    return accountById(ctx, g.regularIncomeAccountId);
  }

  @FieldResolver(() => Account)
  specialIncomeAccount(@Root() g: AssessmentGroup, @Ctx() ctx: Context) {
    return accountById(ctx, g.specialIncomeAccountId);
  }
}

@Resolver(() => AssessmentRate)
export class AssessmentRateResolver {
  @FieldResolver(() => PropertyType)
  propertyType(@Root() r: AssessmentRate, @Ctx() ctx: Context) {
    return propertyTypeById(ctx, r.propertyTypeId);
  }
}

@Resolver(() => LateFeePolicy)
export class LateFeePolicyResolver {
  @FieldResolver(() => Account)
  incomeAccount(@Root() p: LateFeePolicy, @Ctx() ctx: Context) {
    return accountById(ctx, p.incomeAccountId);
  }
}
