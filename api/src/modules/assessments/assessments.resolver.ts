import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { defineLoader } from '../../core/loaders.js';
import type { Context } from '../../core/context.js';
import { Account } from '../accounts/account.entity.js';
import { accountById } from '../accounts/account-loader.js';
import {
  AssessmentGroup,
  AssessmentGroupInput,
  AssessmentProjection,
  AssessmentRate,
  LateFeePolicy,
  PropertyType,
  ReceivablesSettings,
  ReceivablesSettingsInput,
} from './assessments.types.js';
import {
  createGroup,
  createPropertyType,
  deleteGroup,
  deletePropertyType,
  findGroup,
  listGroups,
  listPropertyTypes,
  projection,
  receivablesSettings,
  renamePropertyType,
  updateGroup,
  updateReceivablesSettings,
} from './assessments.service.js';

const propertyTypeByIdLoader = defineLoader<string, PropertyType>(
  'propertyTypeById',
  async (ctx, ids) => {
    const all = await listPropertyTypes(ctx.em);
    return ids.map((id) => all.find((p) => p.id === id)!);
  },
);

export function propertyTypeById(ctx: Context, id: string): Promise<PropertyType> {
  return ctx.loaders.get(propertyTypeByIdLoader).load(id);
}

const groupByIdLoader = defineLoader<string, AssessmentGroup>(
  'assessmentGroupById',
  async (ctx, ids) => {
    const all = await listGroups(ctx.em, [...ids]);
    return ids.map((id) => all.find((g) => g.id === id)!);
  },
);

export function groupById(ctx: Context, id: string): Promise<AssessmentGroup> {
  return ctx.loaders.get(groupByIdLoader).load(id);
}

@Resolver(() => AssessmentGroup)
export class AssessmentsResolver {
  @Query(() => [PropertyType], { description: "The association's property types" })
  propertyTypes(@Ctx() ctx: Context): Promise<PropertyType[]> {
    return listPropertyTypes(ctx.em);
  }

  @Mutation(() => PropertyType)
  createPropertyType(@Arg('name', () => String) name: string, @Ctx() ctx: Context) {
    return createPropertyType(ctx.em, ctx.auth, name);
  }

  @Mutation(() => PropertyType)
  renamePropertyType(
    @Arg('id', () => ID) id: string,
    @Arg('name', () => String) name: string,
    @Ctx() ctx: Context,
  ) {
    return renamePropertyType(ctx.em, ctx.auth, id, name);
  }

  @Mutation(() => Boolean, { description: 'Refused (CONFLICT) while units or rates use it' })
  deletePropertyType(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return deletePropertyType(ctx.em, ctx.auth, id);
  }

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

  @Query(() => ReceivablesSettings, {
    description: 'The receivable account invoices post to, and the default deposit account',
  })
  receivablesSettings(@Ctx() ctx: Context) {
    return receivablesSettings(ctx.em, ctx.auth);
  }

  @Mutation(() => ReceivablesSettings)
  updateReceivablesSettings(
    @Arg('input', () => ReceivablesSettingsInput) input: ReceivablesSettingsInput,
    @Ctx() ctx: Context,
  ) {
    return updateReceivablesSettings(ctx.em, ctx.auth, input);
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

@Resolver(() => ReceivablesSettings)
export class ReceivablesSettingsResolver {
  @FieldResolver(() => Account)
  receivableAccount(@Root() s: ReceivablesSettings, @Ctx() ctx: Context) {
    return accountById(ctx, s.receivableAccountId);
  }

  @FieldResolver(() => Account, { nullable: true })
  depositAccount(@Root() s: ReceivablesSettings, @Ctx() ctx: Context) {
    return s.depositAccountId ? accountById(ctx, s.depositAccountId) : null;
  }
}
