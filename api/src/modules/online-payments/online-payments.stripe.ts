import Stripe from 'stripe';
import type { StripeConfig } from '../../config.js';
import type { Services } from '../../core/context.js';
import { AppError, serviceUnavailable } from '../../core/errors/app-error.js';

// The platform's Stripe client for the associations' connected accounts (Stripe Connect, Standard
// accounts, direct charges): the platform's own key (the billing configuration) with the
// `Stripe-Account` header of the association's account on every call about its money. The
// platform never holds owners' money and never asks a treasurer for API keys. STRIPE_API_URL
// points it at the tests' local stand-in, so the real SDK runs either way.
const clients = new WeakMap<StripeConfig, Stripe>();

export function connectClient(config: StripeConfig): Stripe {
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

// The Stripe configuration when online payments are on (the key and the Connect webhook secret).
export function connectConfig(services: Services): StripeConfig | null {
  const stripe = services.config.billing.stripe;
  return stripe?.connectWebhookSecret ? stripe : null;
}

export function requireConnect(services: Services): { stripe: Stripe; config: StripeConfig } {
  const config = connectConfig(services);
  if (!config) {
    throw new AppError(
      'CONFLICT',
      'Online payments are not set up on this server: ask the platform administrator',
      undefined,
      { reason: 'ONLINE_PAYMENTS_NOT_CONFIGURED' },
    );
  }
  return { stripe: connectClient(config), config };
}

// Stripe refusing (a bad request: trying again won't help) is CONFLICT naming Stripe's reason;
// Stripe unreachable or failing is a typed 503 the caller may retry. Never INTERNAL.
export function stripeRefusal(err: unknown, doing: string): AppError {
  const e = err as { type?: string; message?: string; code?: string };
  console.error(`Stripe ${doing} failed:`, e?.message ?? err);
  if (
    e?.type === 'StripeInvalidRequestError' ||
    e?.type === 'StripeCardError' ||
    e?.type === 'StripePermissionError'
  ) {
    return new AppError(
      'CONFLICT',
      `Stripe refused ${doing}: ${e.message ?? 'no reason given'}`,
      undefined,
      {
        reason: 'STRIPE_REFUSED',
        ...(e.code ? { stripeCode: e.code } : {}),
      },
    );
  }
  return serviceUnavailable(`Stripe could not be reached for ${doing}; try again shortly`, 30);
}
