import type { Context } from '../../core/context.js';
import { defineLoader } from '../../core/loaders.js';
import { Account } from './accounts.entity.js';
import { selectLastPostingDates, selectReclassifications } from './accounts.repository.js';
import type { AccountReclassification } from './accounts.types.js';

// Accounts named by other records (income accounts of a group, lines of an invoice…), batched per
// request.
const accountByIdLoader = defineLoader<string, Account>('accountById', async (ctx, ids) => {
  const rows = await ctx.em.find(Account, { id: { $in: [...ids] } });
  return ids.map((id) => rows.find((a) => a.id === id)!);
});

export function accountById(ctx: Context, id: string): Promise<Account> {
  return ctx.loaders.get(accountByIdLoader).load(id);
}

// The latest posting date of each account asked for, batched per request.
export const lastPostingDateOf = defineLoader<string, string | null>(
  'accountLastPostingDate',
  async (ctx, ids) => {
    const dates = await selectLastPostingDates(ctx.em, ids);
    return ids.map((id) => dates.get(id) ?? null);
  },
);

export const reclassificationsOf = defineLoader<string, AccountReclassification[]>(
  'accountReclassifications',
  async (ctx, ids) => {
    const rows = await selectReclassifications(ctx.em, ids);
    return ids.map((id) => rows.filter((r) => r.accountId === id));
  },
);
