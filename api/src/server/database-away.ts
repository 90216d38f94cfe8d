import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { DATABASE_RETRY_AFTER_S, isDatabaseAway } from '../core/db/availability.js';

// A resolver that finds the database away (refused, frozen past the timeouts, full) throws the
// driver's error, which format-error.ts words as SERVICE_UNAVAILABLE; Apollo reads the HTTP status
// from the errors before formatting them, so this sets the 503 and Retry-After the code promises.
// (The context's own database failures are AppErrors that carry both already.)
export function databaseAwayStatus<T extends BaseContext>(): ApolloServerPlugin<T> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, response }) {
          if (!errors.some((e) => isDatabaseAway(unwrapResolverError(e)))) return;
          response.http.status = 503;
          response.http.headers.set('retry-after', String(DATABASE_RETRY_AFTER_S));
        },
      };
    },
  };
}
