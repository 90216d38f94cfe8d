import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { Role } from '../../core/roles.js';
import { boardSeats, setBoardSeat } from './board-seats.service.js';
import { BoardSeat, BoardTitle } from './payables.types.js';

@Resolver(() => BoardSeat)
export class BoardSeatsResolver {
  @Query(() => [BoardSeat], { description: "The association's board: who holds which seat" })
  async boardSeats(@Ctx() ctx: Context): Promise<BoardSeat[]> {
    const seats = await boardSeats(ctx.em, ctx.platformEm, ctx.org!.orgId);
    // Members' emails are the admins' to read (as the members list): others see names.
    return ctx.role === Role.ADMIN ? seats : seats.map((s) => ({ ...s, email: null }));
  }

  @Mutation(() => [BoardSeat], {
    description:
      "Give a member a board seat, change it, or (title null) take it away (admins). A seat in the approval policy's titles lets its holder approve bills",
  })
  setBoardSeat(
    @Arg('userId', () => ID) userId: string,
    @Ctx() ctx: Context,
    @Arg('title', () => BoardTitle, { nullable: true }) title?: BoardTitle | null,
  ): Promise<BoardSeat[]> {
    return setBoardSeat(ctx, userId, title ?? null);
  }
}
