import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import {
  DATABASE_RETRY_AFTER_S,
  isDatabaseAway,
  isDatabaseFrozen,
} from '../core/db/availability.js';
import type { Context } from '../core/context.js';
import { forgetTenantHere } from '../core/tenancy/tenant-door.js';

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

// A write refused because the association's database is read-only for a move (SQLSTATE 25006):
// the same 503 and Retry-After, and this process forgets the association's directory entry, which
// predates the move, so that the retry reads where it is (or that it is still moving).
export function frozenTenantStatus(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, response, contextValue }) {
          if (!errors.some((e) => isDatabaseFrozen(unwrapResolverError(e)))) return;
          response.http.status = 503;
          response.http.headers.set('retry-after', String(DATABASE_RETRY_AFTER_S));
          if (contextValue.org) forgetTenantHere(contextValue.services, contextValue.org.orgId);
        },
      };
    },
  };
}
