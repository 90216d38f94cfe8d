import { Migration } from '@mikro-orm/migrations';

// Journal entries imported from a CSV file (history from another system): their own source, and
// the reference they had there. The same reference on the same date is one entry, so importing a
// file twice is refused by the database as well as by the import.
export class Migration009JournalImport extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_source_check`);
    this.addSql(`
      ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_source_check
        CHECK (source IN ('manual', 'opening_balance', 'monthly_actuals', 'invoice', 'payment',
          'reversal', 'late_fee', 'import'))`);
    this.addSql(
      `ALTER TABLE journal_entries ADD COLUMN import_ref text CHECK (length(import_ref) BETWEEN 1 AND 100)`,
    );
    this.addSql(`
      CREATE UNIQUE INDEX journal_entries_import_ref_idx ON journal_entries (entry_date, import_ref)
        WHERE import_ref IS NOT NULL`);
  }
}
