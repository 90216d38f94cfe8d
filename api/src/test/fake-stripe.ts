import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createFakeConnect, type FakeConnect } from './fake-stripe-connect.js';

// A local stand-in for the parts of Stripe that sign-up and billing use, speaking its protocol so
// the real SDK runs against it: POST /v1/checkout/sessions and POST /v1/billing_portal/sessions
// (form-encoded, bearer key), a hosted checkout page that a browser "pays" on, a hosted billing
// portal where it changes the plan or cancels, and webhook deliveries signed with the SDK's own
// test helper. Stripe Connect (owners' online payments on the associations' own accounts) is
// fake-stripe-connect.ts, served on the same port: `connect`.

export interface CheckoutCall {
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  params: URLSearchParams;
}

export interface FakeSession {
  id: string;
  params: URLSearchParams;
  customer: string;
  subscription: string;
  invoice: string;
  completed: boolean;
  // The subscription as the portal leaves it.
  status: 'trialing' | 'active' | 'past_due' | 'canceled';
  price: string;
  cancelAtPeriodEnd: boolean;
  periodEnd: number;
}

export interface PortalSession {
  id: string;
  customer: string;
  returnUrl: string | null;
  url: string;
}

export type SubscriptionEventType =
  | 'invoice.paid'
  | 'invoice.payment_failed'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted';

export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  prices: string;
  // Where the API takes webhooks; set once the app listens.
  webhookUrl: string;
  checkoutCalls: CheckoutCall[];
  sessions: Map<string, FakeSession>;
  // POST /v1/billing_portal/sessions as received, and the sessions made.
  portalCalls: CheckoutCall[];
  portalSessions: Map<string, PortalSession>;
  // The event Stripe would send for a completed checkout (unsigned).
  checkoutCompletedEvent(sessionId: string): Stripe.Event;
  // A subscription event of a session's customer (invoice.paid, invoice.payment_failed, …);
  // `extra` overrides fields of the event's object.
  subscriptionEvent(
    sessionId: string,
    type: SubscriptionEventType,
    extra?: Record<string, unknown>,
  ): Stripe.Event;
  // Posts an event to the webhook, signed (or with the given signature header).
  deliver(event: Stripe.Event, signature?: string): Promise<{ status: number; body: unknown }>;
  // Stripe Connect: connected accounts, their checkouts, payments, payouts and events.
  connect: FakeConnect;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function stripeEvent(type: string, object: Record<string, unknown>): Stripe.Event {
  return {
    id: id('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  } as unknown as Stripe.Event;
}

function sessionObject(s: FakeSession, base: string) {
  return {
    id: s.id,
    object: 'checkout.session',
    mode: 'subscription',
    status: s.completed ? 'complete' : 'open',
    payment_status: s.completed ? 'paid' : 'unpaid',
    url: `${base}/pay/${s.id}`,
    client_reference_id: s.params.get('client_reference_id'),
    customer_email: s.params.get('customer_email'),
    customer: s.completed ? s.customer : null,
    subscription: s.completed ? s.subscription : null,
    invoice: s.completed ? s.invoice : null,
    metadata: {
      signupId: s.params.get('metadata[signupId]'),
      planLevel: s.params.get('metadata[planLevel]'),
      interval: s.params.get('metadata[interval]'),
      startingChart: s.params.get('metadata[startingChart]'),
    },
    success_url: s.params.get('success_url'),
    cancel_url: s.params.get('cancel_url'),
  };
}

// A subscription in Stripe's wire format (API 2026-10: the period lives on the item).
function subscriptionObject(s: FakeSession, status: string = s.status) {
  const start = s.periodEnd - 31 * 86_400;
  const interval = /_a$/.test(s.price) ? 'year' : 'month';
  return {
    id: s.subscription,
    object: 'subscription',
    customer: s.customer,
    status,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    cancel_at: s.cancelAtPeriodEnd ? s.periodEnd : null,
    canceled_at: s.cancelAtPeriodEnd ? Math.floor(Date.now() / 1000) : null,
    livemode: false,
    metadata: { signupId: s.params.get('metadata[signupId]') },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${s.subscription.slice(4)}`,
          object: 'subscription_item',
          quantity: 1,
          current_period_start: start,
          current_period_end: s.periodEnd,
          price: {
            id: s.price,
            object: 'price',
            currency: 'usd',
            recurring: { interval, interval_count: 1 },
          },
        },
      ],
      has_more: false,
    },
  };
}

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font:16px system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f6f8fa;color:#1f2328}
main{background:#fff;border:1px solid #d0d7de;border-radius:12px;padding:32px;max-width:360px;width:calc(100% - 64px)}
button{font:inherit;width:100%;padding:12px;border-radius:8px;border:0;background:#635bff;color:#fff;cursor:pointer}</style></head>
<body><main>${body}</main></body></html>`;

// `tls`: served over https with that key and certificate (production refuses a plain-http
// STRIPE_API_URL; a test of the production shape trusts the certificate with NODE_EXTRA_CA_CERTS).
export async function startFakeStripe(
  opts: { tls?: { key: string; cert: string } } = {},
): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const stripe = new Stripe(secretKey);
  const checkoutCalls: CheckoutCall[] = [];
  const sessions = new Map<string, FakeSession>();
  const portalCalls: CheckoutCall[] = [];
  const portalSessions = new Map<string, PortalSession>();
  let base = '';
  const fake = {} as FakeStripe;
  const connect = createFakeConnect({ secretKey, base: () => base });

  const handler: RequestListener = (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      try {
        if (await connect.handle(req, res, url)) return;
      } catch (err) {
        // A stand-in's own bug reads as Stripe's 500, never a hung request.
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
        return;
      }
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (req.headers.authorization !== `Bearer ${secretKey}`) {
          json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
          return;
        }
        const params = new URLSearchParams(await readBody(req));
        checkoutCalls.push({
          authorization: req.headers.authorization,
          idempotencyKey: req.headers['idempotency-key'] as string | undefined,
          params,
        });
        const s: FakeSession = {
          id: id('cs'),
          params,
          customer: id('cus'),
          subscription: id('sub'),
          invoice: id('in'),
          completed: false,
          status: params.get('subscription_data[trial_period_days]') ? 'trialing' : 'active',
          price: params.get('line_items[0][price]') ?? '',
          cancelAtPeriodEnd: false,
          periodEnd: Math.floor(Date.now() / 1000) + 31 * 86_400,
        };
        sessions.set(s.id, s);
        json(200, sessionObject(s, base));
        return;
      }
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        if (req.headers.authorization !== `Bearer ${secretKey}`) {
          json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
          return;
        }
        const params = new URLSearchParams(await readBody(req));
        portalCalls.push({
          authorization: req.headers.authorization,
          idempotencyKey: req.headers['idempotency-key'] as string | undefined,
          params,
        });
        const customer = params.get('customer') ?? '';
        // Stripe knows the customers its checkouts made, and no others.
        if (![...sessions.values()].some((c) => c.completed && c.customer === customer)) {
          json(400, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              param: 'customer',
              message: `No such customer: '${customer}'`,
            },
          });
          return;
        }
        const p: PortalSession = {
          id: id('bps'),
          customer,
          returnUrl: params.get('return_url'),
          url: '',
        };
        p.url = `${base}/p/session/${p.id}`;
        portalSessions.set(p.id, p);
        json(200, {
          id: p.id,
          object: 'billing_portal.session',
          configuration: 'bpc_test_default',
          created: Math.floor(Date.now() / 1000),
          customer: p.customer,
          customer_account: null,
          flow: null,
          livemode: false,
          locale: null,
          on_behalf_of: null,
          return_url: p.returnUrl,
          url: p.url,
        });
        return;
      }
      const portal = /^\/p\/session\/(\w+)(?:\/(cancel|renew|switch))?$/.exec(url.pathname);
      const ps = portal ? portalSessions.get(portal[1]) : undefined;
      const sub = ps && [...sessions.values()].find((c) => c.customer === ps.customer);
      if (portal && ps && sub && req.method === 'GET' && !portal[2]) {
        const until = new Date(sub.periodEnd * 1000).toISOString().slice(0, 10);
        const other = sub.price === 'price_pro_a' ? 'price_starter_a' : 'price_pro_a';
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          page(
            'Billing portal',
            `<h1>Manage your subscription</h1><p data-testid="portal-price">${escapeHtml(sub.price)}</p>
<p data-testid="portal-state">${sub.cancelAtPeriodEnd ? `Cancels ${until}` : `Renews ${until}`}</p>
<form method="post" action="${ps.url}/switch"><input type="hidden" name="price" value="${other}"><button type="submit">Switch to ${other}</button></form>
<form method="post" action="${ps.url}/${sub.cancelAtPeriodEnd ? 'renew' : 'cancel'}"><button type="submit">${sub.cancelAtPeriodEnd ? 'Renew plan' : 'Cancel plan'}</button></form>
<p><a href="${escapeHtml(ps.returnUrl ?? '/')}">Return to Covenant</a></p>`,
          ),
        );
        return;
      }
      if (portal && ps && sub && req.method === 'POST' && portal[2]) {
        // The change is Stripe's: it reaches the app only as the signed webhook event.
        if (portal[2] === 'switch') {
          sub.price = new URLSearchParams(await readBody(req)).get('price') ?? sub.price;
        } else {
          sub.cancelAtPeriodEnd = portal[2] === 'cancel';
        }
        await fake
          .deliver(fake.subscriptionEvent(sub.id, 'customer.subscription.updated'))
          .catch(() => undefined);
        res.writeHead(303, { location: ps.url });
        res.end();
        return;
      }
      const pay = /^\/pay\/([\w]+)$/.exec(url.pathname);
      const s = pay ? sessions.get(pay[1]) : undefined;
      if (pay && s && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          page(
            'Checkout',
            `<h1>Pay for Covenant</h1><p>${s.params.get('customer_email') ?? ''}</p>
<form method="post"><button type="submit">Subscribe</button></form>`,
          ),
        );
        return;
      }
      if (pay && s && req.method === 'POST') {
        // Paid: Stripe sends the signed webhook, then sends the browser to the success URL.
        s.completed = true;
        await fake.deliver(fake.checkoutCompletedEvent(s.id)).catch(() => undefined);
        res.writeHead(303, { location: s.params.get('success_url') ?? '/' });
        res.end();
        return;
      }
      if (url.pathname === '/favicon.ico') {
        res.writeHead(204);
        res.end();
        return;
      }
      json(404, { error: { type: 'invalid_request_error', message: `No route ${url.pathname}` } });
    })();
  };
  const server = opts.tls ? createTlsServer(opts.tls, handler) : createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const scheme = opts.tls ? 'https' : 'http';
  base = `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;

  Object.assign(fake, {
    url: base,
    secretKey,
    webhookSecret,
    prices:
      'starter:monthly=price_starter_m,starter:annual=price_starter_a,' +
      'professional:monthly=price_pro_m,professional:annual=price_pro_a',
    webhookUrl: '',
    connect,
    checkoutCalls,
    sessions,
    portalCalls,
    portalSessions,
    checkoutCompletedEvent(sessionId: string) {
      const s = sessions.get(sessionId)!;
      s.completed = true;
      return stripeEvent('checkout.session.completed', sessionObject(s, base));
    },
    subscriptionEvent(sessionId, type, extra = {}) {
      const s = sessions.get(sessionId)!;
      // Stripe's own record of the subscription follows its invoices.
      if (type === 'invoice.paid') s.status = 'active';
      if (type === 'invoice.payment_failed') s.status = 'past_due';
      if (type === 'customer.subscription.deleted') {
        s.status = 'canceled';
        return stripeEvent(type, { ...subscriptionObject(s), ...extra });
      }
      if (type === 'customer.subscription.updated') {
        return stripeEvent(type, { ...subscriptionObject(s), ...extra });
      }
      const now = Math.floor(Date.now() / 1000);
      return stripeEvent(type, {
        id: id('in'),
        object: 'invoice',
        number: `INV-${randomBytes(3).toString('hex').toUpperCase()}`,
        customer: s.customer,
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: s.subscription },
        },
        status: type === 'invoice.paid' ? 'paid' : 'open',
        status_transitions: { paid_at: type === 'invoice.paid' ? now : null },
        lines: { object: 'list', data: [{ period: { start: now, end: now + 31 * 86_400 } }] },
        ...extra,
      });
    },
    async deliver(event: Stripe.Event, signature?: string) {
      const payload = JSON.stringify(event);
      const header =
        signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      const res = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        body: payload,
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, body };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies Partial<FakeStripe>);
  return fake;
}
