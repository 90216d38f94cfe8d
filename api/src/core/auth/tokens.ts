import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';
import { unauthenticated } from '../errors/app-error.js';

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;

// What an access token says: the user, the organization it is for, the admin behind an
// impersonation, and the user's session version when it was issued (checked against the current
// one on every request, so a password reset or "sign out everywhere" ends it at once). Never a
// schema or database name.
export interface AuthInfo {
  userId: string;
  orgId: string | null;
  impersonatedBy?: string;
  // Absent when signing means version 0, the version of a user whose sessions never ended.
  sessionVersion?: number;
  // Set when the request carries a personal API token (never signed into a JWT): the token's id,
  // and whether it reads only (the caller then acts as a viewer whatever their role).
  apiTokenId?: string;
  readOnly?: boolean;
}

interface Claims {
  sub: string;
  orgId: string | null;
  impersonatedBy?: string;
  sv?: number;
  exp?: number;
}

type Verified = AuthInfo & { sessionVersion: number };

const ISSUER = 'covenant';
const AUDIENCE = 'covenant-api';

export class TokenService {
  // A KeyObject made once: given a string, jsonwebtoken first tries (and fails) to parse it as a
  // public key on every call, which cost more than the rest of a tenant request.
  private readonly secret: KeyObject;

  constructor(secret: string) {
    this.secret = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(auth: AuthInfo): string {
    const claims: Omit<Claims, 'sub'> = { orgId: auth.orgId, sv: auth.sessionVersion ?? 0 };
    if (auth.impersonatedBy) claims.impersonatedBy = auth.impersonatedBy;
    return jwt.sign(claims, this.secret, {
      algorithm: 'HS256',
      subject: auth.userId,
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      issuer: ISSUER,
      audience: AUDIENCE,
    });
  }

  // Tokens already verified, by their exact text (signature included), until they expire. A
  // client sends the same token for up to an hour: its signature and claims are checked once,
  // not on every request. (Whether its session still stands is checked on every request, by the
  // caller, against the session version.)
  private readonly verified = new LRUCache<string, { auth: Verified; expMs: number }>({
    max: 10_000,
  });

  verify(token: string): Verified {
    const hit = this.verified.get(token);
    if (hit) {
      if (Date.now() < hit.expMs) return { ...hit.auth };
      this.verified.delete(token);
    }
    const auth = this.check(token);
    return { ...auth };
  }

  private check(token: string): Verified {
    let claims: Claims;
    try {
      claims = jwt.verify(token, this.secret, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
      }) as Claims;
    } catch (err) {
      const expired = err instanceof jwt.TokenExpiredError;
      throw unauthenticated(expired ? 'Access token expired' : 'Invalid access token');
    }
    if (typeof claims.sub !== 'string') throw unauthenticated('Invalid access token');
    const auth: Verified = {
      userId: claims.sub,
      orgId: typeof claims.orgId === 'string' ? claims.orgId : null,
      ...(claims.impersonatedBy ? { impersonatedBy: claims.impersonatedBy } : {}),
      sessionVersion: Number.isSafeInteger(claims.sv) ? claims.sv! : 0,
    };
    if (typeof claims.exp === 'number')
      this.verified.set(token, { auth, expMs: claims.exp * 1000 });
    return auth;
  }
}
