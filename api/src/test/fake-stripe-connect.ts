import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';

// The Stripe Connect half of the local stand-in (fake-stripe.ts serves it on the same port): what
// owners' online payments and AutoPay use, in Stripe's wire format, so the real SDK runs against
// it. Calls on a connected account carry the `Stripe-Account` header, as the SDK sends it.
//
// - Accounts (POST /v1/accounts, type standard; GET /v1/accounts/:id) and account links
//   (POST /v1/account_links) with a hosted onboarding page (/c/onboard/:account) whose button
//   turns charges and payouts on, sends `account.updated` and returns to the link's return_url.
// - Checkout sessions on a connected account (POST /v1/checkout/sessions + Stripe-Account) in
//   payment mode (line_items with price_data, allowed_payment_method_types — payment_method_types
//   in older API versions — card or us_bank_account,
//   metadata, payment_intent_data[metadata]) and setup mode (customer, setup_intent_data); a
//   hosted page (/c/pay/:session) where a browser picks one of TEST_INSTRUMENTS and pays (or
//   saves it); a declined card stays on the page with the decline.
// - Customers, payment methods, setup intents, payment intents (off-session confirm for AutoPay,
//   idempotent by Idempotency-Key), refunds, balance transactions (GET /v1/balance_transactions
//   ?payout=…, expand data.source) with Stripe's fees (card 2.9 % + 30¢, ACH 0.8 % capped at $5),
//   disputes (an ACH return: 15.00 dispute fee) and payouts.
// - Events signed with the Connect endpoint's secret and delivered to `webhookUrl` with `account`
//   set: account.updated, checkout.session.completed / async_payment_succeeded /
//   async_payment_failed / expired, payment_intent.succeeded / payment_failed,
//   charge.dispute.created, payout.paid. A bank payment stays `processing` until a test settles it
//   (settleBankPayment), as ACH takes days.

export type Instrument =
  | 'card_credit'
  | 'card_debit'
  | 'card_declined'
  | 'card_fails_later'
  | 'bank_success'
  | 'bank_failure';

// What the hosted checkout page offers: Stripe's own test numbers.
export const TEST_INSTRUMENTS: Record<
  Instrument,
  {
    label: string;
    kind: 'card' | 'us_bank_account';
    last4: string;
    funding?: 'credit' | 'debit';
    // Saved fine, but declined when charged off-session (Stripe's 4000 0000 0000 0341).
    declinesLater?: boolean;
    declines?: boolean;
    // A bank payment that fails when it settles (R01, insufficient funds).
    fails?: boolean;
  }
> = {
  card_credit: {
    label: 'Visa credit 4242 4242 4242 4242',
    kind: 'card',
    last4: '4242',
    funding: 'credit',
  },
  card_debit: {
    label: 'Visa debit 4000 0566 5566 5556',
    kind: 'card',
    last4: '5556',
    funding: 'debit',
  },
  card_declined: {
    label: 'Declined card 4000 0000 0000 0002',
    kind: 'card',
    last4: '0002',
    funding: 'credit',
    declines: true,
  },
  card_fails_later: {
    label: 'Visa 4000 0000 0000 0341 (saves, then declines)',
    kind: 'card',
    last4: '0341',
    funding: 'credit',
    declinesLater: true,
  },
  bank_success: {
    label: 'Stripe Test Bank, account 000123456789',
    kind: 'us_bank_account',
    last4: '6789',
  },
  bank_failure: {
    label: 'Stripe Test Bank, account 000222222227 (insufficient funds)',
    kind: 'us_bank_account',
    last4: '2227',
    fails: true,
  },
};

/* eslint-disable @typescript-eslint/no-explicit-any -- Stripe's wire objects, built loosely */
type Obj = Record<string, any>;

export interface ConnectCall {
  method: string;
  path: string;
  account: string | undefined;
  idempotencyKey: string | undefined;
  params: Obj;
}

export interface Delivery {
  type: string;
  account: string;
  status: number;
  body: unknown;
}

export interface FakeConnect {
  // The Connect endpoint (set once the app listens) and its signing secret.
  webhookUrl: string;
  webhookSecret: string;
  calls: ConnectCall[];
  // Every event sent (to replay one), and what the endpoint answered each delivery.
  events: Stripe.Event[];
  deliveries: Delivery[];
  accounts: Map<string, Obj>;
  sessions: Map<string, Obj>;
  paymentIntents: Map<string, Obj>;
  charges: Map<string, Obj>;
  balanceTransactions: Obj[];
  payouts: Map<string, Obj>;
  // Turns an account's charges and payouts on (what its hosted onboarding page does), without
  // sending account.updated.
  enable(accountId: string): void;
  // Pays a session as its hosted page would (the webhook deliveries awaited), or saves the
  // payment method of a setup session.
  pay(sessionId: string, instrument?: Instrument): Promise<void>;
  // An ACH payment settles: succeeded (or failed, as its instrument says or `outcome` forces).
  settleBankPayment(paymentIntentId: string, outcome?: 'succeeded' | 'failed'): Promise<void>;
  // The bank returns a paid ACH debit (or the cardholder disputes): charge.dispute.created.
  dispute(paymentIntentId: string, reason?: string): Promise<Delivery>;
  // Pays out the account's balance (every transaction not yet paid out): payout.paid.
  payout(accountId: string, arrivalDate?: string): Promise<{ payout: Obj; delivery: Delivery }>;
  // A checkout session left unpaid expires: checkout.session.expired.
  expire(sessionId: string): Promise<Delivery>;
  // An event of a connected account (unsigned), and its signed delivery (or with `signature`).
  event(type: string, account: string, object: Obj): Stripe.Event;
  deliver(event: Stripe.Event, signature?: string): Promise<Delivery>;
  // Resolves once every delivery sent in the background (after an API answer) is done.
  settled(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const unix = () => Math.floor(Date.now() / 1000);

export const cardFee = (amount: number) => Math.round(amount * 0.029) + 30;
export const achFee = (amount: number) => Math.min(Math.round(amount * 0.008), 500);
export const DISPUTE_FEE = 1500;

// Stripe's form encoding (a[b][0][c]=x) as nested objects; numeric keys make arrays.
export function parseForm(body: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: any = out;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]);
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return out;
}

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font:16px system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f6f8fa;color:#1f2328}
main{background:#fff;border:1px solid #d0d7de;border-radius:12px;padding:28px;max-width:420px;width:calc(100% - 64px)}
h1{font-size:20px;margin:0 0 12px}table{width:100%;border-collapse:collapse;margin:12px 0}td{padding:4px 0}td:last-child{text-align:right}
label{display:flex;gap:8px;align-items:center;padding:10px;border:1px solid #d0d7de;border-radius:8px;margin:8px 0;cursor:pointer}
.error{color:#cf222e;font-weight:600}a{color:#635bff}
button{font:inherit;width:100%;padding:12px;border-radius:8px;border:0;background:#635bff;color:#fff;cursor:pointer;margin-top:12px}</style></head>
<body><main>${body}</main></body></html>`;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const expansions = (params: Obj): string[] =>
  Array.isArray(params.expand) ? params.expand : params.expand ? [params.expand] : [];

export function createFakeConnect(opts: { secretKey: string; base: () => string }): FakeConnect & {
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
} {
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const signer = new Stripe(opts.secretKey);
  const calls: ConnectCall[] = [];
  const deliveries: Delivery[] = [];
  const events: Stripe.Event[] = [];
  const accounts = new Map<string, Obj>();
  const links = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const customers = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj & { instrument: Instrument }>();
  const setupIntents = new Map<string, Obj>();
  const paymentIntents = new Map<string, Obj>();
  const charges = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const disputes = new Map<string, Obj>();
  const balanceTransactions: Obj[] = [];
  const payouts = new Map<string, Obj>();
  // Idempotency-Key → the answer given (per account), as Stripe replays it.
  const replays = new Map<string, { status: number; body: unknown }>();
  const background = new Set<Promise<unknown>>();

  const fake = {
    webhookUrl: '',
    webhookSecret,
    calls,
    events,
    deliveries,
    accounts,
    sessions,
    paymentIntents,
    charges,
    balanceTransactions,
    payouts,
  } as FakeConnect;

  function event(type: string, account: string, object: Obj): Stripe.Event {
    const ev = {
      id: id('evt'),
      object: 'event',
      account,
      api_version: '2026-10-28.endive',
      created: unix(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    } as unknown as Stripe.Event;
    events.push(ev);
    return ev;
  }

  async function deliver(ev: Stripe.Event, signature?: string): Promise<Delivery> {
    const payload = JSON.stringify(ev);
    const header =
      signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
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
    const d = {
      type: ev.type,
      account: (ev as unknown as { account: string }).account,
      status: res.status,
      body,
    };
    deliveries.push(d);
    return d;
  }

  // Sent after the answer, as Stripe does; settled() waits for them.
  function later(ev: Stripe.Event) {
    const p = deliver(ev).catch(() => undefined);
    background.add(p);
    void p.finally(() => background.delete(p));
  }

  function sessionObject(s: Obj) {
    return {
      id: s.id,
      object: 'checkout.session',
      mode: s.mode,
      status: s.status,
      payment_status: s.payment_status,
      url: `${opts.base()}/c/pay/${s.id}`,
      amount_total: s.amount_total,
      amount_subtotal: s.amount_total,
      currency: 'usd',
      customer: s.customer ?? null,
      customer_email: s.params.customer_email ?? null,
      client_reference_id: s.params.client_reference_id ?? null,
      metadata: s.params.metadata ?? {},
      payment_intent: s.payment_intent ?? null,
      setup_intent: s.setup_intent ?? null,
      payment_method_types: s.payment_method_types,
      success_url: s.params.success_url ?? null,
      cancel_url: s.params.cancel_url ?? null,
      livemode: false,
      created: s.created,
      expires_at: s.created + 86_400,
    };
  }

  function chargeObject(ch: Obj, expand: string[] = []) {
    const bt = balanceTransactions.find((b) => b.id === ch.balance_transaction);
    return {
      ...ch,
      balance_transaction: expand.some((e) => e.endsWith('balance_transaction'))
        ? bt
        : ch.balance_transaction,
    };
  }

  function intentObject(pi: Obj, expand: string[] = []) {
    const ch = pi.latest_charge ? charges.get(pi.latest_charge) : null;
    const want = expand.find((e) => e.startsWith('latest_charge'));
    return {
      ...pi,
      latest_charge: ch && want ? chargeObject(ch, [want]) : (pi.latest_charge ?? null),
    };
  }

  function methodObject(pm: Obj) {
    const { instrument: _i, ...rest } = pm;
    return rest;
  }

  function newPaymentMethod(account: string, instrument: Instrument, customer: string | null) {
    const t = TEST_INSTRUMENTS[instrument];
    const pm = {
      id: id('pm'),
      object: 'payment_method',
      type: t.kind,
      customer,
      instrument,
      ...(t.kind === 'card'
        ? {
            card: {
              brand: 'visa',
              last4: t.last4,
              funding: t.funding,
              exp_month: 12,
              exp_year: 2034,
              country: 'US',
            },
          }
        : {
            us_bank_account: {
              bank_name: 'STRIPE TEST BANK',
              last4: t.last4,
              account_type: 'checking',
              account_holder_type: 'individual',
              routing_number: '110000000',
            },
          }),
      account,
    };
    paymentMethods.set(pm.id, pm);
    return pm;
  }

  function newIntent(account: string, p: Obj, pm: Obj | null, status: string) {
    const pi = {
      id: id('pi'),
      object: 'payment_intent',
      amount: Number(p.amount),
      amount_received: 0,
      currency: 'usd',
      customer: p.customer ?? null,
      description: p.description ?? null,
      metadata: p.metadata ?? {},
      payment_method: pm?.id ?? null,
      payment_method_types: pm ? [pm.type] : (p.payment_method_types ?? ['card']),
      status,
      latest_charge: null as string | null,
      last_payment_error: null as Obj | null,
      created: unix(),
      livemode: false,
      account,
    };
    paymentIntents.set(pi.id, pi);
    return pi;
  }

  // The money arrives: a charge with its balance transaction (available at once here).
  function succeed(pi: Obj) {
    const pm = paymentMethods.get(pi.payment_method)!;
    const fee = pm.type === 'card' ? cardFee(pi.amount) : achFee(pi.amount);
    const chId = id('ch');
    const txn = {
      id: id('txn'),
      object: 'balance_transaction',
      type: 'charge',
      reporting_category: 'charge',
      amount: pi.amount,
      fee,
      net: pi.amount - fee,
      currency: 'usd',
      source: chId,
      status: 'available',
      payout: null as string | null,
      created: unix(),
      available_on: unix(),
      account: pi.account,
    };
    balanceTransactions.push(txn);
    const ch = {
      id: chId,
      object: 'charge',
      amount: pi.amount,
      amount_refunded: 0,
      currency: 'usd',
      paid: true,
      status: 'succeeded',
      payment_intent: pi.id,
      payment_method: pm.id,
      customer: pi.customer,
      balance_transaction: txn.id,
      payment_method_details:
        pm.type === 'card'
          ? { type: 'card', card: pm.card }
          : { type: 'us_bank_account', us_bank_account: pm.us_bank_account },
      created: unix(),
    };
    charges.set(ch.id, ch);
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    pi.latest_charge = ch.id;
  }

  function decline(pi: Obj) {
    pi.status = 'requires_payment_method';
    pi.last_payment_error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    };
  }

  async function payCheckout(s: Obj, instrument: Instrument): Promise<string | null> {
    const t = TEST_INSTRUMENTS[instrument];
    if (!s.payment_method_types.includes(t.kind)) return 'Choose a way to pay this page offers';
    if (s.mode === 'setup') {
      const pm = newPaymentMethod(s.account, instrument, s.customer);
      const seti = {
        id: id('seti'),
        object: 'setup_intent',
        customer: s.customer,
        payment_method: pm.id,
        status: 'succeeded',
        usage: 'off_session',
        metadata: s.params.setup_intent_data?.metadata ?? {},
        account: s.account,
      };
      setupIntents.set(seti.id, seti);
      s.setup_intent = seti.id;
      s.status = 'complete';
      s.payment_status = 'no_payment_required';
      await deliver(event('checkout.session.completed', s.account, sessionObject(s))).catch(
        () => undefined,
      );
      return null;
    }
    if (t.declines || t.declinesLater) return 'Your card was declined.';
    const pm = newPaymentMethod(s.account, instrument, s.customer ?? null);
    const pi = newIntent(
      s.account,
      {
        amount: s.amount_total,
        metadata: s.params.payment_intent_data?.metadata ?? {},
        description: s.params.payment_intent_data?.description,
        customer: s.customer,
      },
      pm,
      'processing',
    );
    s.payment_intent = pi.id;
    s.status = 'complete';
    if (t.kind === 'card') {
      succeed(pi);
      s.payment_status = 'paid';
      await deliver(event('checkout.session.completed', s.account, sessionObject(s))).catch(
        () => undefined,
      );
      await deliver(event('payment_intent.succeeded', s.account, intentObject(pi))).catch(
        () => undefined,
      );
    } else {
      // ACH: the checkout completes unpaid; the debit settles days later.
      s.payment_status = 'unpaid';
      await deliver(event('checkout.session.completed', s.account, sessionObject(s))).catch(
        () => undefined,
      );
    }
    return null;
  }

  function checkoutPage(s: Obj, error?: string) {
    const lines = (s.params.line_items ?? []) as Obj[];
    const rows = lines
      .map(
        (l) =>
          `<tr><td>${escapeHtml(l.price_data?.product_data?.name ?? 'Item')}</td><td>${dollars(
            Number(l.price_data?.unit_amount ?? 0) * Number(l.quantity ?? 1),
          )}</td></tr>`,
      )
      .join('');
    const options = (Object.keys(TEST_INSTRUMENTS) as Instrument[])
      .filter((k) => s.payment_method_types.includes(TEST_INSTRUMENTS[k].kind))
      .map(
        (k, i) =>
          `<label><input type="radio" name="instrument" value="${k}" data-testid="instrument-${k}"${
            i === 0 ? ' checked' : ''
          }> ${escapeHtml(TEST_INSTRUMENTS[k].label)}</label>`,
      )
      .join('');
    const account = accounts.get(s.account);
    const name = account?.business_profile?.name ?? account?.email ?? 'the association';
    const setup = s.mode === 'setup';
    return page(
      setup ? 'Save a payment method' : 'Checkout',
      `<h1>${setup ? `Save a payment method for ${escapeHtml(name)}` : `Pay ${escapeHtml(name)}`}</h1>
${setup ? '' : `<table>${rows}<tr><td><strong>Total</strong></td><td><strong data-testid="checkout-total">${dollars(s.amount_total)}</strong></td></tr></table>`}
${error ? `<p class="error" role="alert" data-testid="checkout-error">${escapeHtml(error)}</p>` : ''}
<form method="post">${options}<button type="submit" data-testid="checkout-submit">${setup ? 'Save' : `Pay ${dollars(s.amount_total)}`}</button></form>
<p><a href="${escapeHtml(s.params.cancel_url ?? '/')}" data-testid="checkout-cancel">Cancel and go back</a></p>`,
    );
  }

  const successUrl = (s: Obj) =>
    String(s.params.success_url ?? '/').replace('{CHECKOUT_SESSION_ID}', s.id);

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    const redirect = (to: string) => {
      res.writeHead(303, { location: to });
      res.end();
    };
    const path = url.pathname;
    const method = req.method ?? 'GET';

    // The hosted pages (no key: a browser).
    const onboard = /^\/c\/onboard\/(acct_\w+)$/.exec(path);
    if (onboard) {
      const account = accounts.get(onboard[1]);
      const link = links.get(url.searchParams.get('link') ?? '');
      if (!account || !link || link.account !== account.id) {
        html(404, page('Expired', '<h1>This link has expired</h1>'));
        return true;
      }
      if (method === 'GET') {
        html(
          200,
          page(
            'Set up payments',
            `<h1>Set up payments for ${escapeHtml(account.business_profile?.name ?? account.email ?? '')}</h1>
<p>Stripe (test mode) verifies the association and its bank account.</p>
<form method="post"><button type="submit" data-testid="onboarding-submit">Agree and submit</button></form>
<p><a href="${escapeHtml(link.refresh_url)}">Return later</a></p>`,
          ),
        );
        return true;
      }
      fake.enable(account.id);
      await deliver(event('account.updated', account.id, account)).catch(() => undefined);
      redirect(link.return_url);
      return true;
    }
    const hosted = /^\/c\/pay\/(cs_\w+)$/.exec(path);
    if (hosted) {
      const s = sessions.get(hosted[1]);
      if (!s) {
        html(404, page('Not found', '<h1>This checkout does not exist</h1>'));
        return true;
      }
      if (s.status !== 'open') {
        html(
          200,
          page(
            'Checkout',
            `<h1>This checkout is ${s.status === 'expired' ? 'expired' : 'done'}</h1>`,
          ),
        );
        return true;
      }
      if (method === 'GET') {
        html(200, checkoutPage(s));
        return true;
      }
      const chosen = new URLSearchParams(await readBody(req)).get('instrument') as Instrument;
      const error = TEST_INSTRUMENTS[chosen] ? await payCheckout(s, chosen) : 'Choose a way to pay';
      if (error) html(200, checkoutPage(s, error));
      else redirect(successUrl(s));
      return true;
    }

    if (!path.startsWith('/v1/')) return false;
    const account = req.headers['stripe-account'] as string | undefined;
    const connectPaths =
      /^\/v1\/(accounts|account_links|customers|setup_intents|payment_intents|payment_methods|refunds|balance_transactions|charges|payouts)/;
    // Platform checkouts (sign-up) are fake-stripe.ts's.
    if (!connectPaths.test(path) && !(path.startsWith('/v1/checkout/sessions') && account)) {
      return false;
    }
    if (req.headers.authorization !== `Bearer ${opts.secretKey}`) {
      json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
      return true;
    }
    const raw = method === 'GET' ? url.search.slice(1) : await readBody(req);
    const params = parseForm(raw);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    calls.push({ method, path, account, idempotencyKey, params });
    const missing = (what: string, value: string) =>
      json(404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such ${what}: '${value}'`,
        },
      });

    if (method === 'POST' && path === '/v1/accounts') {
      const key = `accounts:${idempotencyKey}`;
      if (idempotencyKey && replays.has(key)) {
        json(200, replays.get(key)!.body);
        return true;
      }
      const a = {
        id: id('acct'),
        object: 'account',
        type: params.type ?? 'standard',
        email: params.email ?? null,
        country: params.country ?? 'US',
        default_currency: 'usd',
        business_profile: { name: params.business_profile?.name ?? null },
        metadata: params.metadata ?? {},
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        created: unix(),
      };
      accounts.set(a.id, a);
      if (idempotencyKey) replays.set(key, { status: 200, body: a });
      json(200, a);
      return true;
    }
    const acct = /^\/v1\/accounts\/(acct_\w+)$/.exec(path);
    if (acct && method === 'GET') {
      const a = accounts.get(acct[1]);
      if (!a) missing('account', acct[1]);
      else json(200, a);
      return true;
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const a = accounts.get(params.account);
      if (!a) {
        missing('account', params.account);
        return true;
      }
      const link = {
        id: id('link'),
        account: a.id,
        return_url: params.return_url,
        refresh_url: params.refresh_url,
      };
      links.set(link.id, link);
      json(200, {
        object: 'account_link',
        created: unix(),
        expires_at: unix() + 300,
        url: `${opts.base()}/c/onboard/${a.id}?link=${link.id}`,
      });
      return true;
    }

    // Everything below acts on a connected account.
    if (!account || !accounts.has(account)) {
      json(403, {
        error: {
          type: 'invalid_request_error',
          code: 'account_invalid',
          message: 'The Stripe-Account header names no connected account of this platform',
        },
      });
      return true;
    }
    const replayKey = idempotencyKey ? `${account}:${path}:${idempotencyKey}` : null;
    if (method === 'POST' && replayKey && replays.has(replayKey)) {
      const r = replays.get(replayKey)!;
      json(r.status, r.body);
      return true;
    }
    const answer = (status: number, body: unknown) => {
      if (method === 'POST' && replayKey) replays.set(replayKey, { status, body });
      json(status, body);
    };

    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (!accounts.get(account)!.charges_enabled) {
        answer(400, {
          error: {
            type: 'invalid_request_error',
            message: 'This account cannot currently make live charges',
          },
        });
        return true;
      }
      const lines = (params.line_items ?? []) as Obj[];
      const s = {
        id: id('cs'),
        account,
        params,
        mode: params.mode ?? 'payment',
        status: 'open',
        payment_status: 'unpaid',
        customer: params.customer ?? null,
        // API 2026-10 names them allowed_payment_method_types; older versions payment_method_types.
        payment_method_types: params.allowed_payment_method_types ??
          params.payment_method_types ?? ['card'],
        amount_total: lines.reduce(
          (sum, l) => sum + Number(l.price_data?.unit_amount ?? 0) * Number(l.quantity ?? 1),
          0,
        ),
        created: unix(),
      };
      if (s.mode === 'payment' && s.amount_total <= 0) {
        answer(400, {
          error: { type: 'invalid_request_error', message: 'A payment needs line items' },
        });
        return true;
      }
      sessions.set(s.id, s);
      answer(200, sessionObject(s));
      return true;
    }
    const sess = /^\/v1\/checkout\/sessions\/(cs_\w+)$/.exec(path);
    if (sess && method === 'GET') {
      const s = sessions.get(sess[1]);
      if (!s || s.account !== account) missing('checkout session', sess[1]);
      else json(200, sessionObject(s));
      return true;
    }
    if (method === 'POST' && path === '/v1/customers') {
      const c = {
        id: id('cus'),
        object: 'customer',
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        account,
      };
      customers.set(c.id, c);
      answer(200, c);
      return true;
    }
    const seti = /^\/v1\/setup_intents\/(seti_\w+)$/.exec(path);
    if (seti && method === 'GET') {
      const si = setupIntents.get(seti[1]);
      if (!si || si.account !== account) {
        missing('setup intent', seti[1]);
        return true;
      }
      const pm = paymentMethods.get(si.payment_method)!;
      json(200, {
        ...si,
        payment_method: expansions(params).includes('payment_method')
          ? methodObject(pm)
          : si.payment_method,
      });
      return true;
    }
    const pmPath = /^\/v1\/payment_methods\/(pm_\w+)$/.exec(path);
    if (pmPath && method === 'GET') {
      const pm = paymentMethods.get(pmPath[1]);
      if (!pm || pm.account !== account) missing('payment method', pmPath[1]);
      else json(200, methodObject(pm));
      return true;
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pm = paymentMethods.get(params.payment_method);
      if (!pm || pm.account !== account || (pm.customer && pm.customer !== params.customer)) {
        answer(400, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'payment_method',
            message: `No such PaymentMethod: '${params.payment_method}'`,
          },
        });
        return true;
      }
      const pi = newIntent(account, params, pm, 'processing');
      const t = TEST_INSTRUMENTS[pm.instrument];
      if (pm.type === 'card' && (t.declines || t.declinesLater)) {
        decline(pi);
        answer(402, {
          error: {
            ...pi.last_payment_error,
            payment_intent: intentObject(pi),
            request_log_url: null,
          },
        });
        later(event('payment_intent.payment_failed', account, intentObject(pi)));
        return true;
      }
      if (pm.type === 'card') {
        succeed(pi);
        answer(200, intentObject(pi));
        later(event('payment_intent.succeeded', account, intentObject(pi)));
        return true;
      }
      answer(200, intentObject(pi));
      later(event('payment_intent.processing', account, intentObject(pi)));
      return true;
    }
    const piPath = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(path);
    if (piPath && method === 'GET') {
      const pi = paymentIntents.get(piPath[1]);
      if (!pi || pi.account !== account) missing('payment intent', piPath[1]);
      else json(200, intentObject(pi, expansions(params)));
      return true;
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = paymentIntents.get(params.payment_intent);
      const ch = pi?.latest_charge ? charges.get(pi.latest_charge) : null;
      if (!pi || pi.account !== account || !ch) {
        answer(400, {
          error: {
            type: 'invalid_request_error',
            message: `No such payment_intent: '${params.payment_intent}'`,
          },
        });
        return true;
      }
      const amount = params.amount ? Number(params.amount) : ch.amount - ch.amount_refunded;
      if (amount <= 0 || amount > ch.amount - ch.amount_refunded) {
        answer(400, {
          error: {
            type: 'invalid_request_error',
            code: 'amount_too_large',
            message: 'Refund amount is greater than what is left on the charge',
          },
        });
        return true;
      }
      const re = {
        id: id('re'),
        object: 'refund',
        amount,
        charge: ch.id,
        payment_intent: pi.id,
        currency: 'usd',
        status: 'succeeded',
        metadata: params.metadata ?? {},
        reason: params.reason ?? null,
        balance_transaction: '',
        created: unix(),
      };
      const txn = {
        id: id('txn'),
        object: 'balance_transaction',
        type: 'refund',
        reporting_category: 'refund',
        amount: -amount,
        fee: 0,
        net: -amount,
        currency: 'usd',
        source: re.id,
        status: 'available',
        payout: null,
        created: unix(),
        available_on: unix(),
        account,
      };
      re.balance_transaction = txn.id;
      balanceTransactions.push(txn);
      refunds.set(re.id, re);
      ch.amount_refunded += amount;
      answer(200, re);
      return true;
    }
    if (method === 'GET' && path === '/v1/balance_transactions') {
      const expandSource = expansions(params).includes('data.source');
      const sourceOf = (src: string) =>
        charges.get(src) ??
        refunds.get(src) ??
        disputes.get(src) ??
        payouts.get(src) ?? { id: src };
      const all = balanceTransactions.filter(
        (b) => b.account === account && (!params.payout || b.payout === params.payout),
      );
      const limit = Math.min(Number(params.limit ?? 10), 100);
      const start = params.starting_after
        ? all.findIndex((b) => b.id === params.starting_after) + 1
        : 0;
      const slice = all.slice(start, start + limit);
      json(200, {
        object: 'list',
        url: '/v1/balance_transactions',
        has_more: start + limit < all.length,
        data: slice.map(({ account: _a, ...b }) => ({
          ...b,
          source: expandSource ? sourceOf(b.source) : b.source,
        })),
      });
      return true;
    }
    const poPath = /^\/v1\/payouts\/(po_\w+)$/.exec(path);
    if (poPath && method === 'GET') {
      const po = payouts.get(poPath[1]);
      if (!po || po.account !== account) missing('payout', poPath[1]);
      else {
        const { account: _a, ...wire } = po;
        json(200, wire);
      }
      return true;
    }
    const chPath = /^\/v1\/charges\/(ch_\w+)$/.exec(path);
    if (chPath && method === 'GET') {
      const ch = charges.get(chPath[1]);
      if (!ch) missing('charge', chPath[1]);
      else json(200, chargeObject(ch, expansions(params)));
      return true;
    }
    json(404, { error: { type: 'invalid_request_error', message: `No route ${method} ${path}` } });
    return true;
  }

  Object.assign(fake, {
    event,
    deliver,
    async settled() {
      while (background.size) await Promise.all([...background]);
    },
    enable(accountId: string) {
      const a = accounts.get(accountId)!;
      a.charges_enabled = true;
      a.payouts_enabled = true;
      a.details_submitted = true;
    },
    async pay(sessionId: string, instrument?: Instrument) {
      const s = sessions.get(sessionId);
      if (!s || s.status !== 'open') throw new Error(`session ${sessionId} is not open`);
      const chosen =
        instrument ?? (s.payment_method_types.includes('card') ? 'card_credit' : 'bank_success');
      const error = await payCheckout(s, chosen);
      if (error) throw new Error(error);
    },
    async settleBankPayment(paymentIntentId: string, outcome?: 'succeeded' | 'failed') {
      const pi = paymentIntents.get(paymentIntentId);
      if (!pi || pi.status !== 'processing')
        throw new Error(`${paymentIntentId} is not processing`);
      const pm = paymentMethods.get(pi.payment_method)!;
      const ok = outcome ? outcome === 'succeeded' : !TEST_INSTRUMENTS[pm.instrument].fails;
      const session = [...sessions.values()].find((s) => s.payment_intent === pi.id);
      if (ok) succeed(pi);
      else {
        pi.status = 'requires_payment_method';
        pi.last_payment_error = {
          type: 'invalid_request_error',
          code: 'payment_method_insufficient_funds',
          message: 'The customer’s account has insufficient funds to cover this payment.',
        };
      }
      if (session) {
        session.payment_status = ok ? 'paid' : 'unpaid';
        await deliver(
          event(
            ok
              ? 'checkout.session.async_payment_succeeded'
              : 'checkout.session.async_payment_failed',
            pi.account,
            sessionObject(session),
          ),
        ).catch(() => undefined);
      }
      await deliver(
        event(
          ok ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
          pi.account,
          intentObject(pi),
        ),
      ).catch(() => undefined);
    },
    async dispute(paymentIntentId: string, reason = 'insufficient_funds') {
      const pi = paymentIntents.get(paymentIntentId);
      const ch = pi?.latest_charge ? charges.get(pi.latest_charge) : null;
      if (!pi || !ch) throw new Error(`${paymentIntentId} has no charge to dispute`);
      const dp = {
        id: id('dp'),
        object: 'dispute',
        amount: ch.amount,
        currency: 'usd',
        charge: ch.id,
        payment_intent: pi.id,
        reason,
        // A returned ACH debit cannot be contested: lost at once.
        status: pi.payment_method_types.includes('us_bank_account') ? 'lost' : 'needs_response',
        balance_transactions: [] as Obj[],
        created: unix(),
      };
      const txn = {
        id: id('txn'),
        object: 'balance_transaction',
        type: 'adjustment',
        reporting_category: 'dispute',
        amount: -ch.amount,
        fee: DISPUTE_FEE,
        net: -ch.amount - DISPUTE_FEE,
        currency: 'usd',
        source: dp.id,
        status: 'available',
        payout: null,
        created: unix(),
        available_on: unix(),
        account: pi.account,
      };
      balanceTransactions.push(txn);
      const { account: _a, ...wire } = txn;
      dp.balance_transactions = [wire];
      disputes.set(dp.id, dp);
      return deliver(event('charge.dispute.created', pi.account, dp));
    },
    async payout(accountId: string, arrivalDate?: string) {
      const open = balanceTransactions.filter(
        (b) => b.account === accountId && !b.payout && b.type !== 'payout',
      );
      const amount = open.reduce((s, b) => s + b.net, 0);
      if (amount <= 0) throw new Error(`nothing to pay out on ${accountId}`);
      const arrival = arrivalDate
        ? Math.floor(Date.parse(`${arrivalDate}T12:00:00Z`) / 1000)
        : unix() + 2 * 86_400;
      const po = {
        id: id('po'),
        object: 'payout',
        amount,
        currency: 'usd',
        arrival_date: arrival,
        automatic: true,
        status: 'paid',
        method: 'standard',
        type: 'bank_account',
        balance_transaction: id('txn'),
        created: unix(),
        account: accountId,
      };
      payouts.set(po.id, po);
      for (const b of open) b.payout = po.id;
      balanceTransactions.push({
        id: po.balance_transaction,
        object: 'balance_transaction',
        type: 'payout',
        reporting_category: 'payout',
        amount: -amount,
        fee: 0,
        net: -amount,
        currency: 'usd',
        source: po.id,
        status: 'available',
        payout: po.id,
        created: unix(),
        available_on: unix(),
        account: accountId,
      });
      const { account: _a, ...wire } = po;
      const delivery = await deliver(event('payout.paid', accountId, wire));
      return { payout: wire, delivery };
    },
    async expire(sessionId: string) {
      const s = sessions.get(sessionId)!;
      s.status = 'expired';
      return deliver(event('checkout.session.expired', s.account, sessionObject(s)));
    },
    handle,
  });
  return fake as FakeConnect & {
    handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  };
}
