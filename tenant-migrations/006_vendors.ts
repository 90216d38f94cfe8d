import { Migration } from '@mikro-orm/migrations';

// Vendors the association pays, and the link from journal entries to them. Vendors are never
// deleted (deactivated instead), so entries keep naming them.
export class Migration006Vendors extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE vendors (
        id uuid PRIMARY KEY,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        contact_name text CHECK (length(contact_name) <= 120),
        email text CHECK (length(email) <= 254),
        phone text CHECK (length(phone) <= 40),
        address text CHECK (length(address) <= 500),
        -- EIN or SSN as its 9 digits. Never returned by the API: reads select the last four only.
        tax_id text CHECK (tax_id ~ '^[0-9]{9}$'),
        default_expense_account_id uuid REFERENCES accounts (id),
        is_1099 boolean NOT NULL DEFAULT false,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Two vendors of the same name would be indistinguishable in every picker.
    this.addSql(`CREATE UNIQUE INDEX vendors_name_idx ON vendors (lower(name))`);
    this.addSql(`
      ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_vendor_id_fkey
        FOREIGN KEY (vendor_id) REFERENCES vendors (id)`);
    // Vendor spend by period and the vendor filter of the journal.
    this.addSql(`
      CREATE INDEX journal_entries_vendor_idx ON journal_entries (vendor_id, entry_date)
        WHERE vendor_id IS NOT NULL`);
  }
}
