import { Field, Float, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../core/graphql/connection.js';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { type Cents, MoneyScalar } from '../../core/money/money.js';

export enum OnlinePaymentMethod {
  CARD = 'card',
  US_BANK_ACCOUNT = 'us_bank_account',
}
registerEnumType(OnlinePaymentMethod, {
  name: 'OnlinePaymentMethod',
  description: 'How an owner pays online: a card, or a US bank account (ACH debit)',
});

export enum FeePolicy {
  ABSORB = 'absorb',
  PASS_ON = 'pass_on',
}
registerEnumType(FeePolicy, {
  name: 'FeePolicy',
  description:
    "Who pays Stripe's fees: the association (ABSORB), or the owner (PASS_ON: a card surcharge, none on debit cards, and a flat ACH fee)",
});

export enum OnlinePaymentStatus {
  OPEN = 'open',
  PROCESSING = 'processing',
  SUCCEEDED = 'succeeded',
  FAILED = 'failed',
  RETURNED = 'returned',
  EXPIRED = 'expired',
}

export enum OnlinePaymentSource {
  CHECKOUT = 'checkout',
  AUTOPAY = 'autopay',
}

@ObjectType({
  description:
    "Owners' online payments: the association's Stripe account (Stripe Connect, the association's own) and who pays the fees",
})
export class OnlinePaymentsSettings {
  @Field(() => Boolean, {
    description: 'This server takes online payments (Stripe is configured for it)',
  })
  available: boolean;

  @Field(() => Boolean, { description: 'The association has a Stripe account linked' })
  connected: boolean;

  @Field(() => String, { nullable: true, description: "The Stripe account's id (acct_…)" })
  accountId: string | null;

  @Field(() => Boolean, { description: 'Stripe lets the account take payments' })
  chargesEnabled: boolean;

  @Field(() => Boolean, { description: "Stripe pays the balance out to the association's bank" })
  payoutsEnabled: boolean;

  @Field(() => Boolean, { description: "The association finished Stripe's onboarding" })
  detailsSubmitted: boolean;

  @Field(() => FeePolicy)
  feePolicy: FeePolicy;

  @Field(() => Float, {
    description: 'The card surcharge under PASS_ON, in percent (at most 3: card networks’ cap)',
  })
  cardSurchargePercent: number;

  @Field(() => MoneyScalar, { description: 'The flat fee of a bank (ACH) payment under PASS_ON' })
  achFee: Cents;

  @Field(() => MoneyScalar, {
    description: 'Charged to the unit when a bank payment fails or is returned (0: none)',
  })
  returnedPaymentFee: Cents;

  @Field(() => Boolean, { description: 'Owners may set up AutoPay' })
  autopayAllowed: boolean;

  @Field(() => ID, {
    nullable: true,
    description:
      "The bank account (its ledger account) Stripe pays out to; null: the receivables settings' deposit account",
  })
  payoutAccountId: string | null;

  @Field(() => ID, {
    nullable: true,
    description: "The expense account of Stripe's fees (null: created with the first payout)",
  })
  feeAccountId: string | null;

  @Field(() => ID, {
    nullable: true,
    description:
      'The income account of the fees owners pay: surcharges, ACH and returned-payment fees (null: created on first use)',
  })
  feeIncomeAccountId: string | null;
}

@ObjectType({ description: 'What an online payment would cost the owner' })
export class OwnerPaymentQuote {
  @Field(() => MoneyScalar, { description: "Applied to the unit's balance" })
  amount: Cents;

  @Field(() => MoneyScalar, { description: 'Added for the way of paying (0 when absorbed)' })
  fee: Cents;

  @Field(() => MoneyScalar, { description: 'What the owner pays' })
  total: Cents;

  @Field(() => OnlinePaymentMethod)
  method: OnlinePaymentMethod;

  @Field(() => String, { nullable: true })
  note: string | null;
}

@ObjectType({ description: "A page of Stripe's to go on to (Checkout, onboarding)" })
export class CheckoutRedirect {
  @Field(() => String)
  url: string;
}

@ObjectType({ description: "An owner's payment through Stripe, from checkout to the books" })
export class OnlinePayment {
  @Field(() => ID)
  id: string;

  @Field(() => ID)
  unitId: string;

  @Field(() => String)
  unitNumber: string;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => OnlinePaymentMethod, { nullable: true })
  method: OnlinePaymentMethod | null;

  @Field(() => MoneyScalar, { description: "Applied to the unit's balance" })
  amount: Cents;

  @Field(() => MoneyScalar, {
    description: 'What the owner paid on top (surcharge or ACH fee), less what was refunded',
  })
  fee: Cents;

  @Field(() => String, {
    description: 'open | processing | succeeded | failed | returned | expired',
  })
  status: string;

  @Field(() => String, { nullable: true })
  failureReason: string | null;

  @Field(() => ID, { nullable: true, description: 'The payment in the books, once recorded' })
  paymentId: string | null;

  @Field(() => String, { description: 'checkout | autopay' })
  source: string;

  @Field(() => String, {
    nullable: true,
    description: 'credit | debit | prepaid for a card (a debit card pays no surcharge)',
  })
  cardFunding: string | null;

  @Field(() => MoneyScalar, { nullable: true, description: "Stripe's fee on the charge" })
  stripeFee: Cents | null;

  @Field(() => LocalDateScalar, {
    nullable: true,
    description: 'The day the payout carrying it reached the bank',
  })
  paidOutOn: string | null;
}

export const OnlinePaymentConnection = Connection(OnlinePayment, 'OnlinePayment', 'payments');

@ObjectType({ description: "A Stripe payout to the association's bank, and its deposit" })
export class StripePayout {
  @Field(() => ID)
  id: string;

  @Field(() => MoneyScalar, { description: 'What reached the bank' })
  amount: Cents;

  @Field(() => MoneyScalar, { description: "Stripe's fees it carries" })
  fee: Cents;

  @Field(() => LocalDateScalar)
  arrivalDate: string;

  @Field(() => String, { description: 'pending | deposited | failed' })
  status: string;

  @Field(() => ID, { nullable: true })
  depositId: string | null;

  @Field(() => String, { nullable: true })
  failureReason: string | null;
}
