import { Migration } from '@mikro-orm/migrations';

// Investments: CDs, treasuries, money market and savings accounts, kept as a subledger.
// - investments: one row per instrument, held in an asset account of the books (its holding
//   account; the investment's fund is that account's). Rates are an APY in percent with three
//   decimals ("4.125"). Money market and savings have no maturity date.
// - investment_entries: every journal entry an investment's actions posted (purchase, interest,
//   maturity, early redemption; a rollover's entry belongs to the old and the new investment), with
//   what it did to the investment's carrying amount (`holding`), to interest income (`interest`,
//   net of an early-withdrawal penalty) and to cash. The carrying amounts of an account's
//   investments add up to the account's ledger balance.
// - Holding accounts are control accounts of role `investment`, several of them: control_accounts
//   is keyed by the account from here on, and the other roles stay one account each.
// - Entries the investments post are owned by the investment (owner_type `investment`) and have
//   their own source.
export class Migration021Investments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE control_accounts DROP CONSTRAINT control_accounts_pkey`);
    this.addSql(`ALTER TABLE control_accounts DROP CONSTRAINT control_accounts_account_id_key`);
    this.addSql(`ALTER TABLE control_accounts ADD PRIMARY KEY (account_id)`);
    this.addSql(
      `CREATE UNIQUE INDEX control_accounts_role_idx ON control_accounts (role) WHERE role <> 'investment'`,
    );
    this.addSql(`ALTER TABLE control_accounts DROP CONSTRAINT control_accounts_role_check`);
    this.addSql(`
      ALTER TABLE control_accounts ADD CONSTRAINT control_accounts_role_check
        CHECK (role IN ('receivable', 'prepaid', 'interfund_operating', 'interfund_reserve',
          'investment'))`);

    this.addSql(`ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_owner_type_check`);
    this.addSql(`
      ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_owner_type_check
        CHECK (owner_type IN ('invoice', 'payment', 'monthly_actuals', 'investment'))`);
    this.addSql(`ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_source_check`);
    this.addSql(`
      ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_source_check
        CHECK (source IN ('manual', 'opening_balance', 'monthly_actuals', 'invoice', 'payment',
          'reversal', 'late_fee', 'import', 'write_off', 'reclassification', 'investment'))`);

    this.addSql(`
      CREATE TABLE investments (
        id uuid PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('cd', 'treasury', 'money_market', 'savings')),
        institution text NOT NULL CHECK (length(institution) BETWEEN 1 AND 120),
        account_id uuid NOT NULL REFERENCES accounts (id),
        principal bigint NOT NULL CHECK (principal > 0),
        apy numeric(6, 3) NOT NULL CHECK (apy >= 0 AND apy <= 100),
        purchase_date date NOT NULL,
        maturity_date date CHECK (maturity_date > purchase_date),
        compounding text NOT NULL
          CHECK (compounding IN ('daily', 'monthly', 'quarterly', 'annually', 'simple')),
        status text NOT NULL DEFAULT 'active'
          CHECK (status IN ('active', 'matured', 'redeemed', 'rolled_over')),
        closed_on date CHECK (closed_on >= purchase_date),
        rolled_into_id uuid REFERENCES investments (id),
        notes text CHECK (length(notes) <= 1000),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((kind IN ('cd', 'treasury')) = (maturity_date IS NOT NULL)),
        CHECK ((status = 'active') = (closed_on IS NULL)),
        CHECK ((status = 'rolled_over') = (rolled_into_id IS NOT NULL))
      )`);
    this.addSql(`CREATE INDEX investments_account_idx ON investments (account_id)`);
    this.addSql(
      `CREATE INDEX investments_maturity_idx ON investments (maturity_date) WHERE status = 'active'`,
    );
    this.addSql(`
      CREATE TABLE investment_entries (
        investment_id uuid NOT NULL REFERENCES investments (id),
        entry_id uuid NOT NULL REFERENCES journal_entries (id),
        kind text NOT NULL CHECK (kind IN ('purchase', 'interest', 'maturity', 'redemption')),
        holding bigint NOT NULL,
        interest bigint NOT NULL DEFAULT 0,
        cash bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (investment_id, entry_id)
      )`);
    this.addSql(`CREATE INDEX investment_entries_entry_idx ON investment_entries (entry_id)`);
  }
}
