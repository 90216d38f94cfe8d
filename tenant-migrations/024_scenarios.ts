import { Migration } from '@mikro-orm/migrations';

// Board what-if scenarios: a name and the assumptions (assessment changes, special assessments,
// capital-project moves, planned and removed investments, inflation) as one JSON document, which
// the scenarios service validates and reads. The projection itself is never stored: it is
// computed from today's books each time. See scenarios.service.ts for the rules.
export class Migration024Scenarios extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE scenarios (
        id uuid PRIMARY KEY,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
        assumptions jsonb NOT NULL DEFAULT '{}'::jsonb
          CHECK (jsonb_typeof(assumptions) = 'object'),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        created_by text
      )`);
    // Names are unique whatever their case ("Dues +4 %" and "dues +4 %" are one scenario).
    this.addSql(`CREATE UNIQUE INDEX scenarios_name_idx ON scenarios (lower(name))`);
  }
}
