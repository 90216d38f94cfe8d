import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { newOpaqueToken } from '../../core/auth/opaque-tokens.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { insertResetTokenForEmail } from './passwords.repository.js';

const LOGIN = `mutation ($email: String!, $password: String!) {
  login(email: $email, password: $password) { ... on LoginPayload { accessToken organization { id settings } } }
}`;
const REFRESH = `mutation ($org: ID) { refreshSession(organizationId: $org) { accessToken organization { id } } }`;
const STRONG = 'quiet-harbor-ledger-4417';

function cookieFrom(setCookie: string[]): string {
  const c = setCookie.find((x) => x.startsWith('covenant_rt='));
  if (!c) throw new Error(`no refresh cookie in ${JSON.stringify(setCookie)}`);
  return c.split(';')[0];
}

function code(res: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) {
  return res.body.errors?.[0]?.extensions?.code;
}

async function signIn(app: TestApp, email: string, password = TEST_PASSWORD, ip?: string) {
  const res = await app.request(
    '/graphql',
    LOGIN,
    { email, password },
    {
      headers: ip ? { 'x-forwarded-for': ip } : {},
    },
  );
  return { res, token: res.body.data?.login?.accessToken as string, cookie: res.setCookie };
}

describe('registration and passwords', () => {
  let app: TestApp;
  let open: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    open = await startTestApp({ allowOpenRegistration: true });
  });
  afterAll(async () => {
    await app.close();
    await open.close();
  });
  const REGISTER = `mutation ($i: RegisterInput!) {
    register(input: $i) { accessToken organization { name role } }
  }`;

  it('refuses register unless open registration is on', async () => {
    const res = await app.gql(REGISTER, {
      i: { email: 'new@example.test', password: STRONG, organizationName: 'New HOA' },
    });
    expect(code(res)).toBe('FORBIDDEN');
    const ok = await open.gql(REGISTER, {
      i: { email: 'new@example.test', password: STRONG, organizationName: 'New HOA' },
    });
    expect(ok.body.data!.register.organization).toEqual({ name: 'New HOA', role: 'ADMIN' });
  });

  it('says why a password is refused: too short, or trivially guessable', async () => {
    const short = await open.gql(REGISTER, {
      i: { email: 'a1@example.test', password: 'Tr0ub4dor&3', organizationName: 'A' },
    });
    expect(short.body.errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'password', message: 'Use at least 12 characters' }],
    });
    const common = await open.gql(REGISTER, {
      i: { email: 'a2@example.test', password: 'password1234', organizationName: 'A' },
    });
    expect(code(common)).toBe('BAD_USER_INPUT');
    expect(common.body.errors![0].message).toMatch(/common|guess/i);
    const own = await open.gql(REGISTER, {
      i: {
        email: 'maplewood.treasurer@example.test',
        password: 'maplewoodtreasurer',
        organizationName: 'A',
      },
    });
    expect(code(own)).toBe('BAD_USER_INPUT');
  });

  it('resets a password with a single-use 15-minute token, and signs out every session', async () => {
    const org = await createOrg(app.services);
    const user = await createUser(app.services, { memberships: [{ org }] });
    const session = cookieFrom((await signIn(app, user.email)).cookie);

    const unknown = await app.gql(
      'mutation { requestPasswordReset(email: "nobody@example.test") }',
    );
    expect(unknown.body.data).toEqual({ requestPasswordReset: true });
    expect(await app.lastEmail('nobody@example.test')).toBeNull();

    const req = await app.gql(
      `mutation { requestPasswordReset(email: "${user.email.toUpperCase()}") }`,
    );
    expect(req.body.data).toEqual({ requestPasswordReset: true });
    const mail = await app.nextEmail(user.email);
    expect(mail.template).toBe('password-reset');
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.body)![1]);
    const hashed = await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute(`SELECT count(*)::int AS n FROM password_reset_tokens WHERE token_hash = ?`, [
        token,
      ]);
    expect(hashed[0].n).toBe(0);

    const RESET = `mutation ($t: String!, $p: String!) { resetPassword(token: $t, newPassword: $p) }`;
    const weak = await app.gql(RESET, { t: token, p: 'short' });
    expect(weak.body.errors![0].extensions!.details).toEqual([
      { field: 'newPassword', message: 'Use at least 12 characters' },
    ]);
    // A refused password does not burn the token.
    const ok = await app.gql(RESET, { t: token, p: STRONG });
    expect(ok.body.data).toEqual({ resetPassword: true });
    expect(code((await signIn(app, user.email)).res)).toBe('UNAUTHENTICATED');
    expect((await signIn(app, user.email, STRONG)).token).toBeTruthy();
    const old = await app.request('/auth/graphql', REFRESH, {}, { cookie: session });
    expect(code(old)).toBe('UNAUTHENTICATED');

    const reused = await app.gql(RESET, { t: token, p: STRONG + 'x' });
    expect(reused.body.errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'TOKEN_USED',
    });

    await app.gql(`mutation { requestPasswordReset(email: "${user.email}") }`);
    const second = decodeURIComponent(
      /token=([^\s]+)/.exec((await app.nextEmail(user.email, mail.body)).body)![1],
    );
    await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'`);
    const expired = await app.gql(RESET, { t: second, p: STRONG + 'y' });
    expect(expired.body.errors![0].extensions!.reason).toBe('TOKEN_EXPIRED');
    const invalid = await app.gql(RESET, { t: 'not-a-token', p: STRONG });
    expect(invalid.body.errors![0].extensions!.reason).toBe('TOKEN_INVALID');

    // A day after it expired, the next reset request (for any address) deletes it.
    const conn = app.services.platformOrm.em.fork().getConnection();
    await conn.execute(`UPDATE password_reset_tokens SET expires_at = now() - interval '25 hours'`);
    const count = async () =>
      Number((await conn.execute(`SELECT count(*) AS n FROM password_reset_tokens`))[0].n);
    expect(await count()).toBeGreaterThan(0);
    await app.gql(`mutation { requestPasswordReset(email: "nobody-at-all@example.test") }`);
    expect(await count()).toBe(1);
    const gone = await app.gql(RESET, { t: second, p: STRONG + 'y' });
    expect(gone.body.errors![0].extensions!.reason).toBe('TOKEN_INVALID');
  });

  it('answers a reset request for an unknown email exactly as for a known one, doing the same work', async () => {
    const org = await createOrg(app.services);
    const user = await createUser(app.services, { memberships: [{ org }] });
    const unknown = `nobody-${user.id}@example.test`;
    const em = app.services.platformOrm.em.fork();
    const stored = async () =>
      (
        await em.getConnection().execute<{ mine: number; nobody: number }[]>(
          `SELECT count(*) FILTER (WHERE user_id = ?)::int AS mine,
                  count(*) FILTER (WHERE user_id IS NULL)::int AS nobody
             FROM password_reset_tokens`,
          [user.id],
        )
      )[0];
    const ask = (email: string) =>
      app.gql('mutation ($e: String!) { requestPasswordReset(email: $e) }', { e: email });
    // The parts of an answer a caller could compare: everything but the date.
    const visible = (res: Awaited<ReturnType<typeof ask>>) => ({
      status: res.status,
      body: res.body,
      // Every answer has its own date and request id; nothing else may differ.
      headers: [...res.headers.entries()].filter(
        ([name]) => name !== 'date' && name !== 'x-request-id',
      ),
    });

    const before = await stored();
    const known = await ask(user.email);
    expect(await stored()).toEqual({ mine: before.mine + 1, nobody: before.nobody });
    // The same write for an unknown email: a token row with no user.
    const stranger = await ask(unknown);
    expect(await stored()).toEqual({ mine: before.mine + 1, nobody: before.nobody + 1 });
    expect(visible(stranger)).toEqual(visible(known));
    expect(known.body).toEqual({ data: { requestPasswordReset: true } });
    // A token stored for an unknown email is never sent; were it known, it would still reset nothing.
    const { token, hash } = newOpaqueToken();
    await insertResetTokenForEmail(em as EntityManager, {
      email: unknown,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const orphan = await app.gql(
      'mutation ($t: String!, $p: String!) { resetPassword(token: $t, newPassword: $p) }',
      { t: token, p: STRONG },
    );
    expect(orphan.body.errors![0].extensions).toMatchObject({ reason: 'TOKEN_INVALID' });

    // Only the account's owner gets an email.
    expect((await app.nextEmail(user.email)).template).toBe('password-reset');
    await new Promise((r) => setTimeout(r, 100));
    expect(await app.lastEmail(unknown)).toBeNull();
  });

  it('changes the password of the signed-in user and signs out the other sessions', async () => {
    const org = await createOrg(app.services);
    const user = await createUser(app.services, { memberships: [{ org }] });
    const other = cookieFrom((await signIn(app, user.email)).cookie);
    const mine = await signIn(app, user.email);
    const CHANGE = `mutation ($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) }`;
    const wrong = await app.request(
      '/graphql',
      CHANGE,
      { c: 'not it at all', n: STRONG },
      { token: mine.token },
    );
    expect(wrong.body.errors![0].extensions!.details).toEqual([
      { field: 'currentPassword', message: 'Current password is incorrect' },
    ]);
    const ok = await app.request(
      '/graphql',
      CHANGE,
      { c: TEST_PASSWORD, n: STRONG },
      { token: mine.token },
    );
    expect(ok.body.data).toEqual({ changePassword: true });
    expect(code(await app.request('/auth/graphql', REFRESH, {}, { cookie: other }))).toBe(
      'UNAUTHENTICATED',
    );
    // This browser got a fresh session with the answer.
    const fresh = await app.request(
      '/auth/graphql',
      REFRESH,
      {},
      { cookie: cookieFrom(ok.setCookie) },
    );
    expect(fresh.body.data!.refreshSession.accessToken).toBeTruthy();
  });
});
