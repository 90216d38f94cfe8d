import { Migration } from '@mikro-orm/migrations';

// Owners paying online (Stripe Checkout, card or US bank account) on the association's own Stripe
// account (Stripe Connect, a Standard account: the association is the merchant of record, Stripe's
// fees are taken from its balance and its payouts reach its own bank), and Stripe's payouts.
//
// The books see online money only through the subledgers that own it:
// - a succeeded online payment is a payment (payments' postPayment) into Undeposited Funds,
//   applied oldest invoice first, method card or ach, its reference the payment intent; once, by
//   the payment intent (online_payments.payment_id is set in the same transaction);
// - a payout is a deposit (banking's createDeposit) of the payments it carries into the bank
//   account the settings name: the bank line is the payout's amount; Stripe's fees are the
//   deposit's fee line; what owners paid in fees (a card surcharge, an ACH fee) and the parts of
//   returned payments are the deposit's other lines (`deposits.adjustments`, their net);
// - a returned-payment fee, and a return that arrives after the payout carried the payment to the
//   bank, are one-off invoices to the unit (invoices' createInvoice).
export class Migration035OnlinePayments extends Migration {
  override async up(): Promise<void> {
    // One row. Accounts left null are found or created on first use (online-payments service).
    this.addSql(`
      CREATE TABLE online_payment_settings (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        -- absorb: owners pay what they owe, the association pays Stripe's fees; pass_on: a card
        -- surcharge (none on debit or prepaid cards: refunded after payment) and a flat ACH fee.
        fee_policy text NOT NULL DEFAULT 'absorb' CHECK (fee_policy IN ('absorb', 'pass_on')),
        -- Hundredths of a percent (250 = 2.50 %); card networks cap a surcharge at 3 %.
        card_surcharge_bps integer NOT NULL DEFAULT 0 CHECK (card_surcharge_bps BETWEEN 0 AND 300),
        ach_fee bigint NOT NULL DEFAULT 0 CHECK (ach_fee BETWEEN 0 AND 2500),
        returned_payment_fee bigint NOT NULL DEFAULT 0 CHECK (returned_payment_fee BETWEEN 0 AND 10000),
        autopay_allowed boolean NOT NULL DEFAULT true,
        -- The bank account Stripe pays out to (null: the receivables settings' deposit account).
        payout_account_id uuid REFERENCES accounts (id),
        -- Stripe's processing fees (expense), owners' fees (income), and returns in transit.
        fee_account_id uuid REFERENCES accounts (id),
        fee_income_account_id uuid REFERENCES accounts (id),
        clearing_account_id uuid REFERENCES accounts (id),
        updated_by uuid,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`INSERT INTO online_payment_settings (id) VALUES (1)`);

    this.addSql(`
      CREATE TABLE stripe_payouts (
        id uuid PRIMARY KEY,
        stripe_payout_id text NOT NULL UNIQUE CHECK (stripe_payout_id ~ '^po_[A-Za-z0-9_]{1,250}$'),
        amount bigint NOT NULL CHECK (amount > 0),
        -- Stripe's fees in it, owners' fees collected, and the net of returned payments' parts.
        fee bigint NOT NULL DEFAULT 0 CHECK (fee >= 0),
        fees_collected bigint NOT NULL DEFAULT 0,
        returns bigint NOT NULL DEFAULT 0,
        arrival_date date NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'deposited', 'failed')),
        deposit_id uuid UNIQUE REFERENCES deposits (id),
        failure_reason text CHECK (length(failure_reason) <= 1000),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'deposited') = (deposit_id IS NOT NULL))
      )`);

    this.addSql(`
      CREATE TABLE online_payments (
        id uuid PRIMARY KEY,
        unit_id uuid NOT NULL REFERENCES units (id),
        -- The owner (platform user) who paid.
        user_id uuid,
        source text NOT NULL CHECK (source IN ('checkout', 'autopay')),
        method text NOT NULL CHECK (method IN ('card', 'us_bank_account')),
        card_funding text CHECK (card_funding IN ('credit', 'debit', 'prepaid', 'unknown')),
        -- Applied to the unit's invoices; what the owner paid on top (surcharge or ACH fee), and
        -- what of it was refunded (the surcharge of a debit or prepaid card).
        amount bigint NOT NULL CHECK (amount > 0),
        fee bigint NOT NULL DEFAULT 0 CHECK (fee >= 0),
        fee_refunded bigint NOT NULL DEFAULT 0 CHECK (fee_refunded >= 0 AND fee_refunded <= fee),
        -- Stripe's own fee on the charge (informational: payouts book the fees they carry).
        stripe_fee bigint CHECK (stripe_fee >= 0),
        status text NOT NULL DEFAULT 'open'
          CHECK (status IN ('open', 'processing', 'succeeded', 'failed', 'returned', 'expired')),
        stripe_checkout_session_id text UNIQUE,
        stripe_payment_intent_id text UNIQUE,
        stripe_charge_id text UNIQUE,
        -- The payment in the books: set once, in the transaction that posts it.
        payment_id uuid UNIQUE REFERENCES payments (id),
        -- A returned payment: the fee charged for it, and the amount billed back when the payout
        -- had already carried the payment to the bank.
        return_fee_invoice_id uuid REFERENCES invoices (id),
        return_invoice_id uuid REFERENCES invoices (id),
        failure_reason text CHECK (length(failure_reason) <= 1000),
        payout_id uuid REFERENCES stripe_payouts (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        succeeded_at timestamptz
      )`);
    this.addSql(
      `CREATE INDEX online_payments_recent ON online_payments (created_at DESC, id DESC)`,
    );
    this.addSql(`CREATE INDEX online_payments_unit ON online_payments (unit_id, created_at DESC)`);

    // A deposit's other lines (an online payout's fees paid by owners, returns in transit), their
    // net added to the bank line: the bank gets total − fee + adjustments.
    this.addSql(`ALTER TABLE deposits ADD COLUMN adjustments bigint NOT NULL DEFAULT 0`);
    this.addSql(`ALTER TABLE deposits ADD CONSTRAINT deposits_net_positive
      CHECK (total - fee + adjustments > 0)`);
  }
}
