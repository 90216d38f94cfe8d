import { Migration } from '@mikro-orm/migrations';

// Every fund balances by itself. An entry that crosses funds (operating and reserve) carries one
// interfund line per fund for that fund's difference, on the fund's interfund account:
//   DUE-RESERVE    "Due from Reserve Fund"   asset, operating fund   (control role interfund_operating)
//   DUE-OPERATING  "Due to Operating Fund"   liability, reserve fund (control role interfund_reserve)
// A debit or a credit as the amounts require: the two balances mirror each other, so the
// position between the funds is equity-neutral in each. The posting path adds the lines (the
// journal service); the accounts are created on first use by `ledger_interfund_account` (the
// number gets a suffix if an account of the association already has it) and registered as
// control accounts kept by the ledger itself: no entry posts to them by hand.
//
// The database backs it: the deferred balance check of every entry created in a transaction also
// checks each fund's debits against its credits (a line's fund is its account's), in the same one
// set-based query. Entries posted before this migration are brought in line below.
export class Migration011FundsSelfBalancing extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE control_accounts DROP CONSTRAINT control_accounts_role_check`);
    this.addSql(`
      ALTER TABLE control_accounts ADD CONSTRAINT control_accounts_role_check
        CHECK (role IN ('receivable', 'interfund_operating', 'interfund_reserve'))`);
    this.addSql(`
      CREATE FUNCTION ledger_interfund_account(fund text) RETURNS uuid LANGUAGE plpgsql AS $$
      DECLARE
        wanted text := 'interfund_' || fund;
        acct uuid;
        base text := CASE fund WHEN 'operating' THEN 'DUE-RESERVE' ELSE 'DUE-OPERATING' END;
        num text;
        k int := 1;
      BEGIN
        SELECT account_id INTO acct FROM control_accounts WHERE role = wanted;
        IF FOUND THEN
          RETURN acct;
        END IF;
        -- First use: one creator at a time (concurrent postings wait here, then find it).
        LOCK TABLE control_accounts IN SHARE ROW EXCLUSIVE MODE;
        SELECT account_id INTO acct FROM control_accounts WHERE role = wanted;
        IF FOUND THEN
          RETURN acct;
        END IF;
        num := base;
        WHILE EXISTS (SELECT 1 FROM accounts WHERE number = num) LOOP
          k := k + 1;
          num := base || '-' || k;
        END LOOP;
        acct := gen_random_uuid();
        INSERT INTO accounts (id, number, name, type, fund_type, description)
        VALUES (acct, num,
                CASE fund WHEN 'operating' THEN 'Due from Reserve Fund' ELSE 'Due to Operating Fund' END,
                CASE fund WHEN 'operating' THEN 'asset' ELSE 'liability' END,
                fund,
                'Interfund position: the ledger posts to it when an entry crosses funds');
        INSERT INTO control_accounts (role, account_id) VALUES (wanted, acct);
        RETURN acct;
      END $$`);
    this.addSql(`
      CREATE OR REPLACE FUNCTION journal_entries_must_balance() RETURNS trigger LANGUAGE plpgsql
        -- A generic plan would estimate every entry for "this transaction" and scan them all.
        SET plan_cache_mode = force_custom_plan AS $$
      DECLARE
        bad record;
      BEGIN
        SELECT id, sum(d) AS d, sum(c) AS c, sum(n) AS n,
               (array_agg(fund ORDER BY fund) FILTER (WHERE d <> c))[1] AS fund,
               (array_agg(d - c ORDER BY fund) FILTER (WHERE d <> c))[1] AS diff
          INTO bad
          FROM (SELECT e.id, a.fund_type AS fund, coalesce(sum(l.debit), 0) AS d,
                       coalesce(sum(l.credit), 0) AS c, count(l.id) AS n
                  FROM journal_entries e
                  LEFT JOIN journal_lines l ON l.entry_id = e.id
                  LEFT JOIN accounts a ON a.id = l.account_id
                 WHERE e.created_xact = NEW.xact
                 GROUP BY e.id, a.fund_type) f
         GROUP BY id
        HAVING sum(n) < 2 OR bool_or(d <> c)
         LIMIT 1;
        IF FOUND THEN
          IF bad.n < 2 OR bad.d <> bad.c THEN
            RAISE EXCEPTION 'journal entry % does not balance (debits %, credits %, % lines)',
              bad.id, bad.d, bad.c, bad.n
              USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entry_balanced';
          END IF;
          RAISE EXCEPTION 'journal entry % does not balance in the % fund (debits exceed credits by %)',
            bad.id, bad.fund, bad.diff
            USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entry_balanced_per_fund';
        END IF;
        DELETE FROM journal_balance_checks WHERE xact = NEW.xact;
        RETURN NULL;
      END $$`);
    for (const q of INTERFUND_BACKFILL) this.addSql(q);
  }
}

// Existing books: every entry that does not balance per fund gets its interfund lines (numbered
// after its last line, dated with it), audited per entry. The monthly totals follow through their
// insert trigger. Lines may join only entries of their own transaction: that check is lifted for
// this transaction only. Exported so the test can run it on books it puts back in the old state.
export const INTERFUND_BACKFILL: string[] = [
  `CREATE TEMP TABLE interfund_gaps AS
     SELECT l.entry_id, a.fund_type AS fund, sum(l.debit) - sum(l.credit) AS diff
       FROM journal_lines l JOIN accounts a ON a.id = l.account_id
      GROUP BY l.entry_id, a.fund_type
     HAVING sum(l.debit) <> sum(l.credit)`,
  `SELECT ledger_interfund_account(fund) FROM (SELECT DISTINCT fund FROM interfund_gaps) f`,
  `ALTER TABLE journal_lines DISABLE TRIGGER journal_lines_check_references`,
  `INSERT INTO journal_lines (id, entry_id, line_no, account_id, entry_date, debit, credit)
   SELECT gen_random_uuid(), g.entry_id,
          (SELECT max(line_no) FROM journal_lines x WHERE x.entry_id = g.entry_id)
            + row_number() OVER (PARTITION BY g.entry_id ORDER BY g.fund),
          c.account_id, e.entry_date, greatest(-g.diff, 0), greatest(g.diff, 0)
     FROM interfund_gaps g
     JOIN journal_entries e ON e.id = g.entry_id
     JOIN control_accounts c ON c.role = 'interfund_' || g.fund`,
  `ALTER TABLE journal_lines ENABLE TRIGGER journal_lines_check_references`,
  `INSERT INTO audit_log (entity_type, entity_id, action, changes)
   SELECT 'JournalEntry', entry_id, 'interfund_lines',
          jsonb_build_object('interfundLines', jsonb_agg(jsonb_build_object(
            'fund', fund, 'debit', greatest(-diff, 0), 'credit', greatest(diff, 0)) ORDER BY fund))
     FROM interfund_gaps GROUP BY entry_id`,
  `DROP TABLE interfund_gaps`,
];
