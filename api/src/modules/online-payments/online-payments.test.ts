import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { loadConfig } from '../../config.js';
import { dateIn } from '../../core/dates.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { forgetTenant } from '../../core/tenancy/tenant-door.js';
import { withDatabase } from '../../db/connection.js';
import { sql } from '../../db/sql.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';
import { cardFee, achFee, DISPUTE_FEE } from '../../test/fake-stripe-connect.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { checkLedger } from '../journal/ledger-check.service.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

type Res = {
  status?: number;
  body: { errors?: { message: string; extensions?: Record<string, any> }[] };
};
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;
const details = (res: Res) => res.body.errors?.[0]?.extensions?.details;

const SETTINGS_FIELDS = `available connected accountId chargesEnabled payoutsEnabled detailsSubmitted
  feePolicy cardSurchargePercent achFee returnedPaymentFee autopayAllowed payoutAccountId
  feeAccountId feeIncomeAccountId`;
const SETTINGS = `{ onlinePaymentsSettings { ${SETTINGS_FIELDS} } }`;
const UPDATE = `mutation ($input: OnlinePaymentsSettingsInput!) {
  updateOnlinePaymentsSettings(input: $input) { ${SETTINGS_FIELDS} } }`;
const CONNECT = `mutation ($p: String) { connectStripeAccount(returnPath: $p) { url } }`;
const QUOTE = `query ($u: ID!, $a: Money!, $m: OnlinePaymentMethod!) {
  ownerPaymentQuote(unitId: $u, amount: $a, method: $m) { amount fee total method note } }`;
const START = `mutation ($u: ID!, $a: Money!, $m: OnlinePaymentMethod!) {
  startOwnerPayment(unitId: $u, amount: $a, method: $m) { url } }`;
const OP_FIELDS = `id unitId unitNumber method amount fee status failureReason paymentId source
  cardFunding stripeFee paidOutOn`;
const OWNER_LIST = `query ($u: ID!) { ownerOnlinePayments(unitId: $u) { ${OP_FIELDS} } }`;
const LIST = `query ($f: OnlinePaymentFilter) { onlinePayments(filter: $f, first: 50) {
  totalCount edges { node { ${OP_FIELDS} } } } }`;
const PAYMENT = `query ($id: ID!) { payment(id: $id) { id number amount method reference status
  depositAccountId applications { invoiceId amount } } }`;
const INVOICE = `query ($id: ID!) { invoice(id: $id) { id balance status total memo
  lines { description accountId amount } } }`;
const INVOICES = `query ($u: ID!) { invoices(filter: { unitId: $u }, first: 50) {
  edges { node { id total balance memo kind } } } }`;
const DEPOSITS = `{ deposits { id number accountId total fee adjustments net paymentIds status } }`;
const PAYOUTS = `{ stripePayouts { id amount fee arrivalDate status depositId failureReason } }`;
const LEDGER = `query ($a: ID!) { accountLedger(accountId: $a) { closingBalance rows { debit credit } } }`;

const today = () => dateIn('America/New_York', new Date());

describe('online payments (Stripe Connect)', () => {
  let app: TestApp;
  let stripe: FakeStripe;
  let t: Tenant;
  let o: Tenant;
  const ids: Record<string, string> = {};
  let owner: { token: string; userId: string; email: string };
  let otherOwner: { token: string; userId: string; email: string };
  let account = '';

  const settingsInput = (over: Record<string, unknown> = {}) => ({
    feePolicy: 'PASS_ON',
    cardSurchargePercent: 2.5,
    achFee: '1.50',
    returnedPaymentFee: '25.00',
    autopayAllowed: true,
    payoutAccountId: ids.bank,
    ...over,
  });
  const sessionOf = (url: string) => {
    const id = /\/c\/pay\/(cs_\w+)$/.exec(url)![1];
    return stripe.connect.sessions.get(id)!;
  };
  const onlinePayment = async (unitId: string, id: string) => {
    const list = (await t.ok(OWNER_LIST, { u: unitId }, owner.token)).ownerOnlinePayments;
    return list.find((p: any) => p.id === id);
  };
  const pay = async (unitId: string, amount: string, method: 'CARD' | 'US_BANK_ACCOUNT') => {
    const url = (await t.ok(START, { u: unitId, a: amount, m: method }, owner.token))
      .startOwnerPayment.url;
    const session = sessionOf(url);
    return { url, session, id: session.params.metadata.onlinePaymentId as string };
  };
  const books = () => checkLedger(withDatabase(app.services.clusterUrl('default'), t.org.dbName));

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
    stripe.webhookUrl = `${app.url}/webhooks/stripe`;
    stripe.connect.webhookUrl = `${app.url}/webhooks/stripe/connect`;
    [t, o] = await Promise.all([
      createTenant(app, 'Willow Creek HOA'),
      createTenant(app, 'Other HOA'),
    ]);
    ids.bank = await t.account('1010', 'ASSET', { name: 'Operating Checking' });
    ids.income = await t.account('4010', 'INCOME', { name: 'Assessment Income' });
    ids.type = await t.propertyType('Townhome');
    ids.group = await t.group({
      name: 'Townhomes',
      rates: [{ propertyTypeId: ids.type, regular: '150.00' }],
      regularIncomeAccountId: ids.income,
    });
    for (const n of ['A-1', 'A-2', 'A-3']) {
      ids[n] = await t.unit(n, { groupId: ids.group, propertyTypeId: ids.type });
    }
    owner = await t.owner([ids['A-1'], ids['A-2']], 'dana@willow.example');
    otherOwner = await t.owner([ids['A-3']], 'sam@willow.example');
    const otherIncome = await o.account('4010', 'INCOME');
    const otherType = await o.propertyType('House');
    const otherGroup = await o.group({
      name: 'Houses',
      rates: [{ propertyTypeId: otherType, regular: '90.00' }],
      regularIncomeAccountId: otherIncome,
    });
    ids.otherUnit = await o.unit('B-1', { groupId: otherGroup, propertyTypeId: otherType });
    // A-1 owes two invoices: the older is paid first.
    ids.inv1 = await t.invoice(ids['A-1'], '2026-09-01', [[ids.income, '150.00']], {
      dueDate: '2026-09-15',
    });
    ids.inv2 = await t.invoice(ids['A-1'], '2026-10-01', [[ids.income, '150.00']], {
      dueDate: '2026-10-15',
    });
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.close();
  });

  it('is off until the association connects its own Stripe account', async () => {
    expect((await t.ok(SETTINGS)).onlinePaymentsSettings).toMatchObject({
      available: true,
      connected: false,
      chargesEnabled: false,
      feePolicy: 'ABSORB',
      cardSurchargePercent: 0,
      achFee: '0.00',
    });
    // Viewers read it; only admins change it; owners reach none of it.
    expect(code(await t.gql(SETTINGS, {}, t.viewer))).toBeUndefined();
    expect(code(await t.gql(CONNECT, {}, t.user))).toBe('FORBIDDEN');
    expect(code(await t.gql(UPDATE, { input: settingsInput() }, t.user))).toBe('FORBIDDEN');
    expect(code(await t.gql(SETTINGS, {}, owner.token))).toBe('FORBIDDEN');
    // An owner cannot pay online yet: said plainly, nothing created.
    const res = await t.gql(START, { u: ids['A-1'], a: '10.00', m: 'CARD' }, owner.token);
    expect(code(res)).toBe('CONFLICT');
    expect(res.body.errors![0].message).toMatch(/does not take payments online yet/);
  });

  it('creates a Standard account once and sends the admin through Stripe onboarding and back', async () => {
    expect(code(await t.gql(CONNECT, { p: '//evil.example' }))).toBe('BAD_USER_INPUT');
    expect(code(await t.gql(CONNECT, { p: 'https://evil.example/x' }))).toBe('BAD_USER_INPUT');
    const first = (await t.ok(CONNECT, { p: '/online-payments' })).connectStripeAccount.url;
    const second = (await t.ok(CONNECT)).connectStripeAccount.url;
    const creates = stripe.connect.calls.filter((c) => c.path === '/v1/accounts');
    expect(creates).toHaveLength(1);
    expect(creates[0].params).toMatchObject({
      type: 'standard',
      metadata: { organizationId: t.org.id },
      business_profile: { name: 'Willow Creek HOA' },
    });
    expect(creates[0].idempotencyKey).toBe(`connect-account:${t.org.id}`);
    account = [...stripe.connect.accounts.keys()][0];
    const link = stripe.connect.calls.find((c) => c.path === '/v1/account_links')!;
    expect(link.params).toMatchObject({
      account,
      type: 'account_onboarding',
      return_url: `${app.services.publicUrl}/online-payments?stripe=return`,
      refresh_url: `${app.services.publicUrl}/online-payments?stripe=refresh`,
    });
    expect(second).toMatch(/\/c\/onboard\/acct_/);
    expect((await t.ok(SETTINGS)).onlinePaymentsSettings).toMatchObject({
      connected: true,
      accountId: account,
      chargesEnabled: false,
    });
    // The hosted onboarding: its button turns charges on (account.updated) and comes back.
    const page = await fetch(first);
    expect(await page.text()).toContain('Set up payments for Willow Creek HOA');
    const done = await fetch(first, { method: 'POST', redirect: 'manual' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(
      `${app.services.publicUrl}/online-payments?stripe=return`,
    );
    expect(stripe.connect.deliveries.at(-1)).toMatchObject({
      type: 'account.updated',
      status: 200,
      body: { outcome: 'processed' },
    });
    expect((await t.ok(SETTINGS)).onlinePaymentsSettings).toMatchObject({
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
    });
  });

  it('asks Stripe again on the settings page while the account cannot take charges', async () => {
    await o.ok(CONNECT);
    const theirs = [...stripe.connect.accounts.values()].find(
      (a) => a.metadata.organizationId === o.org.id,
    )!;
    expect(theirs.id).not.toBe(account);
    expect((await o.ok(SETTINGS)).onlinePaymentsSettings.chargesEnabled).toBe(false);
    // Onboarding finished at Stripe, its event lost: the return to the page still sees it.
    stripe.connect.enable(theirs.id);
    expect((await o.ok(SETTINGS)).onlinePaymentsSettings.chargesEnabled).toBe(true);
  });

  it('saves the fee policy within the card networks’ 3% cap', async () => {
    const refused = await t.gql(UPDATE, { input: settingsInput({ cardSurchargePercent: 3.5 }) });
    expect(code(refused)).toBe('BAD_USER_INPUT');
    expect(details(refused)).toEqual([
      { field: 'cardSurchargePercent', message: 'Card networks cap a surcharge at 3%' },
    ]);
    expect(
      code(await t.gql(UPDATE, { input: settingsInput({ cardSurchargePercent: 2.555 }) })),
    ).toBe('BAD_USER_INPUT');
    expect(
      code(await t.gql(UPDATE, { input: settingsInput({ payoutAccountId: ids.income }) })),
    ).toBe('BAD_USER_INPUT');
    const saved = (await t.ok(UPDATE, { input: settingsInput() })).updateOnlinePaymentsSettings;
    expect(saved).toMatchObject({
      feePolicy: 'PASS_ON',
      cardSurchargePercent: 2.5,
      achFee: '1.50',
      returnedPaymentFee: '25.00',
      payoutAccountId: ids.bank,
    });
  });

  it('quotes what paying online costs the owner, for their own units only', async () => {
    const card = (await t.ok(QUOTE, { u: ids['A-1'], a: '200.00', m: 'CARD' }, owner.token))
      .ownerPaymentQuote;
    expect(card).toEqual({
      amount: '200.00',
      fee: '5.00',
      total: '205.00',
      method: 'CARD',
      note: 'A 2.5% card surcharge is added. No fee is added for debit cards: it is refunded after payment',
    });
    const bank = (
      await t.ok(QUOTE, { u: ids['A-1'], a: '200.00', m: 'US_BANK_ACCOUNT' }, owner.token)
    ).ownerPaymentQuote;
    expect(bank).toMatchObject({
      fee: '1.50',
      total: '201.50',
      note: 'A $1.50 fee is added for a bank payment',
    });
    // Another owner's unit, another association's unit, not an id: the same NOT_FOUND.
    for (const u of [ids['A-3'], ids.otherUnit, 'nope']) {
      expect(code(await t.gql(QUOTE, { u, a: '10.00', m: 'CARD' }, owner.token))).toBe('NOT_FOUND');
      expect(code(await t.gql(START, { u, a: '10.00', m: 'CARD' }, owner.token))).toBe('NOT_FOUND');
      expect(code(await t.gql(OWNER_LIST, { u }, owner.token))).toBe('NOT_FOUND');
    }
    expect(code(await t.gql(START, { u: ids['A-1'], a: '0.00', m: 'CARD' }, owner.token))).toBe(
      'BAD_USER_INPUT',
    );
    expect(code(await t.gql(START, { u: ids['A-1'], a: '50000.01', m: 'CARD' }, owner.token))).toBe(
      'BAD_USER_INPUT',
    );
    // Staff do not pay as owners.
    expect(code(await t.gql(START, { u: ids['A-1'], a: '10.00', m: 'CARD' }))).toBe('FORBIDDEN');
    expect(code(await t.gql(QUOTE, { u: ids['A-1'], a: '10.00', m: 'CARD' }))).toBe('FORBIDDEN');
    expect(stripe.connect.sessions.size).toBe(0);
  });

  it('pays by credit card on Stripe Checkout and records the payment once, oldest invoice first', async () => {
    const { url, session, id } = await pay(ids['A-1'], '200.00', 'CARD');
    const call = stripe.connect.calls.find((c) => c.path === '/v1/checkout/sessions')!;
    expect(call.account).toBe(account);
    expect(call.idempotencyKey).toBe(`owner-payment:${id}`);
    expect(call.params).toMatchObject({
      mode: 'payment',
      allowed_payment_method_types: ['card'],
      customer_email: 'dana@willow.example',
      client_reference_id: id,
      metadata: { organizationId: t.org.id, unitId: ids['A-1'], onlinePaymentId: id },
      payment_intent_data: { metadata: { onlinePaymentId: id } },
      success_url: `${app.services.publicUrl}/owner/units/${ids['A-1']}?paid=${id}`,
      cancel_url: `${app.services.publicUrl}/owner/units/${ids['A-1']}/pay`,
      line_items: [
        {
          price_data: {
            unit_amount: '20000',
            product_data: { name: 'Unit A-1 — payment to Willow Creek HOA' },
          },
        },
        { price_data: { unit_amount: '500', product_data: { name: 'Card surcharge' } } },
      ],
    });
    expect(await onlinePayment(ids['A-1'], id)).toMatchObject({
      status: 'open',
      amount: '200.00',
      fee: '5.00',
    });
    // The owner pays on the hosted page: the webhook records it before the browser comes back.
    const page = await fetch(url);
    expect(await page.text()).toContain('$205.00');
    const paid = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ instrument: 'card_credit' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(paid.headers.get('location')).toBe(
      `${app.services.publicUrl}/owner/units/${ids['A-1']}?paid=${id}`,
    );
    const op = await onlinePayment(ids['A-1'], id);
    expect(op).toMatchObject({
      status: 'succeeded',
      method: 'CARD',
      cardFunding: 'credit',
      fee: '5.00',
      stripeFee: '6.25', // 2.9% of 205.00 + 0.30
      failureReason: null,
    });
    const payment = (await t.ok(PAYMENT, { id: op.paymentId })).payment;
    const settings = (await t.ok('{ receivablesSettings { undepositedAccount { id name } } }'))
      .receivablesSettings;
    // The association kept no Undeposited Funds: online payments made it.
    expect(settings.undepositedAccount.name).toBe('Undeposited Funds');
    expect(payment).toMatchObject({
      amount: '200.00',
      method: 'CARD',
      reference: session.payment_intent,
      status: 'POSTED',
      depositAccountId: settings.undepositedAccount.id,
      applications: [
        { invoiceId: ids.inv1, amount: '150.00' },
        { invoiceId: ids.inv2, amount: '50.00' },
      ],
    });
    expect((await t.ok(INVOICE, { id: ids.inv2 })).invoice.balance).toBe('100.00');
    // The owner reads it as a payment made online, not by Stripe's reference.
    const ledger = (
      await t.ok(
        'query ($u: ID!) { ownerUnitLedger(unitId: $u) { kind description paymentId } }',
        { u: ids['A-1'] },
        owner.token,
      )
    ).ownerUnitLedger;
    expect(ledger.find((l: any) => l.paymentId === op.paymentId)).toMatchObject({
      kind: 'payment',
      description: 'Payment made online',
    });
    ids.cardPayment = id;
    ids.cardIntent = session.payment_intent;
  });

  it('changes nothing when Stripe delivers the same event again, or twice at once', async () => {
    const completed = stripe.connect.events.find(
      (e) =>
        e.type === 'checkout.session.completed' &&
        (e.data.object as any).metadata.onlinePaymentId === ids.cardPayment,
    )!;
    const again = await stripe.connect.deliver(completed);
    expect(again).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
    const [a, b] = await Promise.all([
      stripe.connect.deliver(completed),
      stripe.connect.deliver(completed),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const intent = stripe.connect.events.find(
      (e) => e.type === 'payment_intent.succeeded' && (e.data.object as any).id === ids.cardIntent,
    )!;
    expect((await stripe.connect.deliver(intent)).body).toMatchObject({ outcome: 'duplicate' });
    const payments = (
      await t.ok(`query ($u: ID!) { payments(filter: { unitId: $u }) { totalCount } }`, {
        u: ids['A-1'],
      })
    ).payments;
    expect(payments.totalCount).toBe(1);
  });

  it('records two concurrent first deliveries of a new payment once', async () => {
    stripe.connect.webhookUrl = `${app.url}/nowhere`;
    const { session, id } = await pay(ids['A-2'], '40.00', 'CARD');
    await stripe.connect.pay(session.id, 'card_credit');
    stripe.connect.webhookUrl = `${app.url}/webhooks/stripe/connect`;
    const completed = stripe.connect.events.find(
      (e) => e.type === 'checkout.session.completed' && (e.data.object as any).id === session.id,
    )!;
    const intent = stripe.connect.events.find(
      (e) =>
        e.type === 'payment_intent.succeeded' &&
        (e.data.object as any).id === session.payment_intent,
    )!;
    const answers = await Promise.all([
      stripe.connect.deliver(completed),
      stripe.connect.deliver(completed),
      stripe.connect.deliver(intent),
    ]);
    expect(answers.map((x) => x.status)).toEqual([200, 200, 200]);
    expect(answers.map((x: any) => x.body.outcome).sort()).toEqual([
      'duplicate',
      'duplicate',
      'processed',
    ]);
    const op = await onlinePayment(ids['A-2'], id);
    expect(op.status).toBe('succeeded');
    const count = (
      await t.ok(`query ($u: ID!) { payments(filter: { unitId: $u }) { totalCount } }`, {
        u: ids['A-2'],
      })
    ).payments.totalCount;
    expect(count).toBe(1);
  });

  it('refuses an event without a valid signature, changing nothing', async () => {
    const completed = stripe.connect.events.find((e) => e.type === 'checkout.session.completed')!;
    const forged = await stripe.connect.deliver(completed, 't=1,v1=deadbeef');
    expect(forged.status).toBe(400);
    // Signed with the platform's billing secret (another endpoint's): refused too.
    const payload = JSON.stringify(completed);
    const wrong = new Stripe('sk_test_x').webhooks.generateTestHeaderString({
      payload,
      secret: stripe.webhookSecret,
    });
    expect((await stripe.connect.deliver(completed, wrong)).status).toBe(400);
    const unsigned = await fetch(stripe.connect.webhookUrl, { method: 'POST', body: payload });
    expect(unsigned.status).toBe(400);
  });

  it('refunds the surcharge of a debit card after payment', async () => {
    const { session, id } = await pay(ids['A-2'], '100.00', 'CARD');
    await stripe.connect.pay(session.id, 'card_debit');
    const op = await onlinePayment(ids['A-2'], id);
    expect(op).toMatchObject({ status: 'succeeded', cardFunding: 'debit', fee: '0.00' });
    const refund = stripe.connect.calls.find((c) => c.path === '/v1/refunds')!;
    expect(refund).toMatchObject({
      account,
      idempotencyKey: `surcharge-refund:${id}`,
      params: { payment_intent: session.payment_intent, amount: '250' },
    });
    const payment = (await t.ok(PAYMENT, { id: op.paymentId })).payment;
    expect(payment.amount).toBe('100.00');
    // Delivered again: no second refund.
    const completed = stripe.connect.events.find(
      (e) => e.type === 'checkout.session.completed' && (e.data.object as any).id === session.id,
    )!;
    await stripe.connect.deliver(completed);
    expect(stripe.connect.calls.filter((c) => c.path === '/v1/refunds')).toHaveLength(1);
  });

  it('shows a bank payment as processing until it settles, then records it', async () => {
    const { session, id } = await pay(ids['A-1'], '100.00', 'US_BANK_ACCOUNT');
    const call = stripe.connect.calls.filter((c) => c.path === '/v1/checkout/sessions').at(-1)!;
    expect(call.params.allowed_payment_method_types).toEqual(['us_bank_account']);
    expect(call.params.line_items[1].price_data).toMatchObject({
      unit_amount: '150',
      product_data: { name: 'Bank payment fee' },
    });
    await stripe.connect.pay(session.id, 'bank_success');
    expect(await onlinePayment(ids['A-1'], id)).toMatchObject({
      status: 'processing',
      method: 'US_BANK_ACCOUNT',
      paymentId: null,
    });
    expect((await t.ok(INVOICE, { id: ids.inv2 })).invoice.balance).toBe('100.00');
    await stripe.connect.settleBankPayment(session.payment_intent);
    const op = await onlinePayment(ids['A-1'], id);
    expect(op).toMatchObject({ status: 'succeeded', stripeFee: achFee(10150) / 100 + '' });
    const payment = (await t.ok(PAYMENT, { id: op.paymentId })).payment;
    expect(payment).toMatchObject({
      method: 'ACH',
      amount: '100.00',
      reference: session.payment_intent,
    });
    expect((await t.ok(INVOICE, { id: ids.inv2 })).invoice.balance).toBe('0.00');
    ids.achPayment = id;
  });

  it('marks a failed bank payment failed and invoices the returned-payment fee', async () => {
    const { session, id } = await pay(ids['A-2'], '60.00', 'US_BANK_ACCOUNT');
    await stripe.connect.pay(session.id, 'bank_failure');
    await stripe.connect.settleBankPayment(session.payment_intent);
    const op = await onlinePayment(ids['A-2'], id);
    expect(op).toMatchObject({
      status: 'failed',
      failureReason: 'The bank payment failed',
      paymentId: null,
    });
    const invoices = (await t.ok(INVOICES, { u: ids['A-2'] })).invoices.edges.map(
      (e: any) => e.node,
    );
    const fee = invoices.filter((i: any) => i.memo?.startsWith('Returned payment fee'));
    expect(fee).toHaveLength(1);
    expect(fee[0]).toMatchObject({ total: '25.00', kind: 'ONE_OFF' });
    const settings = (await t.ok(SETTINGS)).onlinePaymentsSettings;
    const detail = (await t.ok(INVOICE, { id: fee[0].id })).invoice;
    expect(detail.lines[0].accountId).toBe(settings.feeIncomeAccountId);
    // Its payment_intent.payment_failed too: no second fee.
    const failed = stripe.connect.events.find(
      (e) =>
        e.type === 'payment_intent.payment_failed' &&
        (e.data.object as any).id === session.payment_intent,
    )!;
    expect((await stripe.connect.deliver(failed)).body).toMatchObject({ outcome: 'duplicate' });
    const again = (await t.ok(INVOICES, { u: ids['A-2'] })).invoices.edges.filter((e: any) =>
      e.node.memo?.startsWith('Returned payment fee'),
    );
    expect(again).toHaveLength(1);
  });

  it('voids a bank payment returned before its payout and invoices the fee', async () => {
    const inv = await t.invoice(ids['A-2'], today(), [[ids.income, '300.00']]);
    const balance = async () => (await t.ok(INVOICE, { id: inv })).invoice.balance;
    const before = await balance();
    const { session, id } = await pay(ids['A-2'], '80.00', 'US_BANK_ACCOUNT');
    await stripe.connect.pay(session.id, 'bank_success');
    await stripe.connect.settleBankPayment(session.payment_intent);
    const paid = await onlinePayment(ids['A-2'], id);
    expect(Number(await balance())).toBe(Number(before) - 80);
    const d = await stripe.connect.dispute(session.payment_intent);
    expect(d).toMatchObject({ status: 200, body: { outcome: 'processed' } });
    const op = await onlinePayment(ids['A-2'], id);
    expect(op).toMatchObject({
      status: 'returned',
      failureReason: 'Payment returned by the bank (insufficient funds): voided',
    });
    expect((await t.ok(PAYMENT, { id: paid.paymentId })).payment.status).toBe('VOID');
    expect(await balance()).toBe(before);
    const fees = (await t.ok(INVOICES, { u: ids['A-2'] })).invoices.edges.filter((e: any) =>
      e.node.memo?.startsWith('Returned payment fee'),
    );
    expect(fees).toHaveLength(2);
    // Again: nothing more.
    const again = stripe.connect.events.filter((e) => e.type === 'charge.dispute.created').at(-1)!;
    expect((await stripe.connect.deliver(again)).body).toMatchObject({ outcome: 'duplicate' });
    ids.returnedIntent = session.payment_intent;
  });

  it('deposits a payout net of Stripe’s fees, owners’ fees as income, and the books balance', async () => {
    const { delivery, payout } = await stripe.connect.payout(account, today());
    expect(delivery).toMatchObject({ status: 200, body: { outcome: 'processed' } });
    const [p] = (await t.ok(PAYOUTS)).stripePayouts;
    const deposit = (await t.ok(DEPOSITS)).deposits.find((x: any) => x.id === p.depositId);
    // 200 + 40 + 100 (cards) + 100 (ACH); the returned 80 voided, its charge and return cancel.
    expect(deposit).toMatchObject({ total: '440.00', accountId: ids.bank, status: 'POSTED' });
    const fees =
      cardFee(20500) + cardFee(4100) + cardFee(10250) + achFee(10150) + achFee(8150) + DISPUTE_FEE;
    expect(deposit.fee).toBe((fees / 100).toFixed(2));
    expect(deposit.net).toBe((payout.amount / 100).toFixed(2));
    // Owners' fees kept: 5.00 + 1.00 surcharges (the debit card's refunded) + 1.50 ACH fee.
    expect(deposit.adjustments).toBe('7.50');
    expect(p).toMatchObject({ status: 'deposited', amount: (payout.amount / 100).toFixed(2) });
    const bankLines = (await t.ok(LEDGER, { a: ids.bank })).accountLedger.rows;
    expect(bankLines).toEqual([{ debit: (payout.amount / 100).toFixed(2), credit: '0.00' }]);
    const settings = (await t.ok(SETTINGS)).onlinePaymentsSettings;
    // The voided payment's charge and its return cancel out in the payout: nothing in transit.
    const names = (await t.ok(`{ accounts { name } }`)).accounts.map((a: any) => a.name);
    expect(names).not.toContain('Stripe Clearing');
    expect(
      (await t.ok(LEDGER, { a: settings.feeIncomeAccountId })).accountLedger.closingBalance,
    ).toBe(
      '57.50', // 7.50 kept + 2 × 25.00 returned-payment fees (in the account's normal direction)
    );
    expect(
      (await t.ok(OWNER_LIST, { u: ids['A-1'] }, owner.token)).ownerOnlinePayments[0].paidOutOn,
    ).toBe(today());
    // The payout again: one deposit.
    const again = stripe.connect.events.filter((e) => e.type === 'payout.paid').at(-1)!;
    expect((await stripe.connect.deliver(again)).body).toMatchObject({ outcome: 'duplicate' });
    expect((await t.ok(DEPOSITS)).deposits).toHaveLength(1);
    const r = await books();
    expect(r.controlDifferences).toEqual([]);
    expect(r.unbalancedEntries).toBe(0);
    expect(r.receivablesDateProblems).toEqual([]);
  });

  it('bills a return back to the unit once the payout carried the payment to the bank', async () => {
    const d = await stripe.connect.dispute((await onlinePaymentIntent(ids.achPayment))!);
    expect(d.body).toMatchObject({ outcome: 'processed' });
    const op = await onlinePayment(ids['A-1'], ids.achPayment);
    expect(op.status).toBe('returned');
    expect(op.failureReason).toMatch(
      /^Payment returned by the bank \(insufficient funds\) after DEP-\d+: billed back to the unit$/,
    );
    // The payment stays (it reached the bank); the unit owes it again, and the fee.
    expect((await t.ok(PAYMENT, { id: op.paymentId })).payment.status).toBe('POSTED');
    const invoices = (await t.ok(INVOICES, { u: ids['A-1'] })).invoices.edges.map(
      (e: any) => e.node,
    );
    expect(invoices.filter((i: any) => i.memo?.startsWith('Bank payment returned'))).toMatchObject([
      { total: '100.00', balance: '100.00' },
    ]);
    // The next payout carries the return (and a new card payment): Stripe Clearing nets to zero.
    const { session } = await pay(ids['A-1'], '300.00', 'CARD');
    await stripe.connect.pay(session.id, 'card_credit');
    const { payout, delivery } = await stripe.connect.payout(account, today());
    expect(delivery.body).toMatchObject({ outcome: 'processed' });
    const deposits = (await t.ok(DEPOSITS)).deposits;
    expect(deposits).toHaveLength(2);
    expect(deposits[0].net).toBe((payout.amount / 100).toFixed(2));
    const accounts = (await t.ok(`{ accounts { id name } }`)).accounts;
    const clearing = accounts.find((a: any) => a.name === 'Stripe Clearing');
    expect((await t.ok(LEDGER, { a: clearing.id })).accountLedger.closingBalance).toBe('0.00');
    const r = await books();
    expect(r.controlDifferences).toEqual([]);
    expect(r.unbalancedEntries).toBe(0);
  });

  async function onlinePaymentIntent(id: string): Promise<string | null> {
    const pi = [...stripe.connect.paymentIntents.values()].find(
      (x) => x.metadata.onlinePaymentId === id,
    );
    return pi?.id ?? null;
  }

  it('records a payment whose day the books closed meanwhile on the first open day', async () => {
    await t.ok(
      `mutation ($input: ClosePeriodInput!) { closeMonth(input: $input) { closedThrough } }`,
      { input: { month: '2026-11', overrideReason: 'Testing a late event' } },
    );
    stripe.connect.webhookUrl = `${app.url}/nowhere`;
    const { session, id } = await pay(ids['A-2'], '20.00', 'CARD');
    await stripe.connect.pay(session.id, 'card_credit');
    stripe.connect.webhookUrl = `${app.url}/webhooks/stripe/connect`;
    const completed = stripe.connect.events.find(
      (e) => e.type === 'checkout.session.completed' && (e.data.object as any).id === session.id,
    )!;
    const late = { ...completed, created: Math.floor(Date.parse('2026-11-20T15:00:00Z') / 1000) };
    expect((await stripe.connect.deliver(late as Stripe.Event)).body).toMatchObject({
      outcome: 'processed',
    });
    const op = await onlinePayment(ids['A-2'], id);
    const payment = (
      await t.ok(`query ($id: ID!) { payment(id: $id) { date } }`, { id: op.paymentId })
    ).payment;
    expect(payment.date).toBe('2026-12-01');
  });

  it('lists every online payment for the treasurer, with failures, and none for owners', async () => {
    const all = (await t.ok(LIST)).onlinePayments;
    expect(all.totalCount).toBeGreaterThanOrEqual(8);
    const failed = (await t.ok(LIST, { f: { status: 'failed' } })).onlinePayments;
    expect(failed.edges.map((e: any) => e.node.failureReason)).toEqual(['The bank payment failed']);
    expect(code(await t.gql(LIST, { f: { status: 'lost' } }))).toBe('BAD_USER_INPUT');
    expect(code(await t.gql(LIST, {}, owner.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(PAYOUTS, {}, owner.token))).toBe('FORBIDDEN');
    // The other owner sees none of A-1's.
    expect(code(await t.gql(OWNER_LIST, { u: ids['A-1'] }, otherOwner.token))).toBe('NOT_FOUND');
    expect(
      (await t.ok(OWNER_LIST, { u: ids['A-3'] }, otherOwner.token)).ownerOnlinePayments,
    ).toEqual([]);
    // Another association sees none of them.
    expect((await o.ok(LIST)).onlinePayments.totalCount).toBe(0);
  });

  it('ignores an account of no association, and asks Stripe to retry while one is suspended', async () => {
    const stranger = stripe.connect.event('checkout.session.completed', 'acct_nobody', {
      id: 'cs_x',
      object: 'checkout.session',
      mode: 'payment',
      metadata: {},
    });
    expect(await stripe.connect.deliver(stranger)).toMatchObject({
      status: 200,
      body: { outcome: 'ignored' },
    });
    const theirs = [...stripe.connect.accounts.values()].find(
      (a) => a.metadata.organizationId === o.org.id,
    )!;
    const platform = app.services.platformOrm.em.fork() as EntityManager;
    await sql(platform).run(`UPDATE organizations SET status = 'suspended' WHERE id = ?`, [
      o.org.id,
    ]);
    forgetTenant(app.services, o.org.id);
    const event = stripe.connect.event('checkout.session.completed', theirs.id, {
      id: 'cs_y',
      object: 'checkout.session',
      mode: 'payment',
      metadata: {},
    });
    expect((await stripe.connect.deliver(event)).status).toBe(503);
    await sql(platform).run(`UPDATE organizations SET status = 'active' WHERE id = ?`, [o.org.id]);
    forgetTenant(app.services, o.org.id);
    expect((await stripe.connect.deliver(event)).body).toMatchObject({ outcome: 'ignored' });
  });

  it('expires an abandoned checkout', async () => {
    const { session, id } = await pay(ids['A-2'], '15.00', 'CARD');
    expect((await stripe.connect.expire(session.id)).body).toMatchObject({ outcome: 'processed' });
    expect((await onlinePayment(ids['A-2'], id)).status).toBe('expired');
  });
});
