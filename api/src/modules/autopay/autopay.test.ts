import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { addDays, dateIn } from '../../core/dates.js';
import { withDatabase } from '../../db/connection.js';
import { runScheduled } from '../../platform/automation/automation.service.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { checkLedger } from '../journal/ledger-check.service.js';
import { runAutopay } from './autopay-run.service.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

type Res = { body: { errors?: { message: string; extensions?: Record<string, any> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;

const SETTINGS = `mutation ($input: OnlinePaymentsSettingsInput!) {
  updateOnlinePaymentsSettings(input: $input) { autopayAllowed } }`;
const OP = `id status amount fee failureReason paymentId source method`;
const ENROLLMENT = `id unitId unitNumber methodLabel method maxAmount status startsOn ownerEmail
  problems lastProblem lastCharge { ${OP} }`;
const SETUP = `mutation ($u: ID!, $m: Money!, $k: OnlinePaymentMethod!) {
  startAutopaySetup(unitId: $u, maxAmount: $m, method: $k) { url } }`;
const MINE = `query ($u: ID!) { ownerAutopay(unitId: $u) { ${ENROLLMENT} } }`;
const UPDATE = `mutation ($u: ID!, $m: Money!) { updateAutopay(unitId: $u, maxAmount: $m) { ${ENROLLMENT} } }`;
const CANCEL = `mutation ($u: ID!) { cancelAutopay(unitId: $u) }`;
const ALL = `{ autopayEnrollments { ${ENROLLMENT} } }`;
const ONLINE = `query ($f: OnlinePaymentFilter) { onlinePayments(filter: $f) { edges { node { ${OP} unitNumber } } } }`;
const AUTOMATION = `mutation ($input: UpdateAutomationInput!) { updateAutomation(input: $input) {
  autopay upcoming { kind date } } }`;
const RUNS = `{ automation { autopay runs { kind period status created total error } } }`;

const today = () => dateIn('America/New_York', new Date());

describe('AutoPay', () => {
  let app: TestApp;
  let stripe: FakeStripe;
  let t: Tenant;
  const ids: Record<string, string> = {};
  const owners: Record<string, { token: string; userId: string; email: string }> = {};
  let account = '';

  const setUp = async (
    unit: string,
    max: string,
    method: 'CARD' | 'US_BANK_ACCOUNT',
    instrument: any,
  ) => {
    const owner = owners[unit];
    const url = (await t.ok(SETUP, { u: ids[unit], m: max, k: method }, owner.token))
      .startAutopaySetup.url;
    const session = /\/c\/pay\/(cs_\w+)$/.exec(url)![1];
    await stripe.connect.pay(session, instrument);
    return (await t.ok(MINE, { u: ids[unit] }, owner.token)).ownerAutopay;
  };
  const autopayOf = async (unit: string) =>
    (await t.ok(ALL)).autopayEnrollments.find(
      (e: any) => e.unitId === ids[unit] && e.status === 'active',
    );
  const intentsOf = (unit: string) =>
    [...stripe.connect.paymentIntents.values()].filter(
      (p) => p.metadata.unitId === ids[unit] && p.metadata.kind === 'autopay',
    );

  beforeAll(async () => {
    stripe = await startFakeStripe();
    const billing = loadConfig({
      NODE_ENV: 'test',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      STRIPE_PRICES: stripe.prices,
      STRIPE_CONNECT_WEBHOOK_SECRET: stripe.connect.webhookSecret,
    }).billing;
    app = await startTestApp({ billing });
    stripe.connect.webhookUrl = `${app.url}/webhooks/stripe/connect`;
    t = await createTenant(app, 'Aspen Court HOA');
    ids.bank = await t.account('1010', 'ASSET', { name: 'Operating Checking' });
    ids.income = await t.account('4010', 'INCOME', { name: 'Assessment Income' });
    ids.type = await t.propertyType('Condo');
    ids.group = await t.group({
      name: 'Condos',
      rates: [{ propertyTypeId: ids.type, regular: '200.00' }],
      regularIncomeAccountId: ids.income,
    });
    for (const n of ['C-1', 'C-2', 'C-3', 'C-4']) {
      ids[n] = await t.unit(n, { groupId: ids.group, propertyTypeId: ids.type });
      owners[n] = await t.owner([ids[n]], `owner-${n.toLowerCase()}@aspen.example`);
    }
    await t.ok(`mutation { connectStripeAccount { url } }`);
    account = [...stripe.connect.accounts.keys()][0];
    stripe.connect.enable(account);
    // Back from onboarding: the settings page asks Stripe.
    expect(
      (await t.ok('{ onlinePaymentsSettings { chargesEnabled } }')).onlinePaymentsSettings,
    ).toEqual({ chargesEnabled: true });
    await t.ok(SETTINGS, {
      input: {
        feePolicy: 'ABSORB',
        cardSurchargePercent: 0,
        achFee: '0.00',
        returnedPaymentFee: '0.00',
        autopayAllowed: false,
        payoutAccountId: ids.bank,
      },
    });
  });
  afterAll(async () => {
    await stripe?.connect.settled();
    await app?.close();
    await stripe?.close();
  });

  it('is set up only where the association offers it, by the unit’s own owner', async () => {
    const res = await t.gql(SETUP, { u: ids['C-1'], m: '500.00', k: 'CARD' }, owners['C-1'].token);
    expect(code(res)).toBe('CONFLICT');
    expect(res.body.errors![0].message).toBe('The association does not offer AutoPay');
    await t.ok(SETTINGS, {
      input: {
        feePolicy: 'ABSORB',
        cardSurchargePercent: 0,
        achFee: '0.00',
        returnedPaymentFee: '0.00',
        autopayAllowed: true,
        payoutAccountId: ids.bank,
      },
    });
    for (const u of [ids['C-2'], 'nope']) {
      expect(code(await t.gql(SETUP, { u, m: '500.00', k: 'CARD' }, owners['C-1'].token))).toBe(
        'NOT_FOUND',
      );
      expect(code(await t.gql(MINE, { u }, owners['C-1'].token))).toBe('NOT_FOUND');
      expect(code(await t.gql(CANCEL, { u }, owners['C-1'].token))).toBe('NOT_FOUND');
    }
    expect(
      code(await t.gql(SETUP, { u: ids['C-1'], m: '0.00', k: 'CARD' }, owners['C-1'].token)),
    ).toBe('BAD_USER_INPUT');
    expect(code(await t.gql(SETUP, { u: ids['C-1'], m: '500.00', k: 'CARD' }))).toBe('FORBIDDEN');
    expect((await t.ok(MINE, { u: ids['C-1'] }, owners['C-1'].token)).ownerAutopay).toBeNull();
  });

  it('saves a card on Stripe’s page (setup mode, the owner a customer of the association)', async () => {
    const saved = await setUp('C-1', '500.00', 'CARD', 'card_credit');
    const call = stripe.connect.calls.find(
      (c) => c.path === '/v1/checkout/sessions' && c.params.mode === 'setup',
    )!;
    const customer = stripe.connect.calls.find((c) => c.path === '/v1/customers')!;
    expect(customer).toMatchObject({
      account,
      params: { email: 'owner-c-1@aspen.example', metadata: { userId: owners['C-1'].userId } },
    });
    expect(call).toMatchObject({
      account,
      params: {
        mode: 'setup',
        currency: 'usd',
        allowed_payment_method_types: ['card'],
        metadata: { unitId: ids['C-1'], kind: 'autopay_setup', organizationId: t.org.id },
        success_url: `${app.services.publicUrl}/owner/units/${ids['C-1']}?autopay=1`,
      },
    });
    expect(saved).toMatchObject({
      unitNumber: 'C-1',
      methodLabel: 'Visa •••• 4242',
      method: 'CARD',
      maxAmount: '500.00',
      status: 'active',
      startsOn: today(),
      ownerEmail: 'owner-c-1@aspen.example',
      lastCharge: null,
      problems: 0,
    });
    // A bank account for C-2, and a card that saves but will be declined for C-3.
    expect((await setUp('C-2', '500.00', 'US_BANK_ACCOUNT', 'bank_success')).methodLabel).toBe(
      'Bank •••• 6789',
    );
    expect((await setUp('C-3', '500.00', 'CARD', 'card_fails_later')).methodLabel).toBe(
      'Visa •••• 0341',
    );
    // The treasurer sees every unit's; owners and viewers do not reach that list's writes.
    expect((await t.ok(ALL)).autopayEnrollments.map((e: any) => e.unitNumber)).toEqual([
      'C-1',
      'C-2',
      'C-3',
    ]);
    expect(code(await t.gql(ALL, {}, owners['C-1'].token))).toBe('FORBIDDEN');
    // Saving again replaces it: one AutoPay per unit.
    const again = await setUp('C-1', '400.00', 'CARD', 'card_credit');
    expect(again.maxAmount).toBe('400.00');
    expect(
      (await t.ok(ALL)).autopayEnrollments.filter((e: any) => e.unitNumber === 'C-1'),
    ).toMatchObject([
      { status: 'active', maxAmount: '400.00' },
      { status: 'canceled', maxAmount: '500.00' },
    ]);
    // One customer per owner.
    expect(stripe.connect.calls.filter((c) => c.path === '/v1/customers')).toHaveLength(3);
    expect(
      (await t.ok(UPDATE, { u: ids['C-1'], m: '500.00' }, owners['C-1'].token)).updateAutopay
        .maxAmount,
    ).toBe('500.00');
  });

  it('tells the owner 3 days before, then charges what is due on the due date, once', async () => {
    const due = addDays(today(), 5);
    ids.inv1 = await t.invoice(ids['C-1'], today(), [[ids.income, '200.00']], { dueDate: due });
    // Five days before: nothing yet.
    expect(await runAutopay(app.services, t.org.id, today())).toEqual({ charged: 0, total: 0n });
    expect(await app.lastEmail('owner-c-1@aspen.example')).toBeNull();
    // Three days before: the notice, once.
    await runAutopay(app.services, t.org.id, addDays(due, -3));
    await runAutopay(app.services, t.org.id, addDays(due, -2));
    const notice = await app.lastEmail('owner-c-1@aspen.example');
    expect(notice!.subject).toMatch(/AutoPay will charge \$200\.00 on/);
    expect(notice!.body).toContain('Visa •••• 4242');
    // The due date, two workers at once: one charge.
    const [a, b] = await Promise.all([
      runAutopay(app.services, t.org.id, due),
      runAutopay(app.services, t.org.id, due),
    ]);
    expect(a.charged + b.charged).toBe(1);
    await stripe.connect.settled();
    expect(intentsOf('C-1')).toHaveLength(1);
    expect(intentsOf('C-1')[0]).toMatchObject({ amount: 20000, status: 'succeeded' });
    const call = stripe.connect.calls.find((c) => c.path === '/v1/payment_intents')!;
    expect(call.params).toMatchObject({ off_session: 'true', confirm: 'true' });
    expect(call.idempotencyKey).toMatch(/^autopay:/);
    const enrollment = await autopayOf('C-1');
    expect(enrollment.lastCharge).toMatchObject({
      status: 'succeeded',
      amount: '200.00',
      source: 'autopay',
      method: 'CARD',
    });
    const invoice = (
      await t.ok(`query ($id: ID!) { invoice(id: $id) { balance } }`, { id: ids.inv1 })
    ).invoice;
    expect(invoice.balance).toBe('0.00');
    expect((await app.lastEmail('owner-c-1@aspen.example'))!.subject).toMatch(
      /AutoPay paid \$200\.00/,
    );
    // The next day: nothing more.
    expect(await runAutopay(app.services, t.org.id, addDays(due, 1))).toEqual({
      charged: 0,
      total: 0n,
    });
    expect(intentsOf('C-1')).toHaveLength(1);
  });

  it('skips an amount above the owner’s maximum and says so, to the owner and the treasurer', async () => {
    const due = addDays(today(), 10);
    await t.invoice(ids['C-1'], today(), [[ids.income, '650.00']], { dueDate: due });
    await runAutopay(app.services, t.org.id, addDays(due, -3));
    expect((await app.lastEmail('owner-c-1@aspen.example'))!.subject).toMatch(
      /\$650\.00 due .* is above your AutoPay maximum/,
    );
    await runAutopay(app.services, t.org.id, due);
    expect(intentsOf('C-1')).toHaveLength(1);
    expect((await app.lastEmail('owner-c-1@aspen.example'))!.subject).toMatch(
      /AutoPay did not charge \$650\.00 \(above your maximum\)/,
    );
    expect(await autopayOf('C-1')).toMatchObject({
      problems: 1,
      lastProblem: `$650.00 due ${due} is above the AutoPay maximum of $500.00`,
    });
  });

  it('shows a declined charge to the treasurer and tells the owner', async () => {
    const due = addDays(today(), 6);
    await t.invoice(ids['C-3'], today(), [[ids.income, '200.00']], { dueDate: due });
    await runAutopay(app.services, t.org.id, due);
    await stripe.connect.settled();
    const enrollment = await autopayOf('C-3');
    expect(enrollment).toMatchObject({
      problems: 1,
      lastProblem: 'AutoPay: Your card was declined.',
      lastCharge: {
        status: 'failed',
        failureReason: 'AutoPay: Your card was declined.',
        paymentId: null,
      },
    });
    const failed = (await t.ok(ONLINE, { f: { status: 'failed' } })).onlinePayments.edges;
    expect(failed.map((e: any) => e.node.unitNumber)).toEqual(['C-3']);
    expect((await app.lastEmail('owner-c-3@aspen.example'))!.subject).toMatch(
      /AutoPay could not charge \$200\.00/,
    );
    // Not tried again the next day (the owner pays by hand or updates their AutoPay).
    await runAutopay(app.services, t.org.id, addDays(due, 1));
    expect(intentsOf('C-3')).toHaveLength(1);
  });

  it('debits a bank account: processing, then recorded when the debit settles', async () => {
    const due = addDays(today(), 7);
    await t.invoice(ids['C-2'], today(), [[ids.income, '200.00']], { dueDate: due });
    expect((await runAutopay(app.services, t.org.id, due)).charged).toBe(1);
    await stripe.connect.settled();
    expect((await autopayOf('C-2')).lastCharge).toMatchObject({
      status: 'processing',
      method: 'US_BANK_ACCOUNT',
      paymentId: null,
    });
    await stripe.connect.settleBankPayment(intentsOf('C-2')[0].id);
    expect((await autopayOf('C-2')).lastCharge.status).toBe('succeeded');
    const r = await checkLedger(withDatabase(app.services.clusterUrl('default'), t.org.dbName));
    expect(r.controlDifferences).toEqual([]);
  });

  it('stops when canceled', async () => {
    expect((await t.ok(CANCEL, { u: ids['C-2'] }, owners['C-2'].token)).cancelAutopay).toBe(true);
    expect((await t.ok(MINE, { u: ids['C-2'] }, owners['C-2'].token)).ownerAutopay).toBeNull();
    expect(code(await t.gql(CANCEL, { u: ids['C-2'] }, owners['C-2'].token))).toBe('NOT_FOUND');
    const due = addDays(today(), 8);
    await t.invoice(ids['C-2'], today(), [[ids.income, '200.00']], { dueDate: due });
    await runAutopay(app.services, t.org.id, due);
    expect(intentsOf('C-2')).toHaveLength(1);
  });

  it('runs daily from the Automation page once turned on, once per day whichever worker runs it', async () => {
    const on = (
      await t.ok(AUTOMATION, {
        input: {
          paused: false,
          assessmentDay: null,
          lateFeeDay: null,
          reminderDays: null,
          autopay: true,
        },
      })
    ).updateAutomation;
    expect(on.autopay).toBe(true);
    expect(on.upcoming).toContainEqual({ kind: 'AUTOPAY', date: today() });
    const due = addDays(today(), 9);
    await t.invoice(ids['C-1'], today(), [[ids.income, '100.00']], { dueDate: due });
    const run = { orgId: t.org.id, kind: 'autopay' as const, period: due, date: due };
    const outcomes = await Promise.all([
      runScheduled(app.services, run),
      runScheduled(app.services, run),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['already', 'succeeded']);
    const runs = (await t.ok(RUNS)).automation.runs.filter((r: any) => r.kind === 'AUTOPAY');
    expect(runs).toEqual([
      {
        kind: 'AUTOPAY',
        period: due,
        status: 'SUCCEEDED',
        created: 1,
        total: '100.00',
        error: null,
      },
    ]);
    await stripe.connect.settled();
    expect(intentsOf('C-1')).toHaveLength(2);
  });
});
