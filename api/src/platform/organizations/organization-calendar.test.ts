import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../core/dates.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createUser, tokenFor } from '../../test/factories.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

const UPDATE = `mutation ($i: OrganizationCalendarInput!) {
  updateOrganizationCalendar(input: $i) { organizationId timeZone fiscalYearStartMonth } }`;
const ME = `{ me { organization { id timeZone fiscalYearStartMonth }
  organizations { id timeZone fiscalYearStartMonth } } }`;
const YTD = `{ budgetVsActual(year: 2026, yearToDate: true) { fromMonth toMonth from to } }`;

type Res = { body: { errors?: { message: string; extensions?: Record<string, unknown> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;
const details = (res: Res) => res.body.errors?.[0]?.extensions?.details;

describe('the association calendar', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());
  afterEach(() => setClock());

  const auditOf = (orgId: string) =>
    app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute<{ action: string; entity_id: string; details: Record<string, unknown> }[]>(
        `SELECT action, entity_id, details FROM audit_log
          WHERE organization_id = ? AND action = 'organization.calendar' ORDER BY created_at`,
        [orgId],
      );

  it('lets an admin set the time zone and fiscal start, shown at once by me and audited', async () => {
    const t = await createTenant(app, 'Calendar HOA');
    // Read once, so the directory holds the old calendar when it changes.
    expect((await t.ok(ME)).me.organization).toEqual({
      id: t.org.id,
      timeZone: 'America/New_York',
      fiscalYearStartMonth: 1,
    });
    const res = await t.ok(UPDATE, { i: { timeZone: 'america/chicago', fiscalYearStartMonth: 7 } });
    // Stored under the runtime's own name for the zone.
    expect(res.updateOrganizationCalendar).toEqual({
      organizationId: t.org.id,
      timeZone: 'America/Chicago',
      fiscalYearStartMonth: 7,
    });
    const me = (await t.ok(ME, {}, t.viewer)).me;
    expect(me.organization).toMatchObject({ timeZone: 'America/Chicago', fiscalYearStartMonth: 7 });
    expect(me.organizations).toEqual([me.organization]);

    // Saving the same calendar again records nothing new.
    await t.ok(UPDATE, { i: { timeZone: 'America/Chicago', fiscalYearStartMonth: 7 } });
    await t.ok(UPDATE, { i: { timeZone: 'America/Chicago', fiscalYearStartMonth: 10 } });
    expect(await auditOf(t.org.id)).toEqual([
      {
        action: 'organization.calendar',
        entity_id: t.org.id,
        details: {
          timeZone: { before: 'America/New_York', after: 'America/Chicago' },
          fiscalYearStartMonth: { before: 1, after: 7 },
        },
      },
      {
        action: 'organization.calendar',
        entity_id: t.org.id,
        details: { fiscalYearStartMonth: { before: 7, after: 10 } },
      },
    ]);
  });

  it('reads "today" in the new zone at once', async () => {
    const t = await createTenant(app);
    // 03:00 UTC on March 1st is still February 28th in New York.
    setClock(() => new Date('2026-03-01T03:00:00Z'));
    expect((await t.ok(YTD)).budgetVsActual).toEqual({
      fromMonth: 1,
      toMonth: 2,
      from: '2026-01-01',
      to: '2026-02-28',
    });
    await t.ok(UPDATE, { i: { timeZone: 'Europe/London', fiscalYearStartMonth: 1 } });
    expect((await t.ok(YTD)).budgetVsActual).toMatchObject({ toMonth: 3, to: '2026-03-31' });
  });

  it('refuses a zone or month that does not exist, field by field, and changes nothing', async () => {
    const t = await createTenant(app);
    const both = await t.gql(UPDATE, { i: { timeZone: 'Mars/Olympus', fiscalYearStartMonth: 13 } });
    expect(code(both)).toBe('BAD_USER_INPUT');
    expect(details(both)).toEqual([
      { field: 'timeZone', message: 'Use a time zone name like America/Chicago' },
      { field: 'fiscalYearStartMonth', message: 'Use a month from 1 (January) to 12 (December)' },
    ]);
    for (const i of [
      { timeZone: '', fiscalYearStartMonth: 1 },
      { timeZone: '+05:00', fiscalYearStartMonth: 1 },
      { timeZone: 'America/Chicago', fiscalYearStartMonth: 0 },
    ]) {
      const res = await t.gql(UPDATE, { i });
      expect(code(res), JSON.stringify(i)).toBe('BAD_USER_INPUT');
      expect((details(res) as { field: string }[]).map((d) => d.field)).toEqual([
        i.timeZone === 'America/Chicago' ? 'fiscalYearStartMonth' : 'timeZone',
      ]);
    }
    expect((await t.ok(ME)).me.organization).toMatchObject({
      timeZone: 'America/New_York',
      fiscalYearStartMonth: 1,
    });
  });

  it('refuses plain users and viewers; super admins may change any organization', async () => {
    const t = await createTenant(app);
    const other: Tenant = await createTenant(app);
    const i = { timeZone: 'America/Denver', fiscalYearStartMonth: 4 };
    expect(code(await t.gql(UPDATE, { i }, t.user))).toBe('FORBIDDEN');
    expect(code(await t.gql(UPDATE, { i }, t.viewer))).toBe('FORBIDDEN');
    // An admin of one association cannot reach another by naming it.
    const across = await t.gql(UPDATE, { i: { ...i, organizationId: other.org.id } });
    expect(code(across)).toBe('FORBIDDEN');
    expect(code(await app.gql(UPDATE, { i }))).toBe('UNAUTHENTICATED');

    const root = await createUser(app.services, { isSuperadmin: true });
    const rootToken = tokenFor(app.services, root, null);
    const done = await app.gql(UPDATE, { i: { ...i, organizationId: other.org.id } }, rootToken);
    expect(done.body.errors).toBeUndefined();
    expect((await other.ok(ME)).me.organization).toMatchObject(i);
    expect((await t.ok(ME)).me.organization).toMatchObject({ timeZone: 'America/New_York' });
    expect(code(await app.gql(UPDATE, { i }, rootToken))).toBe('BAD_USER_INPUT');
    const missing = await app.gql(
      UPDATE,
      { i: { ...i, organizationId: '00000000-0000-4000-8000-000000000000' } },
      rootToken,
    );
    expect(code(missing)).toBe('NOT_FOUND');
  });

  it('keeps the fiscal start while budgets hold amounts, naming their years', async () => {
    const t = await createTenant(app);
    const dues = await t.account('4010', 'INCOME');
    const save = (year: number, amount: string) =>
      t.ok(`mutation ($i: SaveBudgetInput!) { saveBudget(input: $i) { year } }`, {
        i: { year, lines: [{ accountId: dues, amounts: Array(12).fill(amount) }] },
      });
    await save(2026, '100.00');
    await save(2027, '110.00');
    const refused = await t.gql(UPDATE, {
      i: { timeZone: 'America/Los_Angeles', fiscalYearStartMonth: 7 },
    });
    expect(code(refused)).toBe('CONFLICT');
    expect(refused.body.errors![0].message).toContain('(FY 2026, FY 2027)');
    expect((details(refused) as { field: string }[])[0].field).toBe('fiscalYearStartMonth');
    // Nothing changed, not even the zone.
    expect((await t.ok(ME)).me.organization).toMatchObject({
      timeZone: 'America/New_York',
      fiscalYearStartMonth: 1,
    });
    // The zone alone may change; cleared budgets no longer hold the start.
    await t.ok(UPDATE, { i: { timeZone: 'America/Los_Angeles', fiscalYearStartMonth: 1 } });
    await save(2026, '0.00');
    const stillOne = await t.gql(UPDATE, {
      i: { timeZone: 'America/Los_Angeles', fiscalYearStartMonth: 7 },
    });
    expect(stillOne.body.errors![0].message).toContain('(FY 2027)');
    await save(2027, '0.00');
    await t.ok(UPDATE, { i: { timeZone: 'America/Los_Angeles', fiscalYearStartMonth: 7 } });
    expect((await t.ok(ME)).me.organization).toMatchObject({ fiscalYearStartMonth: 7 });
  });
});
