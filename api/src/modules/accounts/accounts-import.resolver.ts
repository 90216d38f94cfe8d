import { GraphQLUpload, type FileUpload } from 'graphql-upload-ts';
import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { readCsvUpload } from '../../core/csv/read-upload.js';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { accountImportTemplate, importAccounts } from './accounts-import.service.js';
import { AccountImportResult } from './accounts-import.types.js';

@Resolver()
export class AccountsImportResolver {
  @Query(() => String, {
    description:
      'CSV template for importAccounts: the header row (number, name, type, fund, opening_balance, opening_date, description) and example rows',
  })
  accountImportTemplate(): string {
    return accountImportTemplate();
  }

  @Mutation(() => AccountImportResult, {
    description:
      "Import a chart of accounts from CSV (columns: number, name, type — asset, liability, equity, income, expense or another program's names for them —, fund — operating (blank) or reserve —, opening_balance in the account's normal direction, opening_date, description; `date` is used for balances without one). All or nothing; receivable and prepaid-assessment rows are refused (the receivables settings create those). Multipart request; send apollo-require-preflight: true",
  })
  async importAccounts(
    @Arg('file', () => GraphQLUpload) file: Promise<FileUpload>,
    @Ctx() ctx: Context,
    @Arg('date', () => LocalDateScalar, { nullable: true }) date?: string,
  ): Promise<AccountImportResult> {
    const { text } = await readCsvUpload(file, 2 * 1024 * 1024, 'CSV files');
    return importAccounts(ctx.em, ctx.auth, text, date);
  }
}
