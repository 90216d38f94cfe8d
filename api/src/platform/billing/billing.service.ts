import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import type { BillingInterval as Interval, PlanConfig } from '../../config.js';
import { hashOpaqueToken, newOpaqueToken } from '../../core/auth/opaque-tokens.js';
import type { Context, Services } from '../../core/context.js';
import { addDays, addMonths, dateIn } from '../../core/dates.js';
import {
  AppError,
  badInput,
  forbidden,
  notFound,
  serviceUnavailable,
} from '../../core/errors/app-error.js';
import { isId } from '../../core/ids.js';
import { isReadOnly, planLimits } from '../../core/plans.js';
import { findTenant, forgetTenant } from '../../core/tenancy/tenant-door.js';
import { recordAudit } from '../admin/index.js';
import { createTenant, PlanLevel } from '../admin-organizations/index.js';
import { StartingChart } from '../onboarding/index.js';
import { normalizeEmail } from '../users/index.js';
import {
  applySubscription,
  claimSignup,
  eventSeen,
  finishSignup,
  insertSignup,
  markPaid,
  organizationForSubscription,
  recordEvent,
  selectBillingDetails,
  selectSignup,
  setCheckoutSession,
  startGrace,
} from './billing.repository.js';
import { stripeClient } from './billing.stripe.js';
import {
  BillingInterval,
  type BillingPortalSession,
  type BillingStatus,
  type OrganizationBilling,
  type Pricing,
  type SignupInput,
  SignupMode,
  type SignupStarted,
  type SignupState,
  type SignupStatus,
} from './billing.types.js';

// Self-service onboarding: the pricing page, sign-up → Stripe Checkout → the signed webhook →
// provisioning through the admin panel's own createTenant → an activation email; then the
// subscription's life (renewals, a failed payment's grace, read-only, back on payment), and the
// changes its admins make in Stripe's billing portal, which come back as events: the webhook is
// the one source of truth for plan and standing.

export function signupMode(services: Services): SignupMode {
  if (services.config.billing.stripe) return SignupMode.CHECKOUT;
  return services.config.allowOpenRegistration ? SignupMode.TRIAL : SignupMode.CLOSED;
}

export function pricing(services: Services): Pricing {
  const { plans, trialDays } = services.config.billing;
  return {
    mode: signupMode(services),
    trialDays,
    plans: plans.map((p) => ({
      level: p.level as PlanLevel,
      name: p.name,
      maxUnits: p.maxUnits,
      aiPlanning: p.aiPlanning,
      contactSales: p.contactSales,
      monthlyPrice: p.monthlyCents,
      annualPrice: p.annualCents,
      annualSavingsPercent:
        p.monthlyCents && p.annualCents !== null
          ? Math.floor((1 - p.annualCents / (12 * p.monthlyCents)) * 100)
          : null,
    })),
  };
}

function planFor(services: Services, input: SignupInput): PlanConfig {
  const plan = services.config.billing.plans.find((p) => p.level === input.planLevel);
  if (!plan || plan.contactSales) {
    throw badInput(
      [{ field: 'planLevel', message: 'Choose a plan offered on the pricing page' }],
      plan
        ? `${plan.name} is sold by contract: contact us`
        : 'Choose a plan offered on the pricing page',
    );
  }
  if (plan.maxUnits !== null && input.unitCount > plan.maxUnits) {
    const bigger = services.config.billing.plans.find(
      (p) => p.maxUnits === null || p.maxUnits >= input.unitCount,
    );
    const message = `${plan.name} covers up to ${plan.maxUnits} units${
      bigger ? `: choose ${bigger.name} for ${input.unitCount}` : ''
    }`;
    throw badInput([{ field: 'unitCount', message }], message);
  }
  return plan;
}

export async function startSignup(ctx: Context, input: SignupInput): Promise<SignupStarted> {
  const mode = signupMode(ctx.services);
  if (mode === SignupMode.CLOSED) throw forbidden('Sign-up is closed');
  const email = normalizeEmail(input.email);
  await ctx.services.rateLimiter.consume('register', { ip: ctx.meta.ip, email });
  const associationName = input.associationName.trim();
  const contactName = input.contactName.trim();
  const details = [
    ...(associationName
      ? []
      : [{ field: 'associationName', message: 'Enter the association name' }]),
    ...(contactName ? [] : [{ field: 'contactName', message: 'Enter your name' }]),
  ];
  if (details.length) throw badInput(details, details[0].message);
  const plan = planFor(ctx.services, input);
  const startingChart = input.startingChart ?? StartingChart.MINIMAL;
  const { trialDays, stripe } = ctx.services.config.billing;
  const id = randomUUID();
  const { token: statusKey, hash } = newOpaqueToken();
  const em = ctx.platformEm;
  await insertSignup(em, {
    id,
    association_name: associationName,
    contact_name: contactName,
    email,
    unit_count: input.unitCount,
    plan_level: plan.level,
    billing_interval: input.interval,
    trial: mode === SignupMode.TRIAL || trialDays > 0,
    status_key_hash: hash,
  });
  const base = ctx.services.publicUrl;
  if (mode === SignupMode.TRIAL) {
    // No payment: provisioned at once, on the job queue; the browser polls signupStatus.
    await queueProvisioning(ctx.services, {
      signupId: id,
      checkout: null,
      at: Date.now(),
      chart: startingChart,
    });
    return { signupId: id, statusKey, checkoutUrl: null };
  }
  // Stripe unreachable or refusing: a typed 503 the browser may retry, never INTERNAL.
  const session = await createCheckout(stripe!, {
    mode: 'subscription',
    line_items: [{ price: stripe!.prices[`${plan.level}:${input.interval}`], quantity: 1 }],
    customer_email: email,
    client_reference_id: id,
    // The chart choice has no column of its own: it travels with the session to provisioning.
    metadata: { signupId: id, planLevel: plan.level, interval: input.interval, startingChart },
    subscription_data: {
      metadata: { signupId: id },
      ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
    },
    success_url: `${base}/signup/setting-up?signup=${id}&key=${encodeURIComponent(statusKey)}`,
    cancel_url: `${base}/pricing?canceled=1`,
  });
  if (!session) {
    throw serviceUnavailable('The payment page could not be opened; try again shortly', 30);
  }
  await setCheckoutSession(em, id, session.id);
  if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
  return { signupId: id, statusKey, checkoutUrl: session.url };
}

async function createCheckout(
  config: NonNullable<Services['config']['billing']['stripe']>,
  params: Stripe.Checkout.SessionCreateParams,
): Promise<Stripe.Checkout.Session | null> {
  try {
    return await stripeClient(config).checkout.sessions.create(params);
  } catch (err) {
    console.error('Stripe Checkout session failed:', err instanceof Error ? err.message : err);
    return null;
  }
}

export async function signupStatus(ctx: Context, id: string, key: string): Promise<SignupStatus> {
  const row = isId(id) ? await selectSignup(ctx.platformEm, id) : null;
  // A wrong key is the same NOT_FOUND as no sign-up: the key is the only proof.
  if (!row || row.status_key_hash !== hashOpaqueToken(key)) throw notFound('Sign-up');
  return {
    state: row.status as SignupState,
    associationName: row.association_name,
    email: row.email,
  };
}

const fromUnix = (seconds: number) => new Date(seconds * 1000);
const utcDate = (at: Date) => dateIn('UTC', at);

// The chart chosen at sign-up, as the checkout session's metadata carries it back.
const chartOf = (value: string | undefined): StartingChart =>
  value === StartingChart.STANDARD ? StartingChart.STANDARD : StartingChart.MINIMAL;

// Provisions a sign-up's association, once. `checkout` is the completed Stripe Checkout session
// (null for a trial without payment). A failure leaves nothing behind (createTenant is atomic),
// marks the sign-up failed and is thrown, so the webhook answers non-2xx and Stripe retries.
export async function provisionSignup(
  services: Services,
  signupId: string,
  checkout: Stripe.Checkout.Session | null,
  at: Date = new Date(),
  chart: StartingChart | null = null,
): Promise<string | null> {
  const em = services.platformOrm.em.fork() as EntityManager;
  const signup = await claimSignup(em, signupId);
  if (!signup) {
    const row = await selectSignup(em, signupId);
    if (row?.status === 'provisioning') {
      throw new Error(`Sign-up ${signupId} is being provisioned by another delivery`);
    }
    return row?.organization_id ?? null; // ready already (a replay), or unknown
  }
  const { trialDays } = services.config.billing;
  const today = utcDate(at);
  const interval = signup.billing_interval as Interval;
  const trialing = signup.trial && trialDays > 0;
  const renewal = trialing
    ? addDays(today, trialDays)
    : addMonths(today, interval === BillingInterval.ANNUAL ? 12 : 1);
  const id = (v: string | { id: string } | null | undefined) =>
    typeof v === 'string' ? v : (v?.id ?? null);
  try {
    const orgId = await createTenant(
      services,
      null,
      {
        name: signup.association_name,
        adminEmail: signup.email,
        planLevel: signup.plan_level as PlanLevel,
        startingChart: chart ?? chartOf(checkout?.metadata?.startingChart),
      },
      {},
      {
        contactName: signup.contact_name,
        billingStatus: trialing ? 'trialing' : 'active',
        billingInterval: interval,
        // A trial without payment stops taking writes when it ends (plus no grace: nothing failed).
        readOnlyFrom: checkout ? null : new Date(at.getTime() + trialDays * 86_400_000),
        paymentDate: checkout && !trialing ? today : null,
        renewalDate: renewal,
        confirmationNumber: checkout ? (id(checkout.invoice) ?? checkout.id) : null,
        stripeCustomerId: checkout ? id(checkout.customer) : null,
        stripeSubscriptionId: checkout ? id(checkout.subscription) : null,
      },
    );
    await finishSignup(em, signupId, { organizationId: orgId });
    return orgId;
  } catch (err) {
    await finishSignup(em, signupId, { error: err instanceof Error ? err.message : String(err) });
    throw err;
  }
}

export const PROVISION_JOB = 'provision-signup';

interface ProvisionJob {
  signupId: string;
  checkout: Stripe.Checkout.Session | null;
  // When it was paid (the event's time), in milliseconds.
  at: number;
  chart: StartingChart | null;
}

function queueProvisioning(services: Services, job: ProvisionJob) {
  return services.jobs.send(PROVISION_JOB, job, { key: job.signupId });
}

// A sign-up's association is provisioned by a job: once (a second job for it finds it done), and
// tried again with backoff when it fails (nothing half-made stays behind: createTenant is atomic).
export function defineBillingJobs(services: Services): void {
  services.jobs.define<ProvisionJob>({
    name: PROVISION_JOB,
    policy: 'stately',
    retryLimit: 5,
    retryDelay: services.config.jobs.retrySeconds,
    retryBackoff: true,
    expireInSeconds: 300,
    handler: async (job) => ({
      organizationId: await provisionSignup(
        services,
        job.signupId,
        job.checkout,
        new Date(job.at),
        job.chart,
      ),
    }),
  });
}

function subscriptionOf(obj: Record<string, unknown>): string | null {
  const direct = obj.subscription;
  if (typeof direct === 'string') return direct;
  // Newer API versions name an invoice's subscription under parent.subscription_details.
  const parent = obj.parent as { subscription_details?: { subscription?: unknown } } | undefined;
  const nested = parent?.subscription_details?.subscription;
  if (typeof nested === 'string') return nested;
  return (direct as { id?: string } | null)?.id ?? null;
}

const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : ((v as { id?: string } | null)?.id ?? null);

export type WebhookOutcome = 'processed' | 'queued' | 'duplicate' | 'ignored';

// One verified Stripe event, idempotent per event id: a replay does nothing twice.
export async function handleStripeEvent(
  services: Services,
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  const em = services.platformOrm.em.fork() as EntityManager;
  if (await eventSeen(em, event.id)) return 'duplicate';
  const obj = event.data.object as unknown as Record<string, unknown>;
  let orgId: string | null = null;
  let outcome: WebhookOutcome = 'processed';
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object as Stripe.Checkout.Session;
      const signupId = session.client_reference_id ?? session.metadata?.signupId ?? null;
      if (!signupId || !isId(signupId) || !(await selectSignup(em, signupId))) {
        outcome = 'ignored'; // not a sign-up of ours
        break;
      }
      // Creating the association's database takes seconds: the job queue does it (retried
      // there), and Stripe gets its answer at once. The sign-up's status says when it is ready.
      await queueProvisioning(services, {
        signupId,
        checkout: session,
        at: event.created * 1000,
        chart: null,
      });
      outcome = 'queued';
      break;
    }
    case 'invoice.paid': {
      orgId = await organizationForSubscription(em, subscriptionOf(obj), idOf(obj.customer));
      if (!orgId) {
        outcome = 'ignored'; // e.g. the first invoice, before its checkout provisioned anything
        break;
      }
      const lines = (obj.lines as { data?: { period?: { end?: number } }[] } | undefined)?.data;
      const periodEnd = lines?.[0]?.period?.end ?? (obj.period_end as number | undefined);
      const paidAt =
        (obj.status_transitions as { paid_at?: number | null } | undefined)?.paid_at ??
        event.created;
      const applied = await markPaid(
        em,
        orgId,
        {
          paymentDate: utcDate(fromUnix(paidAt)),
          renewalDate: periodEnd ? utcDate(fromUnix(periodEnd)) : null,
          confirmationNumber: (obj.number as string | null) ?? (obj.id as string),
        },
        event.created,
      );
      if (!applied) outcome = 'ignored'; // older than what was applied already
      break;
    }
    case 'invoice.payment_failed':
    case 'customer.subscription.deleted': {
      const subscription =
        event.type === 'customer.subscription.deleted' ? idOf(obj.id) : subscriptionOf(obj);
      orgId = await organizationForSubscription(em, subscription, idOf(obj.customer));
      if (!orgId) {
        outcome = 'ignored';
        break;
      }
      const applied = await startGrace(
        em,
        orgId,
        event.type === 'invoice.payment_failed' ? 'past_due' : 'canceled',
        services.config.billing.graceDays,
        event.created,
      );
      if (!applied) outcome = 'ignored';
      break;
    }
    // Plan changes, cancelation at the period's end and its undoing, made in the billing portal.
    case 'customer.subscription.created':
    case 'customer.subscription.updated': {
      const sub = event.data.object as Stripe.Subscription;
      orgId = await organizationForSubscription(em, sub.id, idOf(sub.customer));
      if (!orgId) {
        outcome = 'ignored'; // a sign-up's subscription, before its checkout provisioned anything
        break;
      }
      const applied = await applySubscription(
        em,
        orgId,
        subscriptionState(services, sub),
        services.config.billing.graceDays,
        event.created,
      );
      if (!applied) outcome = 'ignored';
      break;
    }
    default:
      outcome = 'ignored';
  }
  if (orgId && outcome === 'processed' && event.type !== 'checkout.session.completed') {
    await recordAudit(em, {
      actor: { userId: null },
      action: `billing.${event.type}`,
      entityType: 'Organization',
      entityId: orgId,
      organizationId: orgId,
      details: { eventId: event.id },
    });
    // At once in this process; the others see it within the directory's 60 s.
    forgetTenant(services, orgId);
  }
  await recordEvent(em, { id: event.id, type: event.type, organizationId: orgId });
  return outcome;
}

// Stripe's standing of a subscription, in ours; null leaves ours as it is (an incomplete first
// payment: checkout's own events decide).
type Standing = 'active' | 'trialing' | 'past_due' | 'canceled';
const STANDING: Partial<Record<Stripe.Subscription.Status, Standing>> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  unpaid: 'past_due',
  // A trial that ended without a payment method: nothing is being paid.
  paused: 'past_due',
  canceled: 'canceled',
};

// What a subscription event says, in the organization's terms. The plan comes from the price
// (STRIPE_PRICES, read backwards); a price that is not ours leaves the plan as it was.
function subscriptionState(services: Services, sub: Stripe.Subscription) {
  const item = sub.items?.data?.[0];
  const priceId = idOf(item?.price);
  const prices = services.config.billing.stripe?.prices ?? {};
  const key = Object.keys(prices).find((k) => prices[k] === priceId);
  const [level, interval] = key ? key.split(':') : [null, null];
  // Newer API versions keep the period on the item; older ones on the subscription.
  const periodEnd =
    item?.current_period_end ??
    (sub as unknown as { current_period_end?: number }).current_period_end ??
    null;
  const cancelAt = sub.cancel_at ?? (sub.cancel_at_period_end ? periodEnd : null);
  return {
    planLevel: level,
    interval: (interval as 'monthly' | 'annual' | null) ?? null,
    renewalDate: periodEnd ? utcDate(fromUnix(periodEnd)) : null,
    cancelAt: sub.status === 'canceled' ? null : cancelAt,
    status: STANDING[sub.status] ?? null,
  };
}

// The plan and subscription of an organization the caller belongs to (OrganizationMembership).
export async function organizationBilling(
  services: Services,
  orgId: string,
): Promise<OrganizationBilling | null> {
  const entry = await findTenant(services, orgId);
  if (!entry) return null;
  const details = await selectBillingDetails(
    services.platformOrm.em.fork() as EntityManager,
    orgId,
  );
  const plan = planLimits(services.config, entry.planLevel);
  return {
    planLevel: entry.planLevel as PlanLevel,
    planName: plan.name,
    status: entry.billingStatus as BillingStatus,
    readOnly: isReadOnly(entry),
    readOnlyFrom: entry.readOnlyFrom,
    renewalDate: details?.renewal_date ?? null,
    maxUnits: plan.maxUnits,
    aiPlanning: plan.aiPlanning,
    interval: (details?.billing_interval as BillingInterval | null) ?? null,
    lastPaymentDate: details?.payment_date ?? null,
    cancelAt: details?.billing_cancel_at ? new Date(details.billing_cancel_at) : null,
    portalAvailable: !!services.config.billing.stripe && !!details?.stripe_customer_id,
  };
}

// A session of Stripe's billing portal for the caller's association (its admins only: the
// permission table), where plan, card, invoices and cancelation are changed; what changes comes
// back as webhook events. It stays open while the books are read-only: it is the way out.
export async function createBillingPortalSession(ctx: Context): Promise<BillingPortalSession> {
  const orgId = ctx.org!.orgId;
  // The card and the subscription are the association's own business, not support's.
  if (ctx.auth?.impersonatedBy) {
    throw forbidden("Billing is managed by the association's own admins, not while impersonating");
  }
  const stripe = ctx.services.config.billing.stripe;
  if (!stripe) {
    throw new AppError(
      'CONFLICT',
      'Online billing is not set up on this server: the plan is managed by the platform administrator',
      undefined,
      { reason: 'BILLING_NOT_CONFIGURED' },
    );
  }
  const details = await selectBillingDetails(ctx.platformEm, orgId);
  if (!details?.stripe_customer_id) {
    throw new AppError(
      'CONFLICT',
      'This association is billed by agreement, not online: contact Covenant support to change the plan',
      undefined,
      { reason: 'NO_STRIPE_CUSTOMER' },
    );
  }
  let session: Stripe.BillingPortal.Session;
  try {
    session = await stripeClient(stripe).billingPortal.sessions.create({
      customer: details.stripe_customer_id,
      return_url: `${ctx.services.publicUrl}/billing`,
    });
  } catch (err) {
    console.error(
      'Stripe billing portal session failed:',
      err instanceof Error ? err.message : err,
    );
    // Refused (an unknown customer, no portal settings saved at Stripe): trying again won't help.
    if ((err as { type?: string }).type === 'StripeInvalidRequestError') {
      throw new AppError(
        'CONFLICT',
        'Stripe refused to open the billing portal for this association: contact Covenant support',
        undefined,
        { reason: 'STRIPE_REFUSED' },
      );
    }
    throw serviceUnavailable('The billing portal could not be opened; try again shortly', 30);
  }
  return { url: session.url };
}
