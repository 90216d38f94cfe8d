import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppError } from '../errors/app-error.js';
import { ACCESS_TOKEN_TTL_SECONDS, TokenService } from './tokens.js';

const SECRET = 'a'.repeat(48);
const auth = { userId: '7d3a0b8e-1c7e-4f43-9a51-0a1f2b3c4d5e', orgId: null, sessionVersion: 3 };

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies a token once and answers from memory until it expires, then refuses it', () => {
    vi.useFakeTimers({ now: new Date('2026-12-01T10:00:00Z') });
    const tokens = new TokenService(SECRET);
    const token = tokens.sign(auth);
    const first = tokens.verify(token);
    expect(first).toEqual(auth);
    // Each answer is the caller's own: changing one changes nothing for the next request.
    first.userId = 'someone else';
    expect(tokens.verify(token).userId).toBe(auth.userId);
    vi.setSystemTime(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000 - 1_000);
    expect(tokens.verify(token).sessionVersion).toBe(3);
    vi.setSystemTime(Date.now() + 2_000);
    expect(() => tokens.verify(token)).toThrow('Access token expired');
  });

  it('refuses a token signed with another key or altered, even after the real one was seen', () => {
    const tokens = new TokenService(SECRET);
    const token = tokens.sign(auth);
    tokens.verify(token);
    const forged = new TokenService('b'.repeat(48)).sign(auth);
    expect(() => tokens.verify(forged)).toThrow('Invalid access token');
    const [h, p, s] = token.split('.');
    const altered = `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => tokens.verify(altered)).toThrow('Invalid access token');
  });
});

describe('access token claims', () => {
  const tokens = new TokenService(SECRET);
  const ISS = { issuer: 'covenant', audience: 'covenant-api', algorithm: 'HS256' as const };
  const now = () => Math.floor(Date.now() / 1000);
  const id = () => randomUUID();
  // Signed with the server's own key: only the claims are wrong.
  // (jsonwebtoken stamps `iat` itself unless the claims leave it out on purpose.)
  const signed = (claims: Record<string, unknown>) =>
    jwt.sign(claims, SECRET, { ...ISS, noTimestamp: !('iat' in claims) });
  const good = () => ({ sub: id(), orgId: id(), sv: 0, iat: now(), exp: now() + 600 });

  it('accepts what the server signs, impersonation included', () => {
    expect(() => tokens.verify(signed(good()))).not.toThrow();
    const admin = id();
    const token = tokens.sign({
      userId: id(),
      orgId: null,
      sessionVersion: 2,
      impersonatedBy: admin,
      impersonatorSessionVersion: 7,
    });
    expect(tokens.verify(token)).toMatchObject({
      impersonatedBy: admin,
      impersonatorSessionVersion: 7,
      sessionVersion: 2,
    });
  });

  it('refuses every claim of the wrong shape, before any is used', () => {
    const { exp: _exp, ...noExp } = good();
    const { iat: _iat, ...noIat } = good();
    const { sv: _sv, ...noSv } = good();
    const { sub: _sub, ...noSub } = good();
    const bad: Record<string, Record<string, unknown>> = {
      'sub not a UUID': { ...good(), sub: 'not-a-uuid' },
      'sub a number': { ...good(), sub: 42 },
      'no sub': noSub,
      'orgId not a UUID': { ...good(), orgId: "x' OR 1=1" },
      'orgId an object': { ...good(), orgId: { id: id() } },
      'impersonatedBy not a UUID': { ...good(), impersonatedBy: 'admin', isv: 0 },
      'impersonatedBy without its session version': { ...good(), impersonatedBy: id() },
      'impersonator session version without impersonatedBy': { ...good(), isv: 0 },
      'sv a string': { ...good(), sv: '0' },
      'sv negative': { ...good(), sv: -1 },
      'sv a fraction': { ...good(), sv: 0.5 },
      'no sv': noSv,
      'no exp': noExp,
      'no iat': noIat,
      'exp a year out': { ...good(), exp: now() + 365 * 86400 },
      'issued in the future': { ...good(), iat: now() + 3600, exp: now() + 3700 },
      'issued more than an hour ago': { ...good(), iat: now() - 3700, exp: now() + 60 },
    };
    const refusal = (token: string) => {
      try {
        tokens.verify(token);
        return 'accepted';
      } catch (err) {
        return (err as AppError).code;
      }
    };
    for (const [what, claims] of Object.entries(bad)) {
      expect(refusal(signed(claims)), what).toBe('UNAUTHENTICATED');
    }
  });
});
