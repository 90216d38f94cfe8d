import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';

// Every SQL statement of the onboarding checklist (the rule: top of modules/journal/journal.repository.ts).
// The platform statements take the platform EntityManager; `selectTenantFacts` takes the tenant's
// (the request's `ctx.em`, the one door into a tenant) and only reads: yes-or-no facts of other
// modules' tables, as the dashboard reads them, each an EXISTS that stops at the first row.

export interface CompletionRow {
  step: string;
  user_id: string | null;
  completed_at: Date;
}

// Raw statements answer timestamps as text: turned into Dates once, here.
const date = (v: Date | string) => new Date(v);

// The organization's steps and the user's own, as recorded.
export async function selectCompletions(
  em: EntityManager,
  organizationId: string,
  userId: string,
): Promise<CompletionRow[]> {
  const rows = await sql(em).all<CompletionRow>(
    `SELECT step, user_id, completed_at FROM onboarding_step_completions
      WHERE organization_id = ? AND (user_id IS NULL OR user_id = ?)`,
    [organizationId, userId],
  );
  return rows.map((r) => ({ ...r, completed_at: date(r.completed_at) }));
}

// Records a step the first time it is seen done; a step recorded already (by this request or a
// concurrent one) keeps its first time. `userId` null: an organization step.
export async function insertCompletion(
  em: EntityManager,
  organizationId: string,
  userId: string | null,
  step: string,
): Promise<void> {
  await sql(em).run(
    `INSERT INTO onboarding_step_completions (organization_id, user_id, step)
       VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
    [organizationId, userId, step],
  );
}

export async function isDismissed(
  em: EntityManager,
  organizationId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await sql(em).all<{ dismissed: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM onboarding_checklist_dismissals
                     WHERE organization_id = ? AND user_id = ?) AS dismissed`,
    [organizationId, userId],
  );
  return row.dismissed;
}

export async function insertDismissal(em: EntityManager, organizationId: string, userId: string) {
  await sql(em).run(
    `INSERT INTO onboarding_checklist_dismissals (organization_id, user_id) VALUES (?, ?)
       ON CONFLICT DO NOTHING`,
    [organizationId, userId],
  );
}

export async function deleteDismissal(em: EntityManager, organizationId: string, userId: string) {
  await sql(em).run(
    `DELETE FROM onboarding_checklist_dismissals WHERE organization_id = ? AND user_id = ?`,
    [organizationId, userId],
  );
}

// Someone besides the caller belongs to the organization: a member of any status, or an invitee
// (a pending invitation is a membership with status 'invited').
export async function hasOtherMember(
  em: EntityManager,
  organizationId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await sql(em).all<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM memberships
                     WHERE organization_id = ? AND user_id <> ?) AS found`,
    [organizationId, userId],
  );
  return row.found;
}

export interface TenantFactsRow {
  bank_accounts: boolean;
  assessment_group: boolean;
  units: boolean;
  budget: boolean;
  first_entry: boolean;
}

// A cash account, as the dashboard counts cash: an asset account that is not a control account
// (accounts carry no "bank" flag; a control account is kept by its subledger). Lines are read in
// the classification they were posted in.
const CASH_LINE = (alias: string) =>
  `${alias}.account_type = 'asset'
   AND NOT EXISTS (SELECT 1 FROM control_accounts c WHERE c.account_id = ${alias}.account_id)`;

// The tenant's facts in one round trip.
// - bank_accounts: an opening balance of a cash account, i.e. an entry with a line on one and a
//   line on an equity account: createAccount's initial balance (source opening_balance, against
//   opening-balance equity 3900/3910), or balances brought forward by hand or by an import
//   against fund balance (how the demo books and most migrations from another system open).
//   Driven from the equity lines, which are few.
// - budget: a budgeted amount (budget_lines holds only nonzero ones) for `fiscalYear` or later.
// - first_entry: an entry posted by hand (source manual) with no equity line, so that balances
//   brought forward by hand count for the bank accounts, not as the first entry.
export async function selectTenantFacts(
  em: EntityManager,
  fiscalYear: number,
): Promise<TenantFactsRow> {
  const [row] = await sql(em).all<TenantFactsRow>(
    `SELECT
       EXISTS (SELECT 1
                 FROM accounts ea
                 JOIN journal_lines q ON q.account_id = ea.id AND q.account_type = 'equity'
                 JOIN journal_entries e ON e.id = q.entry_id
                WHERE ea.type = 'equity'
                  AND e.source IN ('opening_balance', 'manual', 'import')
                  AND EXISTS (SELECT 1 FROM journal_lines l
                               WHERE l.entry_id = e.id AND ${CASH_LINE('l')})) AS bank_accounts,
       EXISTS (SELECT 1 FROM assessment_groups) AS assessment_group,
       EXISTS (SELECT 1 FROM units) AS units,
       EXISTS (SELECT 1 FROM budgets b
                WHERE b.year >= ?
                  AND EXISTS (SELECT 1 FROM budget_lines bl WHERE bl.budget_id = b.id)) AS budget,
       EXISTS (SELECT 1 FROM journal_entries e
                WHERE e.source = 'manual'
                  AND NOT EXISTS (SELECT 1 FROM journal_lines l
                                   WHERE l.entry_id = e.id AND l.account_type = 'equity'))
         AS first_entry`,
    [fiscalYear],
  );
  return row;
}
