import { Migration } from '@mikro-orm/migrations';

// What an account does in the forecasts, said explicitly instead of read from its name:
//   reserve_transfer      an operating expense account: the operating side of the reserve
//                         contribution (the cash forecast moves it to the reserve fund)
//   reserve_contribution  a reserve income account: the budgeted reserve contribution
//   interest_income       an income account of either fund: interest, which the forecast takes
//                         from the investments (and the default account for their interest)
// The backfill gives existing accounts exactly the roles the old name rules read, so no
// forecast of existing books changes, and records each in the audit log. Charts created later
// (the demo associations) name their roles themselves.
export class Migration025AccountForecastRoles extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      ALTER TABLE accounts
        ADD COLUMN forecast_role text,
        ADD CONSTRAINT accounts_forecast_role_known
          CHECK (forecast_role IN ('reserve_transfer', 'reserve_contribution', 'interest_income')),
        ADD CONSTRAINT accounts_forecast_role_reserve_transfer
          CHECK (forecast_role <> 'reserve_transfer'
                 OR (type = 'expense' AND fund_type = 'operating')),
        ADD CONSTRAINT accounts_forecast_role_reserve_contribution
          CHECK (forecast_role <> 'reserve_contribution'
                 OR (type = 'income' AND fund_type = 'reserve')),
        ADD CONSTRAINT accounts_forecast_role_interest_income
          CHECK (forecast_role <> 'interest_income' OR type = 'income')`);
    // The old rules: the forecast's transfer expense ("Transfer to Reserves", "Reserve
    // Contribution"), the reserves' budgeted contribution, and interest (the forecast's and the
    // investments' "interest" accounts). An income account named both ways stays the
    // contribution: the reserve projection counted it so, and the forecast left it out either way.
    this.addSql(`
      UPDATE accounts SET forecast_role = 'reserve_transfer'
       WHERE type = 'expense' AND fund_type = 'operating' AND name ILIKE '%reserve%'
         AND (name ILIKE '%transfer%' OR name ILIKE '%contribution%')`);
    this.addSql(`
      UPDATE accounts SET forecast_role = 'reserve_contribution'
       WHERE type = 'income' AND fund_type = 'reserve' AND name ILIKE '%contribution%'`);
    this.addSql(`
      UPDATE accounts SET forecast_role = 'interest_income'
       WHERE type = 'income' AND forecast_role IS NULL AND name ILIKE '%interest%'`);
    this.addSql(`
      INSERT INTO audit_log (entity_type, entity_id, action, changes)
      SELECT 'Account', id, 'update',
             jsonb_build_object('forecastRole',
               jsonb_build_object('before', NULL, 'after', forecast_role))
        FROM accounts WHERE forecast_role IS NOT NULL`);
  }
}
