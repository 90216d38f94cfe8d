import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { booksExportLink } from './books-export.service.js';
import { BooksExportFormat, BooksExportLink } from './books-export.types.js';

@Resolver(() => BooksExportLink)
export class BooksExportResolver {
  @Query(() => BooksExportLink, {
    description:
      'A signed link (valid 5 minutes) that downloads the general journal of a period (both days included) as CSV or as an hledger / ledger-cli journal. It starts with the balances brought forward to the day before `from`, so the balances it adds up to equal the trial balance as of `to`',
  })
  booksExport(
    @Arg('from', () => LocalDateScalar) from: string,
    @Arg('to', () => LocalDateScalar) to: string,
    @Arg('format', () => BooksExportFormat) format: BooksExportFormat,
    @Ctx() ctx: Context,
  ): BooksExportLink {
    return booksExportLink(ctx.services.urlSigner, ctx.org!.orgId, { from, to, format });
  }
}
