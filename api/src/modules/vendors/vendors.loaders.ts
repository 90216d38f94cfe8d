import { defineLoader } from '../../core/loaders.js';
import type { Total } from '../../core/money/money.js';
import { type Account, listAccounts } from '../accounts/index.js';
import { spendByVendor, vendorsByIds } from './vendors.service.js';
import type { Vendor } from './vendors.types.js';

// One query for every vendor named in a response (entry lists name many). A vendor id that names
// no vendor loads as null: the entry's `vendor` field is nullable by design.
export const vendorById = defineLoader<string, Vendor | null>('vendorById', async (ctx, ids) => {
  const found = new Map((await vendorsByIds(ctx.em, ids)).map((v) => [v.id, v]));
  return ids.map((id) => found.get(id) ?? null);
});

// The chart is small: one query for all of it serves every vendor of the response.
export const expenseAccountById = defineLoader<string, Account | null>(
  'expenseAccountById',
  async (ctx, ids) => {
    const all = new Map(
      (await listAccounts(ctx.em, { includeArchived: true })).map((a) => [a.id, a]),
    );
    return ids.map((id) => all.get(id) ?? null);
  },
);

// Each vendor's net spend over one period (the period selects the loader).
export const spendOfVendor = defineLoader<string, Total, [string | null, string | null]>(
  'spendOfVendor',
  async (ctx, ids, from, to) => {
    const rows = new Map(
      (await spendByVendor(ctx.em, { from, to }, ids)).map((r) => [r.vendorId, r.total]),
    );
    return ids.map((id) => rows.get(id) ?? 0n);
  },
);
