import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../core/dates.js';
import { forgetTenant } from '../../core/tenancy/tenant-door.js';
import { createOrganization } from '../../platform/organizations/organizations.service.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

// "Today" is the association's: at 2026-03-01T06:00Z it is still Feb 28 in Los Angeles.
describe("the association's calendar", () => {
  let app: TestApp;
  let t: Tenant;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Pacific HOA');
    const em = app.services.platformOrm.em.fork() as EntityManager;
    await em
      .getConnection()
      .execute(`UPDATE organizations SET time_zone = 'America/Los_Angeles' WHERE id = ?`, [
        t.org.id,
      ]);
    forgetTenant(app.services, t.org.id);
    ids.cash = await t.account('1010', 'ASSET');
    ids.income = await t.account('4010', 'INCOME');
    ids.special = await t.account('4020', 'INCOME');
    ids.house = await t.propertyType('Single family');
    ids.group = await t.group({
      name: 'Monthly dues',
      dueDay: 10,
      regularIncomeAccountId: ids.income,
      specialIncomeAccountId: ids.special,
      rates: [{ propertyTypeId: ids.house, regular: '250.00', special: '25.00' }],
    });
    ids.unit = await t.unit('P-1', { groupId: ids.group, propertyTypeId: ids.house });
  });
  afterEach(() => setClock());
  afterAll(() => app.close());

  it('voids a payment on the organization’s today by default, not UTC’s', async () => {
    const pmt = await t.payment(ids.unit, '2026-02-20', '100.00', { depositAccountId: ids.cash });
    setClock(() => new Date('2026-03-01T06:00:00Z'));
    const { voidPayment } = await t.ok(
      `mutation ($id: ID!) { voidPayment(id: $id) { voidEntryId } }`,
      { id: pmt },
    );
    const { journalEntry } = await t.ok(`query ($id: ID!) { journalEntry(id: $id) { date } }`, {
      id: voidPayment.voidEntryId,
    });
    expect(journalEntry.date).toBe('2026-02-28');
  });

  it('reads balances as of the organization’s today by default', async () => {
    setClock(() => new Date('2026-03-01T06:00:00Z'));
    const { trialBalance } = await t.ok(`{ trialBalance { asOf } }`);
    expect(trialBalance.asOf).toBe('2026-02-28');
    setClock(() => new Date('2026-03-01T09:00:00Z'));
    expect((await t.ok(`{ trialBalance { asOf } }`)).trialBalance.asOf).toBe('2026-03-01');
  });

  it('counts days overdue and ages receivables on the organization’s today', async () => {
    const inv = await t.invoice(ids.unit, '2026-02-01', [[ids.income, '80.00']], {
      dueDate: '2026-02-27',
    });
    // Evening of Feb 28 in Los Angeles (already March 1 in UTC): one day overdue, not two.
    setClock(() => new Date('2026-03-01T06:00:00Z'));
    const q = `query ($id: ID!) { invoice(id: $id) { daysOverdue } agingReport { asOf } }`;
    const evening = await t.ok(q, { id: inv });
    expect([evening.invoice.daysOverdue, evening.agingReport.asOf]).toEqual([1, '2026-02-28']);
    setClock(() => new Date('2026-03-01T09:00:00Z'));
    const morning = await t.ok(q, { id: inv });
    expect([morning.invoice.daysOverdue, morning.agingReport.asOf]).toEqual([2, '2026-03-01']);
  });
});

describe('an organization’s calendar at creation', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('defaults to America/New_York and January, keeps a valid zone, refuses a bad one', async () => {
    const plain = await createOrganization(app.services, { name: 'Default HOA' });
    expect([plain.timeZone, plain.fiscalYearStartMonth]).toEqual(['America/New_York', 1]);
    const west = await createOrganization(app.services, {
      name: 'West HOA',
      timeZone: 'America/Los_Angeles',
      fiscalYearStartMonth: 7,
    });
    const entry = await app.services.directory.resolve(west.id);
    expect([entry!.timeZone, entry!.fiscalYearStartMonth]).toEqual(['America/Los_Angeles', 7]);
    await expect(
      createOrganization(app.services, { name: 'Bad HOA', timeZone: 'Mars/Olympus_Mons' }),
    ).rejects.toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    await expect(
      createOrganization(app.services, { name: 'Bad HOA', fiscalYearStartMonth: 13 }),
    ).rejects.toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
  });
});
