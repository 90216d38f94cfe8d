import { Migration } from '@mikro-orm/migrations';

// Capital projects: the board's planned work, each in a fiscal year (NULL = Future) and ordered
// within it by `position`, and the journal entries that paid for it (their net debits to expense
// and non-cash asset accounts are its actual cost). See capital-projects.service.ts for the rules.
export class Migration022CapitalProjects extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE capital_projects (
        id uuid PRIMARY KEY,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        description text CHECK (length(description) <= 2000),
        category text NOT NULL CHECK (category IN ('roofing', 'paving', 'pool', 'painting',
          'elevators', 'landscaping', 'building', 'amenities', 'fencing', 'lighting', 'plumbing',
          'hvac', 'other')),
        estimated_cost bigint NOT NULL CHECK (estimated_cost >= 0),
        funding_source text NOT NULL CHECK (funding_source IN ('reserve', 'operating',
          'special_assessment', 'loan')),
        priority text NOT NULL CHECK (priority IN ('low', 'medium', 'high', 'critical')),
        status text NOT NULL CHECK (status IN ('planned', 'approved', 'in_progress', 'done',
          'deferred')),
        target_year int CHECK (target_year BETWEEN 1900 AND 2200),
        position int NOT NULL DEFAULT 0 CHECK (position >= 0),
        -- A deleted reserve component leaves its projects in place, unlinked.
        reserve_component_id uuid REFERENCES reserve_components (id) ON DELETE SET NULL,
        notes text CHECK (length(notes) <= 1000),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(
      `CREATE INDEX capital_projects_year_idx ON capital_projects (target_year, position)`,
    );
    this.addSql(
      `CREATE INDEX capital_projects_component_idx ON capital_projects (reserve_component_id)`,
    );
    this.addSql(`
      CREATE TABLE capital_project_entries (
        project_id uuid NOT NULL REFERENCES capital_projects (id) ON DELETE CASCADE,
        entry_id uuid NOT NULL REFERENCES journal_entries (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, entry_id)
      )`);
    this.addSql(
      `CREATE INDEX capital_project_entries_entry_idx ON capital_project_entries (entry_id)`,
    );
  }
}
