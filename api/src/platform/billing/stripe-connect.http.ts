import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type Stripe from 'stripe';
import type { Services } from '../../core/context.js';
import { AppError } from '../../core/errors/app-error.js';
import { openTenant } from '../../core/tenancy/tenant-door.js';
import { handleAutopayEvent, isAutopayEvent } from '../../modules/autopay/index.js';
import {
  applyAccountState,
  handleOnlinePaymentEvent,
  handlePayoutPaid,
  stripeAccountOwner,
} from '../../modules/online-payments/index.js';
import { stripeClient } from './billing.stripe.js';

// POST /webhooks/stripe/connect — the platform's one Connect endpoint: events of the associations'
// own Stripe accounts (owners' online payments, AutoPay, payouts), each naming its account in
// `account`. The signature (STRIPE_CONNECT_WEBHOOK_SECRET) covers the raw body. The account is
// mapped to its association (stripe_connected_accounts), the event handled inside the
// association's books through the one door (core/tenancy/tenant-door.ts).
//
// Answers: 400 for an unsigned or forged event; 200 once handled, or already handled (a replay), or
// refused by the books (written on the online payment or payout for the treasurer: retrying would
// be refused the same way), or not ours (an account no association has); 503 while the
// association is suspended (Stripe retries for three days, so a reinstated association still gets
// its payments); 500 when handling failed otherwise (the database or Stripe away): nothing
// half-done stays behind, and Stripe delivers the event again.
export function stripeConnectWebhook(services: Services, log: (err: unknown) => void) {
  return async (req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store');
    const config = services.config.billing.stripe;
    if (!config?.connectWebhookSecret) {
      res.status(404).json({ error: 'Online payments are not configured' });
      return;
    }
    const signature = req.get('stripe-signature');
    let event: Stripe.Event;
    try {
      if (!signature || !Buffer.isBuffer(req.body)) throw new Error('unsigned');
      event = stripeClient(config).webhooks.constructEvent(
        req.body,
        signature,
        config.connectWebhookSecret,
      );
    } catch {
      res.status(400).json({ error: 'Invalid signature' });
      return;
    }
    const answer = (outcome: string) => res.json({ received: true, outcome });
    try {
      const account = (event as { account?: string }).account;
      const platformEm = services.platformOrm.em.fork({
        disableContextResolution: true,
      }) as EntityManager;
      const owner = account ? await stripeAccountOwner(platformEm, account) : null;
      if (!owner) {
        answer('ignored');
        return;
      }
      if (event.type === 'account.updated') {
        await applyAccountState(platformEm, event.data.object);
        answer('processed');
        return;
      }
      // An object that names its association must name this one.
      const meta = (event.data.object as { metadata?: Record<string, string> | null }).metadata;
      if (meta?.organizationId && meta.organizationId !== owner.organization_id) {
        answer('ignored');
        return;
      }
      let session;
      try {
        session = await openTenant(services, owner.organization_id);
      } catch (err) {
        if (err instanceof AppError && err.code === 'ORG_INACTIVE') {
          res.status(503).json({ error: 'The association is inactive; try again later' });
          return;
        }
        if (err instanceof AppError && err.code === 'NOT_FOUND') {
          answer('ignored');
          return;
        }
        throw err;
      }
      const s = { org: session.org, em: session.em };
      if (isAutopayEvent(event)) {
        answer(await handleAutopayEvent(services, s, event));
        return;
      }
      if (event.type === 'payout.paid') {
        answer(await handlePayoutPaid(services, s, event.data.object));
        return;
      }
      answer(await handleOnlinePaymentEvent(services, s, event));
    } catch (err) {
      log(err);
      res.status(500).json({ error: 'The event could not be handled; it will be retried' });
    }
  };
}
