import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { Arg, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { orgToday } from '../../core/dates.js';
import { Unit, unitById } from '../units/index.js';
import { agingReport } from './aging.service.js';
import { AgingReport, AgingRow } from './aging.types.js';

@Resolver(() => AgingRow)
export class AgingResolver {
  @Query(() => AgingReport, {
    description:
      "Receivables by days past due as of a date (omitted: the association's today); ties to the ledger",
  })
  agingReport(
    @Ctx() ctx: Context,
    @Arg('asOf', () => LocalDateScalar, { nullable: true }) asOf?: string,
  ) {
    return agingReport(ctx.em, asOf ?? orgToday(ctx));
  }

  @FieldResolver(() => Unit)
  unit(@Root() r: AgingRow, @Ctx() ctx: Context) {
    return unitById(ctx, r.unitId);
  }
}
