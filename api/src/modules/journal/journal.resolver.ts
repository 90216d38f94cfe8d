import { GraphQLLocalDate } from 'graphql-scalars';
import {
  Arg,
  Ctx,
  Field,
  ID,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
} from 'type-graphql';
import { notFound } from '../../core/errors/app-error.js';
import { Connection } from '../../core/graphql/connection.js';
import { MoneyScalar, type Cents } from '../../core/money/money.js';
import type { Context } from '../../core/context.js';
import { AccountType, FundType } from '../accounts/account.entity.js';
import { accountBalances } from './balances.service.js';
import { accountLedger, listJournalEntries, listJournalLines } from './journal-queries.js';
import { findAccount } from '../accounts/accounts.service.js';
import { PostJournalEntryInput } from './journal.inputs.js';
import { findJournalEntry, postJournalEntry, reverseJournalEntry } from './journal.service.js';
import { EntrySource, JournalEntry } from './journal.types.js';

// The date range and account both journal filters share (not itself part of the schema).
@InputType()
class LedgerRangeFilter {
  @Field(() => GraphQLLocalDate, { nullable: true })
  from?: string | null;

  @Field(() => GraphQLLocalDate, { nullable: true })
  to?: string | null;

  @Field(() => ID, { nullable: true })
  accountId?: string | null;
}

@InputType()
class JournalEntryFilter extends LedgerRangeFilter {
  @Field(() => String, { nullable: true, description: 'Memo, line memo or JE number' })
  text?: string | null;

  @Field(() => EntrySource, { nullable: true })
  source?: EntrySource | null;

  @Field(() => Boolean, { nullable: true })
  reconciled?: boolean | null;

  @Field(() => ID, { nullable: true, description: 'Entries naming this vendor' })
  vendorId?: string | null;
}

const JournalEntryConnection = Connection(JournalEntry, 'JournalEntry', 'entries');
type JournalEntryConnection = InstanceType<typeof JournalEntryConnection>;

// Balances without a date are as of today (UTC): entries dated later do not count yet.
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

@ObjectType()
class AccountBalance {
  @Field(() => ID)
  accountId: string;

  @Field(() => String)
  number: string;

  @Field(() => String)
  name: string;

  @Field(() => AccountType)
  type: AccountType;

  @Field(() => FundType)
  fundType: FundType;

  @Field(() => Boolean)
  archived: boolean;

  @Field(() => MoneyScalar, { description: 'Sum of debits up to the date' })
  debit: Cents;

  @Field(() => MoneyScalar, { description: 'Sum of credits up to the date' })
  credit: Cents;

  @Field(() => MoneyScalar, { description: "Balance in the account's normal direction" })
  balance: Cents;
}

@ObjectType()
class TrialBalanceRow extends AccountBalance {
  @Field(() => MoneyScalar, { description: 'Net debit balance (0 when the net is a credit)' })
  debitBalance: Cents;

  @Field(() => MoneyScalar, { description: 'Net credit balance (0 when the net is a debit)' })
  creditBalance: Cents;
}

@ObjectType()
class TrialBalance {
  @Field(() => GraphQLLocalDate, { nullable: true })
  asOf: string | null;

  @Field(() => [TrialBalanceRow])
  rows: TrialBalanceRow[];

  @Field(() => MoneyScalar)
  totalDebit: Cents;

  @Field(() => MoneyScalar)
  totalCredit: Cents;
}

@ObjectType()
class LedgerRow {
  @Field(() => ID)
  entryId: string;

  @Field(() => Int)
  entryNumber: number;

  @Field(() => GraphQLLocalDate)
  date: string;

  @Field(() => String, { nullable: true })
  memo: string | null;

  @Field(() => EntrySource)
  source: EntrySource;

  @Field(() => Boolean)
  reconciled: boolean;

  @Field(() => MoneyScalar)
  debit: Cents;

  @Field(() => MoneyScalar)
  credit: Cents;

  @Field(() => MoneyScalar, { description: 'Running balance after this line' })
  balance: Cents;
}

@ObjectType()
class AccountLedger {
  @Field(() => ID)
  accountId: string;

  @Field(() => MoneyScalar, { description: 'Balance before the first row' })
  openingBalance: Cents;

  @Field(() => MoneyScalar)
  closingBalance: Cents;

  @Field(() => [LedgerRow])
  rows: LedgerRow[];

  @Field(() => Boolean, { description: 'True when more rows exist than were asked for' })
  truncated: boolean;
}

@InputType()
class JournalLineFilter extends LedgerRangeFilter {
  @Field(() => FundType, { nullable: true })
  fundType?: FundType | null;
}

@ObjectType({ description: 'A journal line with its entry, account and fund, for custom reports' })
class JournalLineRecord {
  @Field(() => ID)
  id: string;

  @Field(() => ID)
  entryId: string;

  @Field(() => Int)
  entryNumber: number;

  @Field(() => GraphQLLocalDate)
  date: string;

  @Field(() => ID)
  accountId: string;

  @Field(() => String)
  accountNumber: string;

  @Field(() => String)
  accountName: string;

  @Field(() => AccountType)
  accountType: AccountType;

  @Field(() => FundType)
  fundType: FundType;

  @Field(() => MoneyScalar)
  debit: Cents;

  @Field(() => MoneyScalar)
  credit: Cents;

  @Field(() => String, { nullable: true })
  memo: string | null;
}

const JournalLineConnection = Connection(JournalLineRecord, 'JournalLine', 'lines');
type JournalLineConnection = InstanceType<typeof JournalLineConnection>;

@ObjectType({ description: "A fund's totals by account type, in each type's normal direction" })
class FundBalance {
  @Field(() => FundType)
  fundType: FundType;

  @Field(() => MoneyScalar)
  assets: Cents;

  @Field(() => MoneyScalar)
  liabilities: Cents;

  @Field(() => MoneyScalar)
  equity: Cents;

  @Field(() => MoneyScalar)
  income: Cents;

  @Field(() => MoneyScalar)
  expenses: Cents;

  @Field(() => MoneyScalar, { description: 'Assets minus liabilities' })
  netAssets: Cents;
}

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
    @Arg('date', () => GraphQLLocalDate) date: string,
    @Ctx() ctx: Context,
    @Arg('memo', () => String, { nullable: true }) memo?: string | null,
  ): Promise<JournalEntry> {
    return reverseJournalEntry(ctx.em, ctx.auth, id, date, memo);
  }

  @Query(() => JournalEntry)
  async journalEntry(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<JournalEntry> {
    const entry = await findJournalEntry(ctx.em, id);
    if (!entry) throw notFound('Journal entry');
    return entry;
  }

  @Query(() => JournalEntryConnection, { description: 'Journal entries, newest first' })
  async journalEntries(
    @Ctx() ctx: Context,
    @Arg('filter', () => JournalEntryFilter, { nullable: true }) filter?: JournalEntryFilter | null,
    @Arg('first', () => Int, { defaultValue: 50 }) first: number = 50,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
  ): Promise<JournalEntryConnection> {
    const page = await listJournalEntries(ctx.em, filter ?? {}, first, after);
    return {
      edges: page.nodes,
      count: page.totalCount,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.nodes.at(-1)?.cursor ?? null },
    };
  }

  @Query(() => AccountLedger, { description: "One account's lines with a running balance" })
  async accountLedger(
    @Arg('accountId', () => ID) accountId: string,
    @Ctx() ctx: Context,
    @Arg('from', () => GraphQLLocalDate, { nullable: true }) from?: string | null,
    @Arg('to', () => GraphQLLocalDate, { nullable: true }) to?: string | null,
    @Arg('first', () => Int, { defaultValue: 500 }) first: number = 500,
  ): Promise<AccountLedger> {
    const account = await findAccount(ctx.em, accountId);
    const debitNormal = account.type === AccountType.ASSET || account.type === AccountType.EXPENSE;
    const l = await accountLedger(
      ctx.em,
      { id: account.id, debitNormal },
      {
        from,
        to,
        limit: Math.min(Math.max(first, 1), 5000),
      },
    );
    return {
      accountId: account.id,
      openingBalance: l.opening,
      closingBalance: l.rows.at(-1)?.balance ?? l.opening,
      rows: l.rows,
      truncated: l.truncated,
    };
  }

  @Query(() => JournalLineConnection, {
    description: 'Journal lines for custom reports, oldest first',
  })
  async journalLines(
    @Ctx() ctx: Context,
    @Arg('filter', () => JournalLineFilter, { nullable: true }) filter?: JournalLineFilter | null,
    @Arg('first', () => Int, { defaultValue: 100 }) first: number = 100,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
  ): Promise<JournalLineConnection> {
    const page = await listJournalLines(ctx.em, filter ?? {}, first, after);
    return {
      edges: page.rows,
      count: page.count,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.rows.at(-1)?.cursor ?? null },
    };
  }

  @Query(() => [AccountBalance], {
    description: 'Every account with its balance as of a date (default: today)',
  })
  accountBalances(
    @Ctx() ctx: Context,
    @Arg('asOf', () => GraphQLLocalDate, { nullable: true }) asOf?: string | null,
    @Arg('fundType', () => FundType, { nullable: true }) fundType?: FundType | null,
  ) {
    return accountBalances(ctx.em, { asOf: asOf ?? today(), fundType });
  }

  @Query(() => [FundBalance], { description: 'Operating and reserve fund totals as of a date' })
  async fundBalances(
    @Ctx() ctx: Context,
    @Arg('asOf', () => GraphQLLocalDate, { nullable: true }) asOf?: string | null,
  ): Promise<FundBalance[]> {
    const rows = await accountBalances(ctx.em, { asOf: asOf ?? today() });
    return [FundType.OPERATING, FundType.RESERVE].map((fundType) => {
      const sum = (type: AccountType) =>
        rows
          .filter((r) => r.fundType === fundType && r.type === type)
          .reduce((s, r) => s + r.balance, 0);
      const assets = sum(AccountType.ASSET);
      const liabilities = sum(AccountType.LIABILITY);
      return {
        fundType,
        assets,
        liabilities,
        equity: sum(AccountType.EQUITY),
        income: sum(AccountType.INCOME),
        expenses: sum(AccountType.EXPENSE),
        netAssets: assets - liabilities,
      };
    });
  }

  @Query(() => TrialBalance, {
    description: 'Trial balance as of a date; total debits equal total credits',
  })
  async trialBalance(
    @Ctx() ctx: Context,
    @Arg('asOf', () => GraphQLLocalDate, { nullable: true }) asOf?: string | null,
    @Arg('fundType', () => FundType, { nullable: true }) fundType?: FundType | null,
  ): Promise<TrialBalance> {
    const rows = (await accountBalances(ctx.em, { asOf: asOf ?? today(), fundType })).map((r) => {
      const net = r.debit - r.credit;
      return { ...r, debitBalance: Math.max(net, 0), creditBalance: Math.max(-net, 0) };
    });
    return {
      asOf: asOf ?? today(),
      rows,
      totalDebit: rows.reduce((s, r) => s + r.debitBalance, 0),
      totalCredit: rows.reduce((s, r) => s + r.creditBalance, 0),
    };
  }
}
