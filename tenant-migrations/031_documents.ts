import { Migration } from '@mikro-orm/migrations';

// Documents: the PDFs (and packages) the association generates and keeps — board packets, the CPA
// package, reconciliation reports. A row is queued by a request and rendered by a background job,
// which stores the bytes in the association's storage (the attachments' storage) and marks it
// ready, or failed with the reason. A document of a period is versioned: each generation of an
// open period is a new version; a closed period's document stands while its close stands.
//
// `books_state` says which state of the books a document shows: the books' closed-through date,
// the standing close of its period (when closed), the entries and the last entry number of the
// period, and a checksum of the period's lines, so two versions can be told apart by what they
// read.
export class Migration031Documents extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE documents (
        id uuid PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('board_packet', 'cpa_package', 'reconciliation_report')),
        period_start date NOT NULL,
        period_end date NOT NULL CHECK (period_end >= period_start),
        version int NOT NULL CHECK (version >= 1),
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'ready', 'failed')),
        error text CHECK (length(error) <= 2000),
        -- The standing close of the period when the document was queued (null: an open period, a
        -- draft). A closed period's document is not generated twice for one close.
        close_id uuid REFERENCES period_closes (id),
        storage_key text UNIQUE,
        size bigint CHECK (size >= 0),
        sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        file_name text NOT NULL CHECK (length(file_name) <= 255),
        content_type text NOT NULL,
        books_state jsonb NOT NULL DEFAULT '{}',
        -- What the renderer of the kind was asked for (options chosen at generation).
        options jsonb NOT NULL DEFAULT '{}',
        generated_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        ready_at timestamptz,
        UNIQUE (kind, period_start, period_end, version),
        CHECK ((status = 'ready') = (storage_key IS NOT NULL AND ready_at IS NOT NULL)),
        CHECK ((status = 'failed') = (error IS NOT NULL))
      )`);
    this.addSql(`CREATE INDEX documents_created ON documents (created_at DESC, id DESC)`);
    this.addSql(
      `CREATE INDEX documents_kind_created ON documents (kind, created_at DESC, id DESC)`,
    );

    // The treasurer's note on a month's income-statement line, printed in that month's packet.
    this.addSql(`
      CREATE TABLE variance_notes (
        month date NOT NULL CHECK (extract(day FROM month) = 1),
        account_id uuid NOT NULL REFERENCES accounts (id),
        note text NOT NULL CHECK (length(note) BETWEEN 1 AND 1000),
        updated_by uuid,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (month, account_id)
      )`);

    // What the association's packets show: owners' names on the delinquency list or only units.
    this.addSql(`
      CREATE TABLE document_settings (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        packet_owner_names boolean NOT NULL DEFAULT false,
        updated_by uuid,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`INSERT INTO document_settings (id) VALUES (1)`);
  }
}
