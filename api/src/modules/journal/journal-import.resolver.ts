import { GraphQLUpload, type FileUpload } from 'graphql-upload-ts';
import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { readCsvUpload } from '../../core/csv/read-upload.js';
import type { Context } from '../../core/context.js';
import { importJournalEntries, journalImportTemplate } from './journal-import.service.js';
import { JournalImportResult } from './journal-import.types.js';

@Resolver(() => JournalImportResult)
export class JournalImportResolver {
  @Query(() => String, {
    description:
      'CSV template for importJournalEntries: date, reference, account, debit, credit, memo, line_memo, with an example entry',
  })
  journalImportTemplate(@Ctx() ctx: Context): Promise<string> {
    return journalImportTemplate(ctx.em);
  }

  @Mutation(() => JournalImportResult, {
    description:
      'Import journal entries from CSV (history from another system): one row per line, rows with the same reference make one entry, accounts by number. All or nothing: any problem (errors, each with its line) and nothing is posted. dryRun checks without posting. The same reference on the same date is never imported twice. Multipart request; send apollo-require-preflight: true',
  })
  async importJournalEntries(
    @Arg('file', () => GraphQLUpload) file: Promise<FileUpload>,
    @Ctx() ctx: Context,
    @Arg('dryRun', () => Boolean, { defaultValue: false }) dryRun: boolean = false,
  ): Promise<JournalImportResult> {
    const { text } = await readCsvUpload(file, 10 * 1024 * 1024, 'Journal files');
    return importJournalEntries(ctx.em, ctx.auth, text, dryRun);
  }
}
