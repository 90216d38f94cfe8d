import type { EntityManager } from '@mikro-orm/postgresql';
import type { Context } from '../../core/context.js';
import { stripeChargesEnabled } from './owner-portal.repository.js';

// What the owner portal reads of online payments. Online payments sit above the portal (they use
// it), so the portal never imports them: they provide this port when the app boots
// (`provideOwnerOnlinePayments`), as the journal provides the ledger to accounts. Until then the
// portal reads the association's Stripe account from the platform database and counts no payment
// as made online.
export interface OwnerOnlinePayments {
  // The association takes owners' payments online now.
  accepting(ctx: Context): Promise<boolean>;
  // Of these payments (ids of the caller's units' payments), those paid online.
  paidOnline(em: EntityManager, paymentIds: string[]): Promise<Set<string>>;
}

const fallback: OwnerOnlinePayments = {
  accepting: (ctx) => stripeChargesEnabled(ctx.platformEm, ctx.org!.orgId),
  paidOnline: () => Promise.resolve(new Set()),
};

let provided: OwnerOnlinePayments | null = null;

export function provideOwnerOnlinePayments(port: OwnerOnlinePayments | null): void {
  provided = port;
}

export const ownerOnlinePayments = (): OwnerOnlinePayments => provided ?? fallback;
