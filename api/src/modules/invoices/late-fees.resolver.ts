import { GraphQLLocalDate } from 'graphql-scalars';
import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { Unit, unitById } from '../units/index.js';
import { invoiceById } from './invoices.loaders.js';
import { Invoice } from './invoices.types.js';
import { assessLateFees, previewLateFees } from './late-fees.service.js';
import { LateFeeCandidate, LateFeePreview, LateFeeRunResult } from './late-fees.types.js';

@Resolver(() => LateFeeCandidate)
export class LateFeesResolver {
  @Query(() => LateFeePreview, { description: 'Late fees a run as of the date would assess' })
  previewLateFees(@Arg('asOf', () => GraphQLLocalDate) asOf: string, @Ctx() ctx: Context) {
    return previewLateFees(ctx.em, asOf);
  }

  @Mutation(() => LateFeeRunResult, {
    description: 'Assess late fees as of a date; once per invoice and month',
  })
  assessLateFees(@Arg('asOf', () => GraphQLLocalDate) asOf: string, @Ctx() ctx: Context) {
    return assessLateFees(ctx.em, ctx.auth, asOf);
  }

  @FieldResolver(() => Unit)
  unit(@Root() c: LateFeeCandidate, @Ctx() ctx: Context) {
    return unitById(ctx, c.unitId);
  }

  @FieldResolver(() => Invoice)
  invoice(@Root() c: LateFeeCandidate, @Ctx() ctx: Context) {
    return invoiceById(ctx, c.invoiceId);
  }
}
