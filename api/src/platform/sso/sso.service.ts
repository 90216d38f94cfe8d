import { PLATFORM_TEXT_LIMITS } from '@covenant/shared/text-limits';
import { timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import * as oidc from 'openid-client';
import { hashOpaqueToken } from '../../core/auth/opaque-tokens.js';
import type { Context } from '../../core/context.js';
import { AppError, badInput, conflict, forbidden, notFound } from '../../core/errors/app-error.js';
import { assertId } from '../../core/ids.js';
import { recordAudit } from '../admin/index.js';
import { recordLogin, startSession } from '../sessions/index.js';
import { User } from '../users/index.js';
import {
  consumeState,
  deleteIdentity,
  insertIdentity,
  insertState,
  lockUser,
  otherSignInMethods,
  recordIdentityUse,
  selectIdentityBySubject,
  selectUserIdentities,
  selectUserIdentity,
  type IdentityRow,
  type SsoPurpose,
} from './sso.repository.js';
import {
  assertEnabled,
  callbackUrl,
  enabledProviders,
  isSsoProviderId,
  providerConfiguration,
  SSO_PROVIDER_NAMES,
  SSO_SCOPE,
  type SsoProviderId,
} from './sso.providers.js';
import type { LinkedIdentity, SsoAuthorization, SsoProvider } from './sso.types.js';

// How long the round trip through the provider may take (its sign-in page included).
export const SSO_STATE_TTL_SECONDS = 600;
// Binds a sign-in or link in flight to the browser that started it: the provider's redirect back
// must carry the state this browser holds. Lax, because that redirect is a top-level navigation
// from the provider's site (Strict would not send it).
export const SSO_COOKIE = 'covenant_sso';
export const SSO_COOKIE_PATH = '/auth/sso';
const REDIRECT_MAX = PLATFORM_TEXT_LIMITS.sso_states.redirect_path;

// What the callback tells the page it lands on (?sso=…); the web app words each one.
export type SsoOutcome =
  | 'state-mismatch'
  | 'not-linked'
  | 'no-organization'
  | 'failed'
  | 'cancelled'
  | 'unavailable'
  | 'linked'
  | 'taken'
  | 'already-linked';

// A path inside this app only: "/x" but never "//host" or "/\host" (both leave the origin in a
// browser), nor control characters.
export function isLocalPath(value: string): boolean {
  return (
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.startsWith('/\\') &&
    value.length <= REDIRECT_MAX &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u001f\u007f]/.test(value)
  );
}

export function listProviders(ctx: Context): SsoProvider[] {
  return enabledProviders(ctx.services).map((id) => ({ id, name: SSO_PROVIDER_NAMES[id] }));
}

async function begin(
  ctx: Context,
  provider: SsoProviderId,
  purpose: SsoPurpose,
  userId: string | null,
  redirectPath: string,
): Promise<SsoAuthorization> {
  const config = await providerConfiguration(ctx.services, provider);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await insertState(ctx.platformEm, {
    stateHash: hashOpaqueToken(state),
    provider,
    purpose,
    userId,
    codeVerifier,
    nonce,
    redirectPath,
    ttlSeconds: SSO_STATE_TTL_SECONDS,
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(ctx.services, provider),
    scope: SSO_SCOPE,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  ctx.res.cookie(SSO_COOKIE, state, {
    httpOnly: true,
    secure: ctx.services.config.cookieSecure,
    sameSite: 'lax',
    path: SSO_COOKIE_PATH,
    maxAge: SSO_STATE_TTL_SECONDS * 1000,
  });
  return { authorizationUrl: url.href };
}

export async function beginSsoSignIn(
  ctx: Context,
  rawProvider: string,
  redirect?: string | null,
): Promise<SsoAuthorization> {
  await ctx.services.rateLimiter.consume('login', { ip: ctx.meta.ip });
  const provider = assertEnabled(ctx.services, rawProvider);
  if (redirect != null && !isLocalPath(redirect)) {
    throw badInput([
      { field: 'redirect', message: 'Must be a path in this app, such as /reports' },
    ]);
  }
  return begin(ctx, provider, 'sign-in', null, redirect ?? '/');
}

// Adding a way into the account is the account holder's own act.
function ownCaller(ctx: Context) {
  const auth = ctx.auth!;
  if (auth.impersonatedBy) {
    throw forbidden(
      "Linked accounts cannot be changed while impersonating: they are the user's own",
    );
  }
  return auth;
}

export async function beginSsoLink(ctx: Context, rawProvider: string): Promise<SsoAuthorization> {
  const auth = ownCaller(ctx);
  const provider = assertEnabled(ctx.services, rawProvider);
  if (await selectUserIdentity(ctx.platformEm, auth.userId, provider)) {
    throw conflict(
      `A ${SSO_PROVIDER_NAMES[provider]} account is already linked; unlink it first to link another`,
      [{ field: 'provider', message: 'Already linked' }],
    );
  }
  return begin(ctx, provider, 'link', auth.userId, '/security');
}

function toLinkedIdentity(row: IdentityRow): LinkedIdentity {
  return {
    id: row.id,
    provider: row.provider,
    providerName: SSO_PROVIDER_NAMES[row.provider],
    email: row.email,
    createdAt: new Date(row.created_at),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null,
  };
}

export async function linkedIdentities(ctx: Context): Promise<LinkedIdentity[]> {
  return (await selectUserIdentities(ctx.platformEm, ctx.auth!.userId)).map(toLinkedIdentity);
}

export async function unlinkIdentity(ctx: Context, id: string): Promise<boolean> {
  const auth = ownCaller(ctx);
  assertId(id, 'Linked account');
  await ctx.platformEm.transactional(async (em: EntityManager) => {
    await lockUser(em, auth.userId);
    // Another user's identity and an unknown id look the same to the caller.
    const row = (await selectUserIdentities(em, auth.userId)).find((r) => r.id === id);
    if (!row) throw notFound('Linked account');
    const others = await otherSignInMethods(em, auth.userId, row.id);
    if (!others.password && others.passkeys === 0 && others.identities === 0) {
      throw new AppError(
        'BAD_USER_INPUT',
        `${SSO_PROVIDER_NAMES[row.provider]} is your only way to sign in: set a password or add a passkey before unlinking it`,
        [],
        { reason: 'LAST_SIGN_IN_METHOD' },
      );
    }
    await deleteIdentity(em, row.id);
    await recordAudit(em, {
      actor: auth,
      action: 'sso.unlink',
      entityType: 'User',
      entityId: auth.userId,
      details: { provider: row.provider, email: row.email },
    });
  });
  return true;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(hashOpaqueToken(a));
  const y = Buffer.from(hashOpaqueToken(b));
  return x.length === y.length && timingSafeEqual(x, y);
}

export function clearSsoCookie(res: Response, secure: boolean) {
  res.clearCookie(SSO_COOKIE, { httpOnly: true, secure, sameSite: 'lax', path: SSO_COOKIE_PATH });
}

// The page names the provider in its message ("That Google account is not linked…").
const to = (page: '/login' | '/security', outcome: SsoOutcome, provider?: SsoProviderId) =>
  `${page}?sso=${outcome}${provider ? `&provider=${provider}` : ''}`;

// The provider's redirect back (GET /auth/sso/:provider/callback): checks the state against this
// browser's cookie and the stored, unused state; exchanges the code (PKCE verifier, nonce); then
// signs in with a linked identity or links it to the user who started. Answers where to send the
// browser. A refusal before the state is spent creates nothing.
export async function finishSsoCallback(
  ctx: Context,
  rawProvider: string,
  req: Request,
): Promise<string> {
  const { services } = ctx;
  const cookieState = (req.cookies as Record<string, string> | undefined)?.[SSO_COOKIE];
  clearSsoCookie(ctx.res, services.config.cookieSecure);
  if (!isSsoProviderId(rawProvider) || !services.config.sso[rawProvider]) {
    return to('/login', 'unavailable');
  }
  const provider = rawProvider;
  const query = new URL(req.originalUrl, 'http://callback').search;
  const currentUrl = new URL(`${callbackUrl(services, provider)}${query}`);
  const state = currentUrl.searchParams.get('state');
  if (!state || !cookieState || !sameSecret(state, cookieState))
    return to('/login', 'state-mismatch');
  const flow = await consumeState(ctx.platformEm, hashOpaqueToken(state), provider);
  if (!flow) return to('/login', 'state-mismatch');
  const page = flow.purpose === 'link' ? '/security' : '/login';
  const method = `sso:${provider}` as const;

  let claims: oidc.IDToken;
  try {
    const config = await providerConfiguration(services, provider);
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      expectedState: state,
      expectedNonce: flow.nonce,
      pkceCodeVerifier: flow.code_verifier,
      idTokenExpected: true,
    });
    claims = tokens.claims()!;
  } catch (err) {
    const outcome: SsoOutcome =
      err instanceof AppError
        ? 'unavailable'
        : err instanceof oidc.AuthorizationResponseError && err.error === 'access_denied'
          ? 'cancelled'
          : 'failed';
    if (flow.purpose === 'sign-in') {
      await recordLogin(ctx.platformEm, {
        method,
        success: false,
        failureReason: `identity provider: ${outcome}`,
        meta: ctx.meta,
      });
    }
    return to(page, outcome, provider);
  }
  const subject = claims.sub;
  // Informational only (shown beside the link); never used to find a user.
  const shownEmail =
    typeof claims.email === 'string'
      ? claims.email
      : typeof claims.preferred_username === 'string'
        ? claims.preferred_username
        : null;
  const email = shownEmail?.slice(0, 320) ?? null;

  if (flow.purpose === 'link') return link(ctx, provider, flow.user_id!, subject, email);

  const identity = await selectIdentityBySubject(ctx.platformEm, provider, subject);
  const user = identity && (await ctx.platformEm.findOne(User, identity.user_id));
  if (!identity || !user) {
    await recordLogin(ctx.platformEm, {
      email,
      method,
      success: false,
      failureReason: 'identity not linked',
      meta: ctx.meta,
    });
    return to('/login', 'not-linked', provider);
  }
  await recordIdentityUse(ctx.platformEm, identity.id, email);
  // The provider has checked the person (its own second factor included): no TOTP step here.
  try {
    await startSession(ctx, user, method);
  } catch (err) {
    if (err instanceof AppError && err.code === 'UNAUTHENTICATED') {
      return to('/login', 'no-organization', provider);
    }
    throw err;
  }
  return isLocalPath(flow.redirect_path) ? flow.redirect_path : '/';
}

async function link(
  ctx: Context,
  provider: SsoProviderId,
  userId: string,
  subject: string,
  email: string | null,
): Promise<string> {
  const existing = await selectIdentityBySubject(ctx.platformEm, provider, subject);
  if (existing) {
    return to('/security', existing.user_id === userId ? 'linked' : 'taken', provider);
  }
  const inserted = await insertIdentity(ctx.platformEm, { userId, provider, subject, email });
  if (!inserted) {
    // Lost a race: the subject was linked meanwhile, or this user linked another account.
    const now = await selectIdentityBySubject(ctx.platformEm, provider, subject);
    if (now && now.user_id !== userId) return to('/security', 'taken', provider);
    return to('/security', now ? 'linked' : 'already-linked', provider);
  }
  await recordAudit(ctx.platformEm, {
    actor: { userId },
    action: 'sso.link',
    entityType: 'User',
    entityId: userId,
    details: { provider, email },
  });
  return to('/security', 'linked', provider);
}
