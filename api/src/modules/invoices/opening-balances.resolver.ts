import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { GraphQLUpload, type FileUpload } from 'graphql-upload-ts';
import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { readCsvUpload } from '../../core/csv/read-upload.js';
import { UnitOpeningBalanceInput } from './invoices.inputs.js';
import {
  importOpeningBalances,
  openingBalanceTemplate,
  setOpeningBalance,
} from './opening-balances.service.js';
import { OpeningBalanceImportResult, UnitOpeningBalance } from './opening-balances.types.js';

@Resolver()
export class OpeningBalancesResolver {
  @Mutation(() => UnitOpeningBalance, {
    description:
      "A unit's balance brought from another system: owed (an invoice of kind OPENING_BALANCE) or, negative, a credit (paying the unit's next invoices). Against Opening Balance Equity; one standing per unit",
  })
  setUnitOpeningBalance(
    @Arg('input', () => UnitOpeningBalanceInput) input: UnitOpeningBalanceInput,
    @Ctx() ctx: Context,
  ) {
    return setOpeningBalance(ctx.em, ctx.auth, input);
  }

  @Query(() => String, {
    description: 'CSV template for importOpeningBalances: the header row and two examples',
  })
  openingBalanceImportTemplate() {
    return openingBalanceTemplate();
  }

  @Mutation(() => OpeningBalanceImportResult, {
    description:
      "Import units' opening balances from CSV (columns: unit_number, amount — negative for a credit —, date, memo; `date` is used for rows without one). All or nothing. Multipart request; send apollo-require-preflight: true",
  })
  async importOpeningBalances(
    @Arg('file', () => GraphQLUpload) file: Promise<FileUpload>,
    @Ctx() ctx: Context,
    @Arg('date', () => LocalDateScalar, { nullable: true }) date?: string,
  ) {
    const { text } = await readCsvUpload(file, 5 * 1024 * 1024, 'CSV files');
    return importOpeningBalances(ctx.em, ctx.auth, text, date);
  }
}
