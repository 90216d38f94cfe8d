import type { Request, Response } from 'express';
import type Stripe from 'stripe';
import type { Services } from '../../core/context.js';
import { handleStripeEvent } from './billing.service.js';
import { verifiedEvent } from './billing.stripe.js';

// POST /webhooks/stripe — Stripe's events, on the raw body (the signature covers its bytes).
// 400 for an unsigned or forged event, 200 once handled (or already handled: a replay), and 500
// when handling failed, so Stripe delivers it again; nothing half-done stays behind.
export function stripeWebhook(services: Services, log: (err: unknown) => void) {
  return async (req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store');
    const stripe = services.config.billing.stripe;
    if (!stripe) {
      res.status(404).json({ error: 'Stripe is not configured' });
      return;
    }
    const signature = req.get('stripe-signature');
    let event: Stripe.Event;
    try {
      if (!signature || !Buffer.isBuffer(req.body)) throw new Error('unsigned');
      event = verifiedEvent(stripe, req.body, signature);
    } catch {
      res.status(400).json({ error: 'Invalid signature' });
      return;
    }
    try {
      const outcome = await handleStripeEvent(services, event);
      res.json({ received: true, outcome });
    } catch (err) {
      log(err);
      res.status(500).json({ error: 'The event could not be handled; it will be retried' });
    }
  };
}
