import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../core/dates.js';
import { withDatabase } from '../../db/connection.js';
import { dueRuns, runScheduled } from '../../platform/automation/automation.service.js';
import { scheduleRow } from '../../platform/automation/automation.repository.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { checkLedger } from '../journal/ledger-check.service.js';
import { nextBillDate } from './bill-templates.service.js';
import { BillFrequency } from './payables.types.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

type Res = { body: { errors?: { message: string; extensions?: Record<string, any> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;
const details = (res: Res) => res.body.errors?.[0]?.extensions?.details;

const TEMPLATE = `id name vendorId memo frequency nextDate dueDays active total vendor { name }
  lines { id accountId amount memo account { number } }`;
const CREATE = `mutation ($input: BillTemplateInput!) { createBillTemplate(input: $input) { ${TEMPLATE} } }`;
const UPDATE = `mutation ($id: ID!, $input: BillTemplateInput!) { updateBillTemplate(id: $id, input: $input) { ${TEMPLATE} } }`;
const DELETE = `mutation ($id: ID!) { deleteBillTemplate(id: $id) }`;
const LIST = `{ billTemplates { name nextDate active } }`;
const ENTER = `mutation { enterRecurringBills { number billDate dueDate total memo templateId approval
  lines { amount } } }`;
const BILLS = `{ bills(first: 100) { totalCount edges { node { number billDate templateId } } } }`;
const AUTOMATION = `mutation ($input: UpdateAutomationInput!) { updateAutomation(input: $input) {
  recurringBills upcoming { kind date } } }`;
const RUNS = `{ automation { recurringBills runs { kind period status created total error } } }`;

describe('nextBillDate', () => {
  it('steps by the frequency, keeping the day or the month end', () => {
    expect(nextBillDate('2026-01-15', BillFrequency.MONTHLY)).toBe('2026-02-15');
    expect(nextBillDate('2026-01-31', BillFrequency.MONTHLY)).toBe('2026-02-28');
    expect(nextBillDate('2026-02-28', BillFrequency.MONTHLY)).toBe('2026-03-31');
    expect(nextBillDate('2026-01-30', BillFrequency.MONTHLY)).toBe('2026-02-28');
    expect(nextBillDate('2026-11-30', BillFrequency.QUARTERLY)).toBe('2027-02-28');
    expect(nextBillDate('2026-08-31', BillFrequency.SEMIANNUAL)).toBe('2027-02-28');
    expect(nextBillDate('2028-02-29', BillFrequency.ANNUAL)).toBe('2029-02-28');
    expect(nextBillDate('2026-12-01', BillFrequency.MONTHLY)).toBe('2027-01-01');
  });
});

describe('recurring bills', () => {
  let app: TestApp;
  let t: Tenant;
  let o: Tenant;
  const ids: Record<string, string> = {};
  const tpl: Record<string, any> = {};

  const input = (over: Record<string, unknown> = {}) => ({
    name: 'Management fee',
    vendorId: ids.manager,
    memo: 'Monthly management',
    lines: [
      { accountId: ids.management, amount: '1500.00', memo: 'Base fee' },
      { accountId: ids.postage, amount: '25.50' },
    ],
    frequency: 'MONTHLY',
    nextDate: '2026-01-31',
    dueDays: 15,
    ...over,
  });
  const billCount = async () => (await t.ok(BILLS)).bills.totalCount;

  beforeAll(async () => {
    setClock(() => new Date('2026-03-20T16:00:00Z'));
    app = await startTestApp();
    [t, o] = await Promise.all([
      createTenant(app, 'Recurring HOA'),
      createTenant(app, 'Other HOA'),
    ]);
    ids.management = await t.account('5300', 'EXPENSE', { name: 'Management' });
    ids.postage = await t.account('5310', 'EXPENSE', { name: 'Postage' });
    ids.insurance = await t.account('5400', 'EXPENSE', { name: 'Insurance' });
    ids.income = await t.account('4010', 'INCOME');
    ids.manager = await t.vendor('Summit Management');
    ids.insurer = await t.vendor('Mutual Insurance');
    ids.otherVendor = await o.vendor('Elsewhere');
    ids.otherAccount = await o.account('5300', 'EXPENSE');
  });
  afterAll(async () => {
    setClock();
    await app?.close();
  });

  it('keeps templates, checked as a bill is', async () => {
    const refused = async (over: Record<string, unknown>, want: string, fields: any[]) => {
      const res = await t.gql(CREATE, { input: input(over) });
      expect(code(res), JSON.stringify(over)).toBe(want);
      expect(details(res), JSON.stringify(over)).toEqual(fields);
    };
    await refused({ vendorId: ids.otherVendor }, 'NOT_FOUND', [
      { field: 'vendorId', message: 'Vendor not found' },
    ]);
    await refused({ lines: [{ accountId: ids.otherAccount, amount: '1.00' }] }, 'NOT_FOUND', [
      { field: 'lines.0.accountId', message: 'Account not found' },
    ]);
    await refused({ lines: [{ accountId: ids.income, amount: '1.00' }] }, 'BAD_USER_INPUT', [
      { field: 'lines.0.accountId', message: expect.stringContaining('expense or asset') },
    ]);
    await refused({ name: ' ' }, 'BAD_USER_INPUT', [
      { field: 'name', message: 'Name the recurring bill' },
    ]);
    await refused({ dueDays: 400 }, 'BAD_USER_INPUT', [
      { field: 'dueDays', message: 'From 0 to 365 days' },
    ]);
    expect(code(await t.gql(CREATE, { input: input() }, t.viewer))).toBe('FORBIDDEN');

    tpl.fee = (await t.ok(CREATE, { input: input() })).createBillTemplate;
    expect(tpl.fee).toMatchObject({
      name: 'Management fee',
      frequency: 'MONTHLY',
      nextDate: '2026-01-31',
      dueDays: 15,
      active: true,
      total: '1525.50',
      vendor: { name: 'Summit Management' },
      lines: [
        { amount: '1500.00', memo: 'Base fee', account: { number: '5300' } },
        { amount: '25.50', memo: null, account: { number: '5310' } },
      ],
    });
    tpl.insurance = (
      await t.ok(CREATE, {
        input: input({
          name: 'Insurance premium',
          vendorId: ids.insurer,
          memo: null,
          lines: [{ accountId: ids.insurance, amount: '3000.00' }],
          frequency: 'QUARTERLY',
          nextDate: '2026-06-01',
          dueDays: 0,
        }),
      })
    ).createBillTemplate;
    tpl.paused = (
      await t.ok(CREATE, {
        input: input({ name: 'Old contract', active: false, nextDate: '2026-01-01' }),
      })
    ).createBillTemplate;
    expect((await t.ok(LIST)).billTemplates).toEqual([
      { name: 'Management fee', nextDate: '2026-01-31', active: true },
      { name: 'Insurance premium', nextDate: '2026-06-01', active: true },
      { name: 'Old contract', nextDate: '2026-01-01', active: false },
    ]);
    expect(code(await o.gql(UPDATE, { id: tpl.fee.id, input: input() }))).toBe('NOT_FOUND');
    expect(code(await o.gql(DELETE, { id: tpl.fee.id }))).toBe('NOT_FOUND');
  });

  it('enters every bill dated on or before today, once, and moves the next date on', async () => {
    const bills = (await t.ok(ENTER, {}, t.user)).enterRecurringBills;
    expect(bills).toEqual([
      {
        number: 1,
        billDate: '2026-01-31',
        dueDate: '2026-02-15',
        total: '1525.50',
        memo: 'Monthly management',
        templateId: tpl.fee.id,
        approval: 'NOT_REQUIRED',
        lines: [{ amount: '1500.00' }, { amount: '25.50' }],
      },
      expect.objectContaining({ number: 2, billDate: '2026-02-28', dueDate: '2026-03-15' }),
    ]);
    expect((await t.ok(LIST)).billTemplates[0]).toEqual({
      name: 'Management fee',
      nextDate: '2026-03-31',
      active: true,
    });
    // Again: nothing new.
    expect((await t.ok(ENTER)).enterRecurringBills).toEqual([]);
    expect(await billCount()).toBe(2);
    expect(code(await t.gql(ENTER, {}, t.viewer))).toBe('FORBIDDEN');
    const r = await checkLedger(withDatabase(app.services.clusterUrl('default'), t.org.dbName));
    expect(r.controlDifferences).toEqual([]);
  });

  it('runs each day on its own once turned on, once per day whichever worker runs it', async () => {
    const on = (
      await t.ok(AUTOMATION, {
        input: { paused: false, assessmentDay: null, lateFeeDay: null, reminderDays: null },
      })
    ).updateAutomation;
    // Off until turned on.
    expect(on).toEqual({ recurringBills: false, upcoming: [] });
    const turned = (
      await t.ok(AUTOMATION, {
        input: {
          paused: false,
          assessmentDay: null,
          lateFeeDay: null,
          reminderDays: null,
          recurringBills: true,
        },
      })
    ).updateAutomation;
    expect(turned).toEqual({
      recurringBills: true,
      upcoming: [{ kind: 'RECURRING_BILLS', date: '2026-03-20' }],
    });
    // A later update that leaves it out keeps it.
    expect(
      (
        await t.ok(AUTOMATION, {
          input: { paused: false, assessmentDay: null, lateFeeDay: null, reminderDays: null },
        })
      ).updateAutomation.recurringBills,
    ).toBe(true);

    // April 1st: March 31st's fee is due.
    setClock(() => new Date('2026-04-01T16:00:00Z'));
    const em = app.services.platformOrm.em.fork() as EntityManager;
    const schedule = (await scheduleRow(em, t.org.id))!;
    const runs = dueRuns(schedule, '2026-04-01');
    expect(runs).toEqual([
      { orgId: t.org.id, kind: 'recurring_bills', period: '2026-04-01', date: '2026-04-01' },
    ]);
    const [first, second] = await Promise.all([
      runScheduled(app.services, runs[0]),
      runScheduled(app.services, runs[0]),
    ]);
    expect([first.status, second.status].sort()).toEqual(['already', 'succeeded']);
    expect(first.created ?? second.created).toBe(1);
    expect(await runScheduled(app.services, runs[0])).toEqual({ status: 'already' });
    const all = (await t.ok(BILLS)).bills.edges.map((e: any) => e.node.billDate);
    expect(all).toEqual(['2026-03-31', '2026-02-28', '2026-01-31']);
    const recorded = (await t.ok(RUNS)).automation;
    expect(recorded.runs[0]).toEqual({
      kind: 'RECURRING_BILLS',
      period: '2026-04-01',
      status: 'SUCCEEDED',
      created: 1,
      total: '1525.50',
      error: null,
    });
    // Done for the day.
    expect(dueRuns((await scheduleRow(em, t.org.id))!, '2026-04-01')).toEqual([]);
  });

  it('asks the approvers of a recurring bill above the threshold', async () => {
    await t.ok(
      `mutation ($input: PayablesSettingsInput!) { updatePayablesSettings(input: $input) { approvalsRequired } }`,
      { input: { approvalThreshold: '2000.00', approvalsRequired: 1 } },
    );
    const me = (await t.ok(`{ me { user { id email } } }`)).me.user;
    await t.ok(`mutation ($id: ID!) { setBoardSeat(userId: $id, title: TREASURER) { userId } }`, {
      id: me.id,
    });
    setClock(() => new Date('2026-06-01T16:00:00Z'));
    const run = {
      orgId: t.org.id,
      kind: 'recurring_bills' as const,
      period: '2026-06-01',
      date: '2026-06-01',
    };
    expect(await runScheduled(app.services, run)).toEqual({ status: 'succeeded', created: 3 });
    const mail = await app.lastEmail(me.email);
    expect(mail?.subject).toContain('from Mutual Insurance ($3,000.00) needs your approval');
    expect((await t.ok(LIST)).billTemplates.slice(0, 2)).toEqual([
      { name: 'Management fee', nextDate: '2026-06-30', active: true },
      { name: 'Insurance premium', nextDate: '2026-09-01', active: true },
    ]);
  });

  it('enters all or nothing: a template that can no longer post stops the run, named', async () => {
    await t.ok(`mutation ($id: ID!) { deactivateVendor(id: $id) { id } }`, { id: ids.insurer });
    setClock(() => new Date('2026-09-02T16:00:00Z'));
    const before = await billCount();
    const res = await t.gql(ENTER);
    expect(code(res)).toBe('BAD_USER_INPUT');
    expect(details(res)).toEqual([
      {
        field: 'templates.1',
        message: expect.stringMatching(
          /^Recurring bill "Insurance premium" of 2026-09-01: Vendor Mutual Insurance is inactive/,
        ),
      },
    ]);
    expect(await billCount()).toBe(before);
    expect((await t.ok(LIST)).billTemplates[0].nextDate).toBe('2026-06-30');
    // The scheduled run records the refusal for the treasurer.
    const run = {
      orgId: t.org.id,
      kind: 'recurring_bills' as const,
      period: '2026-09-02',
      date: '2026-09-02',
    };
    expect(await runScheduled(app.services, run)).toMatchObject({ status: 'failed' });
    expect((await t.ok(RUNS)).automation.runs[0]).toMatchObject({
      kind: 'RECURRING_BILLS',
      status: 'FAILED',
      error: expect.stringContaining('Insurance premium'),
    });
    // Deactivated, it is left alone.
    await t.ok(UPDATE, {
      id: tpl.insurance.id,
      input: input({
        name: 'Insurance premium',
        vendorId: ids.manager,
        lines: [{ accountId: ids.insurance, amount: '3000.00' }],
        frequency: 'QUARTERLY',
        nextDate: '2026-09-01',
        active: false,
      }),
    });
    expect((await t.ok(ENTER)).enterRecurringBills.map((b: any) => b.billDate)).toEqual([
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
    ]);
  });

  it('deletes a template only while it entered no bill', async () => {
    const used = await t.gql(DELETE, { id: tpl.fee.id });
    expect(code(used)).toBe('CONFLICT');
    expect(used.body.errors?.[0]?.message).toContain('deactivate it instead');
    expect((await t.ok(DELETE, { id: tpl.paused.id })).deleteBillTemplate).toBe(true);
    expect(code(await t.gql(DELETE, { id: tpl.paused.id }))).toBe('NOT_FOUND');
    expect((await t.ok(LIST)).billTemplates.map((x: any) => x.name)).toEqual([
      'Management fee',
      'Insurance premium',
    ]);
  });
});
