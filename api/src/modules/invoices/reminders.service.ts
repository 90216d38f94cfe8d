import type { EntityManager } from '@mikro-orm/postgresql';
import { type Cents, sumCents, toCents, type Total } from '../../core/money/money.js';
import { dueOnRows } from './invoices.repository.js';

export interface DueReminder {
  unitId: string;
  unitNumber: string;
  ownerName: string | null;
  email: string;
  dueDate: string;
  invoices: { number: string; open: Cents }[];
  total: Total;
}

// One reminder per unit with an email whose standing invoices fall due on the date with
// something still open: what is open on each, and in all.
export async function dueReminders(em: EntityManager, dueDate: string): Promise<DueReminder[]> {
  const byUnit = new Map<string, DueReminder>();
  for (const r of await dueOnRows(em, dueDate)) {
    let reminder = byUnit.get(r.unit_id);
    if (!reminder) {
      reminder = {
        unitId: r.unit_id,
        unitNumber: r.unit_number,
        ownerName: r.owner_name,
        email: r.email,
        dueDate: r.due_date,
        invoices: [],
        total: 0n,
      };
      byUnit.set(r.unit_id, reminder);
    }
    reminder.invoices.push({ number: r.invoice_number, open: toCents(r.open) });
  }
  for (const r of byUnit.values()) r.total = sumCents(r.invoices.map((i) => i.open));
  return [...byUnit.values()];
}
