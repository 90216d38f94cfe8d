import { randomBytes } from 'node:crypto';
import { hashOpaqueToken } from './opaque-tokens.js';
import type { AuthInfo } from './tokens.js';

// Personal API tokens: `cov_pat_` and 43 base64url characters (32 random bytes). The prefix tells
// the request path a token from a JWT without trying both, and lets secret scanners recognise one.
export const API_TOKEN_PREFIX = 'cov_pat_';
const API_TOKEN_SHAPE = /^cov_pat_[A-Za-z0-9_-]{43}$/;
// Characters kept for lists ("cov_pat_AbCd…"): enough to tell tokens apart, far too few to guess.
const SHOWN_CHARACTERS = API_TOKEN_PREFIX.length + 4;

export function newApiToken(): { token: string; hash: string; prefix: string } {
  const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token), prefix: token.slice(0, SHOWN_CHARACTERS) };
}

export const looksLikeApiToken = (text: string) => text.startsWith(API_TOKEN_PREFIX);
export const isApiTokenShape = (text: string) => API_TOKEN_SHAPE.test(text);

// The request path's view of API tokens; implemented by the platform's token directory and declared
// here so the server and core need not import the platform.
export interface ApiTokenLookup {
  // The caller a token speaks for; UNAUTHENTICATED when it is unknown, revoked or expired. Records
  // the last use (at most once a minute per token).
  authenticate(token: string, ip: string): Promise<AuthInfo & { apiTokenId: string }>;
  // Drop what every API process cached of a token (after revoking it).
  invalidate(tokenHash: string): void;
}
