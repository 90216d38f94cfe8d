import { Migration } from '@mikro-orm/migrations';

// The reserve study: the components the reserve fund pays to replace, and the assumptions of the
// funding projection (one row). See api/src/modules/reserves/reserves.service.ts for the rules.
export class Migration020Reserves extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE reserve_components (
        id uuid PRIMARY KEY,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        category text NOT NULL CHECK (category IN ('roofing', 'paving', 'pool', 'painting',
          'elevators', 'fencing', 'hvac', 'siding', 'plumbing', 'electrical', 'lighting',
          'playground', 'site', 'interiors', 'other')),
        quantity numeric(12, 2) CHECK (quantity > 0),
        unit text CHECK (length(unit) <= 40),
        useful_life_years int NOT NULL CHECK (useful_life_years BETWEEN 1 AND 100),
        remaining_life_years int CHECK (remaining_life_years BETWEEN 0 AND 100),
        placed_in_service_year int CHECK (placed_in_service_year BETWEEN 1900 AND 2200),
        current_replacement_cost bigint NOT NULL CHECK (current_replacement_cost >= 0),
        account_id uuid NOT NULL REFERENCES accounts (id),
        notes text CHECK (length(notes) <= 1000),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- Remaining life is given, or derived from the year the component was placed in service.
        CHECK ((remaining_life_years IS NULL) <> (placed_in_service_year IS NULL))
      )`);
    this.addSql(`CREATE INDEX reserve_components_account_idx ON reserve_components (account_id)`);
    // One row (id = true). Rates in basis points (425 = 4.25 %); a NULL contribution means the
    // current fiscal year's budgeted reserve contribution.
    this.addSql(`
      CREATE TABLE reserve_settings (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        inflation_rate_bps int NOT NULL DEFAULT 300 CHECK (inflation_rate_bps BETWEEN 0 AND 2500),
        interest_rate_bps int NOT NULL DEFAULT 100 CHECK (interest_rate_bps BETWEEN 0 AND 2500),
        annual_contribution bigint CHECK (annual_contribution >= 0),
        threshold_floor bigint NOT NULL DEFAULT 0 CHECK (threshold_floor >= 0),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`INSERT INTO reserve_settings (id) VALUES (true)`);
  }
}
