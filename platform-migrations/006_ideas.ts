import { Migration } from '@mikro-orm/migrations';

// Ideation: ideas submitted by members of organizations with the ideation flag on, kept once in
// the platform database so super admins review one backlog across every tenant. The admin note is
// private to super admins (a field rule guards it). Every status move is kept, with who made it.
export class Migration006Ideas extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE ideas (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        submitted_by uuid REFERENCES users (id) ON DELETE SET NULL,
        title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
        description text NOT NULL CHECK (length(description) <= 5000),
        status text NOT NULL DEFAULT 'submitted' CHECK (status IN
          ('submitted', 'under_review', 'planned', 'in_progress', 'done', 'declined')),
        admin_note text NOT NULL DEFAULT '' CHECK (length(admin_note) <= 5000),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`CREATE INDEX ideas_organization_idx ON ideas (organization_id, created_at DESC)`);
    this.addSql(`CREATE INDEX ideas_created_idx ON ideas (created_at DESC, id DESC)`);
    this.addSql(`
      CREATE TABLE idea_status_history (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        idea_id uuid NOT NULL REFERENCES ideas (id) ON DELETE CASCADE,
        from_status text,
        to_status text NOT NULL,
        changed_by uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(
      `CREATE INDEX idea_status_history_idea_idx ON idea_status_history (idea_id, created_at)`,
    );
  }
}
