import { Migration } from '@mikro-orm/migrations';

// An interfund transfer account: the operating fund's "Transfer to reserves" expense and the
// reserve fund's "Reserve contributions" income that mirror it. What they carry moves money
// between the association's own funds, so the reports show it as a transfer between funds (below
// the excess of income over expenses), never inside total income and total expense.
// The backfill marks the accounts whose forecast role already says they are the two sides of the
// reserve contribution (migration 025), the same rule a new account's default follows, and
// records each in the audit log.
export class Migration027InterfundTransferAccounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      ALTER TABLE accounts
        ADD COLUMN interfund_transfer boolean NOT NULL DEFAULT false,
        ADD CONSTRAINT accounts_interfund_transfer_income_or_expense
          CHECK (NOT interfund_transfer OR type IN ('income', 'expense'))`);
    this.addSql(`
      UPDATE accounts SET interfund_transfer = true
       WHERE forecast_role IN ('reserve_transfer', 'reserve_contribution')`);
    this.addSql(`
      INSERT INTO audit_log (entity_type, entity_id, action, changes)
      SELECT 'Account', id, 'update',
             jsonb_build_object('interfundTransfer',
               jsonb_build_object('before', false, 'after', true))
        FROM accounts WHERE interfund_transfer`);
  }
}
