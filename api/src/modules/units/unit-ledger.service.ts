import type { EntityManager } from '@mikro-orm/postgresql';
import { toTotal } from '../../core/money/money.js';
import { selectLedger } from './units.repository.js';
import type { UnitLedgerRow } from './units.types.js';
import { findUnit } from './units.service.js';

// The unit ledger is its own file though it is small: it is the receivables history of a unit
// (invoices, payments and their voids), read from the invoices and payments tables, not the unit
// record that units.service.ts keeps.

// Everything billed to and paid by a unit, in date order, with the running balance.
export async function unitLedger(em: EntityManager, unitId: string): Promise<UnitLedgerRow[]> {
  await findUnit(em, unitId);
  const rows = await selectLedger(em, unitId);
  let balance = 0n;
  return rows.map((r) => {
    const charge = toTotal(r.charge);
    const payment = toTotal(r.payment);
    balance += charge - payment;
    return {
      date: r.date,
      kind: r.kind,
      reference: r.reference,
      description: r.description,
      invoiceId: r.invoice_id,
      paymentId: r.payment_id,
      charge,
      payment,
      balance,
    };
  });
}
