import { Migration } from '@mikro-orm/migrations';

// Numbers a treasurer reads alongside the rest of the books.
// - Opening Balance Equity was created as "OBE-OPERATING" / "OBE-RESERVE" in an otherwise numeric
//   chart; it is 3900 / 3910 now, at the end of the equity range. Where that number is already
//   another account's, the old number stays (the ledger still finds the account by it).
// - Payments are numbered from 1001 like invoices and journal entries. Only an association
//   without payments is renumbered: a payment's number is in its posted, immutable entries' memos.
export class Migration015NumericOpeningEquityPaymentNumbers extends Migration {
  override async up(): Promise<void> {
    for (const q of OPENING_EQUITY_RENUMBER) this.addSql(q);
    this.addSql(PAYMENT_NUMBERS_FROM_1001);
  }
}

// Exported so tests can run them on books put back in the old state.
export const OPENING_EQUITY_RENUMBER: string[] = [
  ['OBE-OPERATING', '3900'],
  ['OBE-RESERVE', '3910'],
].flatMap(([from, to]) => [
  `INSERT INTO audit_log (entity_type, entity_id, action, changes)
   SELECT 'Account', id, 'update',
          jsonb_build_object('number', jsonb_build_object('before', '${from}', 'after', '${to}'))
     FROM accounts
    WHERE number = '${from}' AND NOT EXISTS (SELECT 1 FROM accounts WHERE number = '${to}')`,
  `UPDATE accounts SET number = '${to}'
    WHERE number = '${from}' AND NOT EXISTS (SELECT 1 FROM accounts WHERE number = '${to}')`,
]);

export const PAYMENT_NUMBERS_FROM_1001 = `
  DO $$
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM payments) THEN
      ALTER SEQUENCE payment_number_seq START WITH 1001 RESTART WITH 1001;
    END IF;
  END $$`;
