import { Migration } from '@mikro-orm/migrations';

// The owner portal's people: which units each owner (a platform user with the role `owner` in
// this association) is bound to. Co-owners share a unit (a row each); one person may own several
// units. A row is written when the owner is invited and stays while the binding stands; removing
// an owner from a unit deletes it (the audit log keeps the history). The portal reads nothing of
// the association for an owner but what these rows reach.
//
// The association's contact details, shown to owners, and the published documents owners may
// read (a budget, minutes, the rules) live here too.
export class Migration033UnitOwners extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE unit_owners (
        unit_id uuid NOT NULL REFERENCES units (id),
        user_id uuid NOT NULL,
        email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
        invited_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (unit_id, user_id)
      )`);
    this.addSql(`CREATE INDEX unit_owners_user ON unit_owners (user_id, unit_id)`);

    this.addSql(`
      CREATE TABLE owner_portal_settings (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        contact_name text CHECK (length(contact_name) <= 200),
        contact_email text CHECK (length(contact_email) <= 254),
        contact_phone text CHECK (length(contact_phone) <= 40),
        mailing_address text CHECK (length(mailing_address) <= 500),
        -- How to pay besides online (checks payable to …, mailed to …), printed on statements.
        payment_instructions text CHECK (length(payment_instructions) <= 1000),
        updated_by uuid,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`INSERT INTO owner_portal_settings (id) VALUES (1)`);

    this.addSql(`
      CREATE TABLE published_documents (
        id uuid PRIMARY KEY,
        title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
        category text NOT NULL
          CHECK (category IN ('budget', 'minutes', 'rules', 'financials', 'insurance', 'other')),
        -- Either a document the association generated (a board packet) or a file uploaded to be
        -- published (minutes, rules).
        document_id uuid REFERENCES documents (id),
        storage_key text UNIQUE,
        file_name text CHECK (length(file_name) <= 255),
        content_type text CHECK (length(content_type) <= 100),
        size bigint CHECK (size >= 0),
        published_by uuid,
        published_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((document_id IS NULL) <> (storage_key IS NULL)),
        CHECK (storage_key IS NULL OR (file_name IS NOT NULL AND content_type IS NOT NULL))
      )`);
    this.addSql(
      `CREATE INDEX published_documents_at ON published_documents (published_at DESC, id DESC)`,
    );
  }
}
