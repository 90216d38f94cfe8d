import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';

export interface TemplateRow {
  id: string;
  name: string;
  vendor_id: string;
  memo: string | null;
  // Amounts are cents written as text (exact in jsonb whatever their size).
  lines: { accountId: string; amount: string; memo: string | null }[];
  frequency: 'monthly' | 'quarterly' | 'semiannual' | 'annual';
  next_date: string;
  due_days: number;
  active: boolean;
  created_at: Date;
}

const SELECT = `SELECT id, name, vendor_id, memo, lines, frequency, next_date::text, due_days, active,
  created_at FROM bill_templates`;

export function templateRows(em: EntityManager): Promise<TemplateRow[]> {
  return sql(em).all<TemplateRow>(`${SELECT} ORDER BY active DESC, next_date, lower(name), id`);
}

export async function templateRow(
  em: EntityManager,
  id: string,
  lock = false,
): Promise<TemplateRow | undefined> {
  const [row] = await sql(em).all<TemplateRow>(
    `${SELECT} WHERE id = ?${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return row;
}

// Active templates with a bill due on or before `through`, each locked until the transaction
// ends (two runs of one day take turns, and the second finds the dates advanced), in order.
export function dueTemplates(tx: EntityManager, through: string): Promise<TemplateRow[]> {
  return sql(tx).all<TemplateRow>(
    `${SELECT} WHERE active AND next_date <= ? ORDER BY next_date, lower(name), id FOR UPDATE`,
    [through],
  );
}

export interface TemplateWrite {
  name: string;
  vendorId: string;
  memo: string | null;
  lines: { accountId: string; amount: string; memo: string | null }[];
  frequency: string;
  nextDate: string;
  dueDays: number;
  active: boolean;
}

export async function insertTemplate(
  tx: EntityManager,
  id: string,
  t: TemplateWrite,
  createdBy: string | null,
): Promise<void> {
  await sql(tx).run(
    `INSERT INTO bill_templates (id, name, vendor_id, memo, lines, frequency, next_date, due_days,
       active, created_by) VALUES (?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?)`,
    [
      id,
      t.name,
      t.vendorId,
      t.memo,
      JSON.stringify(t.lines),
      t.frequency,
      t.nextDate,
      t.dueDays,
      t.active,
      createdBy,
    ],
  );
}

export async function updateTemplateRow(
  tx: EntityManager,
  id: string,
  t: TemplateWrite,
): Promise<void> {
  await sql(tx).run(
    `UPDATE bill_templates SET name = ?, vendor_id = ?, memo = ?, lines = ?::jsonb, frequency = ?,
       next_date = ?, due_days = ?, active = ? WHERE id = ?`,
    [
      t.name,
      t.vendorId,
      t.memo,
      JSON.stringify(t.lines),
      t.frequency,
      t.nextDate,
      t.dueDays,
      t.active,
      id,
    ],
  );
}

export async function setNextDate(tx: EntityManager, id: string, date: string): Promise<void> {
  await sql(tx).run(`UPDATE bill_templates SET next_date = ? WHERE id = ?`, [date, id]);
}

export async function billCountOf(em: EntityManager, id: string): Promise<number> {
  const [row] = await sql(em).all<{ n: number }>(
    `SELECT count(*)::int AS n FROM bills WHERE template_id = ?`,
    [id],
  );
  return row.n;
}

export async function billExists(tx: EntityManager, templateId: string, date: string) {
  const rows = await sql(tx).all(`SELECT 1 FROM bills WHERE template_id = ? AND bill_date = ?`, [
    templateId,
    date,
  ]);
  return rows.length > 0;
}

export async function deleteTemplateRow(tx: EntityManager, id: string): Promise<void> {
  await sql(tx).run(`DELETE FROM bill_templates WHERE id = ?`, [id]);
}
