import { Arg, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { orgToday } from '../../core/dates.js';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { taxIdOfVendor } from './statements.loaders.js';
import { balanceSheet, incomeStatement, MAX_STATEMENT_YEARS } from './statements.service.js';
import { BalanceSheet, IncomeStatement, Vendor1099Row } from './statements.types.js';

@Resolver()
export class StatementsResolver {
  @Query(() => BalanceSheet, {
    description:
      'Balance sheet as of a date (default: today in the organization’s time zone): assets, liabilities and fund balance by fund, beside the end of the prior fiscal year',
  })
  balanceSheet(
    @Ctx() ctx: Context,
    @Arg('asOf', () => LocalDateScalar, { nullable: true }) asOf?: string | null,
  ): Promise<BalanceSheet> {
    return balanceSheet(ctx.em, {
      asOf: asOf ?? orgToday(ctx),
      fiscalYearStartMonth: ctx.org!.fiscalYearStartMonth,
    });
  }

  @Query(() => IncomeStatement, {
    description: `Statement of revenues and expenses for a period (both ends included, at most ${MAX_STATEMENT_YEARS} years) by fund, with the budget and the same period one year earlier`,
  })
  incomeStatement(
    @Ctx() ctx: Context,
    @Arg('from', () => LocalDateScalar) from: string,
    @Arg('to', () => LocalDateScalar) to: string,
  ): Promise<IncomeStatement> {
    return incomeStatement(ctx.em, {
      from,
      to,
      fiscalYearStartMonth: ctx.org!.fiscalYearStartMonth,
    });
  }
}

@Resolver(() => Vendor1099Row)
export class Vendor1099RowResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description:
      'The vendor’s whole tax id (nine digits), for filing: organization admins only (FORBIDDEN for anyone else); null when none is on file',
  })
  taxId(@Root() row: Vendor1099Row, @Ctx() ctx: Context): Promise<string | null> {
    return ctx.loaders.get(taxIdOfVendor).load(row.vendorId);
  }
}
