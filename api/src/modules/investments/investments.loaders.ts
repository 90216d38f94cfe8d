import type { Context } from '../../core/context.js';
import { orgToday } from '../../core/dates.js';
import { defineLoader } from '../../core/loaders.js';
import { listInvestmentsById } from './investments.service.js';
import type { Investment } from './investments.types.js';

const investmentByIdLoader = defineLoader<string, Investment | null>(
  'investmentById',
  async (ctx, ids) => {
    const all = await listInvestmentsById(ctx.em, [...ids], orgToday(ctx));
    return ids.map((id) => all.find((i) => i.id === id) ?? null);
  },
);

export function investmentById(ctx: Context, id: string): Promise<Investment | null> {
  return ctx.loaders.get(investmentByIdLoader).load(id);
}
