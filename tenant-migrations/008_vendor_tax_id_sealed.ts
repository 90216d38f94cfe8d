import { Migration } from '@mikro-orm/migrations';

// Vendor tax ids (EIN or SSN) are sealed at rest with the application's data key (AES-256-GCM,
// bound to the vendor's row); only the last four digits are kept in clear, for the masked display.
// Rows written before this migration keep their digits in `tax_id` until the application seals
// them: `npm run migrate` and a start that migrates do so right after the migrations (the key is
// the application's, not the database's).
export class Migration008VendorTaxIdSealed extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `ALTER TABLE vendors ADD COLUMN tax_id_sealed text CHECK (tax_id_sealed ~ '^v1\\.')`,
    );
    this.addSql(
      `ALTER TABLE vendors ADD COLUMN tax_id_last4 text CHECK (tax_id_last4 ~ '^[0-9]{4}$')`,
    );
    this.addSql(`UPDATE vendors SET tax_id_last4 = right(tax_id, 4) WHERE tax_id IS NOT NULL`);
    // A tax id is either sealed (with its last four) or absent.
    this.addSql(`
      ALTER TABLE vendors ADD CONSTRAINT vendors_tax_id_sealed_whole
        CHECK ((tax_id_sealed IS NULL) = (tax_id_last4 IS NULL) OR tax_id IS NOT NULL)`);
    this.addSql(
      `COMMENT ON COLUMN vendors.tax_id IS 'Legacy clear digits, sealed by the application after migrating; always NULL afterwards'`,
    );
  }
}
