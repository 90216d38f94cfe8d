import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, installTestClient } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import {
  autopayJson,
  owner,
  ownerApi,
  ownerMembership,
  portalJson,
  unitJson,
} from './ownerFixtures';
import OwnerHomePage from './views/OwnerHomePage.vue';

const $ = <T extends HTMLElement = HTMLElement>(selector: string) =>
  document.querySelector<T>(selector);
const text = (selector: string) => $(selector)?.textContent?.replace(/\s+/g, ' ').trim();

async function mountHome(handler: (req: GraphQLRequest) => GraphQLReply) {
  const sent: GraphQLRequest[] = [];
  installTestClient((req) => {
    sent.push(req);
    return handler(req);
  });
  const pinia = freshPinia();
  signIn(owner, ownerMembership);
  const router = await routerAt('/owner', pinia);
  const wrapper = mountWithApp(OwnerHomePage, { pinia, router });
  await flushPromises();
  return { wrapper, sent };
}

describe('OwnerHomePage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('shows what is owed with the Pay button, each unit and the association’s contact', async () => {
    const { wrapper } = await mountHome(ownerApi(() => portalJson([unitJson('u-12', '12')])));
    await vi.waitFor(() => expect($('[data-testid=owner-total-due]')).not.toBeNull());
    expect(text('[data-testid=owner-greeting]')).toMatch(
      /^Good (morning|afternoon|evening), Jordan$/,
    );
    expect(text('[data-testid=owner-total-due]')).toBe('$425.00');
    expect(text('[data-testid=owner-hero-past-due]')).toBe('$125.00 is past due');
    // One unit owes: the hero's Pay button pays it.
    expect($<HTMLAnchorElement>('[data-testid=owner-pay-now]')?.getAttribute('href')).toBe(
      '/owner/units/u-12/pay',
    );

    const card = text('[data-testid=owner-unit-u-12]');
    expect(card).toContain('Unit 12');
    expect(card).toContain('12 Maple Ridge Rd');
    expect(text('[data-testid=owner-unit-u-12] [data-testid=unit-balance]')).toBe('$425.00');
    expect(text('[data-testid=owner-unit-u-12] [data-testid=unit-past-due]')).toBe('$125.00');
    expect(text('[data-testid=owner-unit-u-12] [data-testid=unit-next-due]')).toBe('$425.00');
    expect(text('[data-testid=owner-unit-u-12]')).toContain('Due by Jan 1, 2026');
    expect(text('[data-testid=owner-unit-u-12] [data-testid=unit-autopay]')).toBe('AutoPay off');

    const contact = text('[data-testid=owner-contact]');
    expect(contact).toContain('Contact Maple Ridge HOA');
    expect(contact).toContain('Dana Whitfield, Treasurer');
    expect($<HTMLAnchorElement>('[data-testid=owner-contact] a[href^="tel:"]')?.href).toBe(
      'tel:5552013300',
    );
    expect($<HTMLAnchorElement>('[data-testid=owner-contact] a[href^="mailto:"]')?.href).toBe(
      'mailto:board@mapleridge.example',
    );
    wrapper.unmount();
  });

  it('lists several units, each with its own Pay button and AutoPay state', async () => {
    const { wrapper, sent } = await mountHome(
      ownerApi(
        () =>
          portalJson(
            [
              unitJson('u-12', '12'),
              unitJson('u-14', '14', {
                balance: '-40.00',
                pastDue: '0.00',
                nextDue: null,
                address: null,
              }),
            ],
            { totalDue: '425.00' },
          ),
        undefined,
        (unitId) => (unitId === 'u-12' ? autopayJson('u-12') : null),
      ),
    );
    await vi.waitFor(() => expect($('[data-testid=owner-unit-u-14]')).not.toBeNull());
    expect(document.querySelectorAll('[data-testid^=owner-unit-u-]')).toHaveLength(2);
    expect(text('#owner-units-title')).toBe('Your units');
    await vi.waitFor(() =>
      expect(text('[data-testid=owner-unit-u-12] [data-testid=unit-autopay]')).toBe('AutoPay on'),
    );
    expect(text('[data-testid=owner-unit-u-12]')).toContain('Up to $500.00 · Visa •••• 4242');
    expect(text('[data-testid=owner-unit-u-14] [data-testid=unit-autopay]')).toBe('AutoPay off');
    // A unit in credit says so, and has nothing to pay.
    expect(text('[data-testid=owner-unit-u-14] dt')).toBe('Credit');
    expect(text('[data-testid=owner-unit-u-14] [data-testid=unit-balance]')).toBe('$40.00');
    expect($('[data-testid=pay-unit-u-12]')).not.toBeNull();
    expect($('[data-testid=pay-unit-u-14]')).toBeNull();
    expect(
      sent
        .filter((r) => r.operationName === 'OwnerAutopay')
        .map((r) => r.variables.unitId)
        .sort(),
    ).toEqual(['u-12', 'u-14']);
    wrapper.unmount();
  });

  it('says all is paid, and asks nothing about AutoPay where payments are not online', async () => {
    const { wrapper, sent } = await mountHome(
      ownerApi(() => ({
        ownerPortal: {
          ...portalJson([
            unitJson('u-12', '12', { balance: '0.00', pastDue: '0.00', nextDue: null }),
          ]).ownerPortal,
          totalDue: '0.00',
          association: {
            ...portalJson([]).ownerPortal.association,
            onlinePayments: false,
          },
        },
      })),
    );
    await vi.waitFor(() => expect($('[data-testid=owner-hero]')).not.toBeNull());
    expect(text('[data-testid=owner-hero]')).toContain("You're all paid up. Thank you!");
    expect($('[data-testid=owner-pay-now]')).toBeNull();
    expect($('[data-testid=unit-autopay]')).toBeNull();
    expect(sent.some((r) => r.operationName === 'OwnerAutopay')).toBe(false);
    wrapper.unmount();
  });

  it('explains an account not linked to a unit yet', async () => {
    const { wrapper } = await mountHome(ownerApi(() => portalJson([], { totalDue: '0.00' })));
    await vi.waitFor(() => expect($('[data-testid=owner-no-units]')).not.toBeNull());
    expect(text('[data-testid=owner-no-units]')).toContain("Your home isn't linked yet");
    expect(text('[data-testid=owner-no-units]')).toContain(
      "Maple Ridge HOA hasn't connected your account to a unit yet.",
    );
    expect($('[data-testid=owner-hero]')).toBeNull();
    // Who to ask is still there.
    expect($('[data-testid=owner-contact]')).not.toBeNull();
    wrapper.unmount();
  });

  it('says what failed and tries again', async () => {
    let fail = true;
    const { wrapper } = await mountHome(
      ownerApi(
        () => portalJson([unitJson('u-12', '12')]),
        (req) =>
          req.operationName === 'OwnerPortal' && fail
            ? { body: apiError('INTERNAL', 'The server had a problem') }
            : undefined,
      ),
    );
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain("We couldn't load your account."),
    );
    fail = false;
    [...document.querySelectorAll('button')]
      .find((b) => b.textContent?.includes('Try again'))!
      .click();
    await vi.waitFor(() => expect(text('[data-testid=owner-total-due]')).toBe('$425.00'));
    wrapper.unmount();
  });
});
