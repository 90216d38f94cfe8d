import { Migration } from '@mikro-orm/migrations';

// Recurring bills (payables): when on, the association's automation enters each day the bills
// its templates have due (on or before its today). Off until the treasurer turns it on, like
// every other kind; `last_recurring_bills_on` is the day it last completed, as for reminders.
export class Migration018RecurringBillsSchedule extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      ALTER TABLE automation_schedules
        ADD COLUMN recurring_bills boolean NOT NULL DEFAULT false,
        ADD COLUMN last_recurring_bills_on date`);
  }
}
