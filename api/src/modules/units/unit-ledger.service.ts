import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput } from '../../core/errors/app-error.js';
import { pageSize } from '../../core/graphql/connection.js';
import { isId } from '../../core/ids.js';
import { toTotal } from '../../core/money/money.js';
import { paymentMeans } from './payment-wording.js';
import { type LedgerRow, selectLedgerPage, type UnitLedgerPosition } from './units.repository.js';
import { UnitLedgerKind, type UnitLedgerRow } from './units.types.js';
import { findUnit } from './units.service.js';

// The unit ledger is its own file though it is small: it is the receivables history of a unit
// (invoices, payments and their voids), read from the invoices and payments tables, not the unit
// record that units.service.ts keeps.

// Rows per page: twenty years of monthly invoices and payments fit in the default page.
export const UNIT_LEDGER_PAGE = 500;
export const MAX_UNIT_LEDGER_PAGE = 1000;

const KINDS = new Set([
  'invoice',
  'payment',
  'void_invoice',
  'void_payment',
  'write_off',
  'void_write_off',
  'opening_balance',
  'opening_credit',
]);

// A row's cursor: its position in the ledger order.
const cursor = {
  encode: (p: UnitLedgerPosition) => Buffer.from(p.join('|')).toString('base64url'),
  decode(text: string): UnitLedgerPosition | null {
    const [date, atUs, kind, id, ...rest] = Buffer.from(text, 'base64url').toString().split('|');
    const ok =
      rest.length === 0 &&
      /^\d{4}-\d{2}-\d{2}$/.test(date ?? '') &&
      /^-?\d{1,20}$/.test(atUs ?? '') &&
      KINDS.has(kind ?? '') &&
      isId(id ?? '');
    return ok ? [date, atUs, kind, id] : null;
  },
};

// A row in words, in the tone of the invoice rows (their memo): "Payment — check 2210",
// "Payment — ACH ref 88812 · March dues", "Payment"; voids name what they void ("Void of
// PMT-1001"). Opening credits keep their memo (the ledger tags them).
function describeLedgerRow(
  r: Pick<LedgerRow, 'kind' | 'reference' | 'description' | 'method' | 'payment_reference'>,
): string | null {
  switch (r.kind) {
    case UnitLedgerKind.PAYMENT: {
      const means = paymentMeans(r.method, r.payment_reference);
      const memo = r.description?.trim();
      return `Payment${means ? ` — ${means}` : ''}${memo ? ` · ${memo}` : ''}`;
    }
    case UnitLedgerKind.OPENING_CREDIT:
      return r.description ?? r.payment_reference;
    case UnitLedgerKind.VOID_INVOICE:
    case UnitLedgerKind.VOID_PAYMENT:
      return `Void of ${r.reference}`;
    default:
      return r.description;
  }
}

// Everything billed to and paid by a unit, in date order, with the running balance: `first` rows
// after the row whose cursor is `after` (from the start without one). Each page's running balance
// carries on from the rows before it, so pages read one after the other show one ledger.
export async function unitLedger(
  em: EntityManager,
  unitId: string,
  page: { first: number; after?: string | null } = { first: UNIT_LEDGER_PAGE },
): Promise<UnitLedgerRow[]> {
  const limit = pageSize(page.first, MAX_UNIT_LEDGER_PAGE, 'rows');
  const position = page.after ? cursor.decode(page.after) : null;
  if (page.after && !position) throw badInput([{ field: 'after', message: 'Invalid cursor' }]);
  await findUnit(em, unitId);
  const rows = await selectLedgerPage(em, unitId, { after: position, limit });
  return rows.map((r) => {
    const charge = toTotal(r.charge);
    const payment = toTotal(r.payment);
    const balance = toTotal(r.balance);
    return {
      date: r.date,
      kind: r.kind,
      reference: r.reference,
      description: describeLedgerRow(r),
      invoiceId: r.invoice_id,
      paymentId: r.payment_id,
      charge,
      payment,
      balance,
      cursor: cursor.encode([r.date, r.at_us, r.kind, r.row_id]),
    };
  });
}
