import Stripe from 'stripe';
import type { StripeConfig } from '../../config.js';

// One Stripe client per configuration. STRIPE_API_URL points it at another host (the tests' local
// stand-in speaks the same protocol), so the real SDK runs either way.
const clients = new WeakMap<StripeConfig, Stripe>();

export function stripeClient(config: StripeConfig): Stripe {
  let client = clients.get(config);
  if (!client) {
    const url = config.apiUrl;
    client = new Stripe(config.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      ...(url && {
        host: url.hostname,
        port: url.port || (url.protocol === 'https:' ? 443 : 80),
        protocol: url.protocol === 'https:' ? 'https' : 'http',
      }),
    });
    clients.set(config, client);
  }
  return client;
}

// Verifies the Stripe-Signature header against the raw body (throws on a forged or stale one).
export function verifiedEvent(config: StripeConfig, raw: Buffer, signature: string): Stripe.Event {
  return stripeClient(config).webhooks.constructEvent(raw, signature, config.webhookSecret);
}
