import { Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { addStandardChart, standardChartOfAccounts } from './starting-chart.service.js';
import { ChartTemplateAccount, StandardChartResult } from './starting-chart.types.js';

@Resolver()
export class StartingChartResolver {
  @Query(() => [ChartTemplateAccount], {
    description:
      'The standard HOA chart of accounts a new association may start with, by fund and number',
  })
  standardChartOfAccounts(): ChartTemplateAccount[] {
    return standardChartOfAccounts();
  }

  @Mutation(() => StandardChartResult, {
    description:
      'Add the standard HOA chart of accounts to the current association: the accounts the chart lacks (by number and by name), in one transaction. Assessments Receivable and Prepaid Assessments become the receivables control accounts unless the receivables settings keep others',
  })
  addStandardChart(@Ctx() ctx: Context): Promise<StandardChartResult> {
    return addStandardChart(ctx.em, ctx.auth);
  }
}
