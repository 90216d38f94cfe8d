import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../core/dates.js';
import { OrganizationStatus, Role } from '../../core/roles.js';
import { forgetTenant, openTenant } from '../../core/tenancy/tenant-door.js';
import { sql } from '../../db/sql.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createUser, tokenFor } from '../../test/factories.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { setOrganizationStatus } from '../organizations/organizations.service.js';
import { scoreTenantHealth, TENANT_HEALTH_INPUTS } from './tenant-health.formula.js';
import { snapshotTenantHealth } from './tenant-health.service.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

const HEALTH = `query ($orderBy: TenantHealthOrder) {
  adminTenantHealth(orderBy: $orderBy) {
    weekStart
    formula { inputs { key weight measures { key fullAt share } } grades { grade min } text }
    organizations {
      organizationId name status reachable problem score grade
      inputs { key weight subScore measures { key value } }
      history { weekStart score }
    }
  }
}`;

// Wednesday 18 March 2026, 12:00 UTC: 08:00 in New York (the organizations' default zone), so
// "today" is 2026-03-18 for them, the latest closed month February 2026, and the week starts on
// Monday 16 March.
const NOW = new Date('2026-03-18T12:00:00Z');
const daysAgo = (days: number, from = NOW) => new Date(from.getTime() - days * 86_400_000);

describe('tenant health', () => {
  let app: TestApp;
  let admin: string;
  let busy: Tenant;
  let quiet: Tenant;
  let suspended: Tenant;
  let away: Tenant;
  const platform = () => app.services.platformOrm.em.fork() as EntityManager;

  const signIn = (
    orgId: string,
    userId: string | null,
    at: Date,
    extra: Partial<Record<'success' | 'impersonated_by', unknown>> = {},
  ) =>
    sql(platform()).run(
      `INSERT INTO login_history (user_id, organization_id, ip, method, success, impersonated_by, created_at)
       VALUES (?, ?, '127.0.0.1', 'password', ?, ?, ?)`,
      [userId, orgId, extra.success ?? true, extra.impersonated_by ?? null, at],
    );

  beforeAll(async () => {
    setClock(() => NOW);
    app = await startTestApp();
    const superadmin = await createUser(app.services, { isSuperadmin: true });
    admin = tokenFor(app.services, superadmin, null);

    // Busy: 3 active members (admin, user, viewer) and one invited; 12 counted sign-ins.
    busy = await createTenant(app, 'Busy Brook');
    const members = await sql(platform()).all<{ user_id: string }>(
      `SELECT user_id FROM memberships WHERE organization_id = ? ORDER BY role`,
      [busy.org.id],
    );
    const invited = await createUser(app.services, {
      memberships: [{ org: busy.org, role: Role.USER }],
    });
    await sql(platform()).run(
      `UPDATE memberships SET status = 'invited' WHERE user_id = ? AND organization_id = ?`,
      [invited.id, busy.org.id],
    );
    const outsider = await createUser(app.services);
    for (let i = 0; i < 12; i++) {
      await signIn(busy.org.id, members[i % 3].user_id, daysAgo(i * 2 + 1));
    }
    // Not counted: failed, impersonated, older than 30 days, not a member.
    await signIn(busy.org.id, members[0].user_id, daysAgo(2), { success: false });
    await signIn(busy.org.id, members[0].user_id, daysAgo(2), { impersonated_by: superadmin.id });
    await signIn(busy.org.id, members[0].user_id, daysAgo(31));
    await signIn(busy.org.id, outsider.id, daysAgo(3));

    // Books: a budget for fiscal 2026, actuals in February (the latest closed month), entries
    // dated 18 Mar, 10 Mar, 1 Mar (3 in the last 30 days), 10 Feb, 5 Jan (5 in the last 90),
    // 1 Dec 2025 (older), and an opening balance (never counted).
    const cash = await busy.account('1000', 'ASSET', {
      name: 'Operating Cash',
      initialBalance: '5000.00',
      openingDate: '2026-03-02',
    });
    const expense = await busy.account('5000', 'EXPENSE', { name: 'Landscaping' });
    await busy.ok(`mutation ($input: SaveBudgetInput!) { saveBudget(input: $input) { year } }`, {
      input: { year: 2026, lines: [{ accountId: expense, amounts: Array(12).fill('100.00') }] },
    });
    for (const date of [
      '2026-03-18',
      '2026-03-10',
      '2026-03-01',
      '2026-02-10',
      '2026-01-05',
      '2025-12-01',
    ]) {
      await busy.post(date, [
        [expense, '10.00', null],
        [cash, null, '10.00'],
      ]);
    }
    // AI: one recommendation 10 days ago (counted), one 100 days ago (not).
    const { em } = await openTenant(app.services, busy.org.id);
    for (const at of [daysAgo(10), daysAgo(100)]) {
      await sql(em).run(
        `INSERT INTO ai_recommendations (id, status, requested_at, completed_at, output, provider, narrative_source)
         VALUES (?, 'done', ?, ?, '{}'::jsonb, 'planner', 'planner')`,
        [randomUUID(), at, at],
      );
    }

    quiet = await createTenant(app, 'Quiet Quarry');
    suspended = await createTenant(app, 'Suspended Summit');
    await setOrganizationStatus(app.services, suspended.org.id, OrganizationStatus.SUSPENDED);
    away = await createTenant(app, 'Away Acres');
    await sql(platform()).run(`UPDATE organizations SET db_name = ? WHERE id = ?`, [
      `missing_${away.org.id.replaceAll('-', '')}`,
      away.org.id,
    ]);
    forgetTenant(app.services, away.org.id);
  }, 120_000);
  beforeEach(() => setClock(() => NOW));
  afterEach(() => setClock());
  afterAll(() => app?.close());

  const report = async (orderBy?: string) => {
    const res = await app.gql(HEALTH, { orderBy }, admin);
    expect(res.body.errors).toBeUndefined();
    return res.body.data!.adminTenantHealth as any;
  };
  const find = (r: any, t: Tenant) =>
    r.organizations.find((o: any) => o.organizationId === t.org.id);

  it('scores a busy tenant from its sign-ins, budget, actuals, entries, members and AI use', async () => {
    const r = await report();
    const b = find(r, busy);
    const byKey = Object.fromEntries(b.inputs.map((i: any) => [i.key, i]));
    const values = Object.fromEntries(
      b.inputs.flatMap((i: any) => i.measures.map((m: any) => [m.key, m.value])),
    );
    expect(values).toEqual({
      signIns30d: 12,
      budgetCurrentYear: 1,
      actualsUpToDate: 1,
      entries30d: 3,
      entries90d: 5,
      activeMembers: 3,
      aiRecommendations90d: 1,
    });
    // activity 100 × 12/20 = 60; budget 50 + 50 = 100; transactions 60 × 3/10 + 40 × 5/30 =
    // 18 + 6.67 = 24.67 → 25; members 100 × 3/5 = 60; AI 100 × 1/3 = 33.3 → 33.
    expect(
      Object.fromEntries(
        Object.entries(byKey).map(([k, i]: [string, any]) => [k, [i.weight, i.subScore]]),
      ),
    ).toEqual({
      activity: [25, 60],
      budget: [25, 100],
      transactions: [20, 25],
      members: [15, 60],
      aiUsage: [15, 33],
    });
    // (25×60 + 25×100 + 20×25 + 15×60 + 15×33) / 100 = 5895 / 100 = 58.95 → 59.
    expect(b.score).toBe(59);
    expect(b.grade).toBe('WATCH');
    expect(b.reachable).toBe(true);
    expect(r.weekStart).toBe('2026-03-16');
  });

  it('scores an empty tenant on its members alone and reports unreachable ones', async () => {
    const r = await report();
    const q = find(r, quiet);
    // Only members: 15 × 60 / 100 = 9.
    expect(q.score).toBe(9);
    expect(q.grade).toBe('AT_RISK');
    expect(q.inputs.map((i: any) => i.subScore)).toEqual([0, 0, 0, 60, 0]);

    expect(find(r, suspended)).toMatchObject({
      reachable: false,
      score: null,
      grade: null,
      inputs: [],
      status: 'SUSPENDED',
      problem: 'This organization is suspended',
    });
    expect(find(r, away)).toMatchObject({
      reachable: false,
      score: null,
      problem: 'Its database could not be read',
    });
    // Scored first (worst first by default), unreachable last.
    const names = r.organizations.map((o: any) => o.name);
    expect(names).toEqual(['Quiet Quarry', 'Busy Brook', 'Away Acres', 'Suspended Summit']);
    const desc = await report('SCORE_DESC');
    expect(desc.organizations.map((o: any) => o.name).slice(0, 2)).toEqual([
      'Busy Brook',
      'Quiet Quarry',
    ]);
    const byName = await report('NAME');
    expect(byName.organizations.map((o: any) => o.name)).toEqual([
      'Busy Brook',
      'Quiet Quarry',
      'Away Acres',
      'Suspended Summit',
    ]);
  });

  it('keeps the actuals and the budget to the current period', async () => {
    // In May, February's actuals are no longer the latest closed month (April has none), the
    // March entries are 30+ days old, and the budget is still fiscal 2026's.
    setClock(() => new Date('2026-05-20T12:00:00Z'));
    const r = await report();
    const values = Object.fromEntries(
      find(r, busy).inputs.flatMap((i: any) => i.measures.map((m: any) => [m.key, m.value])),
    );
    expect(values).toMatchObject({
      budgetCurrentYear: 1,
      actualsUpToDate: 0,
      entries30d: 0,
      entries90d: 3,
    });
    // In January 2027 fiscal 2027 has no budget.
    setClock(() => new Date('2027-01-20T12:00:00Z'));
    const j = await report();
    expect(find(j, busy).inputs.find((i: any) => i.key === 'budget').measures[0].value).toBe(0);
  });

  it('stores one snapshot per organization and week and shows the last 12 weeks', async () => {
    const count = async () =>
      (
        await sql(platform()).all<{ week_start: string; n: number }>(
          `SELECT to_char(week_start, 'YYYY-MM-DD') AS week_start, count(*)::int AS n
             FROM tenant_health_snapshots WHERE organization_id = ? GROUP BY week_start ORDER BY 1`,
          [busy.org.id],
        )
      ).map((r) => [r.week_start, r.n]);
    // An old snapshot, beyond the 12 weeks shown.
    await sql(platform()).run(
      `INSERT INTO tenant_health_snapshots (organization_id, week_start, score) VALUES (?, '2025-12-15', 40)
       ON CONFLICT DO NOTHING`,
      [busy.org.id],
    );
    await report();
    await report();
    const weekOf = (rows: [string, number][]) =>
      rows.filter(([w]) => w >= '2026-01-01' && w < '2026-04-01');
    expect(weekOf((await count()) as [string, number][])).toEqual([['2026-03-16', 1]]);

    // A scheduler's run the next week stores that week's once; a second run stores nothing.
    const nextWeek = new Date('2026-03-25T09:00:00Z');
    const first = await snapshotTenantHealth(app.services, nextWeek);
    expect(first.weekStart).toBe('2026-03-23');
    // The two reachable organizations (and any other of this database's) — not the unreachable.
    expect(first.stored).toBeGreaterThanOrEqual(2);
    const again = await snapshotTenantHealth(app.services, nextWeek);
    expect(again.stored).toBe(0);
    const [row] = await sql(platform()).all<{ score: number; inputs: Record<string, number> }>(
      `SELECT score, inputs FROM tenant_health_snapshots WHERE organization_id = ? AND week_start = '2026-03-23'`,
      [busy.org.id],
    );
    expect(row.inputs).toMatchObject({ signIns30d: expect.any(Number), activeMembers: 3 });
    expect(
      await sql(platform()).all(`SELECT 1 FROM tenant_health_snapshots WHERE organization_id = ?`, [
        away.org.id,
      ]),
    ).toEqual([]);

    setClock(() => nextWeek);
    const r = await report();
    const history = find(r, busy).history;
    expect(history.map((h: any) => h.weekStart)).toEqual(['2026-03-16', '2026-03-23']);
    expect(history[0].score).toBe(59);
    expect(history[1].score).toBe(row.score);
  });

  it('publishes the formula it scores with', async () => {
    const r = await report();
    expect(r.formula.inputs.map((i: any) => [i.key, i.weight])).toEqual(
      TENANT_HEALTH_INPUTS.map((i) => [i.key, i.weight]),
    );
    expect(r.formula.inputs.reduce((s: number, i: any) => s + i.weight, 0)).toBe(100);
    expect(r.formula.text.join('\n')).toContain(
      'Activity (weight 25): 100 × min(sign-ins in the last 30 days, 20) ÷ 20',
    );
    expect(r.formula.grades).toEqual([
      { grade: 'HEALTHY', min: 75 },
      { grade: 'WATCH', min: 50 },
      { grade: 'AT_RISK', min: 0 },
    ]);
  });

  it('scores the bounds: nothing is 0, everything in full is 100, more than full counts as full', () => {
    const zero = {
      signIns30d: 0,
      budgetCurrentYear: 0,
      actualsUpToDate: 0,
      entries30d: 0,
      entries90d: 0,
      activeMembers: 0,
      aiRecommendations90d: 0,
    };
    expect(scoreTenantHealth(zero)).toMatchObject({ score: 0, grade: 'AT_RISK' });
    const full = {
      signIns30d: 500,
      budgetCurrentYear: 1,
      actualsUpToDate: 1,
      entries30d: 10,
      entries90d: 300,
      activeMembers: 5,
      aiRecommendations90d: 3,
    };
    expect(scoreTenantHealth(full)).toMatchObject({ score: 100, grade: 'HEALTHY' });
    // 7 sign-ins: 100 × 7/20 = 35 exactly (not 34 from a binary fraction); score 25 × 35 / 100 = 8.75 → 9.
    expect(scoreTenantHealth({ ...zero, signIns30d: 7 })).toMatchObject({ score: 9 });
    expect(scoreTenantHealth({ ...zero, signIns30d: 7 }).inputs[0].subScore).toBe(35);
  });

  it('is refused for a tenant admin and a signed-out caller', async () => {
    const asTenantAdmin = await app.gql(HEALTH, {}, busy.admin);
    expect(asTenantAdmin.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(asTenantAdmin.body.data ?? null).toBeNull();
    const signedOut = await app.gql(HEALTH, {});
    expect(signedOut.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
