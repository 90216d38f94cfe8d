import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../core/roles.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, TEST_PASSWORD, tokenFor } from '../../test/factories.js';
import type { Organization } from '../organizations/organizations.entity.js';
import type { User } from '../users/users.entity.js';

type Res = { body: { errors?: { message: string; extensions?: Record<string, unknown> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;
const fields = (res: Res) =>
  ((res.body.errors?.[0]?.extensions?.details ?? []) as { field: string }[]).map((d) => d.field);

const LIST = `query ($s: String, $st: OrganizationStatus, $p: PlanLevel, $l: Int) {
  adminOrganizations(search: $s, status: $st, planLevel: $p, limit: $l) {
    totalCount organizations { id name status planLevel memberCount }
    statusCounts { status count } planCounts { planLevel count } } }`;
const DETAIL = `query ($id: ID!) { adminOrganization(id: $id) {
  id name status planLevel contractNumber paymentDate confirmationNumber renewalDate memberCount
  settings { ideationEnabled onboardingComplete locale currency demo }
  members { userId email role status lastSignInAt }
  statusHistory { fromStatus toStatus changedBy reason changedAt }
  databaseSizeBytes lastActivityAt } }`;
const STATUS = `mutation ($id: ID!, $s: OrganizationStatus!, $r: String) {
  setOrganizationStatus(id: $id, status: $s, reason: $r) { status statusHistory { fromStatus toStatus reason } } }`;
const PLAN = `mutation ($i: OrganizationPlanInput!) { updateOrganizationPlan(input: $i) {
  planLevel contractNumber paymentDate confirmationNumber renewalDate } }`;
const SETTINGS = `mutation ($i: OrganizationSettingsInput!) { adminUpdateOrganizationSettings(input: $i) {
  settings { ideationEnabled onboardingComplete locale currency demo } } }`;
const CREATE = `mutation ($i: CreateTenantInput!) { createTenant(input: $i) { id } }`;
const LOGIN = `mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { ... on LoginPayload {
  accessToken organizations { id } } } }`;
const SWITCH = `mutation ($o: ID!) { switchOrganization(organizationId: $o) { accessToken } }`;
const ACCOUNTS = '{ accounts { id } }';

describe('admin organizations', () => {
  let app: TestApp;
  let superadmin: User;
  let superToken: string;
  let maple: Organization;
  let birch: Organization;
  let mapleAdmin: User;
  let treasurer: User;
  beforeAll(async () => {
    app = await startTestApp();
    superadmin = await createUser(app.services, { isSuperadmin: true });
    superToken = tokenFor(app.services, superadmin, null);
    maple = await createOrg(app.services, 'Maple Grove HOA');
    birch = await createOrg(app.services, 'Birch Hollow HOA');
    mapleAdmin = await createUser(app.services, { memberships: [{ org: maple }] });
    treasurer = await createUser(app.services, {
      memberships: [
        { org: maple, role: Role.USER },
        { org: birch, role: Role.USER },
      ],
    });
  });
  afterAll(() => app.close());

  const sql = (query: string, params: unknown[] = []) =>
    app.services.platformOrm.em.fork().getConnection().execute(query, params);

  it('every operation refuses tenant admins (FORBIDDEN) and signed-out callers', async () => {
    const tenantAdmin = tokenFor(app.services, mapleAdmin, maple);
    const calls: [string, Record<string, unknown>][] = [
      [LIST, {}],
      [DETAIL, { id: maple.id }],
      [CREATE, { i: { name: 'Sneaky HOA', adminEmail: 'sneaky@example.test' } }],
      [STATUS, { id: maple.id, s: 'SUSPENDED' }],
      [PLAN, { i: { organizationId: maple.id, planLevel: 'ENTERPRISE' } }],
      [
        SETTINGS,
        { i: { organizationId: maple.id, ideationEnabled: true, onboardingComplete: false } },
      ],
    ];
    for (const [query, vars] of calls) {
      expect(code(await app.gql(query, vars, tenantAdmin)), query).toBe('FORBIDDEN');
      expect(code(await app.gql(query, vars)), query).toBe('UNAUTHENTICATED');
    }
    const [row] = await sql('SELECT status, plan_level, settings FROM organizations WHERE id = ?', [
      maple.id,
    ]);
    expect(row).toMatchObject({ status: 'active', plan_level: 'standard', settings: {} });
    const [{ n }] = await sql(
      "SELECT count(*)::int AS n FROM organizations WHERE name = 'Sneaky HOA'",
    );
    expect(n).toBe(0);
  });

  it('garbage and unknown ids are NOT_FOUND', async () => {
    for (const id of ['not-an-id', '00000000-0000-4000-8000-000000000000']) {
      expect(code(await app.gql(DETAIL, { id }, superToken))).toBe('NOT_FOUND');
      expect(code(await app.gql(STATUS, { id, s: 'ACTIVE' }, superToken))).toBe('NOT_FOUND');
      expect(
        code(await app.gql(PLAN, { i: { organizationId: id, planLevel: 'TRIAL' } }, superToken)),
      ).toBe('NOT_FOUND');
      expect(
        code(
          await app.gql(
            SETTINGS,
            { i: { organizationId: id, ideationEnabled: true, onboardingComplete: true } },
            superToken,
          ),
        ),
      ).toBe('NOT_FOUND');
    }
  });

  it('lists with search, filters, member counts and counts per status and plan', async () => {
    const all = await app.gql(LIST, {}, superToken);
    expect(all.body.errors).toBeUndefined();
    const list = all.body.data!.adminOrganizations;
    expect(list.totalCount).toBe(2);
    expect(list.organizations).toEqual([
      {
        id: birch.id,
        name: 'Birch Hollow HOA',
        status: 'ACTIVE',
        planLevel: 'STANDARD',
        memberCount: 1,
      },
      {
        id: maple.id,
        name: 'Maple Grove HOA',
        status: 'ACTIVE',
        planLevel: 'STANDARD',
        memberCount: 2,
      },
    ]);
    expect(list.statusCounts).toEqual([
      { status: 'ACTIVE', count: 2 },
      { status: 'SUSPENDED', count: 0 },
      { status: 'ARCHIVED', count: 0 },
    ]);
    expect(list.planCounts).toContainEqual({ planLevel: 'STANDARD', count: 2 });

    const searched = (await app.gql(LIST, { s: 'maple' }, superToken)).body.data!
      .adminOrganizations;
    expect(searched.organizations.map((o: { id: string }) => o.id)).toEqual([maple.id]);
    expect(searched.statusCounts[0]).toEqual({ status: 'ACTIVE', count: 1 });
    // A LIKE wildcard is searched for literally.
    const literal = (await app.gql(LIST, { s: '%' }, superToken)).body.data!.adminOrganizations;
    expect(literal.totalCount).toBe(0);

    await sql(
      "UPDATE organizations SET plan_level = 'enterprise', status = 'suspended' WHERE id = ?",
      [birch.id],
    );
    const suspended = (await app.gql(LIST, { st: 'SUSPENDED' }, superToken)).body.data!
      .adminOrganizations;
    expect(suspended.organizations.map((o: { id: string }) => o.id)).toEqual([birch.id]);
    expect(suspended.totalCount).toBe(1);
    const enterprise = (await app.gql(LIST, { p: 'ENTERPRISE', st: 'ACTIVE' }, superToken)).body
      .data!.adminOrganizations;
    expect(enterprise.totalCount).toBe(0);
    const limited = (await app.gql(LIST, { l: 1 }, superToken)).body.data!.adminOrganizations;
    expect(limited.organizations).toHaveLength(1);
    expect(limited.totalCount).toBe(2);
    expect(code(await app.gql(LIST, { l: 0 }, superToken))).toBe('BAD_USER_INPUT');
    await sql("UPDATE organizations SET plan_level = 'standard', status = 'active' WHERE id = ?", [
      birch.id,
    ]);
  });

  it('shows members with their last sign-in, database size and last activity', async () => {
    const before = (await app.gql(DETAIL, { id: maple.id }, superToken)).body.data!
      .adminOrganization;
    expect(before.lastActivityAt).toBeNull();
    expect(before.databaseSizeBytes).toBeGreaterThan(1_000_000);
    expect(before.members).toHaveLength(2);

    const signedIn = await app.gql(LOGIN, { e: mapleAdmin.email, p: TEST_PASSWORD });
    expect(signedIn.body.errors).toBeUndefined();
    const after = (await app.gql(DETAIL, { id: maple.id }, superToken)).body.data!
      .adminOrganization;
    const me = after.members.find((m: { userId: string }) => m.userId === mapleAdmin.id);
    expect(me).toMatchObject({ email: mapleAdmin.email, role: 'ADMIN', status: 'ACTIVE' });
    expect(me.lastSignInAt).not.toBeNull();
    expect(after.lastActivityAt).toBe(me.lastSignInAt);
    // Birch has no sign-ins of its own: the treasurer signed in nowhere yet.
    const birchDetail = (await app.gql(DETAIL, { id: birch.id }, superToken)).body.data!
      .adminOrganization;
    expect(birchDetail.lastActivityAt).toBeNull();
  });

  it('suspends and archives at once: no sign-in, no switch, no requests; reactivation restores', async () => {
    const login = await app.gql(LOGIN, { e: treasurer.email, p: TEST_PASSWORD });
    const ids = (r: typeof login) =>
      r.body.data!.login.organizations.map((o: { id: string }) => o.id);
    expect(ids(login).sort()).toEqual([maple.id, birch.id].sort());
    const birchToken = tokenFor(app.services, treasurer, birch);
    expect((await app.gql(ACCOUNTS, {}, birchToken)).body.errors).toBeUndefined();

    for (const status of ['SUSPENDED', 'ARCHIVED']) {
      const res = await app.gql(
        STATUS,
        { id: birch.id, s: status, r: 'Unpaid invoice' },
        superToken,
      );
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data!.setOrganizationStatus.status).toBe(status);
      // Effective at once: the token already issued is refused.
      expect(code(await app.gql(ACCOUNTS, {}, birchToken))).toBe('ORG_INACTIVE');
      // Gone from the sign-in answer, and cannot be switched into.
      const again = await app.gql(LOGIN, { e: treasurer.email, p: TEST_PASSWORD });
      expect(ids(again)).toEqual([maple.id]);
      const switched = await app.gql(
        SWITCH,
        { o: birch.id },
        again.body.data!.login.accessToken as string,
      );
      expect(code(switched)).toBe('ORG_INACTIVE');
    }
    const back = await app.gql(STATUS, { id: birch.id, s: 'ACTIVE' }, superToken);
    expect(back.body.data!.setOrganizationStatus.statusHistory).toEqual([
      { fromStatus: 'ARCHIVED', toStatus: 'ACTIVE', reason: '' },
      { fromStatus: 'SUSPENDED', toStatus: 'ARCHIVED', reason: 'Unpaid invoice' },
      { fromStatus: 'ACTIVE', toStatus: 'SUSPENDED', reason: 'Unpaid invoice' },
    ]);
    expect((await app.gql(ACCOUNTS, {}, birchToken)).body.errors).toBeUndefined();
    expect(ids(await app.gql(LOGIN, { e: treasurer.email, p: TEST_PASSWORD })).sort()).toEqual(
      [maple.id, birch.id].sort(),
    );
    // Setting the same status again changes nothing and records nothing.
    const same = await app.gql(STATUS, { id: birch.id, s: 'ACTIVE' }, superToken);
    expect(same.body.data!.setOrganizationStatus.statusHistory).toHaveLength(3);
    const audits = await sql(
      "SELECT actor_user_id, details FROM audit_log WHERE action = 'organization.status' AND organization_id = ?",
      [birch.id],
    );
    expect(audits).toHaveLength(3);
    expect(audits[0].actor_user_id).toBe(superadmin.id);
    expect(
      code(await app.gql(STATUS, { id: birch.id, s: 'ACTIVE', r: 'x'.repeat(501) }, superToken)),
    ).toBe('BAD_USER_INPUT');
  });

  it('updates the plan and subscription fields, validated and audited', async () => {
    const input = {
      organizationId: maple.id,
      planLevel: 'PROFESSIONAL',
      contractNumber: '  C-2026-118 ',
      paymentDate: '2026-03-01',
      confirmationNumber: 'PAY-99812',
      renewalDate: '2027-03-01',
    };
    const ok = await app.gql(PLAN, { i: input }, superToken);
    expect(ok.body.data!.updateOrganizationPlan).toEqual({
      planLevel: 'PROFESSIONAL',
      contractNumber: 'C-2026-118',
      paymentDate: '2026-03-01',
      confirmationNumber: 'PAY-99812',
      renewalDate: '2027-03-01',
    });
    const bad = await app.gql(
      PLAN,
      { i: { ...input, contractNumber: 'x'.repeat(101), renewalDate: '2026-02-01' } },
      superToken,
    );
    expect(code(bad)).toBe('BAD_USER_INPUT');
    expect(fields(bad)).toEqual(['contractNumber', 'renewalDate']);
    expect(
      code(await app.gql(PLAN, { i: { ...input, paymentDate: '2026-13-01' } }, superToken)),
    ).toBeTruthy();
    expect(
      code(await app.gql(PLAN, { i: { ...input, planLevel: 'PLATINUM' } }, superToken)),
    ).toBeTruthy();
    // Blank clears.
    const cleared = await app.gql(
      PLAN,
      { i: { organizationId: maple.id, planLevel: 'TRIAL', contractNumber: ' ' } },
      superToken,
    );
    expect(cleared.body.data!.updateOrganizationPlan).toEqual({
      planLevel: 'TRIAL',
      contractNumber: null,
      paymentDate: null,
      confirmationNumber: null,
      renewalDate: null,
    });
    const audits = await sql(
      "SELECT details FROM audit_log WHERE action = 'organization.plan' AND organization_id = ?",
      [maple.id],
    );
    expect(audits).toHaveLength(2);
    expect(audits[0].details.planLevel).toEqual({ before: 'standard', after: 'professional' });
  });

  it('edits settings as a form: known keys only, validated, and the ideation flag turns Ideas on', async () => {
    // The demo mark is the platform's column, shown beside the settings.
    await sql(`UPDATE organizations SET demo_profile = 'lakeside' WHERE id = ?`, [maple.id]);
    const input = {
      organizationId: maple.id,
      ideationEnabled: true,
      onboardingComplete: true,
      locale: 'en-gb',
      currency: 'usd',
    };
    const ok = await app.gql(SETTINGS, { i: input }, superToken);
    expect(ok.body.data!.adminUpdateOrganizationSettings.settings).toEqual({
      ideationEnabled: true,
      onboardingComplete: true,
      locale: 'en-GB',
      currency: 'USD',
      demo: 'lakeside',
    });
    const [row] = await sql('SELECT settings FROM organizations WHERE id = ?', [maple.id]);
    expect(row.settings).toEqual({
      ideationEnabled: true,
      onboardingComplete: true,
      locale: 'en-GB',
      currency: 'USD',
    });
    // Members of the organization now reach Ideas.
    const member = tokenFor(app.services, treasurer, maple);
    expect(
      (await app.gql('{ ideas(first: 5) { totalCount } }', {}, member)).body.errors,
    ).toBeUndefined();

    const unknown = await app.gql(SETTINGS, { i: { ...input, theme: 'dark' } }, superToken);
    expect(unknown.body.errors![0].message).toContain('theme');
    const bad = await app.gql(
      SETTINGS,
      { i: { ...input, locale: 'not a locale', currency: 'XYZ1' } },
      superToken,
    );
    expect(fields(bad)).toEqual(['locale', 'currency']);

    const off = await app.gql(
      SETTINGS,
      {
        i: {
          organizationId: maple.id,
          ideationEnabled: false,
          onboardingComplete: true,
          locale: '',
        },
      },
      superToken,
    );
    expect(off.body.data!.adminUpdateOrganizationSettings.settings).toEqual({
      ideationEnabled: false,
      onboardingComplete: true,
      locale: null,
      currency: null,
      demo: 'lakeside',
    });
    expect(code(await app.gql('{ ideas(first: 5) { totalCount } }', {}, member))).toBe('FORBIDDEN');

    // An organization cannot turn the flag on for itself through its own settings.
    const own = await app.gql(
      'mutation ($p: JSONObject!) { updateOrganizationSettings(patch: $p) }',
      { p: { ideationEnabled: true } },
      tokenFor(app.services, mapleAdmin, maple),
    );
    expect(code(own)).toBe('FORBIDDEN');
    const [after] = await sql('SELECT settings FROM organizations WHERE id = ?', [maple.id]);
    expect(after.settings.ideationEnabled).toBe(false);
  });
});
