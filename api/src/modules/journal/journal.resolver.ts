import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { orgToday } from '../../core/dates.js';
import { ListOrder, Paged } from '../../core/graphql/connection.js';
import { FundType } from '../accounts/index.js';
import { accountActivity } from './account-activity.service.js';
import { accountLedger } from './account-ledger.service.js';
import { balancesAsOf, fundBalances, trialBalance } from './balances.service.js';
import { JournalEntryFilter, JournalLineFilter, PostJournalEntryInput } from './journal.inputs.js';
import { MAX_ENTRIES_PAGE, MAX_LEDGER_ROWS, MAX_LINES_PAGE } from './journal.repository.js';
import {
  findJournalEntry,
  listJournalEntries,
  listJournalLines,
  postJournalEntry,
  reverseJournalEntry,
} from './journal.service.js';
import {
  AccountActivity,
  AccountBalance,
  AccountLedger,
  FundBalance,
  JournalEntry,
  JournalEntryConnection,
  JournalLineConnection,
  TrialBalance,
} from './journal.types.js';

@Resolver(() => JournalEntry)
export class JournalResolver {
  @Mutation(() => JournalEntry, {
    description: 'Post a balanced journal entry (immutable once posted)',
  })
  postJournalEntry(
    @Arg('input', () => PostJournalEntryInput) input: PostJournalEntryInput,
    @Ctx() ctx: Context,
  ): Promise<JournalEntry> {
    return postJournalEntry(ctx.em, ctx.auth, input);
  }

  @Mutation(() => JournalEntry, {
    description: 'Post the mirror entry of a posted one, linked to it',
  })
  reverseJournalEntry(
    @Arg('id', () => ID) id: string,
    @Arg('date', () => LocalDateScalar) date: string,
    @Ctx() ctx: Context,
    @Arg('memo', () => String, { nullable: true }) memo?: string | null,
  ): Promise<JournalEntry> {
    return reverseJournalEntry(ctx.em, ctx.auth, id, date, memo);
  }

  @Query(() => JournalEntry)
  journalEntry(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<JournalEntry> {
    return findJournalEntry(ctx.em, id);
  }

  @Query(() => JournalEntryConnection, {
    description: 'Journal entries by (date, number), newest first unless `order` says otherwise',
  })
  @Paged(MAX_ENTRIES_PAGE, 'entries')
  journalEntries(
    @Ctx() ctx: Context,
    @Arg('filter', () => JournalEntryFilter, { nullable: true }) filter?: JournalEntryFilter | null,
    @Arg('first', () => Int, { defaultValue: 50 }) first: number = 50,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
    @Arg('order', () => ListOrder, { defaultValue: ListOrder.NEWEST_FIRST })
    order: ListOrder = ListOrder.NEWEST_FIRST,
  ): Promise<JournalEntryConnection> {
    return listJournalEntries(ctx.em, filter ?? {}, first, after, order);
  }

  @Query(() => AccountLedger, {
    description:
      "One account's lines with a running balance, a page at a time (pass pageInfo.endCursor as `after`)",
  })
  @Paged(MAX_LEDGER_ROWS, 'rows')
  accountLedger(
    @Arg('accountId', () => ID) accountId: string,
    @Ctx() ctx: Context,
    @Arg('from', () => LocalDateScalar, { nullable: true }) from?: string | null,
    @Arg('to', () => LocalDateScalar, { nullable: true }) to?: string | null,
    @Arg('first', () => Int, { defaultValue: 500 }) first: number = 500,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
  ): Promise<AccountLedger> {
    return accountLedger(ctx.em, accountId, { from, to, first, after });
  }

  @Query(() => JournalLineConnection, {
    description: 'Journal lines for custom reports, oldest first unless `order` says otherwise',
  })
  @Paged(MAX_LINES_PAGE, 'lines')
  journalLines(
    @Ctx() ctx: Context,
    @Arg('filter', () => JournalLineFilter, { nullable: true }) filter?: JournalLineFilter | null,
    @Arg('first', () => Int, { defaultValue: 100 }) first: number = 100,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
    @Arg('order', () => ListOrder, { defaultValue: ListOrder.OLDEST_FIRST })
    order: ListOrder = ListOrder.OLDEST_FIRST,
  ): Promise<JournalLineConnection> {
    return listJournalLines(ctx.em, filter ?? {}, first, after, order);
  }

  @Query(() => [AccountActivity], {
    description:
      "Every account's opening balance (the day before `from`), debits and credits from `from` to `to`, and closing balance on `to`",
  })
  accountActivity(
    @Ctx() ctx: Context,
    @Arg('from', () => LocalDateScalar) from: string,
    @Arg('to', () => LocalDateScalar) to: string,
    @Arg('fundType', () => FundType, { nullable: true }) fundType?: FundType | null,
  ): Promise<AccountActivity[]> {
    return accountActivity(ctx.em, { from, to, fundType });
  }

  @Query(() => [AccountBalance], {
    description: 'Every account with its balance as of a date (default: today)',
  })
  accountBalances(
    @Ctx() ctx: Context,
    @Arg('asOf', () => LocalDateScalar, { nullable: true }) asOf?: string | null,
    @Arg('fundType', () => FundType, { nullable: true }) fundType?: FundType | null,
  ): Promise<AccountBalance[]> {
    return balancesAsOf(ctx.em, { asOf: asOf ?? orgToday(ctx), fundType });
  }

  @Query(() => [FundBalance], { description: 'Operating and reserve fund totals as of a date' })
  fundBalances(
    @Ctx() ctx: Context,
    @Arg('asOf', () => LocalDateScalar, { nullable: true }) asOf?: string | null,
  ): Promise<FundBalance[]> {
    return fundBalances(ctx.em, asOf ?? orgToday(ctx));
  }

  @Query(() => TrialBalance, {
    description: 'Trial balance as of a date; total debits equal total credits',
  })
  trialBalance(
    @Ctx() ctx: Context,
    @Arg('asOf', () => LocalDateScalar, { nullable: true }) asOf?: string | null,
    @Arg('fundType', () => FundType, { nullable: true }) fundType?: FundType | null,
  ): Promise<TrialBalance> {
    return trialBalance(ctx.em, { asOf: asOf ?? orgToday(ctx), fundType });
  }
}
