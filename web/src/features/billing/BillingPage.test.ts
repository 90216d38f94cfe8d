import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, installTestClient, mapleRidge, sessionPayload } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt } from '@/test/mount';
import { useAuthStore } from '@/stores/auth';
import type { BillingDetails } from './billing';
import BillingBanner from './components/BillingBanner.vue';
import BillingPage from './views/BillingPage.vue';

// What a person sees of the subscription: the Billing page (admins), where "Manage billing" sends
// the browser to Stripe's portal, and the banner of a lapsed subscription on every page, which
// always offers the way out.

const paidUp: BillingDetails = {
  planName: 'Professional',
  status: 'ACTIVE',
  readOnly: false,
  readOnlyFrom: null,
  renewalDate: '2027-03-01',
  interval: 'ANNUAL',
  lastPaymentDate: '2026-03-01',
  cancelAt: null,
  portalAvailable: true,
  maxUnits: 200,
  aiPlanning: true,
};

const answer = (billing: BillingDetails) => ({
  body: {
    data: {
      me: {
        __typename: 'Me',
        organization: {
          __typename: 'OrganizationMembership',
          id: 'org-1',
          billing: { __typename: 'OrganizationBilling', planLevel: 'PROFESSIONAL', ...billing },
        },
      },
    },
  },
});

async function mountAt(
  path: string,
  component: typeof BillingPage,
  billing: BillingDetails,
  opts: { role?: 'ADMIN' | 'USER' | 'VIEWER'; portal?: (req: GraphQLRequest) => GraphQLReply } = {},
) {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    requests.push(req);
    if (req.operationName === 'OrganizationBilling') return answer(billing);
    if (req.operationName === 'CreateBillingPortalSession' && opts.portal) return opts.portal(req);
    return { body: { data: null } };
  });
  const pinia = freshPinia();
  useAuthStore().setSession(
    sessionPayload({ organization: { ...mapleRidge, role: opts.role ?? 'ADMIN' } }),
  );
  const router = await routerAt(path, pinia);
  const wrapper = mountWithApp(component, { pinia, router });
  await flushPromises();
  return { wrapper, requests, router };
}

const text = (testid: string) =>
  document.querySelector(`[data-testid="${testid}"]`)?.textContent?.trim() ?? null;

describe('BillingPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the plan, how it pays, the renewal and the last payment', async () => {
    const { wrapper } = await mountAt('/billing', BillingPage, paidUp);
    expect(wrapper.text()).toContain('Maple Ridge HOA · Professional plan');
    expect(text('billing-status')).toBe('Active');
    expect(text('billing-plan')).toBe('Professional: up to 200 units, AI investment planning');
    expect(text('billing-interval')).toBe('Annually');
    expect(text('billing-renews')).toBe('Mar 1, 2027');
    expect(text('billing-paid')).toBe('Mar 1, 2026');
    expect(document.querySelector('[data-testid="billing-cancel-at"]')).toBeNull();
    wrapper.unmount();
  });

  it('opens the portal at the URL the API made, and says why when it cannot', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    let refuse = true;
    const { wrapper, requests } = await mountAt('/billing', BillingPage, paidUp, {
      portal: () =>
        refuse
          ? {
              status: 503,
              body: apiError(
                'SERVICE_UNAVAILABLE',
                'The billing portal could not be opened; try again shortly',
              ),
            }
          : {
              body: {
                data: {
                  createBillingPortalSession: {
                    __typename: 'BillingPortalSession',
                    url: 'https://billing.stripe.example/p/session/bps_1',
                  },
                },
              },
            },
    });
    const manage = () =>
      document.querySelector<HTMLButtonElement>('[data-testid="manage-billing"]')!.click();
    manage();
    await flushPromises();
    expect(wrapper.text()).toContain('The billing portal could not be opened; try again shortly');
    expect(assign).not.toHaveBeenCalled();

    refuse = false;
    manage();
    await flushPromises();
    expect(assign).toHaveBeenCalledWith('https://billing.stripe.example/p/session/bps_1');
    expect(requests.filter((r) => r.operationName === 'CreateBillingPortalSession')).toHaveLength(
      2,
    );
    wrapper.unmount();
  });

  it('says when the subscription is set to end, and what the past-due grace leaves', async () => {
    const { wrapper } = await mountAt('/billing', BillingPage, {
      ...paidUp,
      status: 'PAST_DUE',
      readOnlyFrom: '2026-12-08T14:00:00.000Z',
      cancelAt: '2027-03-01T00:00:00.000Z',
    });
    expect(text('billing-cancel-at')).toMatch(/set to end on (Feb 28|Mar 1), 2027/);
    expect(text('billing-ends')).toMatch(/(Feb 28|Mar 1), 2027/);
    expect(text('billing-grace')).toBe('Dec 8, 2026');
    expect(wrapper.text()).toContain('Writes stop on');
    expect(text('billing-status')).toBe('Past due');
    wrapper.unmount();
  });

  it('gives a sentence instead of the button when the association is billed by agreement', async () => {
    const { wrapper, requests } = await mountAt('/billing', BillingPage, {
      ...paidUp,
      planName: 'Standard',
      interval: null,
      renewalDate: null,
      lastPaymentDate: null,
      maxUnits: null,
      portalAvailable: false,
    });
    expect(document.querySelector('[data-testid="manage-billing"]')).toBeNull();
    expect(text('billing-by-agreement')).toMatch(/billed by agreement, not online/);
    expect(text('billing-interval')).toBe('By agreement');
    expect(text('billing-plan')).toBe('Standard: unlimited units, AI investment planning');
    expect(requests.map((r) => r.operationName)).not.toContain('CreateBillingPortalSession');
    wrapper.unmount();
  });

  it('is for organization admins: members and viewers are sent home', async () => {
    for (const role of ['USER', 'VIEWER'] as const) {
      const { router, wrapper } = await mountAt('/billing', BillingPage, paidUp, { role });
      expect(router.currentRoute.value.name).toBe('dashboard');
      wrapper.unmount();
    }
  });
});

describe('BillingBanner', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  const lapses: [string, Partial<BillingDetails>, string, string][] = [
    [
      'a payment in its grace',
      { status: 'PAST_DUE', readOnlyFrom: '2026-12-08T14:00:00.000Z' },
      'Fix payment',
      'update the payment',
    ],
    [
      'past due and read-only',
      { status: 'PAST_DUE', readOnly: true, readOnlyFrom: '2026-11-01T00:00:00.000Z' },
      'Fix payment',
      'update the payment',
    ],
    [
      'a trial that ended',
      { status: 'TRIALING', readOnly: true, readOnlyFrom: '2026-11-01T00:00:00.000Z' },
      'Add payment',
      'add a payment method',
    ],
    [
      'a canceled subscription',
      { status: 'CANCELED', readOnlyFrom: '2026-12-08T14:00:00.000Z' },
      'Open billing',
      'renew the subscription',
    ],
  ];

  it.each(lapses)('offers admins the Billing page for %s', async (_, lapse, label) => {
    const { wrapper, router } = await mountAt('/dashboard', BillingBanner, { ...paidUp, ...lapse });
    const link = document.querySelector<HTMLAnchorElement>('[data-testid="billing-banner-action"]');
    expect(link?.textContent?.trim()).toBe(label);
    expect(link?.getAttribute('href')).toBe('/billing');
    link!.click();
    await flushPromises();
    expect(router.currentRoute.value.name).toBe('billing');
    // On the Billing page itself the link would go nowhere.
    expect(document.querySelector('[data-testid="billing-banner-action"]')).toBeNull();
    expect(text('billing-banner')).toBeTruthy();
    wrapper.unmount();
  });

  it.each(lapses)('tells members and viewers whom to ask for %s', async (_, lapse, __, task) => {
    for (const role of ['USER', 'VIEWER'] as const) {
      const { wrapper } = await mountAt(
        '/dashboard',
        BillingBanner,
        { ...paidUp, ...lapse },
        { role },
      );
      expect(document.querySelector('[data-testid="billing-banner-action"]')).toBeNull();
      expect(text('billing-banner-ask')).toBe(`Ask an organization admin to ${task}.`);
      wrapper.unmount();
    }
  });

  it('says nothing while the subscription is paid up', async () => {
    const { wrapper } = await mountAt('/dashboard', BillingBanner, paidUp);
    expect(document.querySelector('[data-testid="billing-banner"]')).toBeNull();
    wrapper.unmount();
  });
});
