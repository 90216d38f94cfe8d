import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';
import type { AccountSummaryRow, FundType } from '../accounts/index.js';
import type {
  Compounding,
  InvestmentEntryKind,
  InvestmentKind,
  InvestmentStatus,
} from './investments.types.js';

// Every SQL statement of investments.

export interface InvestmentRow {
  id: string;
  kind: InvestmentKind;
  institution: string;
  account_id: string;
  account_number: string;
  account_name: string;
  fund_type: FundType;
  principal: string;
  apy: string;
  purchase_date: string;
  maturity_date: string | null;
  compounding: Compounding;
  status: InvestmentStatus;
  closed_on: string | null;
  rolled_into_id: string | null;
  rolled_from_id: string | null;
  notes: string | null;
  // Σ holding and Σ interest of its entries.
  balance: string;
  interest_recorded: string;
}

export interface InvestmentListFilter {
  ids?: string[];
  status?: InvestmentStatus | null;
  fundType?: FundType | null;
}

// Investments with their holding account and what their entries add up to; by maturity (none
// last), then purchase date.
export function investmentRows(
  em: EntityManager,
  filter: InvestmentListFilter = {},
): Promise<InvestmentRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.ids) {
    where.push(`i.id = ${anyOf('uuid')}`);
    params.push(filter.ids);
  }
  if (filter.status) {
    where.push('i.status = ?');
    params.push(filter.status);
  }
  if (filter.fundType) {
    where.push('a.fund_type = ?');
    params.push(filter.fundType);
  }
  return sql(em).all<InvestmentRow>(
    `SELECT i.id, i.kind, i.institution, i.account_id, a.number AS account_number,
            a.name AS account_name, a.fund_type, i.principal::text, i.apy::text,
            i.purchase_date::text, i.maturity_date::text, i.compounding, i.status,
            i.closed_on::text, i.rolled_into_id,
            (SELECT f.id FROM investments f WHERE f.rolled_into_id = i.id) AS rolled_from_id,
            i.notes,
            coalesce((SELECT sum(x.holding) FROM investment_entries x WHERE x.investment_id = i.id), 0)::text AS balance,
            coalesce((SELECT sum(x.interest) FROM investment_entries x WHERE x.investment_id = i.id), 0)::text AS interest_recorded
       FROM investments i JOIN accounts a ON a.id = i.account_id
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY i.maturity_date NULLS LAST, i.purchase_date, i.institution, i.id`,
    params,
  );
}

// The investment, locked for an action on it; undefined when it is not this association's.
export async function lockInvestment(tx: EntityManager, id: string): Promise<boolean> {
  const rows = await sql(tx).all(`SELECT id FROM investments WHERE id = ? FOR UPDATE`, [id]);
  return rows.length > 0;
}

export interface InvestmentEntryRow {
  investment_id: string;
  entry_id: string;
  entry_number: string;
  entry_date: string;
  kind: InvestmentEntryKind;
  holding: string;
  interest: string;
  cash: string;
}

export function investmentEntryRows(
  em: EntityManager,
  investmentIds: string[],
): Promise<InvestmentEntryRow[]> {
  return sql(em).all<InvestmentEntryRow>(
    `SELECT x.investment_id, x.entry_id, e.number::text AS entry_number,
            e.entry_date::text AS entry_date, x.kind, x.holding::text, x.interest::text, x.cash::text
       FROM investment_entries x JOIN journal_entries e ON e.id = x.entry_id
      WHERE x.investment_id = ${anyOf('uuid')}
      ORDER BY e.entry_date, e.number`,
    [investmentIds],
  );
}

export interface NewInvestment {
  id: string;
  kind: InvestmentKind;
  institution: string;
  accountId: string;
  principal: bigint;
  apy: string;
  purchaseDate: string;
  maturityDate: string | null;
  compounding: Compounding;
  notes: string | null;
}

export async function insertInvestment(tx: EntityManager, n: NewInvestment): Promise<void> {
  await sql(tx).run(
    `INSERT INTO investments (id, kind, institution, account_id, principal, apy, purchase_date,
                              maturity_date, compounding, notes)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      n.id,
      n.kind,
      n.institution,
      n.accountId,
      n.principal.toString(),
      n.apy,
      n.purchaseDate,
      n.maturityDate,
      n.compounding,
      n.notes,
    ],
  );
}

export interface NewInvestmentEntry {
  investmentId: string;
  entryId: string;
  kind: InvestmentEntryKind;
  holding: bigint;
  interest: bigint;
  cash: bigint;
}

export async function insertInvestmentEntries(
  tx: EntityManager,
  rows: NewInvestmentEntry[],
): Promise<void> {
  for (const r of rows) {
    await sql(tx).run(
      `INSERT INTO investment_entries (investment_id, entry_id, kind, holding, interest, cash)
       VALUES (?, ?, ?, ?, ?, ?)`,
      [
        r.investmentId,
        r.entryId,
        r.kind,
        r.holding.toString(),
        r.interest.toString(),
        r.cash.toString(),
      ],
    );
  }
}

export async function closeInvestment(
  tx: EntityManager,
  id: string,
  status: InvestmentStatus,
  closedOn: string,
  rolledIntoId: string | null,
): Promise<void> {
  await sql(tx).run(
    `UPDATE investments SET status = ?, closed_on = ?, rolled_into_id = ?, updated_at = now()
      WHERE id = ?`,
    [status, closedOn, rolledIntoId, id],
  );
}

export async function updateInvestmentText(
  tx: EntityManager,
  id: string,
  fields: { institution?: string; notes?: string | null },
): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [];
  if (fields.institution !== undefined) {
    sets.push('institution = ?');
    params.push(fields.institution);
  }
  if (fields.notes !== undefined) {
    sets.push('notes = ?');
    params.push(fields.notes);
  }
  if (!sets.length) return;
  await sql(tx).run(`UPDATE investments SET ${sets.join(', ')}, updated_at = now() WHERE id = ?`, [
    ...params,
    id,
  ]);
}

export interface AccountFacts extends AccountSummaryRow {
  control_role: string | null;
  // Lines on the account in entries no investment owns.
  other_postings: boolean;
}

// The accounts an action names, with what decides whether each may serve (missing ids absent).
export function accountFacts(em: EntityManager, ids: string[]): Promise<AccountFacts[]> {
  return sql(em).all<AccountFacts>(
    `SELECT a.id, a.number, a.name, a.type, a.fund_type, a.archived, c.role AS control_role,
            EXISTS (SELECT 1 FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
                     WHERE l.account_id = a.id
                       AND e.owner_type IS DISTINCT FROM 'investment') AS other_postings
       FROM accounts a LEFT JOIN control_accounts c ON c.account_id = a.id
      WHERE a.id = ${anyOf('uuid')}`,
    [ids],
  );
}

// The fund's interest income account: its income account whose role in forecasts is interest
// income (the forecast leaves that income to the investments), lowest number.
export async function interestIncomeAccountOf(
  em: EntityManager,
  fund: FundType,
): Promise<string | null> {
  const [row] = await sql(em).all<{ id: string }>(
    `SELECT id FROM accounts
      WHERE forecast_role = 'interest_income' AND fund_type = ? AND NOT archived
      ORDER BY number LIMIT 1`,
    [fund],
  );
  return row?.id ?? null;
}

// ---------------------------------------------------------------------------------------------
// Planned (draft) investments

export interface PlannedRow {
  id: string;
  fund_type: string;
  kind: string;
  institution: string | null;
  amount: string;
  term_months: number | null;
  apy: string;
  note: string | null;
  recommendation_id: string | null;
  status: string;
  investment_id: string | null;
  created_at: Date;
}

const PLANNED = `id, fund_type, kind, institution, amount::text AS amount, term_months,
  apy::text AS apy, note, recommendation_id, status, investment_id, created_at`;

export function selectPlanned(
  em: EntityManager,
  filter: { status?: string | null; ids?: string[] },
): Promise<PlannedRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.status) {
    where.push('status = ?');
    params.push(filter.status);
  }
  if (filter.ids) {
    where.push(`id = ${anyOf('uuid')}`);
    params.push(filter.ids);
  }
  return sql(em).all<PlannedRow>(
    `SELECT ${PLANNED} FROM planned_investments
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY created_at, rung, id`,
    params,
  );
}

export async function lockPlanned(tx: EntityManager, id: string): Promise<PlannedRow | null> {
  const [row] = await sql(tx).all<PlannedRow>(
    `SELECT ${PLANNED} FROM planned_investments WHERE id = ? FOR UPDATE`,
    [id],
  );
  return row ?? null;
}

export interface NewPlanned {
  id: string;
  fundType: string;
  kind: string;
  institution: string | null;
  amount: bigint;
  termMonths: number | null;
  apy: string;
  note: string | null;
  recommendationId: string | null;
  recommendationItem: string | null;
  rung: number;
  createdBy: string | null;
}

// False when that recommendation's item (and rung) is already on the plan.
export async function insertPlanned(tx: EntityManager, n: NewPlanned): Promise<boolean> {
  const rows = await sql(tx).all<{ id: string }>(
    `INSERT INTO planned_investments (id, fund_type, kind, institution, amount, term_months, apy,
                                      note, recommendation_id, recommendation_item, rung, created_by)
     VALUES (?, ?, ?, ?, ?, ?, ?::numeric, ?, ?, ?, ?, ?)
     ON CONFLICT (recommendation_id, recommendation_item, rung) WHERE recommendation_id IS NOT NULL
     DO NOTHING
     RETURNING id`,
    [
      n.id,
      n.fundType,
      n.kind,
      n.institution,
      n.amount.toString(),
      n.termMonths,
      n.apy,
      n.note,
      n.recommendationId,
      n.recommendationItem,
      n.rung,
      n.createdBy,
    ],
  );
  return rows.length === 1;
}

export function setPlannedStatus(
  tx: EntityManager,
  id: string,
  status: string,
  investmentId: string | null,
) {
  return sql(tx).run(
    `UPDATE planned_investments SET status = ?, investment_id = ?, updated_at = now() WHERE id = ?`,
    [status, investmentId, id],
  );
}
