import { Migration } from '@mikro-orm/migrations';

// The association's calendar: the IANA time zone its "today" is read in, and the first month of
// its fiscal year. Existing organizations get America/New_York (the default of new ones too; see
// DEFAULT_TIME_ZONE in api/src/core/dates.ts) and a January start, which keeps their reports as
// they were.
export class Migration003OrganizationCalendar extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      ALTER TABLE organizations
        ADD COLUMN time_zone text NOT NULL DEFAULT 'America/New_York'
          CHECK (length(time_zone) BETWEEN 1 AND 64),
        ADD COLUMN fiscal_year_start_month smallint NOT NULL DEFAULT 1
          CHECK (fiscal_year_start_month BETWEEN 1 AND 12)`);
  }
}
