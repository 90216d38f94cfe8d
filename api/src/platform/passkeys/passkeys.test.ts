import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { Role } from '../../core/roles.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { FakeAuthenticator } from '../../test/fake-authenticator.js';
import { createOrg, createUser, tokenFor } from '../../test/factories.js';
import type { Organization } from '../organizations/organizations.entity.js';

const BEGIN_REGISTRATION = `mutation { beginPasskeyRegistration { challengeId options } }`;
const FINISH_REGISTRATION = `mutation ($challengeId: ID!, $response: JSONObject!, $name: String) {
  finishPasskeyRegistration(challengeId: $challengeId, response: $response, name: $name) {
    id name createdAt lastUsedAt backedUp
  }
}`;
const LIST = `{ passkeys { id name createdAt lastUsedAt } }`;
const RENAME = `mutation ($id: ID!, $name: String!) { renamePasskey(id: $id, name: $name) { id name } }`;
const DELETE = `mutation ($id: ID!) { deletePasskey(id: $id) }`;
const BEGIN_SIGN_IN = `mutation { beginPasskeySignIn { challengeId options } }`;
const FINISH_SIGN_IN = `mutation ($challengeId: ID!, $response: JSONObject!) {
  finishPasskeySignIn(challengeId: $challengeId, response: $response) {
    accessToken user { id email } organization { id }
  }
}`;

type Body = { errors?: { extensions?: Record<string, unknown> }[] };
const code = (body: Body) => body.errors?.[0]?.extensions?.code;
const reason = (body: Body) => body.errors?.[0]?.extensions?.reason;

describe('passkeys', () => {
  let app: TestApp;
  let org: Organization;

  beforeAll(async () => {
    app = await startTestApp();
    org = await createOrg(app.services);
  });
  afterAll(() => app.close());

  const db = () => app.services.platformOrm.em.fork().getConnection();

  async function newUser(role = Role.ADMIN) {
    const user = await createUser(app.services, { memberships: [{ org, role }] });
    return { user, token: tokenFor(app.services, user, org) };
  }

  // Registers a passkey for the token's user through the API; answers the authenticator holding it.
  async function register(token: string, name: string | null = 'Laptop') {
    const authenticator = new FakeAuthenticator(app.url);
    const begun = await app.gql(BEGIN_REGISTRATION, {}, token);
    expect(JSON.stringify(begun.body.errors)).toBeUndefined();
    const { challengeId, options } = begun.body.data!.beginPasskeyRegistration;
    const res = await app.gql(
      FINISH_REGISTRATION,
      { challengeId, response: authenticator.register(options), name },
      token,
    );
    expect(JSON.stringify(res.body.errors)).toBeUndefined();
    return { authenticator, passkey: res.body.data!.finishPasskeyRegistration };
  }

  async function beginSignIn(headers: Record<string, string> = {}) {
    const res = await app.request('/graphql', BEGIN_SIGN_IN, {}, { headers });
    expect(res.body.errors).toBeUndefined();
    return res.body.data!.beginPasskeySignIn as {
      challengeId: string;
      options: { challenge: string; rpId: string };
    };
  }

  async function finishSignIn(challengeId: string, response: unknown) {
    return app.request('/graphql', FINISH_SIGN_IN, { challengeId, response });
  }

  async function lastLogin(userId: string | null) {
    const rows = await db().execute(
      `SELECT method, success, failure_reason FROM login_history
        WHERE user_id IS NOT DISTINCT FROM ? ORDER BY created_at DESC LIMIT 1`,
      [userId],
    );
    return rows[0];
  }

  async function storedPasskey(id: string) {
    const [row] = await db().execute(
      'SELECT counter::int AS counter, last_used_at, name FROM passkeys WHERE id = ?',
      [id],
    );
    return row as { counter: number; last_used_at: Date | null; name: string };
  }

  it('registers a discoverable passkey, then signs in with it and no email', async () => {
    const { user, token } = await newUser();
    const begun = await app.gql(BEGIN_REGISTRATION, {}, token);
    const options = begun.body.data!.beginPasskeyRegistration.options;
    const port = new URL(app.url).port;
    expect(options.rp).toEqual({ name: 'Covenant', id: 'localhost' });
    expect(app.url).toBe(`http://localhost:${port}`);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.user.name).toBe(user.email);

    const { authenticator, passkey } = await register(token, '  Chrome   on Mac ');
    expect(passkey).toMatchObject({ name: 'Chrome on Mac', lastUsedAt: null, backedUp: true });
    const listed = await app.gql(LIST, {}, token);
    expect(listed.body.data!.passkeys).toEqual([
      { id: passkey.id, name: 'Chrome on Mac', createdAt: passkey.createdAt, lastUsedAt: null },
    ]);

    // A second registration lists the first passkey, so the authenticator will not make another.
    const again = await app.gql(BEGIN_REGISTRATION, {}, token);
    expect(again.body.data!.beginPasskeyRegistration.options.excludeCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: ['internal', 'hybrid'] },
    ]);

    const { challengeId, options: request } = await beginSignIn();
    expect(request.rpId).toBe('localhost');
    expect(request).toMatchObject({ allowCredentials: [], userVerification: 'required' });
    const res = await finishSignIn(challengeId, authenticator.assert(request));
    expect(res.body.errors).toBeUndefined();
    const session = res.body.data!.finishPasskeySignIn;
    expect(session.user).toEqual({ id: user.id, email: user.email });
    expect(session.organization).toEqual({ id: org.id });
    expect(res.setCookie.some((c) => c.startsWith('covenant_rt='))).toBe(true);
    // The access token works.
    const me = await app.gql(LIST, {}, session.accessToken);
    expect(me.body.data!.passkeys[0].lastUsedAt).toEqual(expect.any(String));

    expect(await lastLogin(user.id)).toEqual({
      method: 'passkey',
      success: true,
      failure_reason: null,
    });
    expect(await storedPasskey(passkey.id)).toMatchObject({ counter: 1 });
  });

  it('names an unnamed passkey "Passkey N" and refuses an empty or long name', async () => {
    const { token } = await newUser();
    await register(token);
    const { passkey } = await register(token, null);
    expect(passkey.name).toBe('Passkey 2');

    const begun = await app.gql(BEGIN_REGISTRATION, {}, token);
    const { challengeId, options } = begun.body.data!.beginPasskeyRegistration;
    const response = new FakeAuthenticator(app.url).register(options);
    for (const name of ['   ', 'x'.repeat(61)]) {
      const res = await app.gql(FINISH_REGISTRATION, { challengeId, response, name }, token);
      expect(code(res.body)).toBe('BAD_USER_INPUT');
      expect(res.body.errors![0].extensions!.details).toEqual([
        { field: 'name', message: expect.stringContaining('1 to 60') },
      ]);
    }
  });

  it('refuses a sign-in challenge used twice, and an expired one', async () => {
    const { user, token } = await newUser();
    const { authenticator } = await register(token);
    const { challengeId, options } = await beginSignIn();
    expect((await finishSignIn(challengeId, authenticator.assert(options))).body.errors).toBe(
      undefined,
    );
    const replay = await finishSignIn(challengeId, authenticator.assert(options));
    expect(replay.status).toBe(401);
    expect(code(replay.body)).toBe('UNAUTHENTICATED');
    expect(reason(replay.body)).toBe('PASSKEY_CHALLENGE_USED');

    const late = await beginSignIn();
    await db().execute(
      `UPDATE passkey_challenges SET expires_at = now() - interval '1 second' WHERE id = ?`,
      [late.challengeId],
    );
    const expired = await finishSignIn(late.challengeId, authenticator.assert(late.options));
    expect(reason(expired.body)).toBe('PASSKEY_CHALLENGE_EXPIRED');
    // Refused attempts carry no user (the challenge was refused before the passkey was looked at).
    expect(await lastLogin(null)).toEqual({
      method: 'passkey',
      success: false,
      failure_reason: 'challenge expired',
    });
    // The successful one is still this user's last sign-in.
    expect((await lastLogin(user.id)).success).toBe(true);
  });

  it('answers the challenge once even when two responses race for it', async () => {
    const { token } = await newUser();
    const { authenticator } = await register(token);
    const { challengeId, options } = await beginSignIn();
    const results = await Promise.all([
      finishSignIn(challengeId, authenticator.assert(options)),
      finishSignIn(challengeId, authenticator.assert(options)),
    ]);
    expect(results.filter((r) => !r.body.errors)).toHaveLength(1);
  });

  it('refuses a registration challenge reused, expired, or of another user', async () => {
    const { token } = await newUser();
    const begun = await app.gql(BEGIN_REGISTRATION, {}, token);
    const { challengeId, options } = begun.body.data!.beginPasskeyRegistration;
    const first = new FakeAuthenticator(app.url);
    await app.gql(FINISH_REGISTRATION, { challengeId, response: first.register(options) }, token);
    const second = new FakeAuthenticator(app.url);
    const reused = await app.gql(
      FINISH_REGISTRATION,
      { challengeId, response: second.register(options) },
      token,
    );
    expect(code(reused.body)).toBe('BAD_USER_INPUT');
    expect(reason(reused.body)).toBe('PASSKEY_CHALLENGE_USED');

    const late = (await app.gql(BEGIN_REGISTRATION, {}, token)).body.data!.beginPasskeyRegistration;
    await db().execute(
      `UPDATE passkey_challenges SET expires_at = now() - interval '1 second' WHERE id = ?`,
      [late.challengeId],
    );
    const expired = await app.gql(
      FINISH_REGISTRATION,
      { challengeId: late.challengeId, response: second.register(late.options) },
      token,
    );
    expect(reason(expired.body)).toBe('PASSKEY_CHALLENGE_EXPIRED');

    // Another user cannot finish (and so attach a passkey to) this user's ceremony.
    const other = await newUser();
    const mine = (await app.gql(BEGIN_REGISTRATION, {}, token)).body.data!.beginPasskeyRegistration;
    const stolen = await app.gql(
      FINISH_REGISTRATION,
      { challengeId: mine.challengeId, response: second.register(mine.options) },
      other.token,
    );
    expect(code(stolen.body)).toBe('BAD_USER_INPUT');
    expect((await app.gql(LIST, {}, other.token)).body.data!.passkeys).toEqual([]);
    expect((await app.gql(LIST, {}, token)).body.data!.passkeys).toHaveLength(1);
  });

  it('refuses a signature counter that did not go forward and changes nothing', async () => {
    const { user, token } = await newUser();
    const { authenticator, passkey } = await register(token);
    authenticator.counter = 4;
    const ok = await beginSignIn();
    expect((await finishSignIn(ok.challengeId, authenticator.assert(ok.options))).body.errors).toBe(
      undefined,
    );
    const before = await storedPasskey(passkey.id);
    expect(before.counter).toBe(5);

    for (const counter of [5, 3, 0]) {
      const { challengeId, options } = await beginSignIn();
      const res = await finishSignIn(challengeId, authenticator.assert(options, { counter }));
      expect(code(res.body)).toBe('UNAUTHENTICATED');
      expect(reason(res.body)).toBe('PASSKEY_COUNTER');
      expect(res.setCookie.some((c) => c.startsWith('covenant_rt='))).toBe(false);
      expect(await storedPasskey(passkey.id)).toEqual(before);
      expect(await lastLogin(user.id)).toMatchObject({
        method: 'passkey',
        success: false,
        failure_reason: expect.stringContaining('counter did not increase'),
      });
    }
    // The real authenticator's next use still works.
    const next = await beginSignIn();
    expect(
      (await finishSignIn(next.challengeId, authenticator.assert(next.options))).body.errors,
    ).toBeUndefined();
    expect((await storedPasskey(passkey.id)).counter).toBe(6);
  });

  it('accepts an authenticator that keeps no counter (always zero)', async () => {
    const { token } = await newUser();
    const { authenticator } = await register(token);
    for (let i = 0; i < 2; i += 1) {
      const { challengeId, options } = await beginSignIn();
      const res = await finishSignIn(challengeId, authenticator.assert(options, { counter: 0 }));
      expect(res.body.errors).toBeUndefined();
    }
  });

  it('refuses a response made for another origin or RP ID, and one without user verification', async () => {
    const { user, token } = await newUser();
    const { authenticator, passkey } = await register(token);
    const cases = [
      { origin: 'http://evil.example' },
      { origin: app.url.replace('localhost', '127.0.0.1') },
      { rpId: 'evil.example' },
      { userVerified: false },
    ];
    for (const o of cases) {
      const { challengeId, options } = await beginSignIn();
      const res = await finishSignIn(challengeId, authenticator.assert(options, o));
      expect(code(res.body)).toBe('UNAUTHENTICATED');
      expect(reason(res.body)).toBe('PASSKEY_INVALID');
      expect(await lastLogin(user.id)).toMatchObject({ method: 'passkey', success: false });
    }
    expect((await storedPasskey(passkey.id)).last_used_at).toBeNull();

    for (const o of cases) {
      const begun = (await app.gql(BEGIN_REGISTRATION, {}, token)).body.data!
        .beginPasskeyRegistration;
      const res = await app.gql(
        FINISH_REGISTRATION,
        {
          challengeId: begun.challengeId,
          response: new FakeAuthenticator(app.url).register(begun.options, o),
        },
        token,
      );
      expect(code(res.body)).toBe('BAD_USER_INPUT');
      expect(res.body.errors![0].extensions!.details).toEqual([
        { field: 'response', message: expect.any(String) },
      ]);
    }
    expect((await app.gql(LIST, {}, token)).body.data!.passkeys).toHaveLength(1);
  });

  it('refuses an unknown passkey, a forged signature and another account handle', async () => {
    const { token } = await newUser();
    const { authenticator } = await register(token);

    const stranger = new FakeAuthenticator(app.url);
    let begun = await beginSignIn();
    const unknown = await finishSignIn(begun.challengeId, stranger.assert(begun.options));
    expect(reason(unknown.body)).toBe('PASSKEY_UNKNOWN');

    // Another key claiming the registered credential id.
    begun = await beginSignIn();
    const forged = stranger.assert(begun.options);
    forged.id = forged.rawId = authenticator.id;
    const res = await finishSignIn(begun.challengeId, forged);
    expect(reason(res.body)).toBe('PASSKEY_INVALID');

    const other = await newUser();
    begun = await beginSignIn();
    const handled = authenticator.assert(begun.options);
    handled.response.userHandle = Buffer.from(other.user.id).toString('base64url');
    expect(reason((await finishSignIn(begun.challengeId, handled)).body)).toBe('PASSKEY_INVALID');

    const unknownChallenge = await finishSignIn(randomUUID(), { id: 42 });
    expect(reason(unknownChallenge.body)).toBe('PASSKEY_CHALLENGE_EXPIRED');
    expect(code((await finishSignIn('not-an-id', {})).body)).toBe('NOT_FOUND');
    // A response of the wrong shape is refused like a bad signature, never an internal error.
    begun = await beginSignIn();
    const malformed = await finishSignIn(begun.challengeId, {
      id: authenticator.id,
      response: { clientDataJSON: 12 },
    });
    expect(reason(malformed.body)).toBe('PASSKEY_INVALID');
    expect(app.loggedErrors).toEqual([]);
  });

  it("renames and deletes only the caller's own passkeys, with audit rows", async () => {
    const owner = await newUser();
    const { authenticator, passkey } = await register(owner.token, 'Phone');
    const other = await newUser();

    const rename = await app.gql(RENAME, { id: passkey.id, name: 'Mine now' }, other.token);
    expect(code(rename.body)).toBe('NOT_FOUND');
    const remove = await app.gql(DELETE, { id: passkey.id }, other.token);
    expect(code(remove.body)).toBe('NOT_FOUND');
    expect(code((await app.gql(DELETE, { id: 'nope' }, owner.token)).body)).toBe('NOT_FOUND');
    expect((await storedPasskey(passkey.id)).name).toBe('Phone');

    const renamed = await app.gql(RENAME, { id: passkey.id, name: 'Work phone' }, owner.token);
    expect(renamed.body.data!.renamePasskey).toEqual({ id: passkey.id, name: 'Work phone' });
    expect(code((await app.gql(RENAME, { id: passkey.id, name: '' }, owner.token)).body)).toBe(
      'BAD_USER_INPUT',
    );
    expect((await app.gql(DELETE, { id: passkey.id }, owner.token)).body.data!.deletePasskey).toBe(
      true,
    );
    expect((await app.gql(LIST, {}, owner.token)).body.data!.passkeys).toEqual([]);

    // A deleted passkey no longer signs in.
    const begun = await beginSignIn();
    const res = await finishSignIn(begun.challengeId, authenticator.assert(begun.options));
    expect(reason(res.body)).toBe('PASSKEY_UNKNOWN');

    const audit = await db().execute(
      `SELECT action, details FROM audit_log WHERE entity_id = ? ORDER BY created_at, action`,
      [passkey.id],
    );
    expect(audit).toEqual([
      { action: 'passkey.add', details: expect.objectContaining({ name: 'Phone' }) },
      { action: 'passkey.rename', details: { from: 'Phone', to: 'Work phone' } },
      { action: 'passkey.delete', details: { name: 'Work phone' } },
    ]);
  });

  it('lets a viewer manage their own passkeys and sign in with one', async () => {
    const { user, token } = await newUser(Role.VIEWER);
    const { authenticator, passkey } = await register(token);
    const renamed = await app.gql(RENAME, { id: passkey.id, name: 'Tablet' }, token);
    expect(renamed.body.errors).toBeUndefined();
    const { challengeId, options } = await beginSignIn();
    const res = await finishSignIn(challengeId, authenticator.assert(options));
    expect(res.body.data!.finishPasskeySignIn.user.id).toBe(user.id);
    expect((await app.gql(DELETE, { id: passkey.id }, token)).body.errors).toBeUndefined();
  });

  it('refuses changes while impersonating and calls without a session', async () => {
    const admin = await createUser(app.services, { isSuperadmin: true });
    const { user, token } = await newUser();
    const { passkey } = await register(token);
    const impersonating = app.services.tokens.sign({
      userId: user.id,
      orgId: org.id,
      impersonatedBy: admin.id,
    });
    expect(code((await app.gql(BEGIN_REGISTRATION, {}, impersonating)).body)).toBe('FORBIDDEN');
    expect(code((await app.gql(RENAME, { id: passkey.id, name: 'x' }, impersonating)).body)).toBe(
      'FORBIDDEN',
    );
    expect(code((await app.gql(DELETE, { id: passkey.id }, impersonating)).body)).toBe('FORBIDDEN');
    expect(code((await app.gql(BEGIN_REGISTRATION, {})).body)).toBe('UNAUTHENTICATED');
    expect(code((await app.gql(LIST, {})).body)).toBe('UNAUTHENTICATED');
  });
});

describe('passkey sign-in: rate limit and configuration', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ authRateLimit: 3 });
  });
  afterAll(() => app.close());

  it('limits beginning a passkey sign-in per address, like login', async () => {
    const begin = (ip: string) =>
      app.request('/graphql', BEGIN_SIGN_IN, {}, { headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 3; i += 1)
      expect((await begin('198.51.100.7')).body.errors).toBeUndefined();
    const limited = await begin('198.51.100.7');
    expect(limited.status).toBe(429);
    expect(code(limited.body)).toBe('RATE_LIMITED');
    expect((await begin('198.51.100.8')).body.errors).toBeUndefined();
  });

  it('reads WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN, refusing an IP address or a foreign RP ID', () => {
    const base = { NODE_ENV: 'test' };
    expect(loadConfig(base)).toMatchObject({ webauthnRpId: undefined, webauthnOrigin: undefined });
    expect(
      loadConfig({
        ...base,
        WEBAUTHN_RP_ID: 'Covenant.Example',
        WEBAUTHN_ORIGIN: 'https://app.covenant.example/login',
      }),
    ).toMatchObject({
      webauthnRpId: 'covenant.example',
      webauthnOrigin: 'https://app.covenant.example',
    });
    expect(() => loadConfig({ ...base, WEBAUTHN_RP_ID: '127.0.0.1' })).toThrow(/IP address/);
    expect(() => loadConfig({ ...base, WEBAUTHN_RP_ID: 'https://x.example' })).toThrow(
      /domain name/,
    );
    expect(() =>
      loadConfig({
        ...base,
        WEBAUTHN_RP_ID: 'other.example',
        WEBAUTHN_ORIGIN: 'https://covenant.example',
      }),
    ).toThrow(/WEBAUTHN_RP_ID/);
  });

  it('uses the configured relying party instead of the public URL', async () => {
    const custom = await startTestApp({
      webauthnRpId: 'covenant.example',
      webauthnOrigin: 'https://app.covenant.example',
    });
    try {
      const user = await createUser(custom.services);
      const token = tokenFor(custom.services, user, null);
      const begun = (await custom.gql(BEGIN_REGISTRATION, {}, token)).body.data!
        .beginPasskeyRegistration;
      expect(begun.options.rp.id).toBe('covenant.example');
      // Made on the app's own URL: not the configured origin, refused.
      const wrong = await custom.gql(
        FINISH_REGISTRATION,
        {
          challengeId: begun.challengeId,
          response: new FakeAuthenticator(custom.url).register(begun.options),
        },
        token,
      );
      expect(code(wrong.body)).toBe('BAD_USER_INPUT');
      const again = (await custom.gql(BEGIN_REGISTRATION, {}, token)).body.data!
        .beginPasskeyRegistration;
      const right = await custom.gql(
        FINISH_REGISTRATION,
        {
          challengeId: again.challengeId,
          response: new FakeAuthenticator('https://app.covenant.example').register(again.options),
        },
        token,
      );
      expect(right.body.errors).toBeUndefined();
    } finally {
      await custom.close();
    }
  });
});
