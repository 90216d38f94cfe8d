import { Migration } from '@mikro-orm/migrations';

// Subledgers own their entries; control accounts take only their subledger's postings.
// - Every entry a subledger posts (an invoice or late fee and its void, a payment and its void,
//   a month of monthly actuals and the reversals of its earlier entries) names its owner record:
//   owner_type + owner_id. It is set when the entry posts and never changes (the immutability
//   trigger compares every column but `reconciled`). Existing entries are filled here from the
//   invoices, payments and actuals tables.
// - control_accounts: the accounts only a subledger posts to (the receivable account of the
//   receivables settings today; investments and payables add theirs), with the role that says
//   which subledger keeps them. Manual entries and imports touching them are refused by the ledger.
export class Migration010EntryOwnersControlAccounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      ALTER TABLE journal_entries
        ADD COLUMN owner_type text CHECK (owner_type IN ('invoice', 'payment', 'monthly_actuals')),
        ADD COLUMN owner_id uuid,
        ADD CONSTRAINT journal_entries_owner_both CHECK ((owner_type IS NULL) = (owner_id IS NULL))`);
    this.addSql(
      `CREATE INDEX journal_entries_owner_idx ON journal_entries (owner_id) WHERE owner_id IS NOT NULL`,
    );

    // Filling the owners of posted entries is the one update history allows: lift the
    // immutability trigger for this transaction only.
    this.addSql(`ALTER TABLE journal_entries DISABLE TRIGGER journal_entries_immutable`);
    this.addSql(`
      UPDATE journal_entries e SET owner_type = 'invoice', owner_id = i.id
        FROM invoices i WHERE e.id IN (i.journal_entry_id, i.void_entry_id)`);
    this.addSql(`
      UPDATE journal_entries e SET owner_type = 'payment', owner_id = p.id
        FROM payments p WHERE e.id IN (p.journal_entry_id, p.void_entry_id)`);
    // Monthly actuals entries are dated in their month; only the live one is still listed in
    // actuals_entries, so earlier ones (and the reversals of them) are found by their month.
    this.addSql(`
      UPDATE journal_entries e SET owner_type = 'monthly_actuals', owner_id = m.id
        FROM actuals_months m
       WHERE e.source = 'monthly_actuals' AND e.owner_id IS NULL
         AND m.month = date_trunc('month', e.entry_date)::date`);
    this.addSql(`
      UPDATE journal_entries e SET owner_type = o.owner_type, owner_id = o.owner_id
        FROM journal_entries o
       WHERE e.reverses_id = o.id AND e.owner_id IS NULL AND o.source = 'monthly_actuals'
         AND o.owner_id IS NOT NULL AND e.reconciled`);
    this.addSql(`ALTER TABLE journal_entries ENABLE TRIGGER journal_entries_immutable`);

    this.addSql(`
      CREATE TABLE control_accounts (
        role text PRIMARY KEY CHECK (role IN ('receivable')),
        account_id uuid NOT NULL UNIQUE REFERENCES accounts (id)
      )`);
    this.addSql(`
      INSERT INTO control_accounts (role, account_id)
      SELECT 'receivable', receivable_account_id FROM receivables_settings`);
  }
}
