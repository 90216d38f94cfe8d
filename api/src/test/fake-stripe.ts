import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

// A local stand-in for the parts of Stripe that sign-up uses, speaking its protocol so the real
// SDK runs against it: POST /v1/checkout/sessions (form-encoded, bearer key), a hosted checkout
// page that a browser "pays" on, and webhook deliveries signed with the SDK's own test helper.

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
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  prices: string;
  // Where the API takes webhooks; set once the app listens.
  webhookUrl: string;
  checkoutCalls: CheckoutCall[];
  sessions: Map<string, FakeSession>;
  // The event Stripe would send for a completed checkout (unsigned).
  checkoutCompletedEvent(sessionId: string): Stripe.Event;
  // A subscription event of a session's customer (invoice.paid, invoice.payment_failed, …).
  subscriptionEvent(
    sessionId: string,
    type: 'invoice.paid' | 'invoice.payment_failed' | 'customer.subscription.deleted',
    extra?: Record<string, unknown>,
  ): Stripe.Event;
  // Posts an event to the webhook, signed (or with the given signature header).
  deliver(event: Stripe.Event, signature?: string): Promise<{ status: number; body: unknown }>;
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
    },
    success_url: s.params.get('success_url'),
    cancel_url: s.params.get('cancel_url'),
  };
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font:16px system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f6f8fa;color:#1f2328}
main{background:#fff;border:1px solid #d0d7de;border-radius:12px;padding:32px;max-width:360px;width:calc(100% - 64px)}
button{font:inherit;width:100%;padding:12px;border-radius:8px;border:0;background:#635bff;color:#fff;cursor:pointer}</style></head>
<body><main>${body}</main></body></html>`;

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const stripe = new Stripe(secretKey);
  const checkoutCalls: CheckoutCall[] = [];
  const sessions = new Map<string, FakeSession>();
  let base = '';
  const fake = {} as FakeStripe;

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
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
        };
        sessions.set(s.id, s);
        json(200, sessionObject(s, base));
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
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  Object.assign(fake, {
    url: base,
    secretKey,
    webhookSecret,
    prices:
      'starter:monthly=price_starter_m,starter:annual=price_starter_a,' +
      'professional:monthly=price_pro_m,professional:annual=price_pro_a',
    webhookUrl: '',
    checkoutCalls,
    sessions,
    checkoutCompletedEvent(sessionId: string) {
      const s = sessions.get(sessionId)!;
      s.completed = true;
      return stripeEvent('checkout.session.completed', sessionObject(s, base));
    },
    subscriptionEvent(sessionId, type, extra = {}) {
      const s = sessions.get(sessionId)!;
      if (type === 'customer.subscription.deleted') {
        return stripeEvent(type, {
          id: s.subscription,
          object: 'subscription',
          customer: s.customer,
          status: 'canceled',
          ...extra,
        });
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
