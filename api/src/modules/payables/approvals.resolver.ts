import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { defineLoader } from '../../core/loaders.js';
import { approvalsOf, billApprovalQueue, canDecide, decideBill } from './approvals.service.js';
import { Bill, BillApproval, BillDecision } from './payables.types.js';

const approvalsLoader = defineLoader<string, BillApproval[]>('billApprovals', (ctx, ids) =>
  approvalsOf(ctx.em, ctx.platformEm, ids),
);

const canDecideLoader = defineLoader<Bill, boolean>('billCanDecide', (ctx, bills) =>
  canDecide(ctx.em, ctx.auth?.userId ?? null, bills),
);

// Where the decision came from, as the request shows it.
const sourceOf = (ctx: Context) => ({ ip: ctx.meta.ip || null, userAgent: ctx.meta.userAgent });

@Resolver(() => Bill)
export class BillApprovalsResolver {
  @Query(() => [Bill], {
    description:
      'The bills the caller may approve or reject now (they hold an approving board seat, did not enter the bill and have not decided on it), oldest due first',
  })
  billApprovalQueue(@Ctx() ctx: Context): Promise<Bill[]> {
    return billApprovalQueue(ctx.em, ctx.auth!.userId);
  }

  @Mutation(() => Bill, {
    description:
      'Approve a pending bill (members holding an approving board seat, viewers included; not the one who entered it). Enough approvals make it payable',
  })
  approveBill(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: Context,
    @Arg('comment', () => String, { nullable: true }) comment?: string | null,
  ): Promise<Bill> {
    return decideBill(ctx.em, ctx.auth, sourceOf(ctx), id, BillDecision.APPROVED, comment);
  }

  @Mutation(() => Bill, {
    description:
      'Reject a pending bill, saying why: it cannot be paid, and only voiding ends it (same approvers as approveBill)',
  })
  rejectBill(
    @Arg('id', () => ID) id: string,
    @Arg('comment', () => String) comment: string,
    @Ctx() ctx: Context,
  ): Promise<Bill> {
    return decideBill(ctx.em, ctx.auth, sourceOf(ctx), id, BillDecision.REJECTED, comment);
  }

  @FieldResolver(() => [BillApproval], { description: 'The decisions on it, oldest first' })
  approvals(@Root() b: Bill, @Ctx() ctx: Context): Promise<BillApproval[]> {
    return ctx.loaders.get(approvalsLoader).load(b.id);
  }

  @FieldResolver(() => Boolean, { description: 'The caller may approve or reject it now' })
  canApprove(@Root() b: Bill, @Ctx() ctx: Context): Promise<boolean> {
    return ctx.loaders.get(canDecideLoader).load(b);
  }
}
