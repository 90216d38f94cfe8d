import type { Context } from '../../core/context.js';
import { defineLoader } from '../../core/loaders.js';
import { Account } from './accounts.entity.js';

// Accounts named by other records (income accounts of a group, lines of an invoice…), batched per
// request.
const accountByIdLoader = defineLoader<string, Account>('accountById', async (ctx, ids) => {
  const rows = await ctx.em.find(Account, { id: { $in: [...ids] } });
  return ids.map((id) => rows.find((a) => a.id === id)!);
});

export function accountById(ctx: Context, id: string): Promise<Account> {
  return ctx.loaders.get(accountByIdLoader).load(id);
}
