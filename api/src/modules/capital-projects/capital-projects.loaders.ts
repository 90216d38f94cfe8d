import { defineLoader } from '../../core/loaders.js';
import type { Total } from '../../core/money/money.js';
import type { JournalEntry } from '../journal/index.js';
import { actualCosts, linkedEntries } from './capital-projects.service.js';

// One query for the actual cost of every project in a response (the table lists them all).
export const actualCostOfProject = defineLoader<string, Total>(
  'actualCostOfProject',
  async (ctx, ids) => {
    const costs = await actualCosts(ctx.em, ids);
    return ids.map((id) => costs.get(id) ?? 0n);
  },
);

export const entriesOfProject = defineLoader<string, JournalEntry[]>(
  'entriesOfProject',
  async (ctx, ids) => {
    const entries = await linkedEntries(ctx.em, ids);
    return ids.map((id) => entries.get(id) ?? []);
  },
);
