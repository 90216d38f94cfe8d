import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection, PageInfo } from '../../core/graphql/connection.js';
import { MoneyScalar, type Cents, type Total } from '../../core/money/money.js';
import { AccountType, FundType, WithAccountColumns } from '../accounts/index.js';

export enum EntrySource {
  MANUAL = 'manual',
  OPENING_BALANCE = 'opening_balance',
  MONTHLY_ACTUALS = 'monthly_actuals',
  INVOICE = 'invoice',
  PAYMENT = 'payment',
  REVERSAL = 'reversal',
  LATE_FEE = 'late_fee',
  IMPORT = 'import',
  WRITE_OFF = 'write_off',
  // Moves an account's balance to its new type or fund (updateAccount with an effectiveDate).
  RECLASSIFICATION = 'reclassification',
  // Purchases, interest, maturities and redemptions of investments (the investments module).
  INVESTMENT = 'investment',
  // A deposit carrying payments from Undeposited Funds to the bank (the banking module).
  DEPOSIT = 'deposit',
  // Posted from a bank statement line: a bank rule, a bank fee or interest (the banking module).
  BANK = 'bank',
  // A vendor's bill (Dr expenses, Cr Accounts Payable) and its payment (the payables module).
  BILL = 'bill',
  BILL_PAYMENT = 'bill_payment',
}
registerEnumType(EntrySource, { name: 'EntrySource' });

// The kinds of record that own entries (a subledger's record). An owned entry is undone only
// through its owner: void the invoice, void the payment, change the monthly actuals cell.
export enum EntryOwnerType {
  INVOICE = 'invoice',
  PAYMENT = 'payment',
  MONTHLY_ACTUALS = 'monthly_actuals',
  INVESTMENT = 'investment',
  DEPOSIT = 'deposit',
  BILL = 'bill',
  BILL_PAYMENT = 'bill_payment',
}
registerEnumType(EntryOwnerType, { name: 'EntryOwnerType' });

// The typed link from an entry to the record that owns it. The API exposes it as `owner { type id }`
// on every entry (a generic join key for power users, and what later subledgers extend), plus the
// nullable `invoice` and `payment` fields resolved by those modules, so a query can follow the link
// without a second round trip. A monthly-actuals owner id is the month's id (see monthlyActuals).
@ObjectType({ description: 'The subledger record that owns an entry' })
export class EntryOwner {
  @Field(() => EntryOwnerType)
  type: EntryOwnerType;

  @Field(() => ID)
  id: string;
}

// What every kind of journal line shows (an entry's line, a ledger row, a report's line). No query
// returns these bases alone, so the schema never shows them.
@ObjectType()
export class JournalLineFields {
  @Field(() => MoneyScalar)
  debit: Cents;

  @Field(() => MoneyScalar)
  credit: Cents;

  @Field(() => String, { nullable: true })
  memo: string | null;
}

// A line read outside its entry: the entry it belongs to.
@ObjectType()
export class EntryLineFields extends JournalLineFields {
  @Field(() => ID)
  entryId: string;

  @Field(() => Int)
  entryNumber: number;

  @Field(() => LocalDateScalar)
  date: string;
}

@ObjectType()
export class JournalLine extends JournalLineFields {
  @Field(() => ID)
  id: string;

  @Field(() => Int)
  lineNo: number;

  @Field(() => ID)
  accountId: string;

  @Field(() => FundType, {
    description:
      "The fund the line was posted in: its account's then (a reclassification entry moves an account's balance from its old fund and type to its new ones)",
  })
  fundType: FundType;

  @Field(() => AccountType, {
    description: "The account type the line was posted in: its account's then",
  })
  accountType: AccountType;

  entryId: string;
}

@ObjectType({ description: 'A posted, balanced, immutable journal entry' })
export class JournalEntry {
  @Field(() => ID)
  id: string;

  @Field(() => Int, { description: 'Sequential number, shown as JE-1042' })
  number: number;

  @Field(() => LocalDateScalar)
  date: string;

  @Field(() => String, { nullable: true })
  memo: string | null;

  @Field(() => EntrySource)
  source: EntrySource;

  @Field(() => Boolean, { description: 'Set on entries generated from monthly actuals' })
  reconciled: boolean;

  @Field(() => ID, { nullable: true })
  vendorId: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'For an imported entry, its reference in the file (and the system it came from)',
  })
  importReference: string | null;

  @Field(() => ID, { nullable: true, description: 'The entry this one reverses' })
  reversesId: string | null;

  @Field(() => EntryOwner, {
    nullable: true,
    description:
      'The record that owns the entry (invoice, payment, monthly actuals month); null for manual and imported entries. Owned entries are undone only through their owner.',
  })
  owner: EntryOwner | null;

  @Field(() => ID, { nullable: true, description: 'The reversal of this entry, if any' })
  reversedById: string | null;

  @Field(() => MoneyScalar, { description: 'Sum of debits (= sum of credits)' })
  total: Total;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => [JournalLine])
  lines: JournalLine[];
}

export const JournalEntryConnection = Connection(JournalEntry, 'JournalEntry', 'entries');
export type JournalEntryConnection = InstanceType<typeof JournalEntryConnection>;

// What AccountBalance reports of its account. No query returns it alone, so the schema never
// shows it.
@ObjectType()
export class BalanceFigures {
  @Field(() => MoneyScalar, { description: 'Sum of debits up to the date' })
  debit: Total;

  @Field(() => MoneyScalar, { description: 'Sum of credits up to the date' })
  credit: Total;

  @Field(() => MoneyScalar, { description: "Balance in the account's normal direction" })
  balance: Total;
}

@ObjectType()
export class AccountBalance extends WithAccountColumns(BalanceFigures) {}

@ObjectType()
export class TrialBalanceRow extends AccountBalance {
  @Field(() => MoneyScalar, { description: 'Net debit balance (0 when the net is a credit)' })
  debitBalance: Total;

  @Field(() => MoneyScalar, { description: 'Net credit balance (0 when the net is a debit)' })
  creditBalance: Total;
}

@ObjectType()
export class TrialBalance {
  @Field(() => LocalDateScalar, { nullable: true })
  asOf: string | null;

  @Field(() => [TrialBalanceRow])
  rows: TrialBalanceRow[];

  @Field(() => MoneyScalar)
  totalDebit: Total;

  @Field(() => MoneyScalar)
  totalCredit: Total;
}

@ObjectType()
export class LedgerRow extends EntryLineFields {
  @Field(() => Int, { description: "The line's number in its entry" })
  lineNo: number;

  @Field(() => EntrySource)
  source: EntrySource;

  @Field(() => Boolean)
  reconciled: boolean;

  @Field(() => MoneyScalar, { description: 'Running balance after this line' })
  balance: Total;
}

@ObjectType()
export class AccountLedger {
  @Field(() => ID)
  accountId: string;

  @Field(() => MoneyScalar, {
    description: "The account's balance before the period (the day before `from`; 0 without it)",
  })
  openingBalance: Total;

  @Field(() => MoneyScalar, {
    description:
      "The account's balance at the end of the period (on `to`; without it, after every posting), whichever page this is",
  })
  closingBalance: Total;

  @Field(() => MoneyScalar, {
    description: 'Balance before the first row of this page (openingBalance on the first page)',
  })
  pageOpeningBalance: Total;

  @Field(() => [LedgerRow], { description: 'One page of the rows, oldest first' })
  rows: LedgerRow[];

  @Field(() => PageInfo, { description: 'Pass endCursor as `after` for the next page' })
  pageInfo: PageInfo;

  @Field(() => Boolean, { description: 'True when more rows follow this page (hasNextPage)' })
  truncated: boolean;
}

@ObjectType({ description: 'A journal line with its entry, account and fund, for custom reports' })
export class JournalLineRecord extends EntryLineFields {
  @Field(() => ID)
  id: string;

  @Field(() => Int, { description: "The line's number in its entry" })
  lineNo: number;

  @Field(() => String, { nullable: true, description: "The entry's memo (`memo` is the line's)" })
  entryMemo: string | null;

  @Field(() => EntrySource, { description: "The entry's source" })
  source: EntrySource;

  @Field(() => EntryOwner, {
    nullable: true,
    description: 'The record that owns the entry (invoice, payment, monthly actuals month)',
  })
  owner: EntryOwner | null;

  @Field(() => ID)
  accountId: string;

  @Field(() => String)
  accountNumber: string;

  @Field(() => String)
  accountName: string;

  @Field(() => AccountType, {
    description: "The account type the line was posted in: its account's then",
  })
  accountType: AccountType;

  @Field(() => FundType, { description: "The fund the line was posted in: its account's then" })
  fundType: FundType;
}

export const JournalLineConnection = Connection(JournalLineRecord, 'JournalLine', 'lines');
export type JournalLineConnection = InstanceType<typeof JournalLineConnection>;

@ObjectType({ description: "A fund's totals by account type, in each type's normal direction" })
export class FundBalance {
  @Field(() => FundType)
  fundType: FundType;

  @Field(() => MoneyScalar)
  assets: Total;

  @Field(() => MoneyScalar)
  liabilities: Total;

  @Field(() => MoneyScalar)
  equity: Total;

  @Field(() => MoneyScalar)
  income: Total;

  @Field(() => MoneyScalar)
  expenses: Total;

  @Field(() => MoneyScalar, { description: 'Assets minus liabilities' })
  netAssets: Total;
}

// What AccountActivity reports of its account over a period, each in the account's normal
// direction except the period's raw debits and credits.
@ObjectType()
export class ActivityFigures {
  @Field(() => MoneyScalar, { description: 'Balance before the period (the day before `from`)' })
  openingBalance: Total;

  @Field(() => MoneyScalar, { description: 'Sum of debits in the period' })
  debit: Total;

  @Field(() => MoneyScalar, { description: 'Sum of credits in the period' })
  credit: Total;

  @Field(() => MoneyScalar, {
    description: "The period's change in the account's normal direction (closing − opening)",
  })
  change: Total;

  @Field(() => MoneyScalar, { description: 'Balance at the end of the period (on `to`)' })
  closingBalance: Total;
}

@ObjectType({
  description: "An account's opening balance, activity and closing balance for a period",
})
export class AccountActivity extends WithAccountColumns(ActivityFigures) {}
