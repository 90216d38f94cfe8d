import type { EntityManager } from '@mikro-orm/postgresql';
import { newApiToken } from '../../core/auth/api-tokens.js';
import type { AuthInfo } from '../../core/auth/tokens.js';
import type { Context } from '../../core/context.js';
import {
  conflict,
  forbidden,
  notFound,
  unauthenticated,
  badInput,
} from '../../core/errors/app-error.js';
import { recordAudit } from '../admin/index.js';
import { activeMemberships } from '../users/index.js';
import {
  type ApiTokenRow,
  insertToken,
  nameTaken,
  revokeToken,
  selectUserToken,
  selectUserTokens,
} from './api-tokens.repository.js';
import {
  API_TOKEN_NAME_MAX,
  type ApiToken,
  ApiTokenAccess,
  ApiTokenState,
  type CreateApiTokenInput,
  type CreatedApiToken,
} from './api-tokens.types.js';

// The caller's own sign-in, not an impersonation (the admin behind it would otherwise mint a
// credential that outlives it) nor an API token (the permission table refuses those already).
function owner(ctx: Context): AuthInfo {
  const auth = ctx.auth;
  if (!auth) throw unauthenticated();
  if (auth.impersonatedBy) throw forbidden('API tokens cannot be managed while impersonating');
  if (auth.apiTokenId) throw forbidden('An API token cannot manage API tokens');
  return auth;
}

function toApiToken(row: ApiTokenRow, now = Date.now()): ApiToken {
  const state = row.revoked_at
    ? ApiTokenState.REVOKED
    : row.expires_at.getTime() <= now
      ? ApiTokenState.EXPIRED
      : ApiTokenState.ACTIVE;
  return {
    id: row.id,
    name: row.name,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    access: row.access === 'read-only' ? ApiTokenAccess.READ_ONLY : ApiTokenAccess.ROLE,
    prefix: row.prefix,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    lastUsedIp: row.last_used_ip,
    revokedAt: row.revoked_at,
    state,
  };
}

// The caller's tokens, newest first, revoked and expired ones included (marked by `state`).
export async function listApiTokens(ctx: Context): Promise<ApiToken[]> {
  const auth = owner(ctx);
  const rows = await selectUserTokens(ctx.platformEm, auth.userId);
  return rows.map((r) => toApiToken(r));
}

export async function createApiToken(
  ctx: Context,
  input: CreateApiTokenInput,
): Promise<CreatedApiToken> {
  const auth = owner(ctx);
  const name = input.name.trim();
  if (!name || name.length > API_TOKEN_NAME_MAX) {
    throw badInput([
      { field: 'name', message: `Name must be 1 to ${API_TOKEN_NAME_MAX} characters` },
    ]);
  }
  // Only an organization the caller can use now; any other id (another's, a suspended
  // membership's, an unknown one) is simply not found.
  const memberships = await activeMemberships(ctx.platformEm, auth.userId);
  const org = memberships.find((m) => m.id === input.organizationId);
  if (!org) {
    throw notFound('Organization', [
      { field: 'organizationId', message: 'You are not an active member of this organization' },
    ]);
  }
  const { token, hash, prefix } = newApiToken();
  const id = await ctx.platformEm.transactional(async (em: EntityManager) => {
    if (await nameTaken(em, auth.userId, name)) {
      throw conflict('You already have a token with this name', [
        { field: 'name', message: 'You already have a token with this name; choose another' },
      ]);
    }
    const tokenId = await insertToken(em, {
      userId: auth.userId,
      organizationId: org.id,
      name,
      access: input.access,
      tokenHash: hash,
      prefix,
      expiresInDays: input.expiresInDays,
    });
    await recordAudit(em, {
      actor: auth,
      action: 'api-token.create',
      entityType: 'api_token',
      entityId: tokenId,
      organizationId: org.id,
      details: { name, access: input.access, expiresInDays: input.expiresInDays },
    });
    return tokenId;
  });
  const row = await selectUserToken(ctx.platformEm, auth.userId, id);
  return { token, apiToken: toApiToken(row!) };
}

// Revokes one of the caller's tokens; revoking a revoked one answers it unchanged.
export async function revokeApiToken(ctx: Context, id: string): Promise<ApiToken> {
  const auth = owner(ctx);
  const revoked = await ctx.platformEm.transactional(async (em: EntityManager) => {
    const row = await selectUserToken(em, auth.userId, id);
    if (!row) throw notFound('API token');
    const hash = await revokeToken(em, auth.userId, id);
    if (hash) {
      await recordAudit(em, {
        actor: auth,
        action: 'api-token.revoke',
        entityType: 'api_token',
        entityId: id,
        organizationId: row.organization_id,
        details: { name: row.name },
      });
    }
    return hash;
  });
  // After the commit, so a request racing with the revocation cannot cache the row as it was.
  if (revoked) ctx.services.apiTokens.invalidate(revoked);
  const row = await selectUserToken(ctx.platformEm, auth.userId, id);
  return toApiToken(row!);
}
