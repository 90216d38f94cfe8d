import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app.js';
import { createOrg, createUser } from '../test/factories.js';

// A token signed with the server's own key but claims of the wrong shape is the caller's fault:
// 401 UNAUTHENTICATED, never a database error (500) and never a token that lives forever.
describe('validly signed access tokens with claims of the wrong shape', () => {
  let app: TestApp;
  let userId: string;
  let orgId: string;
  beforeAll(async () => {
    app = await startTestApp();
    const org = await createOrg(app.services);
    orgId = org.id;
    userId = (await createUser(app.services, { memberships: [{ org }] })).id;
  });
  afterAll(() => app.close());

  const now = () => Math.floor(Date.now() / 1000);
  const sign = (claims: Record<string, unknown>) =>
    jwt.sign(claims, app.services.config.jwtSecret!, {
      algorithm: 'HS256',
      issuer: 'covenant',
      audience: 'covenant-api',
      noTimestamp: !('iat' in claims),
    });
  const good = () => ({ sub: userId, orgId, sv: 0, iat: now(), exp: now() + 600 });

  it('signed right, the same claims are accepted', async () => {
    const res = await app.gql('{ accounts { id } }', {}, sign(good()));
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
  });

  it('every wrong shape is 401 on every endpoint, and nothing is logged as an internal error', async () => {
    const { exp: _exp, ...noExp } = good();
    const cases: Record<string, Record<string, unknown>> = {
      'sub not a UUID': { ...good(), sub: 'not-a-uuid' },
      'orgId not a UUID': { ...good(), orgId: 'not-a-uuid' },
      'orgId a number': { ...good(), orgId: 7 },
      'impersonatedBy not a UUID': { ...good(), impersonatedBy: 'nobody', isv: 0 },
      'impersonatedBy without the impersonator session version': {
        ...good(),
        impersonatedBy: randomUUID(),
      },
      'sv a string': { ...good(), sv: 'x' },
      'no exp': noExp,
      'exp ten years out': { ...good(), exp: now() + 10 * 365 * 86400 },
    };
    for (const [what, claims] of Object.entries(cases)) {
      const token = sign(claims);
      for (const [path, query] of [
        ['/graphql', '{ accounts { id } }'],
        ['/graphql', '{ me { user { id } } }'],
        ['/auth/graphql', 'mutation { signOutEverywhere }'],
      ]) {
        const res = await app.request(path, query, {}, { token });
        expect(res.status, `${what} at ${path}`).toBe(401);
        expect(res.body.errors?.[0]?.extensions?.code, what).toBe('UNAUTHENTICATED');
      }
    }
    expect(app.loggedErrors).toEqual([]);
  });
});
