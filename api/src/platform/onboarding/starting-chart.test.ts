/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { openTenant } from '../../core/tenancy/tenant-door.js';
import { listAccounts, STANDARD_CHART } from '../../modules/accounts/index.js';
import { provisioned } from '../../test/provisioned.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { startFakeStripe } from '../../test/fake-stripe.js';
import { createTenant } from '../../test/tenant.js';
import { createTenant as provision } from '../admin-organizations/admin-organizations.service.js';
import { StartingChart } from './starting-chart.types.js';

const TEMPLATE = `{ standardChartOfAccounts { number name type fundType forecastRole
  interfundTransfer keptBy } }`;
const ADD = `mutation { addStandardChart { created { number name } skipped { number name reason } } }`;
const ACCOUNTS = `{ accounts { id number name type fundType forecastRole interfundTransfer } }`;
const CONTROLS = `{ receivablesSettings { receivableAccountId prepaidAccountId } }`;
const POST = `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id } }`;

type Res = { body: { errors?: { message: string; extensions?: Record<string, any> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;

describe('the standard HOA chart of accounts', () => {
  let app: TestApp;
  let template: any[];

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('has both funds, the usual lines and the transfer, numbered by type and fund', async () => {
    const t = await createTenant(app, 'Template HOA');
    template = (await t.ok(TEMPLATE, undefined, t.viewer)).standardChartOfAccounts;
    const numbers = template.map((a) => a.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    // 1xxx assets, 2xxx liabilities, 3xxx equity, 4xxx income, 5xxx–6xxx expenses; the reserve
    // fund's lines in the upper half of each thousand (its expenses in 6xxx), as the demo
    // associations number them.
    const first = { ASSET: '1', LIABILITY: '2', EQUITY: '3', INCOME: '4', EXPENSE: '56' } as any;
    for (const a of template) {
      expect(first[a.type], `${a.number} ${a.name}`).toContain(a.number[0]);
      // Expenses: operating 5xxx, reserve 6xxx; the others by the hundreds.
      const reserveNumber = a.type === 'EXPENSE' ? a.number[0] === '6' : Number(a.number[1]) >= 5;
      expect(reserveNumber, `${a.number} ${a.name}`).toBe(a.fundType === 'RESERVE');
    }
    const has = (type: string, fund: string) =>
      template.filter((a) => a.type === type && a.fundType === fund).map((a) => a.name);
    for (const fund of ['OPERATING', 'RESERVE']) {
      for (const type of ['ASSET', 'EQUITY', 'INCOME', 'EXPENSE']) {
        expect(has(type, fund).length, `${type} ${fund}`).toBeGreaterThan(0);
      }
    }
    expect(has('EXPENSE', 'OPERATING')).toEqual(
      expect.arrayContaining([
        'Management Fees',
        'Insurance',
        'Utilities',
        'Landscaping',
        'Repairs and Maintenance',
        'Pool Maintenance',
        'Legal and Professional',
        'Administrative',
        'Bad Debt',
      ]),
    );
    expect(has('INCOME', 'OPERATING')).toEqual(
      expect.arrayContaining([
        'Assessment Income',
        'Late Fees and Charges',
        'Interest Income',
        'Other Income',
      ]),
    );
    const role = (r: string) => template.filter((a) => a.forecastRole === r);
    expect(role('RESERVE_TRANSFER').map((a) => [a.type, a.fundType])).toEqual([
      ['EXPENSE', 'OPERATING'],
    ]);
    expect(role('RESERVE_CONTRIBUTION').map((a) => [a.type, a.fundType])).toEqual([
      ['INCOME', 'RESERVE'],
    ]);
    expect(role('INTEREST_INCOME').map((a) => a.fundType)).toEqual(['OPERATING', 'RESERVE']);
    // The transfer's two sides are interfund transfer accounts, and nothing else is.
    expect(template.filter((a) => a.interfundTransfer).map((a) => a.forecastRole)).toEqual([
      'RESERVE_TRANSFER',
      'RESERVE_CONTRIBUTION',
    ]);
    expect(template.filter((a) => a.keptBy).map((a) => [a.number, a.name, a.keptBy])).toEqual([
      ['1100', 'Assessments Receivable', 'invoices and payments'],
      ['2100', 'Prepaid Assessments', 'payments'],
    ]);
  });

  it('adds it to a new association, its control accounts kept by the receivables settings', async () => {
    const t = await createTenant(app, 'Standard HOA');
    const other = await createTenant(app, 'Untouched HOA');
    expect(code(await t.gql(ADD, undefined, t.viewer))).toBe('FORBIDDEN');
    // The bank account of the wizard's first step, made before the chart was chosen.
    const checking = await t.account('1000', 'ASSET', {
      name: 'Operating Checking',
      initialBalance: '25000.00',
      openingDate: '2026-01-01',
    });
    const res = (await t.ok(ADD)).addStandardChart;
    expect(res.skipped).toEqual([
      {
        number: '1010',
        name: 'Operating Checking',
        reason: 'The chart has 1000 Operating Checking already',
      },
    ]);
    expect(res.created).toHaveLength(template.length - 1);
    const accounts = (await t.ok(ACCOUNTS)).accounts;
    const byNumber = new Map(accounts.map((a: any) => [a.number, a]));
    for (const a of template.filter((x) => x.number !== '1010')) {
      expect(byNumber.get(a.number), a.number).toMatchObject({
        name: a.name,
        type: a.type,
        fundType: a.fundType,
        forecastRole: a.forecastRole,
        interfundTransfer: a.interfundTransfer,
      });
    }
    // Receivable and prepaid are the receivables settings' control accounts from the start: no
    // journal entry may post to them.
    const controls = (await t.ok(CONTROLS)).receivablesSettings;
    expect(controls).toEqual({
      receivableAccountId: (byNumber.get('1100') as any).id,
      prepaidAccountId: (byNumber.get('2100') as any).id,
    });
    const posted = await t.gql(POST, {
      input: {
        date: '2026-01-02',
        lines: [
          { accountId: (byNumber.get('1100') as any).id, debit: '10.00' },
          { accountId: checking, credit: '10.00' },
        ],
      },
    });
    expect(code(posted)).toBe('BAD_USER_INPUT');
    expect(posted.body.errors![0].message).toContain('kept by invoices and payments');
    // The wizard's budget template lists every income and expense line (it had none before).
    const budget = (await t.ok(`{ budgetTemplate(year: 2026) }`)).budgetTemplate as string;
    const rows = budget.trim().split(/\r?\n/).slice(1);
    expect(rows).toHaveLength(
      template.filter((a) => a.type === 'INCOME' || a.type === 'EXPENSE').length,
    );
    // Again: nothing more, each account said.
    const again = (await t.ok(ADD)).addStandardChart;
    expect(again.created).toEqual([]);
    expect(again.skipped).toHaveLength(template.length);
    expect((await t.ok(ACCOUNTS)).accounts).toHaveLength(accounts.length);
    expect((await other.ok(ACCOUNTS)).accounts).toEqual([]);
  });

  it('leaves receivables to the accounts the settings keep already', async () => {
    const t = await createTenant(app, 'Kept HOA');
    const dues = await t.account('1150', 'ASSET', { name: 'Dues Receivable' });
    const first = (await t.ok(CONTROLS)).receivablesSettings;
    await t.ok(
      `mutation ($input: ReceivablesSettingsInput!) { updateReceivablesSettings(input: $input) { receivableAccountId } }`,
      { input: { receivableAccountId: dues, prepaidAccountId: first.prepaidAccountId } },
    );
    const old = first.receivableAccountId;
    const renamed = await t.ok(
      `mutation ($id: ID!) { updateAccount(id: $id, input: { name: "Old receivable", number: "1290" }) { id } }`,
      { id: old },
    );
    expect(renamed.updateAccount.id).toBe(old);
    const res = (await t.ok(ADD)).addStandardChart;
    expect(res.skipped.map((s: any) => [s.number, s.reason])).toEqual([
      ['1100', 'The receivables settings keep other accounts for invoices and payments'],
      ['2100', 'The chart has 2100 Prepaid Assessments already'],
    ]);
    const accounts = (await t.ok(ACCOUNTS)).accounts;
    expect(accounts.filter((a: any) => a.name === 'Assessments Receivable')).toEqual([]);
    expect((await t.ok(CONTROLS)).receivablesSettings.receivableAccountId).toBe(dues);
  });

  it('is the choice of provisioning: the standard chart, or none', async () => {
    const admin = await createUser(app.services, { isSuperadmin: true });
    const standard = await provision(
      app.services,
      { userId: admin.id },
      {
        name: 'Provisioned Standard HOA',
        adminEmail: 'standard.admin@example.test',
        startingChart: StartingChart.STANDARD,
      },
    );
    const minimal = await provision(
      app.services,
      { userId: admin.id },
      { name: 'Provisioned Minimal HOA', adminEmail: 'minimal.admin@example.test' },
    );
    const chartOf = async (orgId: string) =>
      (await listAccounts((await openTenant(app.services, orgId)).em)).map((a) => a.number);
    expect(await chartOf(standard)).toEqual(template.map((a) => a.number).sort());
    expect(await chartOf(minimal)).toEqual([]);
  });
});

describe('the chart chosen at sign-up', () => {
  const SIGNUP = `mutation ($input: SignupInput!) { startSignup(input: $input) { signupId } }`;
  const input = (name: string, startingChart?: string) => ({
    associationName: name,
    contactName: 'Dana Whitfield',
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.test`,
    unitCount: 40,
    planLevel: 'STARTER',
    interval: 'ANNUAL',
    ...(startingChart ? { startingChart } : {}),
  });
  const orgNamed = async (app: TestApp, name: string) => {
    const [row] = await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute<{ id: string }[]>('SELECT id FROM organizations WHERE name = ?', [name]);
    return row?.id ?? null;
  };
  const chartOf = async (app: TestApp, orgId: string) =>
    (await listAccounts((await openTenant(app.services, orgId)).em)).length;

  it('travels through Stripe Checkout to provisioning', async () => {
    const stripe = await startFakeStripe();
    const billing = loadConfig({
      NODE_ENV: 'test',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      STRIPE_PRICES: stripe.prices,
    }).billing;
    const app = await startTestApp({ billing });
    stripe.webhookUrl = `${app.url}/webhooks/stripe`;
    try {
      for (const [name, chart, accounts] of [
        ['Checkout Standard HOA', 'STANDARD', STANDARD_CHART.length],
        ['Checkout Minimal HOA', 'MINIMAL', 0],
        ['Checkout Unsaid HOA', undefined, 0],
      ] as const) {
        const res = await app.gql(SIGNUP, { input: input(name, chart) });
        expect(res.body.errors).toBeUndefined();
        const session = [...stripe.sessions.values()].at(-1)!;
        const delivered = await stripe.deliver(stripe.checkoutCompletedEvent(session.id));
        expect(delivered.status).toBe(200);
        expect(await provisioned(app, session.id)).toBe('ready');
        const orgId = await orgNamed(app, name);
        expect(orgId, name).not.toBeNull();
        expect(await chartOf(app, orgId!), name).toBe(accounts);
      }
    } finally {
      await app.close();
      await stripe.close();
    }
  });

  it('is provisioned at once for a trial without payment', async () => {
    const app = await startTestApp({ allowOpenRegistration: true });
    try {
      const res = await app.gql(SIGNUP, { input: input('Trial Standard HOA', 'STANDARD') });
      expect(res.body.errors).toBeUndefined();
      await expect
        .poll(() => orgNamed(app, 'Trial Standard HOA'), { timeout: 20_000, interval: 100 })
        .not.toBeNull();
      const orgId = (await orgNamed(app, 'Trial Standard HOA'))!;
      await expect
        .poll(() => chartOf(app, orgId), { timeout: 20_000, interval: 100 })
        .toBe(STANDARD_CHART.length);
    } finally {
      await app.close();
    }
  });
});
