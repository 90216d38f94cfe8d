import { Migration } from '@mikro-orm/migrations';

// Monthly actuals read the ledger instead of keeping books of their own: a month's figure per
// account is what the journal holds for it (every source), and a save posts the difference as a
// new adjustment entry the month owns (journal_entries.owner_type/owner_id), never reversing an
// earlier one. What was typed (actuals_amounts) and the month's one live entry per fund
// (actuals_entries) were a second record of the same amounts that went stale as soon as anything
// else posted to the month; the journal keeps every entry they pointed at, and the audit trail
// every typed amount. actuals_months stays: its id owns the month's entries.
export class Migration013ActualsFromLedger extends Migration {
  override async up(): Promise<void> {
    this.addSql(`DROP TABLE actuals_entries`);
    this.addSql(`DROP TABLE actuals_amounts`);
  }
}
