import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { orgToday } from '../../core/dates.js';
import { Vendor, vendorById } from '../vendors/index.js';
import { notifyApprovers } from './approvals.service.js';
import {
  createBillTemplate,
  deleteBillTemplate,
  enterRecurringBills,
  listBillTemplates,
  updateBillTemplate,
} from './bill-templates.service.js';
import { BillTemplateInput } from './payables.inputs.js';
import { Bill, BillTemplate } from './payables.types.js';

@Resolver(() => BillTemplate)
export class BillTemplatesResolver {
  @Query(() => [BillTemplate], { description: 'Recurring bills, active first, by next date' })
  billTemplates(@Ctx() ctx: Context): Promise<BillTemplate[]> {
    return listBillTemplates(ctx.em);
  }

  @Mutation(() => BillTemplate, {
    description:
      "A recurring bill: the association's automation enters it on each date from nextDate on",
  })
  createBillTemplate(
    @Arg('input', () => BillTemplateInput) input: BillTemplateInput,
    @Ctx() ctx: Context,
  ): Promise<BillTemplate> {
    return createBillTemplate(ctx.em, ctx.auth, input);
  }

  @Mutation(() => BillTemplate)
  updateBillTemplate(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => BillTemplateInput) input: BillTemplateInput,
    @Ctx() ctx: Context,
  ): Promise<BillTemplate> {
    return updateBillTemplate(ctx.em, ctx.auth, id, input);
  }

  @Mutation(() => Boolean, {
    description: 'Delete a recurring bill that entered no bills yet (else deactivate it)',
  })
  deleteBillTemplate(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    return deleteBillTemplate(ctx.em, ctx.auth, id);
  }

  @Mutation(() => [Bill], {
    description:
      'Enter now every recurring bill dated on or before today (what the daily automation does): all or nothing, each date once',
  })
  async enterRecurringBills(@Ctx() ctx: Context): Promise<Bill[]> {
    const bills = await enterRecurringBills(ctx.em, ctx.auth, orgToday(ctx));
    await notifyApprovers(ctx, bills);
    return bills;
  }

  @FieldResolver(() => Vendor)
  async vendor(@Root() t: BillTemplate, @Ctx() ctx: Context): Promise<Vendor> {
    return (await ctx.loaders.get(vendorById).load(t.vendorId))!;
  }
}
