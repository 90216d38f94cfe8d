import { GraphQLUpload, type FileUpload } from 'graphql-upload-ts';
import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { BudgetImportMappingInput, SaveBudgetInput } from './budgets.inputs.js';
import { Budget, BudgetImport } from './budgets.types.js';
import { budgetTemplate, getBudget, importBudget, saveBudget } from './budgets.service.js';

@Resolver(() => Budget)
export class BudgetsResolver {
  @Query(() => Budget, { description: "A fiscal year's budget (empty when none was entered)" })
  budget(@Arg('year', () => Int) year: number, @Ctx() ctx: Context): Promise<Budget> {
    return getBudget(ctx.em, year);
  }

  @Query(() => String, {
    description:
      'CSV template for importBudget: every income and expense account (Account number, Account name, Jan … Dec) with the year’s current amounts',
  })
  budgetTemplate(@Arg('year', () => Int) year: number, @Ctx() ctx: Context): Promise<string> {
    return budgetTemplate(ctx.em, year);
  }

  @Mutation(() => Budget, {
    description: 'Set the twelve monthly amounts of the accounts listed (audited)',
  })
  saveBudget(
    @Arg('input', () => SaveBudgetInput) input: SaveBudgetInput,
    @Ctx() ctx: Context,
  ): Promise<Budget> {
    return saveBudget(ctx.em, ctx.auth, input.year, input.lines);
  }

  @Mutation(() => BudgetImport, {
    description:
      'Import a budget CSV for a year, replacing that year’s budget (audited). Rows match accounts by number; map or skip the others. With dryRun nothing is written and the rows and problems are returned; otherwise any problem refuses the whole file (BAD_USER_INPUT, one detail per row). Multipart request; send the header apollo-require-preflight: true',
  })
  importBudget(
    @Arg('year', () => Int) year: number,
    @Arg('file', () => GraphQLUpload) file: Promise<FileUpload>,
    @Ctx() ctx: Context,
    @Arg('mappings', () => [BudgetImportMappingInput], { nullable: true })
    mappings?: BudgetImportMappingInput[] | null,
    @Arg('dryRun', () => Boolean, { defaultValue: false }) dryRun: boolean = false,
  ): Promise<BudgetImport> {
    return importBudget(ctx.em, ctx.auth, year, file, mappings ?? [], dryRun);
  }
}
