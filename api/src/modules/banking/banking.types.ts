import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { type Cents, MoneyScalar } from '../../core/money/money.js';
import { EntrySource } from '../journal/index.js';

export enum BankAccountKind {
  CHECKING = 'checking',
  SAVINGS = 'savings',
  MONEY_MARKET = 'money_market',
}
registerEnumType(BankAccountKind, { name: 'BankAccountKind' });

export enum StatementFormat {
  OFX = 'ofx',
  CSV = 'csv',
  CAMT053 = 'camt053',
  // Written by the demo associations' seed (a statement as the bank would send it).
  DEMO = 'demo',
}
registerEnumType(StatementFormat, {
  name: 'StatementFormat',
  description: 'OFX/QFX 1.x or 2.x, CSV with a column mapping, ISO 20022 CAMT.053',
});

export enum CsvSign {
  DEPOSITS_POSITIVE = 'deposits_positive',
  WITHDRAWALS_POSITIVE = 'withdrawals_positive',
}
registerEnumType(CsvSign, { name: 'CsvSign' });

export enum CsvDateFormat {
  ISO = 'YYYY-MM-DD',
  US = 'MM/DD/YYYY',
  EUROPEAN = 'DD/MM/YYYY',
  US_SHORT = 'M/D/YY',
  DOTTED = 'DD.MM.YYYY',
  COMPACT = 'YYYYMMDD',
}
registerEnumType(CsvDateFormat, { name: 'CsvDateFormat' });

@ObjectType({
  description: "A bank's CSV layout: 0-based column numbers, as saved per bank account",
})
export class CsvMapping {
  @Field(() => Int)
  headerRows: number;

  @Field(() => Int)
  dateColumn: number;

  @Field(() => Int)
  descriptionColumn: number;

  @Field(() => Int, { nullable: true })
  amountColumn?: number | null;

  @Field(() => Int, { nullable: true, description: 'Money out' })
  debitColumn?: number | null;

  @Field(() => Int, { nullable: true, description: 'Money in' })
  creditColumn?: number | null;

  @Field(() => CsvSign)
  sign: CsvSign;

  @Field(() => CsvDateFormat)
  dateFormat: CsvDateFormat;

  @Field(() => Int, { nullable: true })
  payeeColumn?: number | null;

  @Field(() => Int, { nullable: true })
  checkNumberColumn?: number | null;

  @Field(() => Int, { nullable: true })
  bankIdColumn?: number | null;

  @Field(() => Int, { nullable: true })
  balanceColumn?: number | null;
}

@ObjectType({ description: 'A cash account of the ledger that is a bank account' })
export class BankAccount {
  @Field(() => ID, { description: 'The ledger account (its id is the bank account’s id)' })
  accountId: string;

  @Field(() => String)
  institution: string;

  @Field(() => String, { description: 'The last digits of the account number' })
  maskedNumber: string;

  @Field(() => BankAccountKind)
  kind: BankAccountKind;

  @Field(() => Int, { description: "The statement's closing day of month (31: month end)" })
  statementDay: number;

  @Field(() => CsvMapping, { nullable: true })
  csvMapping: CsvMapping | null;

  @Field(() => MoneyScalar, { description: "The ledger's balance today" })
  bookBalance: Cents;

  @Field(() => LocalDateScalar, {
    nullable: true,
    description: 'The statement date of the last finished reconciliation',
  })
  reconciledThrough: string | null;

  @Field(() => LocalDateScalar, { nullable: true, description: 'The last imported line’s date' })
  lastLineDate: string | null;

  @Field(() => Int, { description: 'Imported bank lines not yet matched to the books' })
  unmatchedLines: number;
}

export enum BankLineStatus {
  UNMATCHED = 'unmatched',
  MATCHED = 'matched',
  RECONCILED = 'reconciled',
}
registerEnumType(BankLineStatus, { name: 'BankLineStatus' });

@ObjectType({ description: 'One line of a bank statement' })
export class BankLine {
  @Field(() => ID)
  id: string;

  @Field(() => ID)
  accountId: string;

  @Field(() => ID)
  statementId: string;

  @Field(() => LocalDateScalar)
  date: string;

  @Field(() => MoneyScalar, { description: 'Positive: money into the bank; negative: out' })
  amount: Cents;

  @Field(() => String)
  description: string;

  @Field(() => String, { nullable: true })
  payee: string | null;

  @Field(() => String, { nullable: true })
  checkNumber: string | null;

  @Field(() => String, { nullable: true, description: "The bank's own transaction id" })
  bankRef: string | null;

  @Field(() => BankLineStatus)
  status: BankLineStatus;

  @Field(() => ID, { nullable: true })
  matchId: string | null;
}

@ObjectType({ description: "A journal line on a bank account's ledger account (the book side)" })
export class BookLine {
  @Field(() => ID)
  journalLineId: string;

  @Field(() => ID)
  entryId: string;

  @Field(() => Int)
  entryNumber: number;

  @Field(() => LocalDateScalar)
  date: string;

  @Field(() => MoneyScalar, { description: 'Debit − credit: positive is money into the bank' })
  amount: Cents;

  @Field(() => String, { nullable: true })
  memo: string | null;

  @Field(() => EntrySource)
  source: EntrySource;

  @Field(() => String, { nullable: true, description: 'The entry’s vendor' })
  payee: string | null;

  @Field(() => String, { nullable: true, description: 'A check number the entry names' })
  checkNumber: string | null;

  @Field(() => ID, { nullable: true })
  matchId: string | null;

  @Field(() => Boolean)
  reconciled: boolean;
}

@ObjectType({ description: 'A suggested book side for a bank line, ranked and explained' })
export class MatchSuggestion {
  @Field(() => ID)
  bankLineId: string;

  @Field(() => [BookLine])
  bookLines: BookLine[];

  @Field(() => Int, {
    description:
      '1: the bank id is already in the books; 2: same amount within 7 days and the same check number or payee; 3: same amount within 7 days',
  })
  rank: number;

  @Field(() => Int, { description: 'Days between the bank date and the book date' })
  days: number;

  @Field(() => String)
  reason: string;
}

@ObjectType({ description: 'Bank lines tied to book lines of the same sum' })
export class BankMatch {
  @Field(() => ID)
  id: string;

  @Field(() => [BankLine])
  bankLines: BankLine[];

  @Field(() => [BookLine])
  bookLines: BookLine[];
}

@ObjectType()
export class BankStatement {
  @Field(() => ID)
  id: string;

  @Field(() => ID)
  accountId: string;

  @Field(() => StatementFormat)
  format: StatementFormat;

  @Field(() => String)
  fileName: string;

  @Field(() => LocalDateScalar, { nullable: true })
  periodStart: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  periodEnd: string | null;

  @Field(() => MoneyScalar, { nullable: true })
  openingBalance: Cents | null;

  @Field(() => MoneyScalar, { nullable: true, description: 'The ledger (not available) balance' })
  closingBalance: Cents | null;

  @Field(() => MoneyScalar, { nullable: true })
  availableBalance: Cents | null;

  @Field(() => Int)
  lineCount: number;

  @Field(() => Int, { description: 'Lines already imported before (skipped)' })
  skipped: number;

  @Field(() => Date)
  importedAt: Date;
}

@ObjectType({ description: 'A statement line as an import reads it (kept or skipped)' })
export class ImportedLine {
  @Field(() => Int)
  row: number;

  @Field(() => LocalDateScalar)
  date: string;

  @Field(() => MoneyScalar)
  amount: Cents;

  @Field(() => String)
  description: string;

  @Field(() => Boolean, { description: 'Already imported (by the bank id or the line hash)' })
  duplicate: boolean;

  @Field(() => String, { nullable: true, description: 'The rule that will post it, if any' })
  rule: string | null;
}

@ObjectType()
export class BankImportResult {
  @Field(() => BankStatement, { nullable: true, description: 'Null on a dry run' })
  statement: BankStatement | null;

  @Field(() => StatementFormat)
  format: StatementFormat;

  @Field(() => LocalDateScalar, { nullable: true })
  periodStart: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  periodEnd: string | null;

  @Field(() => MoneyScalar, { nullable: true })
  openingBalance: Cents | null;

  @Field(() => MoneyScalar, { nullable: true })
  closingBalance: Cents | null;

  @Field(() => Int)
  imported: number;

  @Field(() => Int)
  skipped: number;

  @Field(() => Int, { description: 'Lines matched to the books on import (unique suggestions)' })
  matched: number;

  @Field(() => Int, { description: 'Lines posted by automatic rules' })
  posted: number;

  @Field(() => [ImportedLine], { description: 'The first 200 lines of the file' })
  lines: ImportedLine[];
}

@ObjectType()
export class CsvPreview {
  @Field(() => [[String]], { description: 'The first rows as the file has them' })
  rows: string[][];

  @Field(() => CsvMapping, { nullable: true, description: 'The saved mapping, else a guess' })
  mapping: CsvMapping | null;
}

export enum RuleDirection {
  ANY = 'any',
  IN = 'in',
  OUT = 'out',
}
registerEnumType(RuleDirection, { name: 'RuleDirection' });

@ObjectType({ description: 'Description contains … → post to an account (with a vendor)' })
export class BankRule {
  @Field(() => ID)
  id: string;

  @Field(() => Int)
  position: number;

  @Field(() => String)
  name: string;

  @Field(() => String)
  contains: string;

  @Field(() => RuleDirection)
  direction: RuleDirection;

  @Field(() => ID, { nullable: true, description: 'Only this bank account; null: every one' })
  bankAccountId: string | null;

  @Field(() => ID)
  accountId: string;

  @Field(() => ID, { nullable: true })
  vendorId: string | null;

  @Field(() => String, { nullable: true })
  memo: string | null;

  @Field(() => Boolean, { description: 'Post matching lines on import' })
  autoApply: boolean;
}

@ObjectType({ description: 'What a rule would post for an unmatched line' })
export class RulePreview {
  @Field(() => BankLine)
  bankLine: BankLine;

  @Field(() => BankRule)
  rule: BankRule;
}

export enum ReconciliationStatus {
  FINISHED = 'finished',
  UNDONE = 'undone',
}
registerEnumType(ReconciliationStatus, { name: 'ReconciliationStatus' });

@ObjectType({ description: 'A finished (or undone) bank reconciliation' })
export class Reconciliation {
  @Field(() => ID)
  id: string;

  @Field(() => ID)
  accountId: string;

  @Field(() => ID, { nullable: true })
  statementId: string | null;

  @Field(() => LocalDateScalar)
  periodStart: string;

  @Field(() => LocalDateScalar)
  statementDate: string;

  @Field(() => MoneyScalar)
  openingBalance: Cents;

  @Field(() => MoneyScalar)
  closingBalance: Cents;

  @Field(() => MoneyScalar, { description: "The ledger's balance on the statement date" })
  bookBalance: Cents;

  @Field(() => ReconciliationStatus)
  status: ReconciliationStatus;

  @Field(() => ID, { nullable: true })
  finishedBy: string | null;

  @Field(() => Date)
  finishedAt: Date;

  @Field(() => Date, { nullable: true })
  undoneAt: Date | null;

  @Field(() => String, { nullable: true })
  undoReason: string | null;
}

@ObjectType({
  description:
    'A bank account over a statement period: what cleared, what is outstanding on each side, and the difference that must reach 0.00',
})
export class ReconciliationWorksheet {
  @Field(() => ID)
  accountId: string;

  @Field(() => ID, { nullable: true })
  statementId: string | null;

  @Field(() => LocalDateScalar)
  periodStart: string;

  @Field(() => LocalDateScalar)
  statementDate: string;

  @Field(() => MoneyScalar, {
    description: "The last reconciliation's closing balance, else the statement's opening",
  })
  openingBalance: Cents;

  @Field(() => MoneyScalar)
  closingBalance: Cents;

  @Field(() => MoneyScalar, { description: 'Opening + cleared book lines' })
  clearedBalance: Cents;

  @Field(() => MoneyScalar, { description: 'Closing − cleared balance; 0.00 to finish' })
  difference: Cents;

  @Field(() => MoneyScalar)
  clearedDeposits: Cents;

  @Field(() => MoneyScalar, { description: 'Cleared money out (positive)' })
  clearedPayments: Cents;

  @Field(() => [BankLine], {
    description: 'Statement lines through the statement date not yet reconciled',
  })
  bankLines: BankLine[];

  @Field(() => [BookLine], { description: 'Book lines cleared by this reconciliation' })
  clearedBookLines: BookLine[];

  @Field(() => [BookLine], {
    description: 'Book lines through the statement date the bank has not cleared by then',
  })
  outstandingBookLines: BookLine[];

  @Field(() => MoneyScalar)
  depositsInTransit: Cents;

  @Field(() => MoneyScalar, { description: 'Outstanding checks and payments (positive)' })
  outstandingPayments: Cents;

  @Field(() => MoneyScalar, { description: 'Closing + deposits in transit − outstanding payments' })
  adjustedBankBalance: Cents;

  @Field(() => MoneyScalar, { description: "The ledger's balance on the statement date" })
  bookBalance: Cents;

  @Field(() => MoneyScalar, { description: 'Bank lines not in the books yet (to post or match)' })
  unrecordedBankItems: Cents;

  @Field(() => MoneyScalar, {
    description:
      'Book balance + bank items not in the books + cleared book lines dated after the statement date',
  })
  adjustedBookBalance: Cents;

  @Field(() => Boolean)
  canFinish: boolean;

  @Field(() => Reconciliation, { nullable: true, description: 'Set when this period is finished' })
  reconciliation: Reconciliation | null;
}
