import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import { forgetTenant } from '../../core/tenancy/tenant-door.js';
import { withServer } from '../../db/connection.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';
import { createOrg, createUser, tokenFor } from '../../test/factories.js';
import { provisioned } from '../../test/provisioned.js';
import { createTenant } from '../../test/tenant.js';
import {
  permissionTable,
  READ_ONLY_MUTATION_ALLOW_LIST,
} from '../../core/permissions/permissions.js';
import { isTenantAdmin } from '../../core/permissions/rules.js';
import { Role } from '../../core/roles.js';
import type { Organization } from '../organizations/organizations.entity.js';

// Self-service sign-up against a local Stripe that speaks the real protocol: the real SDK makes
// the checkout session, and webhook events are signed with the SDK's own test helper.

const SIGNUP = `mutation ($input: SignupInput!) {
  startSignup(input: $input) { signupId statusKey checkoutUrl }
}`;
const STATUS = `query ($id: ID!, $key: String!) {
  signupStatus(id: $id, key: $key) { state associationName email }
}`;

async function rows<T>(app: TestApp, query: string, params: unknown[] = []): Promise<T[]> {
  return app.services.platformOrm.em.fork().getConnection().execute<T[]>(query, params);
}

async function tenantDatabases(app: TestApp): Promise<number> {
  return withServer(app.services.clusterUrl('default'), async (c) => {
    const r = await c.query('SELECT 1 FROM pg_database WHERE datname LIKE $1', [
      `${app.services.platformDbName}\\_t\\_%`,
    ]);
    return r.rowCount ?? 0;
  });
}

const billingFor = (stripe: FakeStripe | null, extra: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'test',
    ...(stripe && {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      STRIPE_PRICES: stripe.prices,
    }),
    ...extra,
  }).billing;

describe('self-service sign-up through Stripe Checkout', () => {
  let app: TestApp;
  let stripe: FakeStripe;
  let n = 0;
  const input = (over: Record<string, unknown> = {}) => ({
    associationName: `Willow Creek HOA ${++n}`,
    contactName: 'Dana Whitfield',
    email: `dana${n}@willow-creek.example`,
    unitCount: 42,
    planLevel: 'STARTER',
    interval: 'ANNUAL',
    ...over,
  });
  async function signUp(over: Record<string, unknown> = {}) {
    const i = input(over);
    const res = await app.gql(SIGNUP, { input: i });
    expect(res.body.errors).toBeUndefined();
    const started = res.body.data!.startSignup;
    const session = [...stripe.sessions.values()].at(-1)!;
    return { input: i, started, session };
  }

  beforeAll(async () => {
    stripe = await startFakeStripe();
    // A failed provisioning is tried again after 3 s: long enough to look at it first.
    app = await startTestApp({
      billing: billingFor(stripe),
      jobs: {
        work: true,
        pollingSeconds: 0.5,
        retrySeconds: 3,
        emailRetrySeconds: 60,
        emailRetryLimit: 5,
      },
    });
    stripe.webhookUrl = `${app.url}/webhooks/stripe`;
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });

  it('shows the plans from configuration with annual savings, and that checkout is open', async () => {
    const res = await app.gql(
      '{ pricing { mode trialDays plans { level name maxUnits aiPlanning contactSales monthlyPrice annualPrice annualSavingsPercent } } }',
    );
    expect(res.body.data!.pricing).toEqual({
      mode: 'CHECKOUT',
      trialDays: 14,
      plans: [
        {
          level: 'STARTER',
          name: 'Starter',
          maxUnits: 50,
          aiPlanning: false,
          contactSales: false,
          monthlyPrice: '39.00',
          annualPrice: '390.00',
          annualSavingsPercent: 16,
        },
        {
          level: 'PROFESSIONAL',
          name: 'Professional',
          maxUnits: 200,
          aiPlanning: true,
          contactSales: false,
          monthlyPrice: '99.00',
          annualPrice: '990.00',
          annualSavingsPercent: 16,
        },
        {
          level: 'ENTERPRISE',
          name: 'Enterprise',
          maxUnits: null,
          aiPlanning: true,
          contactSales: true,
          monthlyPrice: null,
          annualPrice: null,
          annualSavingsPercent: null,
        },
      ],
    });
  });

  it('creates a Checkout session through the SDK and waits for payment', async () => {
    const { input: i, started, session } = await signUp();
    const call = stripe.checkoutCalls.at(-1)!;
    expect(call.authorization).toBe(`Bearer ${stripe.secretKey}`);
    expect(call.idempotencyKey).toBeTruthy();
    expect(Object.fromEntries(call.params)).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_starter_a',
      'line_items[0][quantity]': '1',
      customer_email: i.email,
      client_reference_id: started.signupId,
      'subscription_data[trial_period_days]': '14',
    });
    expect(call.params.get('success_url')).toBe(
      `${app.services.publicUrl}/signup/setting-up?signup=${started.signupId}&key=${encodeURIComponent(started.statusKey)}`,
    );
    expect(started.checkoutUrl).toBe(`${stripe.url}/pay/${session.id}`);
    const status = await app.gql(STATUS, { id: started.signupId, key: started.statusKey });
    expect(status.body.data!.signupStatus).toEqual({
      state: 'PENDING_PAYMENT',
      associationName: i.associationName,
      email: i.email,
    });
    // The key is the only proof: a wrong one is the same as no sign-up.
    const wrong = await app.gql(STATUS, { id: started.signupId, key: 'guess' });
    expect(wrong.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses a plan too small for the units, a contact-sales plan, and bad input', async () => {
    const small = await app.gql(SIGNUP, { input: input({ unitCount: 120 }) });
    expect(small.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [
        {
          field: 'unitCount',
          message: 'Starter covers up to 50 units: choose Professional for 120',
        },
      ],
    });
    const enterprise = await app.gql(SIGNUP, { input: input({ planLevel: 'ENTERPRISE' }) });
    expect(enterprise.body.errors?.[0].extensions?.details).toEqual([
      { field: 'planLevel', message: 'Choose a plan offered on the pricing page' },
    ]);
    const bad = await app.gql(SIGNUP, { input: input({ email: 'nope', unitCount: 0 }) });
    expect(bad.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const fields = (bad.body.errors?.[0].extensions?.details as { field: string }[]).map(
      (d) => d.field,
    );
    expect(fields).toEqual(expect.arrayContaining(['email', 'unitCount']));
  });

  it('refuses a forged or missing signature and creates nothing', async () => {
    const { session } = await signUp();
    const before = await tenantDatabases(app);
    const event = stripe.checkoutCompletedEvent(session.id);
    const forged = await stripe.deliver(event, 't=1,v1=deadbeef');
    expect(forged.status).toBe(400);
    const otherSecret = await fetch(stripe.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(otherSecret.status).toBe(400);
    expect(await tenantDatabases(app)).toBe(before);
    expect(await rows(app, 'SELECT 1 FROM stripe_events WHERE id = ?', [event.id])).toHaveLength(0);
  });

  it('provisions on checkout.session.completed, once, with the subscription fields and an activation email', async () => {
    const {
      input: i,
      started,
      session,
    } = await signUp({ planLevel: 'PROFESSIONAL', unitCount: 120, interval: 'MONTHLY' });
    const event = stripe.checkoutCompletedEvent(session.id);
    const first = await stripe.deliver(event);
    // Stripe has its answer at once; the job queue provisions.
    expect(first).toEqual({ status: 200, body: { received: true, outcome: 'queued' } });
    expect(await provisioned(app, session.id)).toBe('ready');
    const [org] = await rows<Record<string, unknown>>(
      app,
      `SELECT id, name, status, plan_level, billing_status, billing_interval, read_only_from,
              to_char(payment_date, 'YYYY-MM-DD') AS payment_date,
              to_char(renewal_date, 'YYYY-MM-DD') AS renewal_date, confirmation_number,
              stripe_customer_id, stripe_subscription_id
         FROM organizations WHERE name = ?`,
      [i.associationName],
    );
    const trialEnd = new Date(event.created * 1000 + 14 * 86_400_000).toISOString().slice(0, 10);
    expect(org).toMatchObject({
      status: 'active',
      plan_level: 'professional',
      billing_status: 'trialing',
      billing_interval: 'monthly',
      read_only_from: null,
      payment_date: null,
      renewal_date: trialEnd,
      confirmation_number: session.invoice,
      stripe_customer_id: session.customer,
      stripe_subscription_id: session.subscription,
    });
    const [member] = await rows<{ role: string; status: string; name: string | null }>(
      app,
      `SELECT m.role, m.status, u.name FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.organization_id = ? AND u.email = ?`,
      [org.id, i.email],
    );
    expect(member).toEqual({ role: 'admin', status: 'invited', name: 'Dana Whitfield' });
    const mail = await app.lastEmail(i.email);
    expect(mail).toMatchObject({
      template: 'activation',
      subject: `Activate ${i.associationName} on Covenant`,
    });
    expect(mail!.body).toMatch(/\/activate\?token=/);
    const status = await app.gql(STATUS, { id: started.signupId, key: started.statusKey });
    expect(status.body.data!.signupStatus.state).toBe('READY');

    // Stripe delivers at least once: the same event again creates nothing twice.
    const databases = await tenantDatabases(app);
    const replay = await stripe.deliver(event);
    expect(replay).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    // And a second event for the same checkout finds the sign-up done.
    const again = await stripe.deliver(stripe.checkoutCompletedEvent(session.id));
    expect(again.status).toBe(200);
    // Its job finds the sign-up done.
    await vi.waitFor(
      async () => {
        const jobs = await rows<{ state: string }>(
          app,
          `SELECT state::text AS state FROM pgboss.job WHERE name = 'provision-signup' AND singleton_key = ?`,
          [started.signupId],
        );
        if (jobs.some((j) => j.state !== 'completed')) throw new Error('still provisioning');
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(await tenantDatabases(app)).toBe(databases);
    expect(
      await rows(app, 'SELECT 1 FROM organizations WHERE name = ?', [i.associationName]),
    ).toHaveLength(1);

    // Activation: the emailed link sets the password and signs in.
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail!.body)![1]);
    const activated = await app.gql(
      `mutation ($token: String!, $password: String!) {
        acceptInvitation(token: $token, password: $password) { accessToken organization { id role billing { planLevel planName status readOnly maxUnits aiPlanning renewalDate } } }
      }`,
      { token, password: 'a long and unusual passphrase 42' },
    );
    expect(activated.body.errors).toBeUndefined();
    expect(activated.body.data!.acceptInvitation.organization).toEqual({
      id: org.id,
      role: 'ADMIN',
      billing: {
        planLevel: 'PROFESSIONAL',
        planName: 'Professional',
        status: 'TRIALING',
        readOnly: false,
        maxUnits: 200,
        aiPlanning: true,
        renewalDate: trialEnd,
      },
    });
  });

  it('leaves nothing when provisioning fails half way, and the queue retries until it completes', async () => {
    const { input: i, started, session } = await signUp();
    const before = await tenantDatabases(app);
    const mailer = app.services.mailer;
    const send = mailer.send.bind(mailer);
    // The activation email is the last step: the database, organization, user, membership and
    // invitation already exist when it fails.
    mailer.send = () => Promise.reject(new Error('The outbox is down'));
    const event = stripe.checkoutCompletedEvent(session.id);
    try {
      const queued = await stripe.deliver(event);
      expect(queued).toEqual({ status: 200, body: { received: true, outcome: 'queued' } });
      expect(await provisioned(app, session.id)).toBe('failed');
      expect(await tenantDatabases(app)).toBe(before);
      expect(
        await rows(app, 'SELECT 1 FROM organizations WHERE name = ?', [i.associationName]),
      ).toHaveLength(0);
      expect(await rows(app, 'SELECT 1 FROM users WHERE email = ?', [i.email])).toHaveLength(0);
      const status = await app.gql(STATUS, { id: started.signupId, key: started.statusKey });
      expect(status.body.data!.signupStatus.state).toBe('FAILED');
      const [job] = await rows<{ state: string; output: { message: string } }>(
        app,
        `SELECT state::text AS state, output FROM pgboss.job WHERE name = 'provision-signup' AND singleton_key = ?`,
        [started.signupId],
      );
      expect(job).toMatchObject({ state: 'retry', output: { message: 'The outbox is down' } });
    } finally {
      mailer.send = send;
    }
    // The event was taken: a replay is a duplicate, and the queue tries again on its own.
    expect((await stripe.deliver(event)).body).toEqual({ received: true, outcome: 'duplicate' });
    await vi.waitFor(
      async () => {
        const done = await app.gql(STATUS, { id: started.signupId, key: started.statusKey });
        if (done.body.data!.signupStatus.state !== 'READY') throw new Error('not ready yet');
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(await tenantDatabases(app)).toBe(before + 1);
    expect(
      await rows(app, 'SELECT 1 FROM organizations WHERE name = ?', [i.associationName]),
    ).toHaveLength(1);
  });

  it('turns read-only after the past-due grace, keeps reads, and comes back on payment', async () => {
    const { input: i, session } = await signUp();
    await stripe.deliver(stripe.checkoutCompletedEvent(session.id));
    await provisioned(app, session.id);
    const [org] = await rows<{ id: string }>(app, 'SELECT id FROM organizations WHERE name = ?', [
      i.associationName,
    ]);
    const mail = await app.lastEmail(i.email);
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail!.body)![1]);
    const signedIn = await app.gql(
      'mutation ($t: String!, $p: String!) { acceptInvitation(token: $t, password: $p) { accessToken } }',
      { t: token, p: 'a long and unusual passphrase 42' },
    );
    const access = signedIn.body.data!.acceptInvitation.accessToken as string;
    const write = (number: string) =>
      app.gql(
        'mutation ($input: CreateAccountInput!) { createAccount(input: $input) { id } }',
        { input: { number, name: `Bank ${number}`, type: 'ASSET', fundType: 'OPERATING' } },
        access,
      );

    const failed = await stripe.deliver(
      stripe.subscriptionEvent(session.id, 'invoice.payment_failed'),
    );
    expect(failed.status).toBe(200);
    const [grace] = await rows<{ billing_status: string; read_only_from: Date }>(
      app,
      'SELECT billing_status, read_only_from FROM organizations WHERE id = ?',
      [org.id],
    );
    expect(grace.billing_status).toBe('past_due');
    const days = (new Date(grace.read_only_from).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    // Within the grace the books still take writes.
    expect((await write('1011')).body.errors).toBeUndefined();

    // The grace runs out (the clock moved on): writes are refused with a clear code, reads work.
    await rows(
      app,
      "UPDATE organizations SET read_only_from = now() - interval '1 minute' WHERE id = ?",
      [org.id],
    );
    forgetTenant(app.services, org.id);
    const refused = await write('1012');
    expect(refused.status).toBe(403);
    expect(refused.body.errors?.[0].extensions).toMatchObject({
      code: 'ORG_READ_ONLY',
      reason: 'PAST_DUE',
    });
    expect(refused.body.errors?.[0].message).toMatch(
      /read-only because its subscription payment is past due/,
    );
    const read = await app.gql('{ accounts { number } trialBalance { asOf } }', {}, access);
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data!.accounts.map((a: { number: string }) => a.number)).toContain('1011');
    const me = await app.gql('{ me { organization { billing { status readOnly } } } }', {}, access);
    expect(me.body.data!.me.organization.billing).toEqual({ status: 'PAST_DUE', readOnly: true });
    // Sign-in, switching and the user's own credentials are not the books: still allowed.
    expect(
      (await app.gql('mutation { markIntroSeen { id } }', {}, access)).body.errors,
    ).toBeUndefined();

    const paid = await stripe.deliver(stripe.subscriptionEvent(session.id, 'invoice.paid'));
    expect(paid.status).toBe(200);
    expect((await write('1013')).body.errors).toBeUndefined();
    const [after] = await rows<Record<string, unknown>>(
      app,
      `SELECT billing_status, read_only_from, to_char(renewal_date, 'YYYY-MM-DD') AS renewal_date
         FROM organizations WHERE id = ?`,
      [org.id],
    );
    expect(after).toEqual({
      billing_status: 'active',
      read_only_from: null,
      renewal_date: new Date(Date.now() + 31 * 86_400_000).toISOString().slice(0, 10),
    });
    // A canceled subscription starts the grace as well.
    await stripe.deliver(stripe.subscriptionEvent(session.id, 'customer.subscription.deleted'));
    const [canceled] = await rows<{ billing_status: string }>(
      app,
      'SELECT billing_status FROM organizations WHERE id = ?',
      [org.id],
    );
    expect(canceled.billing_status).toBe('canceled');
  });

  // A provisioned association of a paid checkout, and a signed-in member per role.
  async function subscribed(over: Record<string, unknown> = {}) {
    const { input: i, session } = await signUp(over);
    expect((await stripe.deliver(stripe.checkoutCompletedEvent(session.id))).status).toBe(200);
    expect(await provisioned(app, session.id)).toBe('ready');
    const [org] = await rows<Organization>(app, 'SELECT id FROM organizations WHERE name = ?', [
      i.associationName,
    ]);
    const adminUser = await createUser(app.services, { memberships: [{ org, role: Role.ADMIN }] });
    const member = async (role: Role) =>
      tokenFor(app.services, await createUser(app.services, { memberships: [{ org, role }] }), org);
    return {
      org,
      session,
      adminUser,
      admin: tokenFor(app.services, adminUser, org),
      user: await member(Role.USER),
      viewer: await member(Role.VIEWER),
    };
  }
  const PORTAL = 'mutation { createBillingPortalSession { url } }';
  const BILLING = `{ me { organization { billing {
    planLevel planName status readOnly renewalDate interval lastPaymentDate cancelAt portalAvailable maxUnits aiPlanning
  } } } }`;
  const billingOf = async (token: string) =>
    (await app.gql(BILLING, {}, token)).body.data!.me.organization.billing;

  it("opens Stripe's billing portal for the association's admins, and returns to the Billing page", async () => {
    const { session, admin, user, viewer } = await subscribed();
    expect(await billingOf(admin)).toMatchObject({ portalAvailable: true, interval: 'ANNUAL' });
    const calls = stripe.portalCalls.length;
    const res = await app.gql(PORTAL, {}, admin);
    expect(res.body.errors).toBeUndefined();
    const portal = [...stripe.portalSessions.values()].at(-1)!;
    expect(res.body.data!.createBillingPortalSession.url).toBe(
      `${stripe.url}/p/session/${portal.id}`,
    );
    const call = stripe.portalCalls.at(-1)!;
    expect(call.authorization).toBe(`Bearer ${stripe.secretKey}`);
    expect(Object.fromEntries(call.params)).toEqual({
      customer: session.customer,
      return_url: `${app.services.publicUrl}/billing`,
    });
    // Members and viewers see the plan but cannot open the portal; nothing reaches Stripe.
    for (const token of [user, viewer]) {
      const refused = await app.gql(PORTAL, {}, token);
      expect(refused.status).toBe(403);
      expect(refused.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      expect(refused.body.data).toBeNull();
      expect((await billingOf(token)).planName).toBe('Starter');
    }
    expect(stripe.portalCalls.length).toBe(calls + 1);
  });

  it("never opens another association's portal, nor one for a token or an impersonator", async () => {
    const { org, admin, adminUser } = await subscribed();
    const calls = stripe.portalCalls.length;
    // An admin of an association billed by agreement (no Stripe customer) gets a sentence.
    const other = await createOrg(app.services);
    const otherUser = await createUser(app.services, {
      memberships: [{ org: other, role: Role.ADMIN }],
    });
    const otherAdmin = tokenFor(app.services, otherUser, other);
    const contract = await app.gql(PORTAL, {}, otherAdmin);
    expect(contract.body.errors?.[0].extensions).toMatchObject({
      code: 'CONFLICT',
      reason: 'NO_STRIPE_CUSTOMER',
    });
    expect(contract.body.errors?.[0].message).toMatch(/billed by agreement, not online/);
    expect(await billingOf(otherAdmin)).toMatchObject({ portalAvailable: false, interval: null });
    // The same admin's token for the subscribed association, but its user is not a member there.
    const foreign = await app.gql(PORTAL, {}, tokenFor(app.services, otherUser, org));
    expect(foreign.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    // A personal API token of the subscribed association's admin.
    const minted = await app.gql(
      'mutation ($input: CreateApiTokenInput!) { createApiToken(input: $input) { token } }',
      { input: { name: 'Reports', organizationId: org.id } },
      admin,
    );
    const apiToken = minted.body.data!.createApiToken.token as string;
    const byToken = await app.gql(PORTAL, {}, apiToken);
    expect(byToken.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    // A super admin impersonating that admin.
    const owner = await createUser(app.services, { isSuperadmin: true });
    const session = await app.gql(
      'mutation ($u: ID!) { impersonateUser(userId: $u, reason: "Ticket 42") { accessToken organization { id } } }',
      { u: adminUser.id },
      tokenFor(app.services, owner, null),
    );
    expect(session.body.data!.impersonateUser.organization.id).toBe(org.id);
    const impersonating = await app.gql(
      PORTAL,
      {},
      session.body.data!.impersonateUser.accessToken as string,
    );
    expect(impersonating.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(impersonating.body.errors?.[0].message).toMatch(/not while impersonating/);
    expect(stripe.portalCalls.length).toBe(calls);
  });

  it('keeps the portal open to the admin once the books are read-only: the way back to paying', async () => {
    const { org, admin, user } = await subscribed();
    await stripe.deliver(
      stripe.subscriptionEvent([...stripe.sessions.values()].at(-1)!.id, 'invoice.payment_failed'),
    );
    await rows(
      app,
      "UPDATE organizations SET read_only_from = now() - interval '1 minute' WHERE id = ?",
      [org.id],
    );
    forgetTenant(app.services, org.id);
    const write = await app.gql(
      'mutation ($input: CreateAccountInput!) { createAccount(input: $input) { id } }',
      { input: { number: '1010', name: 'Bank', type: 'ASSET', fundType: 'OPERATING' } },
      admin,
    );
    expect(write.body.errors?.[0].extensions?.code).toBe('ORG_READ_ONLY');
    const portal = await app.gql(PORTAL, {}, admin);
    expect(portal.body.errors).toBeUndefined();
    expect(portal.body.data!.createBillingPortalSession.url).toMatch(/\/p\/session\//);
    // Still the admins' only: a member of a read-only association is refused as before.
    expect((await app.gql(PORTAL, {}, user)).body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    // Every mutation let through a read-only association is an admin's way back to paying.
    for (const m of READ_ONLY_MUTATION_ALLOW_LIST) {
      expect(permissionTable.Mutation[m], m).toBe(isTenantAdmin);
    }
  });

  it('says so when Stripe refuses the customer: a typed CONFLICT, never INTERNAL', async () => {
    const { org, admin } = await subscribed();
    await rows(app, 'UPDATE organizations SET stripe_customer_id = ? WHERE id = ?', [
      'cus_test_unknown',
      org.id,
    ]);
    const res = await app.gql(PORTAL, {}, admin);
    expect(res.body.errors?.[0].extensions).toMatchObject({
      code: 'CONFLICT',
      reason: 'STRIPE_REFUSED',
    });
    expect(res.body.data).toBeNull();
  });

  it('takes plan changes and cancelation from the portal through customer.subscription.updated', async () => {
    const { org, session, admin } = await subscribed({ planLevel: 'PROFESSIONAL' });
    const updated = (extra: Record<string, unknown> = {}) =>
      stripe.subscriptionEvent(session.id, 'customer.subscription.updated', extra);
    const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

    // Down to Starter, billed monthly: the plan's limits follow at once.
    session.price = 'price_starter_m';
    const down = await stripe.deliver(updated());
    expect(down).toEqual({ status: 200, body: { received: true, outcome: 'processed' } });
    expect(await billingOf(admin)).toMatchObject({
      planLevel: 'STARTER',
      planName: 'Starter',
      interval: 'MONTHLY',
      maxUnits: 50,
      aiPlanning: false,
      renewalDate: day(session.periodEnd),
      cancelAt: null,
    });
    const ai = await app.gql('mutation { requestAiRecommendation { id } }', {}, admin);
    expect(ai.body.errors?.[0].extensions?.code).toBe('PLAN_LIMIT');

    // Canceled at the period's end: still running, and the page can say until when.
    session.cancelAtPeriodEnd = true;
    const canceledEvent = updated();
    await stripe.deliver(canceledEvent);
    expect(await billingOf(admin)).toMatchObject({
      status: 'TRIALING',
      readOnly: false,
      cancelAt: new Date(session.periodEnd * 1000).toISOString(),
    });
    // Renewed again before the end.
    session.cancelAtPeriodEnd = false;
    await stripe.deliver(updated({ status: 'active' }));
    expect(await billingOf(admin)).toMatchObject({ status: 'ACTIVE', cancelAt: null });

    // Stripe does not deliver in order: an older event arriving late changes nothing.
    const late = await stripe.deliver({
      ...canceledEvent,
      id: `${canceledEvent.id}_late`,
      created: canceledEvent.created - 60,
    });
    expect(late).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
    const stale = await stripe.deliver({
      ...stripe.subscriptionEvent(session.id, 'invoice.payment_failed'),
      created: canceledEvent.created - 60,
    });
    expect(stale.body).toEqual({ received: true, outcome: 'ignored' });
    expect(await billingOf(admin)).toMatchObject({
      status: 'ACTIVE',
      cancelAt: null,
      readOnly: false,
    });

    // A price that is not ours keeps the plan; a lapse seen on the subscription starts the grace.
    const [before] = await rows<{ read_only_from: Date | null }>(
      app,
      'SELECT read_only_from FROM organizations WHERE id = ?',
      [org.id],
    );
    expect(before.read_only_from).toBeNull();
    session.price = 'price_from_the_dashboard';
    await stripe.deliver(updated({ status: 'past_due' }));
    expect(await billingOf(admin)).toMatchObject({ planLevel: 'STARTER', status: 'PAST_DUE' });
    const [grace] = await rows<{ read_only_from: Date | null }>(
      app,
      'SELECT read_only_from FROM organizations WHERE id = ?',
      [org.id],
    );
    expect(grace.read_only_from).not.toBeNull();
    // Up to Professional annual with the card fixed: the grace is lifted.
    session.price = 'price_pro_a';
    await stripe.deliver(updated({ status: 'active' }));
    expect(await billingOf(admin)).toMatchObject({
      planLevel: 'PROFESSIONAL',
      interval: 'ANNUAL',
      status: 'ACTIVE',
      readOnly: false,
      aiPlanning: true,
    });
    const audit = await rows<{ action: string }>(
      app,
      "SELECT action FROM audit_log WHERE organization_id = ? AND action LIKE 'billing.%'",
      [org.id],
    );
    expect(audit.filter((a) => a.action === 'billing.customer.subscription.updated')).toHaveLength(
      5,
    );
  });

  it('ignores events that are not about a sign-up or subscription of ours', async () => {
    const res = await stripe.deliver({
      ...stripe.checkoutCompletedEvent([...stripe.sessions.keys()][0]),
      type: 'charge.refunded',
    } as never);
    expect(res).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
  });
});

describe('plan limits', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  async function onPlan(level: string) {
    const t = await createTenant(app);
    await rows(app, 'UPDATE organizations SET plan_level = ? WHERE id = ?', [level, t.org.id]);
    forgetTenant(app.services, t.org.id);
    const typeId = await t.propertyType('Home');
    const income = await t.account('4000', 'INCOME');
    const groupId = await t.group({
      name: 'Dues',
      rates: [{ propertyTypeId: typeId, regular: '100.00' }],
      regularIncomeAccountId: income,
      isDefault: true,
    });
    return { t, typeId, groupId };
  }

  async function importUnits(token: string, count: number, from = 1) {
    const csv = ['unit_number,property_type,assessment_group']
      .concat(Array.from({ length: count }, (_, k) => `U${from + k},Home,Dues`))
      .join('\n');
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query:
          'mutation ($file: Upload!) { importUnits(file: $file) { created errors { message } } }',
        variables: { file: null },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([csv]), 'units.csv');
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' },
      body: form,
    });
    return (await res.json()) as {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read loosely
      data?: any;
      errors?: { message: string; extensions: Record<string, unknown> }[];
    };
  }

  it('refuses units above the plan, naming the plan and the upgrade; nothing is written', async () => {
    const { t, typeId, groupId } = await onPlan('starter');
    expect((await importUnits(t.admin, 49)).data.importUnits.created).toBe(49);
    const tooMany = await importUnits(t.admin, 2, 100);
    expect(tooMany.errors?.[0].extensions).toMatchObject({
      code: 'PLAN_LIMIT',
      limit: 'units',
      plan: 'starter',
      max: 50,
      upgradeTo: 'professional',
    });
    expect(tooMany.errors?.[0].message).toBe(
      'The Starter plan includes up to 50 units; you have 49 and can add 1 more. To add 2, upgrade to Professional for up to 200 units.',
    );
    await t.unit('U50', { groupId, propertyTypeId: typeId });
    const fiftyFirst = await t.gql(
      'mutation ($input: UnitInput!) { createUnit(input: $input) { id } }',
      { input: { number: 'U51', propertyTypeId: typeId, assessmentGroupId: groupId } },
    );
    expect(fiftyFirst.status).toBe(403);
    expect(fiftyFirst.body.errors?.[0].extensions?.code).toBe('PLAN_LIMIT');
    const count = await t.ok('{ units(first: 1) { totalCount } }');
    expect(count.units.totalCount).toBe(50);
  });

  it('keeps AI planning to the plans that include it', async () => {
    const starter = await onPlan('starter');
    const refused = await starter.t.gql('mutation { requestAiRecommendation { id } }');
    expect(refused.body.errors?.[0].extensions).toMatchObject({
      code: 'PLAN_LIMIT',
      limit: 'aiPlanning',
      upgradeTo: 'professional',
    });
    expect(refused.body.errors?.[0].message).toBe(
      'AI investment planning is not part of the Starter plan; upgrade to Professional for it.',
    );
    const pro = await onPlan('professional');
    expect(
      (await pro.t.gql('mutation { requestAiRecommendation { id } }')).body.errors,
    ).toBeUndefined();
    // Contract plans set by a super admin carry no limits.
    const standard = await onPlan('standard');
    expect((await importUnits(standard.t.admin, 60)).data.importUnits.created).toBe(60);
  });
});

describe('sign-up without Stripe', () => {
  it('is closed by default, and a trial without payment with open registration', async () => {
    const closed = await startTestApp();
    try {
      const res = await closed.gql(SIGNUP, {
        input: {
          associationName: 'A',
          contactName: 'B',
          email: 'b@example.test',
          unitCount: 3,
          planLevel: 'STARTER',
          interval: 'MONTHLY',
        },
      });
      expect(res.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      expect((await closed.gql('{ pricing { mode } }')).body.data!.pricing.mode).toBe('CLOSED');
      // No payment processor: the plan is shown, and the portal is a clear refusal, not a 500.
      const org = await createOrg(closed.services);
      const admin = tokenFor(
        closed.services,
        await createUser(closed.services, { memberships: [{ org, role: Role.ADMIN }] }),
        org,
      );
      const portal = await closed.gql('mutation { createBillingPortalSession { url } }', {}, admin);
      expect(portal.body.errors?.[0].extensions).toMatchObject({
        code: 'CONFLICT',
        reason: 'BILLING_NOT_CONFIGURED',
      });
      const billing = await closed.gql(
        '{ me { organization { billing { planName portalAvailable } } } }',
        {},
        admin,
      );
      expect(billing.body.data!.me.organization.billing).toEqual({
        planName: 'Standard',
        portalAvailable: false,
      });
    } finally {
      await closed.close();
    }
    const open = await startTestApp({ allowOpenRegistration: true });
    try {
      expect((await open.gql('{ pricing { mode } }')).body.data!.pricing.mode).toBe('TRIAL');
      const res = await open.gql(SIGNUP, {
        input: {
          associationName: 'Trial Pines HOA',
          contactName: 'Sam Ortiz',
          email: 'sam@trial-pines.example',
          unitCount: 12,
          planLevel: 'STARTER',
          interval: 'MONTHLY',
        },
      });
      const started = res.body.data!.startSignup;
      expect(started.checkoutUrl).toBeNull();
      await expect
        .poll(
          async () =>
            (await open.gql(STATUS, { id: started.signupId, key: started.statusKey })).body.data!
              .signupStatus.state,
          { timeout: 20_000, interval: 100 },
        )
        .toBe('READY');
      const [org] = await rows<{
        billing_status: string;
        read_only_from: Date;
        plan_level: string;
      }>(
        open,
        'SELECT billing_status, read_only_from, plan_level FROM organizations WHERE name = ?',
        ['Trial Pines HOA'],
      );
      expect(org.billing_status).toBe('trialing');
      expect(org.plan_level).toBe('starter');
      const days = (new Date(org.read_only_from).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(13.9);
      expect((await open.lastEmail('sam@trial-pines.example'))?.template).toBe('activation');
    } finally {
      await open.close();
    }
  });
});
