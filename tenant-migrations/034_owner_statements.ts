import { Migration } from '@mikro-orm/migrations';

// Owners' monthly statements are emailed by the association's automation on the 1st of the month
// (platform migration 019 holds the switch and the last month sent): its runs are recorded beside
// the other kinds, once per month.
export class Migration034OwnerStatements extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE automation_runs DROP CONSTRAINT automation_runs_kind_check`);
    this.addSql(`
      ALTER TABLE automation_runs ADD CONSTRAINT automation_runs_kind_check
        CHECK (kind IN ('assessment_run', 'late_fees', 'reminders', 'recurring_bills',
                        'owner_statements'))`);
  }
}
