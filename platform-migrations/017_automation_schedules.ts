import { Migration } from '@mikro-orm/migrations';

// What an association lets run on its own, on dates in its time zone: the monthly assessment run
// on its billing day, late fees on its grace day, reminders some days before invoices fall due
// (null: that one is off). Kept on the platform so one query finds what is due across all
// associations. `starts_on` is the association's date when it was last turned on or changed:
// a day already past when that happened is not caught up (the treasurer may have run it by hand).
// The `last_*` columns say which month or day each kind last completed, so a due run is queued once
// (the association's own automation_runs are the truth; these only spare looking).
export class Migration017AutomationSchedules extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE automation_schedules (
        organization_id uuid PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
        paused boolean NOT NULL DEFAULT false,
        assessment_day smallint CHECK (assessment_day BETWEEN 1 AND 28),
        late_fee_day smallint CHECK (late_fee_day BETWEEN 1 AND 28),
        reminder_days smallint CHECK (reminder_days BETWEEN 1 AND 30),
        starts_on date NOT NULL,
        last_assessment_month text,
        last_late_fee_month text,
        last_reminder_on date,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid REFERENCES users (id) ON DELETE SET NULL
      )`);
  }
}
