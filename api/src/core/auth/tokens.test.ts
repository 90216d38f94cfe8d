import { afterEach, describe, expect, it, vi } from 'vitest';
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
