import { defineLoader } from '../../core/loaders.js';
import { selectMfaEnabled } from './mfa.repository.js';

// Whether each user has two-step sign-in on: one query for every user of a response.
export const mfaEnabledLoader = defineLoader(
  'mfaEnabled',
  async (ctx, userIds: readonly string[]) => {
    const on = await selectMfaEnabled(ctx.platformEm, userIds);
    return userIds.map((id) => on.has(id));
  },
);
