import { Migration } from '@mikro-orm/migrations';

// Budgets per fiscal year (an amount per income/expense account per month) and monthly actuals
// (amounts entered for books kept elsewhere, posted to the journal as reconciled entries).
export class Migration005Budgets extends Migration {
  override async up(): Promise<void> {
    // One budget per year; the id names it in the audit trail.
    this.addSql(`
      CREATE TABLE budgets (
        id uuid PRIMARY KEY,
        year int NOT NULL UNIQUE CHECK (year BETWEEN 1900 AND 2999),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Sparse: a missing row is a zero. Amounts in cents, positive in the account's natural
    // direction (credit for income, debit for expense).
    this.addSql(`
      CREATE TABLE budget_lines (
        budget_id uuid NOT NULL REFERENCES budgets (id) ON DELETE CASCADE,
        account_id uuid NOT NULL REFERENCES accounts (id),
        month smallint NOT NULL CHECK (month BETWEEN 1 AND 12),
        amount bigint NOT NULL CHECK (amount <> 0),
        PRIMARY KEY (budget_id, account_id, month)
      )`);

    // The account each fund's monthly actuals post against (an asset of that fund).
    this.addSql(`
      CREATE TABLE actuals_cash_accounts (
        fund_type text PRIMARY KEY CHECK (fund_type IN ('operating', 'reserve')),
        account_id uuid NOT NULL REFERENCES accounts (id),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A month whose actuals were entered; the id names it in the audit trail.
    this.addSql(`
      CREATE TABLE actuals_months (
        id uuid PRIMARY KEY,
        month date NOT NULL UNIQUE CHECK (extract(day FROM month) = 1),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // What the treasurer entered, in the account's natural direction (sparse, like budgets).
    this.addSql(`
      CREATE TABLE actuals_amounts (
        month_id uuid NOT NULL REFERENCES actuals_months (id) ON DELETE CASCADE,
        account_id uuid NOT NULL REFERENCES accounts (id),
        amount bigint NOT NULL CHECK (amount <> 0),
        PRIMARY KEY (month_id, account_id)
      )`);
    // The live (not yet reversed) entry of each fund for a month. A re-save reverses it and
    // points this row at the new entry; the journal keeps both, linked by reverses_id.
    this.addSql(`
      CREATE TABLE actuals_entries (
        month_id uuid NOT NULL REFERENCES actuals_months (id) ON DELETE CASCADE,
        fund_type text NOT NULL CHECK (fund_type IN ('operating', 'reserve')),
        entry_id uuid NOT NULL UNIQUE REFERENCES journal_entries (id),
        PRIMARY KEY (month_id, fund_type)
      )`);
  }
}
