import { Migration } from '@mikro-orm/migrations';

// The tenant database's identity (which organization it belongs to, written at provisioning and
// checked whenever the pool opens it) and the chart of accounts.
export class Migration001TenantInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE tenant_identity (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        organization_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`
      CREATE TABLE accounts (
        id uuid PRIMARY KEY,
        number text NOT NULL UNIQUE CHECK (number ~ '^[0-9A-Za-z][0-9A-Za-z.-]{0,19}$'),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        type text NOT NULL CHECK (type IN ('asset', 'liability', 'equity', 'income', 'expense')),
        fund_type text NOT NULL CHECK (fund_type IN ('operating', 'reserve')),
        description text CHECK (length(description) <= 1000),
        archived boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }
}
