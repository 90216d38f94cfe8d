import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { startFakeOidcProvider, type FakeOidcProvider } from '../../test/fake-oidc-provider.js';
import { createOrg, createUser, tokenFor } from '../../test/factories.js';
import type { User } from '../users/users.entity.js';

const PROVIDERS = `{ ssoProviders { id name } }`;
const BEGIN_SIGN_IN = `mutation ($p: String!, $r: String) { beginSsoSignIn(provider: $p, redirect: $r) { authorizationUrl } }`;
const BEGIN_LINK = `mutation ($p: String!) { beginSsoLink(provider: $p) { authorizationUrl } }`;
const LINKED = `{ linkedIdentities { id provider providerName email createdAt lastUsedAt } }`;
const UNLINK = `mutation ($id: ID!) { unlinkIdentity(id: $id) }`;
const REFRESH = `mutation { refreshSession { accessToken user { id } } }`;

type Provider = 'google' | 'microsoft';

function code(res: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) {
  return res.body.errors?.[0]?.extensions?.code;
}

function cookieNamed(setCookie: string[], name: string): string | null {
  return setCookie.find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`)) ?? null;
}

describe('sign-in with Google and Microsoft (OpenID Connect)', () => {
  let app: TestApp;
  const idps = {} as Record<Provider, FakeOidcProvider>;
  let org: Awaited<ReturnType<typeof createOrg>>;
  const tenant = randomUUID();

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    app.services.platformOrm.em.fork().getConnection().execute<T[]>(query, params);

  beforeAll(async () => {
    // Google's issuer is the host itself; Entra's has the directory id and /v2.0 in its path.
    idps.google = await startFakeOidcProvider();
    idps.microsoft = await startFakeOidcProvider({ path: `/${tenant}/v2.0` });
    app = await startTestApp({
      sso: { google: idps.google.client, microsoft: idps.microsoft.client },
    });
    for (const p of ['google', 'microsoft'] as const) {
      idps[p].register(`${app.url}/auth/sso/${p}/callback`);
    }
    org = await createOrg(app.services);
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all(Object.values(idps).map((i) => i.close()));
  });

  const newUser = (email?: string) => createUser(app.services, { email, memberships: [{ org }] });
  const tokenOf = (user: User) => tokenFor(app.services, user, org);

  // The mutation's answer: the provider's URL, and the cookie binding the round trip to us.
  async function begin(
    kind: 'link' | 'sign-in',
    provider: Provider,
    token?: string,
    redirect?: string,
  ) {
    const res = await app.request(
      '/graphql',
      kind === 'link' ? BEGIN_LINK : BEGIN_SIGN_IN,
      { p: provider, ...(redirect ? { r: redirect } : {}) },
      { token },
    );
    expect(res.body.errors).toBeUndefined();
    const data = res.body.data!;
    const url = (kind === 'link' ? data.beginSsoLink : data.beginSsoSignIn)
      .authorizationUrl as string;
    const cookie = cookieNamed(res.setCookie, 'covenant_sso')!;
    return { url, cookie, cookieValue: cookie.split(';')[0] };
  }

  async function callback(provider: Provider, back: URL, cookie: string | null) {
    const res = await fetch(`${app.url}/auth/sso/${provider}/callback${back.search}`, {
      redirect: 'manual',
      headers: cookie ? { cookie } : {},
    });
    return {
      status: res.status,
      location: res.headers.get('location'),
      refresh: cookieNamed(res.headers.getSetCookie(), 'covenant_rt'),
    };
  }

  async function link(provider: Provider, user: User, sub: string) {
    const b = await begin('link', provider, tokenOf(user));
    const back = await idps[provider].authorize(b.url, sub);
    return callback(provider, back, b.cookieValue);
  }

  async function signIn(provider: Provider, sub: string, redirect?: string) {
    const b = await begin('sign-in', provider, undefined, redirect);
    const back = await idps[provider].authorize(b.url, sub);
    return callback(provider, back, b.cookieValue);
  }

  const identitiesOf = (subject: string) =>
    sql<{ user_id: string; provider: string }>(
      'SELECT user_id, provider FROM user_identities WHERE subject = ?',
      [subject],
    );

  it('lists only the configured providers', async () => {
    expect((await app.gql(PROVIDERS)).body.data!.ssoProviders).toEqual([
      { id: 'google', name: 'Google' },
      { id: 'microsoft', name: 'Microsoft' },
    ]);
    const googleOnly = await startTestApp({ sso: { google: idps.google.client, microsoft: null } });
    const none = await startTestApp();
    try {
      expect((await googleOnly.gql(PROVIDERS)).body.data!.ssoProviders).toEqual([
        { id: 'google', name: 'Google' },
      ]);
      expect((await none.gql(PROVIDERS)).body.data!.ssoProviders).toEqual([]);
      const refused = await none.gql(BEGIN_SIGN_IN, { p: 'google' });
      expect(code(refused)).toBe('BAD_USER_INPUT');
    } finally {
      await googleOnly.close();
      await none.close();
    }
  });

  it('asks with PKCE (S256), a state and a nonce, and binds the state to the browser', async () => {
    const b = await begin('sign-in', 'google');
    const url = new URL(b.url);
    expect(url.origin + url.pathname).toBe(`${idps.google.issuer}/auth`);
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(q.get('redirect_uri')).toBe(`${app.url}/auth/sso/google/callback`);
    expect(q.get('scope')).toBe('openid email profile');
    // The cookie holds this state; httpOnly, Lax (the provider's redirect back is cross-site).
    expect(b.cookieValue).toBe(`covenant_sso=${q.get('state')}`);
    expect(b.cookie).toMatch(/HttpOnly/i);
    expect(b.cookie).toMatch(/SameSite=Lax/i);
    expect(b.cookie).toMatch(/Path=\/auth\/sso(;|$)/);
    // The state is stored hashed only, with the verifier (never sent) and the nonce.
    const rows = await sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM sso_states WHERE state_hash = ? OR code_verifier = ?',
      [q.get('state'), q.get('code_challenge')],
    );
    expect(rows[0].n).toBe(0);
    const microsoft = new URL((await begin('sign-in', 'microsoft')).url);
    expect(microsoft.href.startsWith(`${idps.microsoft.issuer}/auth?`)).toBe(true);
  });

  for (const provider of ['google', 'microsoft'] as const) {
    it(`${provider}: links an account from the Security page, then signs in with it`, async () => {
      const user = await newUser();
      const sub = `${provider}-${randomUUID()}`;
      idps[provider].setEmail(sub, `someone.${provider}@idp.test`);
      const linked = await link(provider, user, sub);
      expect(linked.status).toBe(303);
      expect(linked.location).toBe(`/security?sso=linked&provider=${provider}`);
      expect(linked.refresh).toBeNull();
      const list = await app.gql(LINKED, {}, tokenOf(user));
      expect(list.body.data!.linkedIdentities).toMatchObject([
        { provider, email: `someone.${provider}@idp.test`, lastUsedAt: null },
      ]);

      const back = await signIn(provider, sub, '/reports/trial-balance');
      expect(back.location).toBe('/reports/trial-balance');
      expect(back.refresh).toMatch(/HttpOnly/i);
      expect(back.refresh).toMatch(/Path=\/auth(;|$)/);
      // The web app's start-up refresh picks the session up from that cookie.
      const refreshed = await app.request(
        '/auth/graphql',
        REFRESH,
        {},
        {
          cookie: back.refresh!.split(';')[0],
        },
      );
      expect(refreshed.body.data!.refreshSession.user.id).toBe(user.id);
      const history = await sql<{ method: string; success: boolean }>(
        'SELECT method, success FROM login_history WHERE user_id = ? ORDER BY created_at DESC LIMIT 1',
        [user.id],
      );
      expect(history[0]).toEqual({ method: `sso:${provider}`, success: true });
      const after = await app.gql(LINKED, {}, tokenOf(user));
      expect(after.body.data!.linkedIdentities[0].lastUsedAt).not.toBeNull();
    });
  }

  it('signs in to / without a redirect, and with two-step sign-in on asks no code', async () => {
    const user = await newUser();
    await sql(
      `INSERT INTO user_mfa (user_id, secret_sealed, enabled_at) VALUES (?, 'sealed', now())`,
      [user.id],
    );
    await link('google', user, `mfa-${user.id}`);
    const back = await signIn('google', `mfa-${user.id}`);
    expect(back.location).toBe('/');
    expect(back.refresh).not.toBeNull();
  });

  it('refuses an identity that is not linked, even when its email is an existing user’s', async () => {
    const user = await newUser();
    const sub = `stranger-${randomUUID()}`;
    idps.google.setEmail(sub, user.email);
    const back = await signIn('google', sub);
    expect(back.location).toBe('/login?sso=not-linked&provider=google');
    expect(back.refresh).toBeNull();
    expect(await identitiesOf(sub)).toEqual([]);
    const history = await sql<Record<string, unknown>>(
      `SELECT user_id, email, method, success, failure_reason FROM login_history
        WHERE email = ? ORDER BY created_at DESC LIMIT 1`,
      [user.email],
    );
    expect(history[0]).toEqual({
      user_id: null,
      email: user.email,
      method: 'sso:google',
      success: false,
      failure_reason: 'identity not linked',
    });
    const sessions = await sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM refresh_tokens WHERE user_id = ?',
      [user.id],
    );
    expect(sessions[0].n).toBe(0);
  });

  describe('state mismatch: refused, nothing created', () => {
    it('a cookie of another round trip, or none', async () => {
      const user = await newUser();
      const sub = `csrf-${randomUUID()}`;
      const other = await begin('link', 'google', tokenOf(user));
      const victim = await begin('link', 'google', tokenOf(user));
      const back = await idps.google.authorize(victim.url, sub);
      expect((await callback('google', back, other.cookieValue)).location).toBe(
        '/login?sso=state-mismatch',
      );
      expect((await callback('google', back, null)).location).toBe('/login?sso=state-mismatch');
      expect(await identitiesOf(sub)).toEqual([]);
      // The state was not spent by the refusals: the right browser still finishes.
      expect((await callback('google', back, victim.cookieValue)).location).toBe(
        '/security?sso=linked&provider=google',
      );
    });

    it('a state used once already', async () => {
      const user = await newUser();
      const sub = `replay-${randomUUID()}`;
      await link('google', user, sub);
      const b = await begin('sign-in', 'google');
      const back = await idps.google.authorize(b.url, sub);
      expect((await callback('google', back, b.cookieValue)).refresh).not.toBeNull();
      const again = await callback('google', back, b.cookieValue);
      expect(again.location).toBe('/login?sso=state-mismatch');
      expect(again.refresh).toBeNull();
    });

    it('an expired state, and a state of the other provider', async () => {
      const user = await newUser();
      const sub = `late-${randomUUID()}`;
      const b = await begin('link', 'google', tokenOf(user));
      const back = await idps.google.authorize(b.url, sub);
      // The same state presented at the other provider's callback is refused too.
      expect((await callback('microsoft', back, b.cookieValue)).location).toBe(
        '/login?sso=state-mismatch',
      );
      await sql(
        `UPDATE sso_states SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`,
      );
      const late = await callback('google', back, b.cookieValue);
      expect(late.location).toBe('/login?sso=state-mismatch');
      expect(await identitiesOf(sub)).toEqual([]);
    });
  });

  it('links one provider account to one user only', async () => {
    const [a, b] = [await newUser(), await newUser()];
    const sub = `shared-${randomUUID()}`;
    expect((await link('google', a, sub)).location).toBe('/security?sso=linked&provider=google');
    expect((await link('google', b, sub)).location).toBe('/security?sso=taken&provider=google');
    expect(await identitiesOf(sub)).toEqual([{ user_id: a.id, provider: 'google' }]);
    expect((await app.gql(LINKED, {}, tokenOf(b))).body.data!.linkedIdentities).toEqual([]);
    // One account per provider per user: a second Google account waits for an unlink.
    const second = await app.gql(BEGIN_LINK, { p: 'google' }, tokenOf(a));
    expect(code(second)).toBe('CONFLICT');
  });

  it('unlinks, unless it is the last way in; another user’s link is NOT_FOUND', async () => {
    const user = await newUser();
    await link('google', user, `g-${user.id}`);
    await link('microsoft', user, `m-${user.id}`);
    await sql('UPDATE users SET password_hash = NULL WHERE id = ?', [user.id]);
    const token = tokenOf(user);
    const [google, microsoft] = (await app.gql(LINKED, {}, token)).body.data!.linkedIdentities;

    const stranger = await newUser();
    const theirs = await app.gql(UNLINK, { id: google.id }, tokenOf(stranger));
    expect(code(theirs)).toBe('NOT_FOUND');
    expect(code(await app.gql(UNLINK, { id: 'not-an-id' }, token))).toBe('NOT_FOUND');

    // Another identity is left: allowed.
    expect((await app.gql(UNLINK, { id: google.id }, token)).body.data!.unlinkIdentity).toBe(true);
    // The last one, no password, no passkey: refused, in words.
    const last = await app.gql(UNLINK, { id: microsoft.id }, token);
    expect(code(last)).toBe('BAD_USER_INPUT');
    expect(last.body.errors![0].extensions!.reason).toBe('LAST_SIGN_IN_METHOD');
    expect(last.body.errors![0].message).toMatch(/only way to sign in/);
    expect((await app.gql(LINKED, {}, token)).body.data!.linkedIdentities).toHaveLength(1);

    // A passkey is a way in.
    await sql(
      `INSERT INTO passkeys (user_id, credential_id, public_key, device_type, name)
         VALUES (?, ?, '\\x00', 'multiDevice', 'Phone')`,
      [user.id, `cred${randomUUID().replaceAll('-', '')}`],
    );
    expect((await app.gql(UNLINK, { id: microsoft.id }, token)).body.data!.unlinkIdentity).toBe(
      true,
    );

    // A password is a way in.
    const withPassword = await newUser();
    await link('google', withPassword, `p-${withPassword.id}`);
    const [only] = (await app.gql(LINKED, {}, tokenOf(withPassword))).body.data!.linkedIdentities;
    const ok = await app.gql(UNLINK, { id: only.id }, tokenOf(withPassword));
    expect(ok.body.data!.unlinkIdentity).toBe(true);
    // Unlinked: it no longer signs in.
    expect((await signIn('google', `p-${withPassword.id}`)).location).toBe(
      '/login?sso=not-linked&provider=google',
    );
  });

  it('refuses bad input with typed errors', async () => {
    const user = await newUser();
    const unknown = await app.gql(BEGIN_SIGN_IN, { p: 'github' });
    expect(code(unknown)).toBe('BAD_USER_INPUT');
    expect(unknown.body.errors![0].extensions!.details).toEqual([
      { field: 'provider', message: 'This sign-in provider is not available' },
    ]);
    for (const r of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'reports']) {
      const res = await app.gql(BEGIN_SIGN_IN, { p: 'google', r });
      expect(code(res), r).toBe('BAD_USER_INPUT');
    }
    expect(code(await app.gql(BEGIN_LINK, { p: 'google' }))).toBe('UNAUTHENTICATED');
    expect(code(await app.gql(LINKED))).toBe('UNAUTHENTICATED');
    const admin = await createUser(app.services, { isSuperadmin: true });
    const impersonating = app.services.tokens.sign({
      userId: user.id,
      orgId: org.id,
      impersonatedBy: admin.id,
    });
    expect(code(await app.gql(BEGIN_LINK, { p: 'google' }, impersonating))).toBe('FORBIDDEN');
  });

  it('a cancelled sign-in at the provider comes back as cancelled', async () => {
    const b = await begin('sign-in', 'google');
    const back = await idps.google.authorize(b.url, 'whoever', { deny: true });
    expect(back.searchParams.get('error')).toBe('access_denied');
    const res = await callback('google', back, b.cookieValue);
    expect(res.location).toBe('/login?sso=cancelled&provider=google');
    expect(res.refresh).toBeNull();
  });

  it('a provider that cannot be reached is SERVICE_UNAVAILABLE, not INTERNAL', async () => {
    const gone = await startFakeOidcProvider();
    const client = gone.client;
    await gone.close();
    const away = await startTestApp({ sso: { google: client, microsoft: null } });
    try {
      const res = await away.gql(BEGIN_SIGN_IN, { p: 'google' });
      expect(code(res)).toBe('SERVICE_UNAVAILABLE');
      expect(res.body.errors![0].extensions!.reason).toBe('SSO_PROVIDER_UNAVAILABLE');
    } finally {
      await away.close();
    }
  });
});
