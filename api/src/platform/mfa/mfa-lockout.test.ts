import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, TEST_PASSWORD, tokenFor } from '../../test/factories.js';
import type { Organization } from '../organizations/organizations.entity.js';
import { MFA_LOCK_AFTER, MFA_LOCK_SECONDS } from './mfa.service.js';

const LOGIN = `mutation ($email: String!, $password: String!) {
  login(email: $email, password: $password) { ... on MfaChallenge { challengeToken } }
}`;
const VERIFY = `mutation ($t: String!, $c: String!) {
  verifyMfa(challengeToken: $t, code: $c) { mfaRequired user { id } }
}`;
const BEGIN = `mutation { beginMfaSetup { secret } }`;
const CONFIRM = `mutation ($c: String!) { confirmMfaSetup(code: $c) { codes } }`;
const DISABLE = `mutation ($c: String!) { disableMfa(code: $c) }`;
const REGENERATE = `mutation ($c: String!) { regenerateRecoveryCodes(code: $c) { codes } }`;

type Res = { body: { errors?: { message: string; extensions?: Record<string, unknown> }[] } };
const ext = (res: Res) => res.body.errors?.[0]?.extensions ?? {};
const reason = (res: Res) => ext(res).reason;

const STEP = 30;
// A code for the step `offset` steps from now. Nothing here waits for the clock: the server takes
// a step either side, a setup spends the current step, and a sign-in afterwards uses the next one,
// which is accepted whichever way the clock has turned in between.
const totp = (secret: string, offset = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offset * STEP });
// A code that is none of the steps the server could accept.
function wrongCode(secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2].map((k) => totp(secret, k)));
  for (let n = 0; ; n++) {
    const c = String(n).padStart(6, '0');
    if (!near.has(c)) return c;
  }
}

describe('the authenticator locks after ten wrong codes in a row', () => {
  let app: TestApp;
  let org: Organization;
  beforeAll(async () => {
    app = await startTestApp();
    org = await createOrg(app.services);
  });
  afterAll(() => app.close());

  const db = () => app.services.platformOrm.em.fork().getConnection();

  async function withMfa() {
    const user = await createUser(app.services, { memberships: [{ org }] });
    const token = tokenFor(app.services, user, org);
    const { secret } = (await app.gql(BEGIN, {}, token)).body.data!.beginMfaSetup;
    const confirm = await app.gql(CONFIRM, { c: totp(secret) }, token);
    expect(confirm.body.errors).toBeUndefined();
    return { user, token, secret, codes: confirm.body.data!.confirmMfaSetup.codes as string[] };
  }

  async function challenge(email: string): Promise<string> {
    const res = await app.gql(LOGIN, { email, password: TEST_PASSWORD });
    return res.body.data!.login.challengeToken as string;
  }

  // Wrong codes, a fresh challenge whenever one has taken its five.
  async function wrongCodes(email: string, secret: string, n: number) {
    const answers: Res[] = [];
    let t = '';
    for (let i = 0; i < n; i++) {
      if (i % 5 === 0) t = await challenge(email);
      answers.push(await app.gql(VERIFY, { t, c: wrongCode(secret) }));
    }
    return answers;
  }

  async function state(userId: string) {
    const [row] = await db().execute(
      `SELECT failed_codes, locked_until > now() AS locked,
              extract(epoch FROM locked_until - now()) AS seconds_left
         FROM user_mfa WHERE user_id = ?`,
      [userId],
    );
    return row as { failed_codes: number; locked: boolean | null; seconds_left: string | null };
  }

  const lockEmails = async (email: string) =>
    (
      await db().execute(
        `SELECT count(*)::int AS n FROM email_log WHERE to_address = ? AND template = 'mfa-locked'`,
        [email],
      )
    )[0].n as number;

  async function failures(userId: string) {
    const rows = await db().execute<{ failure_reason: string }[]>(
      `SELECT failure_reason FROM login_history WHERE user_id = ? AND NOT success
        ORDER BY created_at`,
      [userId],
    );
    return rows.map((r) => r.failure_reason);
  }

  it('refuses the right code once locked, emails the user once, and a recovery code unlocks', async () => {
    const { user, secret, codes } = await withMfa();
    const answers = await wrongCodes(user.email, secret, MFA_LOCK_AFTER);
    expect(answers.slice(0, -1).map(reason)).toEqual(Array(9).fill('MFA_CODE_INVALID'));
    const locking = answers.at(-1)!;
    expect(ext(locking)).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'MFA_LOCKED' });
    expect(locking.body.errors![0].message).toMatch(/locked .*use one of your recovery codes/);
    const until = Date.parse(ext(locking).lockedUntil as string);
    expect(Math.abs(until - Date.now() - MFA_LOCK_SECONDS * 1000)).toBeLessThan(60_000);
    expect(await state(user.id)).toMatchObject({ failed_codes: 10, locked: true });
    expect(await lockEmails(user.email)).toBe(1);
    const mail = (await app.lastEmail(user.email))!;
    expect(mail).toMatchObject({ template: 'mfa-locked' });
    expect(mail.body).toContain('recovery codes');

    // The right code from the app, on a new sign-in: refused unchecked, the challenge unspent.
    const t = await challenge(user.email);
    for (const c of [totp(secret, 1), totp(secret, 0)]) {
      const refused = await app.gql(VERIFY, { t, c });
      expect(reason(refused)).toBe('MFA_LOCKED');
    }
    expect(await lockEmails(user.email)).toBe(1);
    expect(await state(user.id)).toMatchObject({ failed_codes: 10, locked: true });
    const ok = await app.gql(VERIFY, { t, c: codes[0] });
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data!.verifyMfa).toEqual({ mfaRequired: false, user: { id: user.id } });
    expect(await state(user.id)).toMatchObject({ failed_codes: 0, locked: null });
    // Unlocked: the app's codes sign in again.
    const again = await app.gql(VERIFY, { t: await challenge(user.email), c: totp(secret, 1) });
    expect(again.body.errors).toBeUndefined();
    expect(await failures(user.id)).toEqual([
      ...Array(9).fill('wrong code'),
      'wrong code; authenticator locked',
      'authenticator locked',
      'authenticator locked',
    ]);
  });

  it('counts wrong codes sent at once without losing one, and locks once', async () => {
    const { user, secret } = await withMfa();
    const tokens = await Promise.all(
      Array.from({ length: MFA_LOCK_AFTER }, () => challenge(user.email)),
    );
    const answers = await Promise.all(
      tokens.map((t) => app.gql(VERIFY, { t, c: wrongCode(secret) })),
    );
    expect(answers.map(reason).sort()).toEqual(
      [...Array(9).fill('MFA_CODE_INVALID'), 'MFA_LOCKED'].sort(),
    );
    expect(await state(user.id)).toMatchObject({ failed_codes: 10, locked: true });
    expect(await lockEmails(user.email)).toBe(1);
  });

  it('lifts after its time, but the next wrong code locks it again at once', async () => {
    const { user, secret } = await withMfa();
    await wrongCodes(user.email, secret, MFA_LOCK_AFTER);
    const lapse = () =>
      db().execute(
        `UPDATE user_mfa SET locked_until = now() - interval '1 second' WHERE user_id = ?`,
        [user.id],
      );
    await lapse();
    // One guess, and locked again: someone with the password gets one guess per lock.
    const [relock] = await wrongCodes(user.email, secret, 1);
    expect(reason(relock)).toBe('MFA_LOCKED');
    expect(await state(user.id)).toMatchObject({ failed_codes: 11, locked: true });
    expect(await lockEmails(user.email)).toBe(2);
    await lapse();
    // The right code after the lock has run out signs in and starts the count again.
    const ok = await app.gql(VERIFY, { t: await challenge(user.email), c: totp(secret, 1) });
    expect(ok.body.errors).toBeUndefined();
    expect(await state(user.id)).toMatchObject({ failed_codes: 0, locked: null });
  });

  it('a right code in between starts the count again: it is ten in a row', async () => {
    const { user, secret, codes } = await withMfa();
    await wrongCodes(user.email, secret, MFA_LOCK_AFTER - 1);
    const ok = await app.gql(VERIFY, { t: await challenge(user.email), c: codes[1] });
    expect(ok.body.errors).toBeUndefined();
    const answers = await wrongCodes(user.email, secret, MFA_LOCK_AFTER - 1);
    expect(answers.map(reason)).toEqual(Array(9).fill('MFA_CODE_INVALID'));
    expect(await state(user.id)).toMatchObject({ failed_codes: 9, locked: null });
  });

  it('the same lock guards turning it off: app codes refused, wrong ones counted, recovery codes work', async () => {
    const { user, token, secret, codes } = await withMfa();
    for (let i = 0; i < MFA_LOCK_AFTER - 1; i++) {
      const res = await app.gql(DISABLE, { c: wrongCode(secret) }, token);
      expect(ext(res)).toMatchObject({ code: 'BAD_USER_INPUT' });
      expect(ext(res).reason).toBeUndefined();
    }
    // Refused answers still counted: the tenth locks.
    const tenth = await app.gql(DISABLE, { c: wrongCode(secret) }, token);
    expect(ext(tenth)).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'MFA_LOCKED',
      details: [{ field: 'code', message: expect.stringContaining('recovery codes') }],
    });
    expect(await lockEmails(user.email)).toBe(1);
    const right = await app.gql(DISABLE, { c: totp(secret, 1) }, token);
    expect(ext(right)).toMatchObject({ reason: 'MFA_LOCKED' });
    const wrongRecovery = await app.gql(REGENERATE, { c: 'zzzz-zzzz-zzzz' }, token);
    expect(ext(wrongRecovery).reason).toBeUndefined();
    const regen = await app.gql(REGENERATE, { c: codes[2] }, token);
    expect(regen.body.errors).toBeUndefined();
    expect(await state(user.id)).toMatchObject({ failed_codes: 0, locked: null });
  });
});
