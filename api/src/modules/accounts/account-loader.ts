import type { Context } from '../../server/context.js';
import { loader } from '../../core/loaders.js';
import { Account } from './account.entity.js';

// Accounts named by other records (income accounts of a group, lines of an invoice…), batched per
// request.
export function accountById(ctx: Context, id: string): Promise<Account> {
  return loader<string, Account>(ctx, 'accountById', async (ids) => {
    const rows = await ctx.em.find(Account, { id: { $in: [...ids] } });
    return ids.map((id) => rows.find((a) => a.id === id)!);
  }).load(id);
}
