import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { unauthenticated } from '../errors/app-error.js';
import { isId } from '../ids.js';

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;

// What an access token says: the user, the organization it is for, the admin behind an
// impersonation, and the user's session version when it was issued (checked against the current
// one on every request, so a password reset or "sign out everywhere" ends it at once). Never a
// schema or database name.
export interface AuthInfo {
  userId: string;
  orgId: string | null;
  impersonatedBy?: string;
  // With impersonatedBy: the super admin's own session version when the impersonation began. Each
  // request checks it (and that they are still a super admin), so demoting them, resetting their
  // password or signing them out everywhere ends the impersonation too. Absent when signing means
  // version 0, like sessionVersion: a wrong version fails closed.
  impersonatorSessionVersion?: number;
  // Absent when signing means version 0, the version of a user whose sessions never ended.
  sessionVersion?: number;
  // Set when the request carries a personal API token (never signed into a JWT): the token's id,
  // and whether it reads only (the caller then acts as a viewer whatever their role).
  apiTokenId?: string;
  readOnly?: boolean;
}

type Verified = AuthInfo & { sessionVersion: number };

const ISSUER = 'covenant';
const AUDIENCE = 'covenant-api';
// How far ahead of this process's clock another process may have stamped a token.
const CLOCK_SKEW_SECONDS = 60;

// Every claim's shape is checked before any is used: a validly signed token with an id that is no
// UUID would otherwise reach the database (a 500), and one without `exp` would never expire.
const id = z.string().refine(isId);
const version = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);
const claimsShape = z
  .object({
    sub: id,
    orgId: id.nullable(),
    impersonatedBy: id.optional(),
    isv: version.optional(),
    sv: version,
    iat: z.number().int(),
    exp: z.number().int(),
  })
  .refine((c) => (c.impersonatedBy === undefined) === (c.isv === undefined))
  .refine((c) => c.exp > c.iat && c.exp - c.iat <= ACCESS_TOKEN_TTL_SECONDS);
type Claims = z.infer<typeof claimsShape>;

export class TokenService {
  // A KeyObject made once: given a string, jsonwebtoken first tries (and fails) to parse it as a
  // public key on every call, which cost more than the rest of a tenant request.
  private readonly secret: KeyObject;

  constructor(secret: string) {
    this.secret = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(auth: AuthInfo): string {
    const claims: Pick<Claims, 'orgId' | 'sv' | 'impersonatedBy' | 'isv'> = {
      orgId: auth.orgId,
      sv: auth.sessionVersion ?? 0,
    };
    if (auth.impersonatedBy) {
      claims.impersonatedBy = auth.impersonatedBy;
      claims.isv = auth.impersonatorSessionVersion ?? 0;
    }
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
    let payload: unknown;
    try {
      payload = jwt.verify(token, this.secret, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        // Refuses a token without `iat` or issued longer ago than an access token lives.
        maxAge: ACCESS_TOKEN_TTL_SECONDS,
      });
    } catch (err) {
      const expired = err instanceof jwt.TokenExpiredError;
      throw unauthenticated(expired ? 'Access token expired' : 'Invalid access token');
    }
    const parsed = claimsShape.safeParse(payload);
    if (!parsed.success || parsed.data.iat > Date.now() / 1000 + CLOCK_SKEW_SECONDS) {
      throw unauthenticated('Invalid access token');
    }
    const claims = parsed.data;
    const auth: Verified = {
      userId: claims.sub,
      orgId: claims.orgId,
      ...(claims.impersonatedBy
        ? { impersonatedBy: claims.impersonatedBy, impersonatorSessionVersion: claims.isv }
        : {}),
      sessionVersion: claims.sv,
    };
    this.verified.set(token, { auth, expMs: claims.exp * 1000 });
    return auth;
  }
}
