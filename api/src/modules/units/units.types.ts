import { CsvImportResult, CsvRecordsImportResult } from '../../core/csv/row-error.js';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../core/graphql/connection.js';
import { MoneyScalar, type Total } from '../../core/money/money.js';

@ObjectType()
export class Unit {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  number: string;

  @Field(() => String, { nullable: true })
  address: string | null;

  @Field(() => String, { nullable: true })
  ownerName: string | null;

  @Field(() => String, { nullable: true })
  email: string | null;

  @Field(() => String, { nullable: true })
  phone: string | null;

  @Field(() => ID)
  propertyTypeId: string;

  @Field(() => ID)
  assessmentGroupId: string;

  @Field(() => Date)
  createdAt: Date;
}

export const UnitConnection = Connection(Unit, 'Unit');

export enum UnitLedgerKind {
  INVOICE = 'invoice',
  PAYMENT = 'payment',
  VOID_INVOICE = 'void_invoice',
  VOID_PAYMENT = 'void_payment',
  WRITE_OFF = 'write_off',
  VOID_WRITE_OFF = 'void_write_off',
  OPENING_BALANCE = 'opening_balance',
  OPENING_CREDIT = 'opening_credit',
}
registerEnumType(UnitLedgerKind, { name: 'UnitLedgerKind' });

@ObjectType()
export class UnitLedgerRow {
  @Field(() => LocalDateScalar)
  date: string;

  @Field(() => UnitLedgerKind)
  kind: UnitLedgerKind;

  @Field(() => String, { description: 'The invoice or payment: INV-1001, PMT-1001' })
  reference: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The row in words: the invoice\'s memo, "Payment — check 2210", "Void of PMT-1001"',
  })
  description: string | null;

  @Field(() => ID, { nullable: true })
  invoiceId: string | null;

  @Field(() => ID, { nullable: true })
  paymentId: string | null;

  @Field(() => MoneyScalar)
  charge: Total;

  @Field(() => MoneyScalar)
  payment: Total;

  @Field(() => MoneyScalar, { description: 'Running balance: charges less payments' })
  balance: Total;

  @Field(() => String, {
    description: 'Pass as `after` to read the rows that follow this one',
  })
  cursor: string;
}

@ObjectType({ implements: [CsvRecordsImportResult, CsvImportResult] })
export class UnitImportResult extends CsvRecordsImportResult {}
