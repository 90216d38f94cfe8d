import type { Context } from '../../core/context.js';
import { defineLoader } from '../../core/loaders.js';
import type { Total } from '../../core/money/money.js';
import { findUnits, unitFigures } from './units.service.js';
import type { Unit } from './units.types.js';

// Units named by a response's invoices and payments, one query for all. Those rows reference
// their unit by foreign key, so every id loads.
const unitByIdLoader = defineLoader<string, Unit>('unitById', async (ctx, ids) => {
  const all = await findUnits(ctx.em, [...ids]);
  return ids.map((id) => all.find((u) => u.id === id)!);
});

export function unitById(ctx: Context, id: string): Promise<Unit> {
  return ctx.loaders.get(unitByIdLoader).load(id);
}

const figuresLoader = defineLoader<
  string,
  { balanceDue: Total; credit: Total; invoiceCount: number }
>('unitFigures', (ctx, ids) => unitFigures(ctx.em, [...ids]));

// A unit's balance due, credit and invoice count (one query for every unit of the response).
export const unitFiguresOf = (ctx: Context, id: string) => ctx.loaders.get(figuresLoader).load(id);
