import { defineLoader } from '../../core/loaders.js';
import { taxIdsForAdmin } from './statements.service.js';

// One read (and one check) for every tax id a 1099 report response asks for.
export const taxIdOfVendor = defineLoader<string, string | null>(
  'taxIdOfVendor',
  async (ctx, ids) => {
    const found = await taxIdsForAdmin(ctx.em, ctx.services.secrets, ctx.role, ids);
    return ids.map((id) => found.get(id) ?? null);
  },
);
