import { Migration } from '@mikro-orm/migrations';

// What ran on its own, when, with what result: the treasurer's activity list. A run that succeeded
// is recorded in the same transaction as its invoices, and only one success per kind and period
// can exist, so a second worker racing for the same run waits on that row and then finds it done.
export class Migration028AutomationRuns extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE automation_runs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL CHECK (kind IN ('assessment_run', 'late_fees', 'reminders')),
        period text NOT NULL,
        status text NOT NULL CHECK (status IN ('succeeded', 'failed')),
        created integer NOT NULL DEFAULT 0 CHECK (created >= 0),
        total bigint NOT NULL DEFAULT 0,
        error text,
        started_at timestamptz NOT NULL,
        finished_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`
      CREATE UNIQUE INDEX automation_runs_once ON automation_runs (kind, period)
       WHERE status = 'succeeded'`);
    this.addSql(`CREATE INDEX automation_runs_recent ON automation_runs (finished_at DESC)`);
  }
}
