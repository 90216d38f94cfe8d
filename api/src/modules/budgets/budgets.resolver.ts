import { GraphQLUpload, type FileUpload } from 'graphql-upload-ts';
import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { BudgetImportMappingInput, SaveBudgetInput } from './budgets.inputs.js';
import { Budget, BudgetImport } from './budgets.types.js';
import { budgetTemplate, getBudget, importBudget, saveBudget } from './budgets.service.js';

// Budgets are by fiscal year: the organization's start month comes with its directory entry.
const startMonth = (ctx: Context) => ctx.org!.fiscalYearStartMonth;

@Resolver(() => Budget)
export class BudgetsResolver {
  @Query(() => Budget, { description: "A fiscal year's budget (empty when none was entered)" })
  budget(@Arg('year', () => Int) year: number, @Ctx() ctx: Context): Promise<Budget> {
    return getBudget(ctx.em, year, startMonth(ctx));
  }

  @Query(() => String, {
    description:
      'CSV template for importBudget: every income and expense account (Account number, Account name, then the fiscal year’s months: Jan … Dec, or e.g. Jul 2026 … Jun 2027 for a July start) with the year’s current amounts',
  })
  budgetTemplate(@Arg('year', () => Int) year: number, @Ctx() ctx: Context): Promise<string> {
    return budgetTemplate(ctx.em, year, startMonth(ctx));
  }

  @Mutation(() => Budget, {
    description: 'Set the twelve monthly amounts of the accounts listed (audited)',
  })
  saveBudget(
    @Arg('input', () => SaveBudgetInput) input: SaveBudgetInput,
    @Ctx() ctx: Context,
  ): Promise<Budget> {
    return saveBudget(
      ctx.em,
      ctx.auth,
      input.year,
      input.lines,
      startMonth(ctx),
      input.fiscalYearStartMonth,
    );
  }

  @Mutation(() => BudgetImport, {
    description:
      'Import a budget CSV for a fiscal year, replacing that year’s budget (audited). Month columns are matched by name (Jan or Jul 2026), whatever their order. Rows match accounts by number; map or skip the others. With dryRun nothing is written and the rows and problems are returned; otherwise any problem refuses the whole file (BAD_USER_INPUT, one detail per row). Multipart request; send the header apollo-require-preflight: true',
  })
  importBudget(
    @Arg('year', () => Int) year: number,
    @Arg('file', () => GraphQLUpload) file: Promise<FileUpload>,
    @Ctx() ctx: Context,
    @Arg('mappings', () => [BudgetImportMappingInput], { nullable: true })
    mappings?: BudgetImportMappingInput[] | null,
    @Arg('dryRun', () => Boolean, { defaultValue: false }) dryRun: boolean = false,
  ): Promise<BudgetImport> {
    return importBudget(ctx.em, ctx.auth, year, file, mappings ?? [], dryRun, startMonth(ctx));
  }
}
