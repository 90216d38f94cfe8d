import { Migration } from '@mikro-orm/migrations';

// Receivables that never go below zero, bad debt with its own path, opening balances through the
// subledger.
// - Prepaid Assessments is a control account (role `prepaid`, kept by payments): a payment credits
//   the receivable account with what it pays on the day it is received and Prepaid Assessments
//   with the rest (the unit's credit). When credit pays a later invoice, an entry owned by the
//   payment moves it back (debit Prepaid, credit the receivable), dated the day it is applied;
//   `payment_applications.entry_id` names that entry, and voiding the payment reverses it too.
// - invoice_write_offs: the balance of an invoice written off to an expense account the treasurer
//   picks (debit the expense, credit the receivable; the entry belongs to the invoice). One
//   standing write-off per invoice; voiding the invoice voids it.
// - An opening balance a unit brings from another system is an invoice of kind `opening_balance`
//   (debit the receivable, credit Opening Balance Equity); an opening credit is a payment of
//   method `opening_credit` whose "deposit" is Opening Balance Equity and whose money waits in
//   Prepaid Assessments.
// - Existing books: every receivables settings row gets its Prepaid Assessments account (the
//   liability of that name in the receivable's fund, else a new one numbered from 2100), and every
//   standing payment's credit is moved as if the rules above had applied from the start, with
//   entries owned by the payment, audited.
export class Migration014ReceivablesCreditWriteOffs extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE control_accounts DROP CONSTRAINT control_accounts_role_check`);
    this.addSql(`
      ALTER TABLE control_accounts ADD CONSTRAINT control_accounts_role_check
        CHECK (role IN ('receivable', 'prepaid', 'interfund_operating', 'interfund_reserve'))`);
    this.addSql(
      `ALTER TABLE receivables_settings ADD COLUMN prepaid_account_id uuid REFERENCES accounts (id)`,
    );
    this.addSql(`ALTER TABLE invoices DROP CONSTRAINT invoices_kind_check`);
    this.addSql(`
      ALTER TABLE invoices ADD CONSTRAINT invoices_kind_check
        CHECK (kind IN ('assessment', 'one_off', 'late_fee', 'opening_balance'))`);
    this.addSql(`
      CREATE UNIQUE INDEX invoices_opening_balance_idx ON invoices (unit_id)
        WHERE kind = 'opening_balance' AND void_entry_id IS NULL`);
    this.addSql(`ALTER TABLE payments DROP CONSTRAINT payments_method_check`);
    this.addSql(`
      ALTER TABLE payments ADD CONSTRAINT payments_method_check
        CHECK (method IN ('check', 'ach', 'card', 'cash', 'other', 'opening_credit'))`);
    this.addSql(`
      CREATE UNIQUE INDEX payments_opening_credit_idx ON payments (unit_id)
        WHERE method = 'opening_credit' AND void_entry_id IS NULL`);
    this.addSql(
      `ALTER TABLE payment_applications ADD COLUMN entry_id uuid REFERENCES journal_entries (id)`,
    );
    this.addSql(`
      CREATE TABLE invoice_write_offs (
        id uuid PRIMARY KEY,
        invoice_id uuid NOT NULL REFERENCES invoices (id),
        date date NOT NULL,
        amount bigint NOT NULL CHECK (amount > 0),
        account_id uuid NOT NULL REFERENCES accounts (id),
        memo text CHECK (length(memo) <= 500),
        journal_entry_id uuid NOT NULL REFERENCES journal_entries (id),
        void_entry_id uuid REFERENCES journal_entries (id),
        void_date date,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((void_entry_id IS NULL) = (void_date IS NULL))
      )`);
    this.addSql(`
      CREATE UNIQUE INDEX invoice_write_offs_standing_idx ON invoice_write_offs (invoice_id)
        WHERE void_entry_id IS NULL`);
    this.addSql(`ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_source_check`);
    this.addSql(`
      ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_source_check
        CHECK (source IN ('manual', 'opening_balance', 'monthly_actuals', 'invoice', 'payment',
          'reversal', 'late_fee', 'import', 'write_off', 'reclassification'))`);
    for (const q of PREPAID_BACKFILL) this.addSql(q);
  }
}

// Exported so the test can run it on books it puts back in the old state.
export const PREPAID_BACKFILL: string[] = [
  // The Prepaid Assessments account of each association that bills (in the receivable's fund).
  `DO $$
   DECLARE
     ar record;
     acct uuid;
     num text;
     n int := 2100;
   BEGIN
     SELECT s.receivable_account_id AS id, a.fund_type INTO ar
       FROM receivables_settings s JOIN accounts a ON a.id = s.receivable_account_id
      WHERE s.prepaid_account_id IS NULL;
     IF NOT FOUND THEN
       RETURN;
     END IF;
     SELECT a.id INTO acct FROM accounts a
      WHERE lower(a.name) = 'prepaid assessments' AND a.type = 'liability'
        AND a.fund_type = ar.fund_type AND NOT a.archived
        AND NOT EXISTS (SELECT 1 FROM control_accounts c WHERE c.account_id = a.id)
      ORDER BY a.number LIMIT 1;
     IF acct IS NULL THEN
       WHILE EXISTS (SELECT 1 FROM accounts WHERE number = n::text) AND n < 2199 LOOP
         n := n + 1;
       END LOOP;
       num := CASE WHEN EXISTS (SELECT 1 FROM accounts WHERE number = n::text)
                   THEN 'PREPAID-ASSESSMENTS' ELSE n::text END;
       acct := gen_random_uuid();
       INSERT INTO accounts (id, number, name, type, fund_type, description)
       VALUES (acct, num, 'Prepaid Assessments', 'liability', ar.fund_type,
               'Owners'' credit: payments received before the invoices they pay');
       INSERT INTO audit_log (entity_type, entity_id, action, changes)
       VALUES ('Account', acct, 'create', jsonb_build_object('number', num,
               'name', 'Prepaid Assessments', 'type', 'liability', 'fundType', ar.fund_type));
     END IF;
     UPDATE receivables_settings SET prepaid_account_id = acct;
     INSERT INTO control_accounts (role, account_id) VALUES ('prepaid', acct);
   END $$`,
  // What each standing payment left as credit on its day, and each later application of it.
  `CREATE TEMP TABLE prepaid_moves AS
     SELECT p.id AS payment_id, p.number, p.date AS on_date, 'credit' AS kind,
            p.amount - coalesce((SELECT sum(a.amount) FROM payment_applications a
                                  WHERE a.payment_id = p.id AND a.applied_on <= p.date), 0) AS amount,
            gen_random_uuid() AS entry_id
       FROM payments p WHERE p.void_entry_id IS NULL
     UNION ALL
     SELECT p.id, p.number, a.applied_on, 'apply', sum(a.amount), gen_random_uuid()
       FROM payments p JOIN payment_applications a ON a.payment_id = p.id
      WHERE p.void_entry_id IS NULL AND a.applied_on > p.date
      GROUP BY p.id, p.number, a.applied_on`,
  `DELETE FROM prepaid_moves WHERE amount <= 0`,
  `INSERT INTO journal_entries (id, entry_date, memo, source, owner_type, owner_id)
   SELECT entry_id, on_date,
          CASE kind WHEN 'credit' THEN 'PMT-' || number || ': credit moved to Prepaid Assessments'
                    ELSE 'PMT-' || number || ': credit applied' END,
          'payment', 'payment', payment_id
     FROM prepaid_moves ORDER BY on_date, number, kind`,
  // Credit moved in: debit the receivable, credit Prepaid; applied: the other way round.
  `INSERT INTO journal_lines (id, entry_id, line_no, account_id, entry_date, debit, credit)
   SELECT gen_random_uuid(), m.entry_id, x.line_no,
          CASE WHEN (x.line_no = 1) = (m.kind = 'credit') THEN s.receivable_account_id
               ELSE s.prepaid_account_id END,
          m.on_date,
          CASE x.line_no WHEN 1 THEN m.amount ELSE 0 END,
          CASE x.line_no WHEN 2 THEN m.amount ELSE 0 END
     FROM prepaid_moves m CROSS JOIN receivables_settings s CROSS JOIN (VALUES (1), (2)) AS x(line_no)`,
  `UPDATE payment_applications a SET entry_id = m.entry_id
     FROM prepaid_moves m
    WHERE m.kind = 'apply' AND a.payment_id = m.payment_id AND a.applied_on = m.on_date`,
  `INSERT INTO audit_log (entity_type, entity_id, action, changes)
   SELECT 'JournalEntry', entry_id, 'post',
          jsonb_build_object('date', on_date, 'source', 'payment', 'lines', 2,
                             'prepaidAssessments', kind)
     FROM prepaid_moves`,
  `DROP TABLE prepaid_moves`,
];
