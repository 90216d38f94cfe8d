import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { orgToday } from '../../core/dates.js';
import { Unit, unitById } from '../units/index.js';
import { invoiceById } from './invoices.loaders.js';
import { Invoice } from './invoices.types.js';
import { assessLateFees, previewLateFees } from './late-fees.service.js';
import { LateFeeCandidate, LateFeePreview, LateFeeRunResult } from './late-fees.types.js';

@Resolver(() => LateFeeCandidate)
export class LateFeesResolver {
  @Query(() => LateFeePreview, {
    description: "Late fees a run as of the date (omitted: the association's today) would assess",
  })
  previewLateFees(
    @Ctx() ctx: Context,
    @Arg('asOf', () => LocalDateScalar, { nullable: true }) asOf?: string,
  ) {
    return previewLateFees(ctx.em, asOf ?? orgToday(ctx));
  }

  @Mutation(() => LateFeeRunResult, {
    description:
      "Assess late fees as of a date (omitted: the association's today); once per invoice and month",
  })
  assessLateFees(
    @Ctx() ctx: Context,
    @Arg('asOf', () => LocalDateScalar, { nullable: true }) asOf?: string,
  ) {
    const today = orgToday(ctx);
    return assessLateFees(ctx.em, ctx.auth, asOf ?? today, today);
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
