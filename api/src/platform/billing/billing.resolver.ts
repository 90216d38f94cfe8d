import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { Role } from '../../core/roles.js';
import { OrganizationMembership } from '../users/index.js';
import {
  createBillingPortalSession,
  organizationBilling,
  pricing,
  signupStatus,
  startSignup,
} from './billing.service.js';
import {
  BillingPortalSession,
  OrganizationBilling,
  Pricing,
  SignupInput,
  SignupStarted,
  SignupStatus,
} from './billing.types.js';

@Resolver()
export class BillingResolver {
  @Query(() => Pricing, {
    description: 'The pricing page: plans from configuration, and whether sign-up is open',
  })
  pricing(@Ctx() ctx: Context): Pricing {
    return pricing(ctx.services);
  }

  @Mutation(() => SignupStarted, {
    description:
      'Sign up a new association: a Stripe Checkout session to pay at (or, with open registration and no Stripe, a trial provisioned at once). Rate limited like register; FORBIDDEN when sign-up is closed',
  })
  startSignup(
    @Arg('input', () => SignupInput) input: SignupInput,
    @Ctx() ctx: Context,
  ): Promise<SignupStarted> {
    return startSignup(ctx, input);
  }

  @Query(() => SignupStatus, {
    description:
      'Where a sign-up is (waiting for payment, setting up, ready: the activation email is out), asked with the key startSignup gave; NOT_FOUND otherwise',
  })
  signupStatus(
    @Arg('id', () => ID) id: string,
    @Arg('key', () => String) key: string,
    @Ctx() ctx: Context,
  ): Promise<SignupStatus> {
    return signupStatus(ctx, id, key);
  }

  @Mutation(() => BillingPortalSession, {
    description:
      "A session of Stripe's billing portal for the current association (change the plan, update the card, invoices, cancel), returning to the Billing page. Organization admins only, also while the books are read-only; CONFLICT (reason BILLING_NOT_CONFIGURED or NO_STRIPE_CUSTOMER) when it is not billed online",
  })
  createBillingPortalSession(@Ctx() ctx: Context): Promise<BillingPortalSession> {
    return createBillingPortalSession(ctx);
  }
}

@Resolver(() => OrganizationMembership)
export class MembershipBillingResolver {
  @FieldResolver(() => OrganizationBilling, {
    nullable: true,
    description:
      "Plan, limits and subscription state (read-only when a payment lapsed); null for an owner of units (the association's plan is its staff's business)",
  })
  billing(
    @Root() m: OrganizationMembership,
    @Ctx() ctx: Context,
  ): Promise<OrganizationBilling | null> {
    if (m.role === Role.OWNER) return Promise.resolve(null);
    return organizationBilling(ctx.services, m.id);
  }
}
