import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../core/roles.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, TEST_PASSWORD, tokenFor } from '../../test/factories.js';
import type { Organization } from '../organizations/organizations.entity.js';
import type { User } from '../users/users.entity.js';

const LOGIN = `mutation ($email: String!, $password: String!) {
  login(email: $email, password: $password) {
    ... on LoginPayload { mfaRequired accessToken }
    ... on MfaChallenge { mfaRequired challengeToken expiresAt }
  }
}`;
const VERIFY = `mutation ($t: String!, $c: String!) {
  verifyMfa(challengeToken: $t, code: $c) { mfaRequired accessToken user { id mfaEnabled } }
}`;
const BEGIN = `mutation { beginMfaSetup { otpauthUri qrCodeDataUrl secret } }`;
const CONFIRM = `mutation ($c: String!) { confirmMfaSetup(code: $c) { codes } }`;
const DISABLE = `mutation ($c: String!) { disableMfa(code: $c) }`;
const REGENERATE = `mutation ($c: String!) { regenerateRecoveryCodes(code: $c) { codes } }`;
const STATUS = `{ mfaStatus { enabled enabledAt recoveryCodesLeft } }`;

type Res = { body: { errors?: { message: string; extensions?: Record<string, unknown> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;
const reason = (res: Res) => res.body.errors?.[0]?.extensions?.reason;

const STEP = 30;
const nowSeconds = () => Math.floor(Date.now() / 1000);
// A code for the step `offset` steps away from now.
const totp = (secret: string, offset = 0) =>
  generateSync({ secret, epoch: nowSeconds() + offset * STEP });

// Codes computed here and checked by the server a moment later must fall in the same step: wait
// out the end of a step rather than race it.
async function midStep() {
  const into = nowSeconds() % STEP;
  if (into > STEP - 4) await new Promise((r) => setTimeout(r, (STEP - into + 1) * 1000));
}

describe('two-step sign-in (TOTP and recovery codes)', () => {
  let app: TestApp;
  let org: Organization;

  beforeAll(async () => {
    app = await startTestApp();
    org = await createOrg(app.services);
  });
  afterAll(() => app.close());

  const db = () => app.services.platformOrm.em.fork().getConnection();

  async function login(email: string, ip?: string) {
    return app.request(
      '/graphql',
      LOGIN,
      { email, password: TEST_PASSWORD },
      { headers: ip ? { 'x-forwarded-for': ip } : {} },
    );
  }

  async function challenge(email: string, ip?: string): Promise<string> {
    const res = await login(email, ip);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.login.mfaRequired).toBe(true);
    return res.body.data!.login.challengeToken as string;
  }

  // A user with MFA on: their secret, their recovery codes, a token for their organization.
  async function withMfa(role = Role.ADMIN) {
    const user = await createUser(app.services, { memberships: [{ org, role }] });
    const token = tokenFor(app.services, user, org);
    const begin = await app.gql(BEGIN, {}, token);
    expect(begin.body.errors).toBeUndefined();
    const { secret, otpauthUri, qrCodeDataUrl } = begin.body.data!.beginMfaSetup;
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Covenant:.*secret=/);
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    await midStep();
    const confirm = await app.gql(CONFIRM, { c: totp(secret, -1) }, token);
    expect(confirm.body.errors).toBeUndefined();
    const codes = confirm.body.data!.confirmMfaSetup.codes as string[];
    return { user, token, secret, codes };
  }

  async function lastLogin(user: User) {
    const [row] = await db().execute(
      `SELECT method, success, failure_reason FROM login_history WHERE user_id = ?
        ORDER BY created_at DESC LIMIT 1`,
      [user.id],
    );
    return row;
  }

  it('sets up, then signs in with password and a code; the login history says how', async () => {
    const { user, token, secret, codes } = await withMfa();
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[a-z]{4}-[a-z]{4}-[a-z]{4}$/);
    expect(new Set(codes).size).toBe(10);
    // Stored sealed and hashed: neither the secret nor a code is in the database.
    const stored = JSON.stringify([
      await db().execute('SELECT * FROM user_mfa WHERE user_id = ?', [user.id]),
      await db().execute('SELECT * FROM mfa_recovery_codes WHERE user_id = ?', [user.id]),
    ]);
    expect(stored).not.toContain(secret);
    for (const c of codes) expect(stored).not.toContain(c.replace(/-/g, ''));

    const status = await app.gql(STATUS, {}, token);
    expect(status.body.data!.mfaStatus).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const t = await challenge(user.email);
    // Not signed in yet: no refresh cookie with the challenge.
    const res = await app.gql(VERIFY, { t, c: totp(secret) });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.verifyMfa).toMatchObject({
      mfaRequired: false,
      user: { id: user.id, mfaEnabled: true },
    });
    expect(res.body.data!.verifyMfa.accessToken).toBeTruthy();
    expect(await lastLogin(user)).toMatchObject({ method: 'password+totp', success: true });
  });

  it('a password alone gives no session and no refresh cookie', async () => {
    const { user } = await withMfa();
    const res = await login(user.email);
    expect(res.body.data!.login.accessToken).toBeUndefined();
    expect(res.setCookie.join()).not.toMatch(/covenant_rt=[^;]/);
    const without = await createUser(app.services, { memberships: [{ org }] });
    const plain = await login(without.email);
    expect(plain.body.data!.login).toMatchObject({ mfaRequired: false });
  });

  it('refuses a wrong code and a replayed one, and records the failure', async () => {
    const { user, secret } = await withMfa();
    await midStep();
    const right = totp(secret);
    const wrong = right === '000000' ? '000001' : '000000';
    const t = await challenge(user.email);
    const bad = await app.gql(VERIFY, { t, c: wrong });
    expect(code(bad)).toBe('UNAUTHENTICATED');
    expect(reason(bad)).toBe('MFA_CODE_INVALID');
    expect(await lastLogin(user)).toMatchObject({
      method: 'password+totp',
      success: false,
      failure_reason: 'wrong code',
    });
    // The challenge survives a wrong code: the right one still signs in.
    expect((await app.gql(VERIFY, { t, c: right })).body.errors).toBeUndefined();
    // The same code again, on a fresh challenge, within its window: refused.
    const replay = await app.gql(VERIFY, { t: await challenge(user.email), c: right });
    expect(reason(replay)).toBe('MFA_CODE_INVALID');
    // So is a code from an earlier step than one already used.
    const older = await app.gql(VERIFY, { t: await challenge(user.email), c: totp(secret, -1) });
    expect(reason(older)).toBe('MFA_CODE_INVALID');
  });

  it('accepts one step of drift either way, not two', async () => {
    const { user, secret } = await withMfa();
    await midStep();
    const tooOld = await app.gql(VERIFY, { t: await challenge(user.email), c: totp(secret, -2) });
    expect(reason(tooOld)).toBe('MFA_CODE_INVALID');
    const tooNew = await app.gql(VERIFY, { t: await challenge(user.email), c: totp(secret, 2) });
    expect(reason(tooNew)).toBe('MFA_CODE_INVALID');
    // (The setup used step -1, so the oldest step left is the current one.)
    const now = await app.gql(VERIFY, { t: await challenge(user.email), c: totp(secret, 0) });
    expect(now.body.errors).toBeUndefined();
    const ahead = await app.gql(VERIFY, { t: await challenge(user.email), c: totp(secret, 1) });
    expect(ahead.body.errors).toBeUndefined();

    const other = await withMfa();
    await midStep();
    const behind = await app.gql(VERIFY, {
      t: await challenge(other.user.email),
      c: totp(other.secret, 0),
    });
    expect(behind.body.errors).toBeUndefined();
    // A fresh user whose setup used step -1: a code of step -1 was spent there already.
    const fresh = await withMfa();
    await db().execute('UPDATE user_mfa SET last_time_step = NULL WHERE user_id = ?', [
      fresh.user.id,
    ]);
    await midStep();
    const back = await app.gql(VERIFY, {
      t: await challenge(fresh.user.email),
      c: totp(fresh.secret, -1),
    });
    expect(back.body.errors).toBeUndefined();
  });

  it('takes a recovery code once, in any case and with or without dashes', async () => {
    const { user, token, codes } = await withMfa();
    const res = await app.gql(VERIFY, {
      t: await challenge(user.email),
      c: ` ${codes[3].toUpperCase()} `,
    });
    expect(res.body.errors).toBeUndefined();
    expect(await lastLogin(user)).toMatchObject({
      method: 'password+recovery-code',
      success: true,
    });
    const again = await app.gql(VERIFY, {
      t: await challenge(user.email),
      c: codes[3].replace(/-/g, ''),
    });
    expect(reason(again)).toBe('MFA_CODE_INVALID');
    expect(await lastLogin(user)).toMatchObject({
      method: 'password+recovery-code',
      success: false,
    });
    const status = await app.gql(STATUS, {}, token);
    expect(status.body.data!.mfaStatus.recoveryCodesLeft).toBe(9);
  });

  it('a challenge is single use and ends after 5 minutes', async () => {
    const { user, secret, codes } = await withMfa();
    const first = await login(user.email);
    const expiresAt = new Date(first.body.data!.login.expiresAt).getTime();
    expect(expiresAt - Date.now()).toBeGreaterThan(4.9 * 60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const t = first.body.data!.login.challengeToken;
    expect((await app.gql(VERIFY, { t, c: codes[0] })).body.errors).toBeUndefined();
    const reuse = await app.gql(VERIFY, { t, c: codes[1] });
    expect(code(reuse)).toBe('UNAUTHENTICATED');
    expect(reason(reuse)).toBe('MFA_CHALLENGE_USED');

    const late = await challenge(user.email);
    await db().execute(
      `UPDATE mfa_challenges SET expires_at = now() - interval '1 second'
        WHERE user_id = ? AND used_at IS NULL`,
      [user.id],
    );
    await midStep();
    const expired = await app.gql(VERIFY, { t: late, c: totp(secret) });
    expect(code(expired)).toBe('UNAUTHENTICATED');
    expect(reason(expired)).toBe('MFA_CHALLENGE_EXPIRED');
    expect(await lastLogin(user)).toMatchObject({
      success: false,
      failure_reason: 'challenge expired',
    });
    // The code was not spent by the refused attempt, and the recovery codes not either.
    const status = await app.gql(STATUS, {}, tokenFor(app.services, user, org));
    expect(status.body.data!.mfaStatus.recoveryCodesLeft).toBe(9);

    const unknown = await app.gql(VERIFY, { t: 'not-a-challenge', c: totp(secret) });
    expect(reason(unknown)).toBe('MFA_CHALLENGE_INVALID');
  });

  it('a challenge takes five wrong codes, then is spent', async () => {
    const { user, codes } = await withMfa();
    const t = await challenge(user.email);
    for (let i = 0; i < 5; i++) {
      expect(reason(await app.gql(VERIFY, { t, c: 'zzzz-zzzz-zzzz' }))).toBe('MFA_CODE_INVALID');
    }
    expect(reason(await app.gql(VERIFY, { t, c: codes[0] }))).toBe('MFA_CHALLENGE_USED');
  });

  it("another user's code does nothing for a challenge", async () => {
    const a = await withMfa();
    const b = await withMfa();
    await midStep();
    const t = await challenge(a.user.email);
    expect(reason(await app.gql(VERIFY, { t, c: totp(b.secret) }))).toBe('MFA_CODE_INVALID');
    expect(reason(await app.gql(VERIFY, { t, c: b.codes[0] }))).toBe('MFA_CODE_INVALID');
    // Completing one's own challenge signs in as oneself, whoever's code was tried before.
    const ok = await app.gql(VERIFY, { t, c: a.codes[0] });
    expect(ok.body.data!.verifyMfa.user.id).toBe(a.user.id);
  });

  it('disabling and regenerating need a current code', async () => {
    const { user, token, secret, codes } = await withMfa();
    expect(code(await app.gql(DISABLE, { c: '123456' }, token))).toBe('BAD_USER_INPUT');
    expect(code(await app.gql(REGENERATE, { c: 'aaaa-bbbb-cccc' }, token))).toBe('BAD_USER_INPUT');
    const regen = await app.gql(REGENERATE, { c: codes[0] }, token);
    const fresh = regen.body.data!.regenerateRecoveryCodes.codes as string[];
    expect(fresh).toHaveLength(10);
    // The old codes are gone.
    expect(code(await app.gql(DISABLE, { c: codes[1] }, token))).toBe('BAD_USER_INPUT');
    await midStep();
    expect((await app.gql(DISABLE, { c: totp(secret) }, token)).body.data).toEqual({
      disableMfa: true,
    });
    expect((await app.gql(STATUS, {}, token)).body.data!.mfaStatus).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    const audit = await db().execute<{ action: string }[]>(
      `SELECT action FROM audit_log WHERE entity_id = ? AND action LIKE 'mfa.%' ORDER BY created_at`,
      [user.id],
    );
    expect(audit.map((r) => r.action)).toEqual(['mfa.enable', 'mfa.recovery-codes', 'mfa.disable']);
  });

  it('setup: a wrong first code is refused, and nothing changes while impersonating', async () => {
    const user = await createUser(app.services, { memberships: [{ org }] });
    const token = tokenFor(app.services, user, org);
    expect(code(await app.gql(CONFIRM, { c: '123456' }, token))).toBe('BAD_USER_INPUT');
    const { secret } = (await app.gql(BEGIN, {}, token)).body.data!.beginMfaSetup;
    await midStep();
    const wrong = totp(secret) === '000000' ? '000001' : '000000';
    const bad = await app.gql(CONFIRM, { c: wrong }, token);
    expect(bad.body.errors![0].extensions!.details).toEqual([
      { field: 'code', message: expect.stringContaining('not valid') },
    ]);
    expect((await app.gql(STATUS, {}, token)).body.data!.mfaStatus.enabled).toBe(false);
    // Still a plain password sign-in.
    expect((await login(user.email)).body.data!.login.mfaRequired).toBe(false);

    const admin = await createUser(app.services, { isSuperadmin: true });
    const impersonation = app.services.tokens.sign({
      userId: user.id,
      orgId: org.id,
      impersonatedBy: admin.id,
    });
    expect(code(await app.gql(BEGIN, {}, impersonation))).toBe('FORBIDDEN');
    expect(code(await app.gql(CONFIRM, { c: totp(secret) }, impersonation))).toBe('FORBIDDEN');
  });

  it('a viewer can set it up (credential operations)', async () => {
    const { user } = await withMfa(Role.VIEWER);
    expect((await login(user.email)).body.data!.login.mfaRequired).toBe(true);
  });

  it('a password reset leaves two-step sign-in on', async () => {
    const { user, secret } = await withMfa();
    await app.gql(`mutation { requestPasswordReset(email: "${user.email}") }`);
    const mail = await app.nextEmail(user.email);
    const resetToken = decodeURIComponent(/token=([^\s]+)/.exec(mail.body)![1]);
    const STRONG = 'a brand new passphrase for the books';
    const reset = await app.gql(
      `mutation ($t: String!, $p: String!) { resetPassword(token: $t, newPassword: $p) }`,
      { t: resetToken, p: STRONG },
    );
    expect(reset.body.data).toEqual({ resetPassword: true });
    const res = await app.request('/graphql', LOGIN, { email: user.email, password: STRONG });
    expect(res.body.data!.login.mfaRequired).toBe(true);
    await midStep();
    const ok = await app.gql(VERIFY, { t: res.body.data!.login.challengeToken, c: totp(secret) });
    expect(ok.body.errors).toBeUndefined();
  });

  it('members and the admin user page show who has it on', async () => {
    const { token, user } = await withMfa();
    const plain = await createUser(app.services, { memberships: [{ org, role: Role.USER }] });
    const members = await app.gql('{ members { userId mfaEnabled } }', {}, token);
    const byId = new Map(
      (members.body.data!.members as { userId: string; mfaEnabled: boolean }[]).map((m) => [
        m.userId,
        m.mfaEnabled,
      ]),
    );
    expect(byId.get(user.id)).toBe(true);
    expect(byId.get(plain.id)).toBe(false);
    const superadmin = await createUser(app.services, { isSuperadmin: true });
    const detail = await app.gql(
      `query ($id: ID!) { adminUser(id: $id) { mfaEnabled } }`,
      { id: user.id },
      tokenFor(app.services, superadmin, null),
    );
    expect(detail.body.data!.adminUser.mfaEnabled).toBe(true);
  });
});

describe('an organization that requires two-step sign-in', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const SETTINGS = `mutation ($p: JSONObject!) { updateOrganizationSettings(patch: $p) }`;
  const ME = `{ me { user { mfaEnabled } organization { id mfaRequired } } }`;

  it('refuses its operations to members without it, until they set it up', async () => {
    const org = await createOrg(app.services);
    const admin = await createUser(app.services, { memberships: [{ org }] });
    const adminToken = tokenFor(app.services, admin, org);
    // An admin without MFA cannot require it.
    const early = await app.gql(SETTINGS, { p: { requireMfa: true } }, adminToken);
    expect(code(early)).toBe('BAD_USER_INPUT');
    expect(early.body.errors![0].extensions!.details).toEqual([
      { field: 'requireMfa', message: expect.stringContaining('yourself') },
    ]);
    expect(code(await app.gql(SETTINGS, { p: { requireMfa: 'yes' } }, adminToken))).toBe(
      'BAD_USER_INPUT',
    );

    const { secret } = (await app.gql(BEGIN, {}, adminToken)).body.data!.beginMfaSetup;
    await midStep();
    await app.gql(CONFIRM, { c: totp(secret) }, adminToken);

    const treasurer = await createUser(app.services, { memberships: [{ org, role: Role.USER }] });
    const treasurerToken = tokenFor(app.services, treasurer, org);
    // Only admins decide it.
    expect(code(await app.gql(SETTINGS, { p: { requireMfa: false } }, treasurerToken))).toBe(
      'FORBIDDEN',
    );
    const on = await app.gql(SETTINGS, { p: { requireMfa: true } }, adminToken);
    expect(on.body.data!.updateOrganizationSettings.requireMfa).toBe(true);

    const refused = await app.gql('{ accounts { id } }', {}, treasurerToken);
    expect(code(refused)).toBe('MFA_REQUIRED');
    expect(refused.status).toBe(403);
    // The member still signs in and learns why, to go set it up.
    const me = await app.gql(ME, {}, treasurerToken);
    expect(me.body.data!.me).toEqual({
      user: { mfaEnabled: false },
      organization: { id: org.id, mfaRequired: true },
    });
    expect((await app.gql('{ accounts { id } }', {}, adminToken)).body.errors).toBeUndefined();

    const setup = (await app.gql(BEGIN, {}, treasurerToken)).body.data!.beginMfaSetup;
    await midStep();
    await app.gql(CONFIRM, { c: totp(setup.secret) }, treasurerToken);
    const allowed = await app.gql('{ accounts { id } }', {}, treasurerToken);
    expect(allowed.body.errors).toBeUndefined();

    // Turned off again: members without MFA are let back in.
    const plain = await createUser(app.services, { memberships: [{ org, role: Role.VIEWER }] });
    const plainToken = tokenFor(app.services, plain, org);
    expect(code(await app.gql('{ accounts { id } }', {}, plainToken))).toBe('MFA_REQUIRED');
    await app.gql(SETTINGS, { p: { requireMfa: false } }, adminToken);
    expect((await app.gql('{ accounts { id } }', {}, plainToken)).body.errors).toBeUndefined();
    const audit = await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute<{ action: string }[]>(
        `SELECT action FROM audit_log WHERE entity_id = ? AND action LIKE 'organization.require-mfa%'
          ORDER BY created_at`,
        [org.id],
      );
    expect(audit.map((r) => r.action)).toEqual([
      'organization.require-mfa.on',
      'organization.require-mfa.off',
    ]);
  });
});

describe('second-step rate limit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ authRateLimit: 5 });
  });
  afterAll(() => app.close());

  it('counts every code attempt per account, like login', async () => {
    const org = await createOrg(app.services);
    const user = await createUser(app.services, { memberships: [{ org }] });
    const token = tokenFor(app.services, user, org);
    const { secret } = (await app.gql(BEGIN, {}, token)).body.data!.beginMfaSetup;
    await midStep();
    // The confirmation is one attempt of five.
    await app.request(
      '/graphql',
      CONFIRM,
      { c: totp(secret) },
      {
        token,
        headers: { 'x-forwarded-for': '203.0.113.50' },
      },
    );
    const ips = ['203.0.113.51', '203.0.113.52', '203.0.113.53', '203.0.113.54'];
    const results = [];
    for (const ip of ips) {
      const login = await app.request(
        '/graphql',
        LOGIN,
        { email: user.email, password: TEST_PASSWORD },
        { headers: { 'x-forwarded-for': ip } },
      );
      results.push(
        await app.request(
          '/graphql',
          VERIFY,
          { t: login.body.data!.login.challengeToken, c: 'zzzz-zzzz-zzzz' },
          { headers: { 'x-forwarded-for': ip } },
        ),
      );
    }
    expect(results.map(reason)).toEqual(Array(4).fill('MFA_CODE_INVALID'));
    const login = await app.request(
      '/graphql',
      LOGIN,
      { email: user.email, password: TEST_PASSWORD },
      { headers: { 'x-forwarded-for': '203.0.113.60' } },
    );
    await midStep();
    const blocked = await app.request(
      '/graphql',
      VERIFY,
      { t: login.body.data!.login.challengeToken, c: totp(secret) },
      { headers: { 'x-forwarded-for': '203.0.113.60' } },
    );
    expect(code(blocked)).toBe('RATE_LIMITED');
    expect(blocked.status).toBe(429);
  });
});
