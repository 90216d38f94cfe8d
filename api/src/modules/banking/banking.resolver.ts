import { GraphQLUpload, type FileUpload } from 'graphql-upload-ts';
import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { readCsvUpload } from '../../core/csv/read-upload.js';
import { orgToday } from '../../core/dates.js';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { Account, accountById } from '../accounts/index.js';
import { Vendor, vendorById } from '../vendors/index.js';
import {
  BankRuleInput,
  CsvMappingInput,
  MatchBankLinesInput,
  PostBankLineInput,
  SetBankAccountInput,
  StatementPeriodInput,
  UndoReconciliationInput,
} from './banking.inputs.js';
import { bankLinesOf } from './banking.repository.js';
import {
  BankAccount,
  BankImportResult,
  BankLine,
  BankLineStatus,
  BankMatch,
  BankRule,
  BankStatement,
  CsvPreview,
  MatchSuggestion,
  Reconciliation,
  ReconciliationWorksheet,
  RulePreview,
  StatementFormat,
} from './banking.types.js';
import {
  findBankAccount,
  listBankAccounts,
  removeBankAccount,
  setBankAccount,
} from './bank-accounts.service.js';
import {
  applyBankRules,
  autoMatch,
  bankLineSuggestions,
  matchBankLines,
  postBankLine,
  rulePreview,
  toBankLine,
  unmatchBankLines,
} from './matching.service.js';
import {
  finishReconciliation,
  listReconciliations,
  reconciliationReport,
  reconciliationWorksheet,
  undoReconciliation,
} from './reconciliation.service.js';
import {
  createBankRule,
  deleteBankRule,
  listBankRules,
  reorderBankRules,
  updateBankRule,
} from './rules.service.js';
import { importStatement, listStatements, previewCsv } from './statements.service.js';

// Statement files are read whole (at most this size); CSV, OFX and CAMT are text.
const STATEMENT_MAX_BYTES = 10 * 1024 * 1024;

@Resolver(() => BankAccount)
export class BankingResolver {
  @Query(() => [BankAccount], { description: 'Cash accounts marked as bank accounts, by number' })
  bankAccounts(@Ctx() ctx: Context): Promise<BankAccount[]> {
    return listBankAccounts(ctx.em, orgToday(ctx));
  }

  @Query(() => BankAccount)
  bankAccount(@Arg('accountId', () => ID) accountId: string, @Ctx() ctx: Context) {
    return findBankAccount(ctx.em, accountId, orgToday(ctx));
  }

  @FieldResolver(() => Account)
  account(@Root() b: BankAccount, @Ctx() ctx: Context) {
    return accountById(ctx, b.accountId);
  }

  @Query(() => [BankStatement], { description: 'Imported statements, latest first' })
  bankStatements(@Arg('accountId', () => ID) accountId: string, @Ctx() ctx: Context) {
    return listStatements(ctx.em, accountId, orgToday(ctx));
  }

  @Query(() => [BankLine], {
    description: 'Statement lines of a bank account by date (at most 5,000), optionally by status',
  })
  async bankLines(
    @Arg('accountId', () => ID) accountId: string,
    @Ctx() ctx: Context,
    @Arg('from', () => LocalDateScalar, { nullable: true }) from?: string | null,
    @Arg('to', () => LocalDateScalar, { nullable: true }) to?: string | null,
    @Arg('status', () => BankLineStatus, { nullable: true }) status?: BankLineStatus | null,
  ): Promise<BankLine[]> {
    await findBankAccount(ctx.em, accountId, orgToday(ctx));
    const rows = await bankLinesOf(ctx.em, {
      accountId,
      from,
      to,
      unmatchedOnly: status === BankLineStatus.UNMATCHED,
    });
    const lines = rows.map(toBankLine);
    return status ? lines.filter((l) => l.status === status) : lines;
  }

  @Query(() => [MatchSuggestion], {
    description:
      "Ranked book-side suggestions for a bank account's unmatched lines (or these lines): the bank id in the books, then same amount within 7 days with the same check number or payee, then same amount within 7 days",
  })
  async bankLineSuggestions(
    @Arg('accountId', () => ID) accountId: string,
    @Ctx() ctx: Context,
    @Arg('lineIds', () => [ID], { nullable: true }) lineIds?: string[] | null,
  ): Promise<MatchSuggestion[]> {
    await findBankAccount(ctx.em, accountId, orgToday(ctx));
    return bankLineSuggestions(ctx.em, accountId, lineIds);
  }

  @Query(() => [BankRule], { description: 'Bank rules in the order they apply' })
  bankRules(@Ctx() ctx: Context) {
    return listBankRules(ctx.em);
  }

  @Query(() => [RulePreview], {
    description: "What the rules would post for the account's unmatched lines",
  })
  async bankRulePreview(@Arg('accountId', () => ID) accountId: string, @Ctx() ctx: Context) {
    await findBankAccount(ctx.em, accountId, orgToday(ctx));
    return rulePreview(ctx.em, accountId);
  }

  @Query(() => ReconciliationWorksheet, {
    nullable: true,
    description:
      'The reconciliation of a bank account for a statement period (the next unreconciled statement when no date is given; null when none is imported), or a finished one for its date',
  })
  reconciliationWorksheet(
    @Arg('input', () => StatementPeriodInput) input: StatementPeriodInput,
    @Ctx() ctx: Context,
  ) {
    return reconciliationWorksheet(ctx.em, input, orgToday(ctx));
  }

  @Query(() => [Reconciliation], { description: 'Reconciliations of a bank account, latest first' })
  reconciliations(@Arg('accountId', () => ID) accountId: string, @Ctx() ctx: Context) {
    return listReconciliations(ctx.em, accountId, orgToday(ctx));
  }

  @Query(() => ReconciliationWorksheet, {
    description: 'A finished reconciliation as it was finished',
  })
  reconciliationReport(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return reconciliationReport(ctx.em, id);
  }

  @Query(() => CsvPreview, {
    description:
      "The first rows of a bank's CSV file and a mapping to start from. Multipart request; send apollo-require-preflight: true",
  })
  async bankCsvPreview(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('file', () => GraphQLUpload) file: Promise<FileUpload>,
    @Ctx() ctx: Context,
  ): Promise<CsvPreview> {
    const { text } = await readCsvUpload(file, STATEMENT_MAX_BYTES, 'Statement files');
    return previewCsv(ctx.em, accountId, text, orgToday(ctx));
  }

  @Mutation(() => BankAccount, {
    description: 'Mark a cash account as a bank account, or change its details',
  })
  setBankAccount(
    @Arg('input', () => SetBankAccountInput) input: SetBankAccountInput,
    @Ctx() ctx: Context,
  ) {
    return setBankAccount(ctx.em, ctx.auth, input, orgToday(ctx));
  }

  @Mutation(() => Boolean, { description: 'Unmark a bank account with nothing imported yet' })
  removeBankAccount(@Arg('accountId', () => ID) accountId: string, @Ctx() ctx: Context) {
    return removeBankAccount(ctx.em, ctx.auth, accountId, orgToday(ctx));
  }

  @Mutation(() => BankImportResult, {
    description:
      'Import a bank statement (OFX/QFX, CSV with a mapping, CAMT.053): all lines or none; lines imported before are skipped; automatic rules post and unique suggestions match. dryRun reads without writing. Multipart request; send apollo-require-preflight: true',
  })
  async importBankStatement(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('file', () => GraphQLUpload) file: Promise<FileUpload>,
    @Ctx() ctx: Context,
    @Arg('format', () => StatementFormat, { nullable: true }) format?: StatementFormat | null,
    @Arg('mapping', () => CsvMappingInput, { nullable: true }) mapping?: CsvMappingInput | null,
    @Arg('saveMapping', () => Boolean, { defaultValue: false }) saveMapping: boolean = false,
    @Arg('dryRun', () => Boolean, { defaultValue: false }) dryRun: boolean = false,
  ): Promise<BankImportResult> {
    const { name, text } = await readCsvUpload(file, STATEMENT_MAX_BYTES, 'Statement files');
    return importStatement(
      ctx.em,
      ctx.auth,
      { accountId, fileName: name, text, format, mapping, saveMapping, dryRun },
      orgToday(ctx),
    );
  }

  @Mutation(() => BankMatch, { description: 'Tie bank lines to book lines of the same sum' })
  matchBankLines(
    @Arg('input', () => MatchBankLinesInput) input: MatchBankLinesInput,
    @Ctx() ctx: Context,
  ) {
    return matchBankLines(ctx.em, ctx.auth, input);
  }

  @Mutation(() => Boolean, { description: 'Undo a match no finished reconciliation cleared' })
  unmatchBankLines(@Arg('matchId', () => ID) matchId: string, @Ctx() ctx: Context) {
    return unmatchBankLines(ctx.em, ctx.auth, matchId);
  }

  @Mutation(() => Int, {
    description: 'Accept every suggestion that leaves no doubt; answers how many lines matched',
  })
  async autoMatchBankLines(@Arg('accountId', () => ID) accountId: string, @Ctx() ctx: Context) {
    await findBankAccount(ctx.em, accountId, orgToday(ctx));
    return autoMatch(ctx.em, ctx.auth, accountId);
  }

  @Mutation(() => BankMatch, {
    description:
      'Post the entry for a bank line with no book side (a bank fee, interest) and match it',
  })
  postBankLine(
    @Arg('input', () => PostBankLineInput) input: PostBankLineInput,
    @Ctx() ctx: Context,
  ) {
    return postBankLine(ctx.em, ctx.auth, input);
  }

  @Mutation(() => BankRule)
  createBankRule(@Arg('input', () => BankRuleInput) input: BankRuleInput, @Ctx() ctx: Context) {
    return createBankRule(ctx.em, ctx.auth, input);
  }

  @Mutation(() => BankRule)
  updateBankRule(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => BankRuleInput) input: BankRuleInput,
    @Ctx() ctx: Context,
  ) {
    return updateBankRule(ctx.em, ctx.auth, id, input);
  }

  @Mutation(() => Boolean)
  deleteBankRule(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return deleteBankRule(ctx.em, ctx.auth, id);
  }

  @Mutation(() => [BankRule], { description: 'Put every rule in this order' })
  reorderBankRules(@Arg('ids', () => [ID]) ids: string[], @Ctx() ctx: Context) {
    return reorderBankRules(ctx.em, ctx.auth, ids);
  }

  @Mutation(() => Int, {
    description: "Post what the rules say for the account's unmatched lines (or these)",
  })
  async applyBankRules(
    @Arg('accountId', () => ID) accountId: string,
    @Ctx() ctx: Context,
    @Arg('lineIds', () => [ID], { nullable: true }) lineIds?: string[] | null,
  ) {
    await findBankAccount(ctx.em, accountId, orgToday(ctx));
    return applyBankRules(ctx.em, ctx.auth, accountId, lineIds);
  }

  @Mutation(() => Reconciliation, {
    description:
      'Finish the reconciliation of a statement period (difference 0.00): its cleared lines are locked',
  })
  finishReconciliation(
    @Arg('input', () => StatementPeriodInput) input: StatementPeriodInput,
    @Ctx() ctx: Context,
  ) {
    return finishReconciliation(ctx.em, ctx.auth, input, orgToday(ctx));
  }

  @Mutation(() => Reconciliation, {
    description:
      "Undo an account's latest finished reconciliation (admins, with a reason; audited)",
  })
  undoReconciliation(
    @Arg('input', () => UndoReconciliationInput) input: UndoReconciliationInput,
    @Ctx() ctx: Context,
  ) {
    return undoReconciliation(ctx.em, ctx.auth, input);
  }
}

@Resolver(() => BankRule)
export class BankRuleResolver {
  @FieldResolver(() => Account)
  account(@Root() r: BankRule, @Ctx() ctx: Context) {
    return accountById(ctx, r.accountId);
  }

  @FieldResolver(() => Vendor, { nullable: true })
  vendor(@Root() r: BankRule, @Ctx() ctx: Context) {
    return r.vendorId ? ctx.loaders.get(vendorById).load(r.vendorId) : null;
  }
}
