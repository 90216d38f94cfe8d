import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { orgToday } from '../../core/dates.js';
import { JournalEntry, EntryOwnerType } from '../journal/index.js';
import {
  InvestmentFilter,
  MatureInvestmentInput,
  PurchaseInvestmentInput,
  RecordInvestmentInterestInput,
  RedeemInvestmentInput,
  UpdateInvestmentInput,
} from './investments.inputs.js';
import {
  findInvestment,
  investmentSummary,
  listInvestments,
  matureInvestment,
  purchaseInvestment,
  recordInvestmentInterest,
  redeemInvestment,
  updateInvestment,
} from './investments.service.js';
import { investmentById } from './investments.loaders.js';
import { discardPlannedInvestment, listPlannedInvestments } from './investments.plans.js';
import {
  Investment,
  InvestmentSummary,
  PlannedInvestment,
  PlannedInvestmentStatus,
} from './investments.types.js';

@Resolver(() => Investment)
export class InvestmentsResolver {
  @Query(() => [Investment], {
    description: 'Investments by maturity date (none last), then purchase date',
  })
  investments(
    @Ctx() ctx: Context,
    @Arg('filter', () => InvestmentFilter, { nullable: true }) filter?: InvestmentFilter | null,
  ): Promise<Investment[]> {
    return listInvestments(ctx.em, orgToday(ctx), filter ?? {});
  }

  @Query(() => Investment)
  investment(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Investment> {
    return findInvestment(ctx.em, id, orgToday(ctx));
  }

  @Query(() => InvestmentSummary, {
    description:
      'Active investments today: totals by fund and by institution (with the FDIC-limit warning) and the 24-month maturity ladder',
  })
  investmentSummary(@Ctx() ctx: Context): Promise<InvestmentSummary> {
    return investmentSummary(ctx.em, orgToday(ctx));
  }

  @Mutation(() => Investment, {
    description: 'Buy an investment with cash: one entry, Dr the holding account, Cr cash',
  })
  purchaseInvestment(
    @Arg('input', () => PurchaseInvestmentInput) input: PurchaseInvestmentInput,
    @Ctx() ctx: Context,
  ): Promise<Investment> {
    return purchaseInvestment(ctx.em, ctx.auth, orgToday(ctx), input);
  }

  @Mutation(() => Investment, { description: 'Record interest credited (reinvested or paid out)' })
  recordInvestmentInterest(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => RecordInvestmentInterestInput) input: RecordInvestmentInterestInput,
    @Ctx() ctx: Context,
  ): Promise<Investment> {
    return recordInvestmentInterest(ctx.em, ctx.auth, orgToday(ctx), id, input);
  }

  @Mutation(() => Investment, {
    description:
      'Mature a CD or treasury: the proceeds back to cash, or rolled over into a new investment',
  })
  matureInvestment(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => MatureInvestmentInput) input: MatureInvestmentInput,
    @Ctx() ctx: Context,
  ): Promise<Investment> {
    return matureInvestment(ctx.em, ctx.auth, orgToday(ctx), id, input);
  }

  @Mutation(() => Investment, {
    description: 'Redeem before maturity (or close a money market or savings account)',
  })
  redeemInvestment(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => RedeemInvestmentInput) input: RedeemInvestmentInput,
    @Ctx() ctx: Context,
  ): Promise<Investment> {
    return redeemInvestment(ctx.em, ctx.auth, orgToday(ctx), id, input);
  }

  @Mutation(() => Investment, { description: 'Edit the institution or notes (audited)' })
  updateInvestment(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateInvestmentInput) input: UpdateInvestmentInput,
    @Ctx() ctx: Context,
  ): Promise<Investment> {
    return updateInvestment(ctx.em, ctx.auth, orgToday(ctx), id, input);
  }
}

@Resolver(() => PlannedInvestment)
export class PlannedInvestmentsResolver {
  @Query(() => [PlannedInvestment], {
    description: 'Planned (draft) investments, oldest first; drafts unless a status is given',
  })
  plannedInvestments(
    @Ctx() ctx: Context,
    @Arg('status', () => PlannedInvestmentStatus, { defaultValue: PlannedInvestmentStatus.DRAFT })
    status: PlannedInvestmentStatus,
  ): Promise<PlannedInvestment[]> {
    return listPlannedInvestments(ctx.em, status);
  }

  @Mutation(() => PlannedInvestment, { description: 'Take a draft off the plan (audited)' })
  discardPlannedInvestment(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: Context,
  ): Promise<PlannedInvestment> {
    return discardPlannedInvestment(ctx.em, ctx.auth, id);
  }
}

// The investment that owns an entry; see EntryOwner in the journal.
@Resolver(() => JournalEntry)
export class JournalEntryInvestmentResolver {
  @FieldResolver(() => Investment, {
    nullable: true,
    description: 'The investment that owns the entry (its purchase, interest, maturity…), if any',
  })
  investment(@Root() entry: JournalEntry, @Ctx() ctx: Context): Promise<Investment | null> | null {
    if (entry.owner?.type !== EntryOwnerType.INVESTMENT) return null;
    return investmentById(ctx, entry.owner.id);
  }
}
