import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Role } from '../../core/roles.js';
import { forgetTenant, openTenant } from '../../core/tenancy/tenant-door.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, tokenFor } from '../../test/factories.js';

const DASHBOARD = `{ adminDashboard {
  organizationsByStatus { key count } organizationsByPlan { key count } organizationCount
  userCount superadminCount activeUsers7d activeUsers30d
  signInsPerDay { date count } aiRecommendationsPerDay { date count }
  aiTenantsCounted aiTenantsSkipped { organizationId name }
  newOrganizationsPerMonth { month count }
} }`;
const USERS = `query ($s: String, $l: Int) { adminUsers(search: $s, limit: $l) {
  totalCount users { id email name isSuperadmin isPlatformOwner organizationCount lastSignInAt }
} }`;
const USER = `query ($id: ID!) { adminUser(id: $id) {
  id email isSuperadmin isPlatformOwner lastSignInAt
  memberships { organizationId organizationName organizationStatus role status }
  loginHistory { method success failureReason organizationName impersonatedByEmail }
} }`;
const SET_SUPERADMIN = `mutation ($u: ID!, $v: Boolean!) { setSuperadmin(userId: $u, value: $v) { id isSuperadmin } }`;
const EMAILS = `query ($s: String, $l: Int) { adminEmailLog(search: $s, limit: $l) {
  totalCount emails { id to subject template sentAt bodyPreview }
} }`;
const IMPERSONATE = `mutation ($u: ID!, $r: String! = "Support ticket 12") { impersonateUser(userId: $u, reason: $r) { accessToken impersonatedBy { id } } }`;

type Res = { body: { errors?: { extensions?: Record<string, unknown> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;

function utcDay(offsetDays: number) {
  return new Date(Date.now() - offsetDays * 86_400_000).toISOString().slice(0, 10);
}

describe('admin panel: dashboard, users, email log', () => {
  let app: TestApp;
  let em: () => EntityManager;
  let adminToken: string;
  let adminId: string;
  const run = (q: string, p: unknown[] = []) => em().getConnection().execute(q, p, 'all');

  beforeAll(async () => {
    app = await startTestApp();
    em = () => app.services.platformOrm.em.fork() as EntityManager;
    const admin = await createUser(app.services, { isSuperadmin: true });
    adminId = admin.id;
    adminToken = tokenFor(app.services, admin, null);
  });
  afterAll(() => app.close());

  it('refuses every operation to a tenant admin and to a signed-out caller', async () => {
    const org = await createOrg(app.services);
    const tenantAdmin = await createUser(app.services, {
      memberships: [{ org, role: Role.ADMIN }],
    });
    const token = tokenFor(app.services, tenantAdmin, org);
    const ops: [string, Record<string, unknown>][] = [
      [DASHBOARD, {}],
      [USERS, {}],
      [USER, { id: tenantAdmin.id }],
      [EMAILS, {}],
      [SET_SUPERADMIN, { u: tenantAdmin.id, v: true }],
      [IMPERSONATE, { u: tenantAdmin.id }],
    ];
    for (const [q, v] of ops) {
      const denied = await app.gql(q, v, token);
      expect(code(denied), q).toBe('FORBIDDEN');
      expect(denied.body).toMatchObject({ data: null });
      expect(code(await app.gql(q, v)), q).toBe('UNAUTHENTICATED');
    }
    const [row] = await run('SELECT is_superadmin FROM users WHERE id = ?', [tenantAdmin.id]);
    expect(row.is_superadmin).toBe(false);
  });

  describe('dashboard', () => {
    it('counts organizations, users, activity, sign-ins, AI use and growth', async () => {
      const a = await createOrg(app.services);
      const b = await createOrg(app.services);
      const suspended = await createOrg(app.services);
      const broken = await createOrg(app.services);
      await run(`UPDATE organizations SET plan_level = 'premium' WHERE id = ?`, [b.id]);
      await run(`UPDATE organizations SET status = 'suspended' WHERE id = ?`, [suspended.id]);
      // An active organization whose database is gone: skipped and named, not an error.
      await run(`UPDATE organizations SET db_name = ? WHERE id = ?`, [
        `${broken.dbName}_gone`,
        broken.id,
      ]);
      // Created two months ago (UTC mid-month, so the month is unambiguous).
      const now = new Date();
      const twoMonthsAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 15));
      await run(`UPDATE organizations SET created_at = ? WHERE id = ?`, [twoMonthsAgo, a.id]);
      for (const o of [a, b, suspended, broken]) forgetTenant(app.services, o.id);

      const recent = await createUser(app.services, { memberships: [{ org: a }] });
      const older = await createUser(app.services, { memberships: [{ org: b }] });
      const impersonated = await createUser(app.services, { memberships: [{ org: b }] });
      const login = (userId: string, method: string, success: boolean, daysAgo: number) =>
        run(
          `INSERT INTO login_history (user_id, method, success, ip, created_at)
             VALUES (?, ?, ?, '127.0.0.1', now() - ? * interval '1 day')`,
          [userId, method, success, daysAgo],
        );
      await login(recent.id, 'password', true, 0);
      await login(recent.id, 'switch', true, 0);
      await login(older.id, 'password', true, 10);
      await login(older.id, 'password', true, 45);
      await login(older.id, 'password', false, 0);
      await login(impersonated.id, 'impersonation', true, 0);

      const rec = async (orgId: string, daysAgo: number) => {
        const { em: tenant } = await openTenant(app.services, orgId);
        await tenant.getConnection().execute(
          `INSERT INTO ai_recommendations (id, status, requested_at, completed_at, provider, error)
               VALUES (?, 'failed', now() - ? * interval '1 day', now(), 'test', 'x')`,
          [randomUUID(), daysAgo],
        );
      };
      await rec(a.id, 0);
      await rec(b.id, 0);
      await rec(b.id, 3);
      await rec(b.id, 40);

      const res = await app.gql(DASHBOARD, {}, adminToken);
      expect(res.body.errors).toBeUndefined();
      const d = res.body.data!.adminDashboard;
      const [counts] = await run(
        `SELECT (SELECT count(*)::int FROM organizations) AS orgs,
                (SELECT count(*)::int FROM organizations WHERE status = 'active') AS active,
                (SELECT count(*)::int FROM users) AS users,
                (SELECT count(*)::int FROM users WHERE is_superadmin) AS admins`,
      );
      expect(d.organizationCount).toBe(counts.orgs);
      expect(d.organizationsByStatus).toEqual(
        [
          { key: 'active', count: counts.active },
          { key: 'suspended', count: counts.orgs - counts.active },
        ].filter((r) => r.count > 0),
      );
      expect(d.organizationsByPlan).toContainEqual({ key: 'premium', count: 1 });
      expect(d.userCount).toBe(counts.users);
      expect(d.superadminCount).toBe(counts.admins);
      // Impersonations and failures are not the user's own activity.
      expect(d.activeUsers7d).toBe(1);
      expect(d.activeUsers30d).toBe(2);

      expect(d.signInsPerDay).toHaveLength(30);
      expect(d.signInsPerDay[29]).toEqual({ date: utcDay(0), count: 1 });
      expect(d.signInsPerDay[0].date).toBe(utcDay(29));
      expect(d.signInsPerDay.find((x: { date: string }) => x.date === utcDay(10)).count).toBe(1);
      expect(d.signInsPerDay.reduce((n: number, x: { count: number }) => n + x.count, 0)).toBe(2);

      expect(d.aiRecommendationsPerDay).toHaveLength(30);
      expect(d.aiRecommendationsPerDay[29]).toEqual({ date: utcDay(0), count: 2 });
      expect(
        d.aiRecommendationsPerDay.find((x: { date: string }) => x.date === utcDay(3)).count,
      ).toBe(1);
      expect(
        d.aiRecommendationsPerDay.reduce((n: number, x: { count: number }) => n + x.count, 0),
      ).toBe(3);
      expect(d.aiTenantsSkipped).toEqual([{ organizationId: broken.id, name: broken.name }]);
      expect(d.aiTenantsCounted).toBe(counts.active - 1);

      expect(d.newOrganizationsPerMonth).toHaveLength(12);
      const month = (dt: Date) => dt.toISOString().slice(0, 7);
      expect(d.newOrganizationsPerMonth[11].month).toBe(month(now));
      expect(d.newOrganizationsPerMonth[9]).toEqual({ month: month(twoMonthsAgo), count: 1 });
      expect(d.newOrganizationsPerMonth[11].count).toBe(counts.orgs - 1);
    });
  });

  describe('users', () => {
    it('searches by email and name, capped, with totals', async () => {
      const tag = randomUUID().slice(0, 8);
      const org = await createOrg(app.services);
      const u1 = await createUser(app.services, {
        email: `alpha-${tag}@example.test`,
        memberships: [{ org }],
      });
      await createUser(app.services, { email: `beta-${tag}@example.test` });
      const named = await createUser(app.services);
      await run(`UPDATE users SET name = ? WHERE id = ?`, [`Gamma ${tag}`, named.id]);
      // Wildcards are searched literally.
      await createUser(app.services, {
        email: `percent-${tag.slice(0, 4)}x${tag.slice(5)}@example.test`,
      });

      const all = await app.gql(USERS, { s: tag }, adminToken);
      expect(all.body.data!.adminUsers.totalCount).toBe(3);
      expect(all.body.data!.adminUsers.users.map((u: { email: string }) => u.email)).toEqual([
        `alpha-${tag}@example.test`,
        `beta-${tag}@example.test`,
        named.email,
      ]);
      expect(all.body.data!.adminUsers.users[0]).toMatchObject({
        id: u1.id,
        organizationCount: 1,
        isSuperadmin: false,
      });
      const byName = await app.gql(USERS, { s: `gamma ${tag}` }, adminToken);
      expect(byName.body.data!.adminUsers.users.map((u: { id: string }) => u.id)).toEqual([
        named.id,
      ]);
      const capped = await app.gql(USERS, { s: tag, l: 2 }, adminToken);
      expect(capped.body.data!.adminUsers.totalCount).toBe(3);
      expect(capped.body.data!.adminUsers.users).toHaveLength(2);
      const wild = await app.gql(USERS, { s: `${tag.slice(0, 4)}_` }, adminToken);
      expect(wild.body.data!.adminUsers.totalCount).toBe(0);

      for (const l of [0, 201]) {
        const bad = await app.gql(USERS, { l }, adminToken);
        expect(code(bad)).toBe('BAD_USER_INPUT');
      }
      expect(code(await app.gql(USERS, { s: 'x'.repeat(201) }, adminToken))).toBe('BAD_USER_INPUT');
    });

    it('shows a user with memberships and login history; unknown ids are NOT_FOUND', async () => {
      const org = await createOrg(app.services);
      const user = await createUser(app.services, {
        memberships: [{ org, role: Role.USER }],
      });
      await run(
        `INSERT INTO login_history (user_id, email, organization_id, method, success, failure_reason, ip)
           VALUES (?, ?, ?, 'password', false, 'bad_password', '127.0.0.1')`,
        [user.id, user.email, org.id],
      );
      const imp = await app.gql(IMPERSONATE, { u: user.id }, adminToken);
      expect(imp.body.errors).toBeUndefined();

      const res = await app.gql(USER, { id: user.id }, adminToken);
      expect(res.body.errors).toBeUndefined();
      const d = res.body.data!.adminUser;
      expect(d).toMatchObject({
        id: user.id,
        email: user.email,
        isSuperadmin: false,
        lastSignInAt: null,
      });
      expect(d.memberships).toEqual([
        {
          organizationId: org.id,
          organizationName: org.name,
          organizationStatus: 'ACTIVE',
          role: 'USER',
          status: 'ACTIVE',
        },
      ]);
      const [admin] = await run('SELECT email FROM users WHERE id = ?', [adminId]);
      expect(d.loginHistory).toEqual([
        {
          method: 'impersonation',
          success: true,
          failureReason: null,
          organizationName: org.name,
          impersonatedByEmail: admin.email,
        },
        {
          method: 'password',
          success: false,
          failureReason: 'bad_password',
          organizationName: org.name,
          impersonatedByEmail: null,
        },
      ]);

      expect(code(await app.gql(USER, { id: randomUUID() }, adminToken))).toBe('NOT_FOUND');
      expect(code(await app.gql(USER, { id: 'garbage' }, adminToken))).toBe('NOT_FOUND');
    });

    it('grants and revokes super admin, audited; refuses the owner and self-removal', async () => {
      const user = await createUser(app.services);
      const grant = await app.gql(SET_SUPERADMIN, { u: user.id, v: true }, adminToken);
      expect(grant.body.data!.setSuperadmin).toEqual({ id: user.id, isSuperadmin: true });
      // The new super admin reaches the panel at once; impersonating them is refused.
      const theirToken = tokenFor(app.services, user, null);
      expect((await app.gql(USERS, { l: 1 }, theirToken)).body.errors).toBeUndefined();
      expect(code(await app.gql(IMPERSONATE, { u: user.id }, adminToken))).toBe('FORBIDDEN');

      const revoke = await app.gql(SET_SUPERADMIN, { u: user.id, v: false }, adminToken);
      expect(revoke.body.data!.setSuperadmin.isSuperadmin).toBe(false);
      // Their access tokens end with it; renewed, their session has no panel.
      expect(code(await app.gql(USERS, { l: 1 }, theirToken))).toBe('UNAUTHENTICATED');
      const [{ session_version }] = await run('SELECT session_version FROM users WHERE id = ?', [
        user.id,
      ]);
      const renewed = app.services.tokens.sign({
        userId: user.id,
        orgId: null,
        sessionVersion: session_version,
      });
      expect(code(await app.gql(USERS, { l: 1 }, renewed))).toBe('FORBIDDEN');
      const audit = await run(
        `SELECT action, entity_id FROM audit_log WHERE actor_user_id = ? AND entity_id = ?
          ORDER BY created_at`,
        [adminId, user.id],
      );
      expect(audit).toEqual([
        { action: 'user.superadmin.grant', entity_id: user.id },
        { action: 'user.superadmin.revoke', entity_id: user.id },
      ]);

      const owner = await createUser(app.services, { isSuperadmin: true });
      await run('UPDATE users SET is_platform_owner = true WHERE id = ?', [owner.id]);
      const refused = await app.gql(SET_SUPERADMIN, { u: owner.id, v: false }, adminToken);
      expect(code(refused)).toBe('FORBIDDEN');
      // Not even the owner removes their own access.
      const ownerToken = tokenFor(app.services, owner, null);
      expect(code(await app.gql(SET_SUPERADMIN, { u: owner.id, v: false }, ownerToken))).toBe(
        'FORBIDDEN',
      );
      expect(code(await app.gql(SET_SUPERADMIN, { u: adminId, v: false }, adminToken))).toBe(
        'FORBIDDEN',
      );
      const [rows] = await run(
        'SELECT bool_and(is_superadmin) AS kept FROM users WHERE id IN (?, ?)',
        [owner.id, adminId],
      );
      expect(rows.kept).toBe(true);
      expect(code(await app.gql(SET_SUPERADMIN, { u: 'nope', v: true }, adminToken))).toBe(
        'NOT_FOUND',
      );
    });
  });

  describe('email log', () => {
    it('lists logged emails newest first with a body preview, searchable', async () => {
      const tag = randomUUID().slice(0, 8);
      await app.services.mailer.send({
        to: `first-${tag}@example.test`,
        subject: `Welcome ${tag}`,
        template: 'invitation',
        body: 'x'.repeat(1000),
      });
      await app.services.mailer.send({
        to: `second-${tag}@example.test`,
        subject: 'Reset your password',
        template: 'password-reset',
        body: 'Short body',
      });
      const res = await app.gql(EMAILS, { s: tag }, adminToken);
      expect(res.body.errors).toBeUndefined();
      const list = res.body.data!.adminEmailLog;
      expect(list.totalCount).toBe(2);
      expect(list.emails.map((e: { to: string }) => e.to)).toEqual([
        `second-${tag}@example.test`,
        `first-${tag}@example.test`,
      ]);
      expect(list.emails[0]).toMatchObject({
        subject: 'Reset your password',
        template: 'password-reset',
        bodyPreview: 'Short body',
      });
      expect(list.emails[1].bodyPreview).toBe('x'.repeat(400));
      expect(Date.parse(list.emails[0].sentAt)).toBeGreaterThan(Date.now() - 60_000);

      const bySubject = await app.gql(EMAILS, { s: `welcome ${tag}` }, adminToken);
      expect(bySubject.body.data!.adminEmailLog.emails.map((e: { to: string }) => e.to)).toEqual([
        `first-${tag}@example.test`,
      ]);
      const byTemplate = await app.gql(EMAILS, { s: 'password-reset', l: 1 }, adminToken);
      expect(byTemplate.body.data!.adminEmailLog.emails).toHaveLength(1);
      expect(code(await app.gql(EMAILS, { l: 0 }, adminToken))).toBe('BAD_USER_INPUT');
    });

    it('shows no link that works: invitations and password resets are masked, stored and shown', async () => {
      const org = await createOrg(app.services);
      const orgAdmin = await createUser(app.services, { memberships: [{ org }] });
      const invitee = `invitee-${randomUUID().slice(0, 8)}@example.test`;
      const invited = await app.gql(
        `mutation ($e: String!) { inviteMember(email: $e, role: USER) { email } }`,
        { e: invitee },
        tokenFor(app.services, orgAdmin, org),
      );
      expect(invited.body.errors).toBeUndefined();
      await app.gql(`mutation ($e: String!) { requestPasswordReset(email: $e) }`, {
        e: orgAdmin.email,
      });
      // What the recipients got: whole links, that work.
      const tokenIn = (body: string) => decodeURIComponent(/token=(\S+)/.exec(body)![1]);
      const invitation = tokenIn((await app.lastEmail(invitee))!.body);
      const reset = tokenIn((await app.nextEmail(orgAdmin.email)).body);
      const INVITATION = `query ($t: String!) { invitation(token: $t) { email } }`;
      expect((await app.gql(INVITATION, { t: invitation })).body.data!.invitation).toEqual({
        email: invitee,
      });
      // What the log keeps and super admins read: where the links lead, not what opens them.
      const stored = await run(`SELECT body FROM email_log WHERE to_address IN (?, ?)`, [
        invitee,
        orgAdmin.email,
      ]);
      const previews = [invitee, orgAdmin.email].map(async (to) => {
        const res = await app.gql(EMAILS, { s: to }, adminToken);
        return res.body.data!.adminEmailLog.emails[0].bodyPreview as string;
      });
      const texts = [
        ...(stored as { body: string }[]).map((r) => r.body),
        ...(await Promise.all(previews)),
      ];
      expect(texts).toHaveLength(4);
      for (const text of texts) {
        expect(text).toMatch(/\/(activate|reset-password)\?token=\[hidden\]/);
        for (const secret of [invitation, reset]) {
          expect(text).not.toContain(secret);
          expect(text).not.toContain(encodeURIComponent(secret));
        }
      }
      // The masked link opens nothing.
      const masked = await app.gql(INVITATION, { t: '[hidden]' });
      expect(masked.body.errors![0].extensions).toMatchObject({ reason: 'TOKEN_INVALID' });
    });
  });
});
