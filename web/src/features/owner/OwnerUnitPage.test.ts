import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installTestClient } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import { goToCheckout } from './checkout';
import {
  autopayJson,
  onlinePaymentJson,
  owner,
  ownerApi,
  ownerMembership,
  portalJson,
  unitJson,
} from './ownerFixtures';
import OwnerUnitPage from './views/OwnerUnitPage.vue';

// Stripe's pages are where a test cannot follow: the address is recorded instead.
vi.mock('./checkout', () => ({ goToCheckout: vi.fn() }));

const $ = <T extends HTMLElement = HTMLElement>(selector: string) =>
  document.querySelector<T>(selector);
const text = (selector: string) => $(selector)?.textContent?.replace(/\s+/g, ' ').trim();
const button = (label: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find(
    (b) => b.textContent?.replace(/\s+/g, ' ').trim() === label,
  );

async function mountUnit(
  path: string,
  other: (req: GraphQLRequest) => GraphQLReply | undefined,
  autopay: () => unknown = () => null,
) {
  const sent: GraphQLRequest[] = [];
  installTestClient((req) => {
    sent.push(req);
    return ownerApi(
      () => portalJson([unitJson('u-12', '12')]),
      (r: GraphQLRequest) => {
        const answered = other(r);
        if (answered) return answered;
        if (r.operationName === 'OwnerUnitLedger')
          return { body: { data: { ownerUnitLedger: [] } } };
        if (r.operationName === 'OwnerOnlinePayments') {
          return { body: { data: { ownerOnlinePayments: [] } } };
        }
        return undefined;
      },
      autopay,
    )(req);
  });
  const pinia = freshPinia();
  signIn(owner, ownerMembership);
  const router = await routerAt(path, pinia);
  const wrapper = mountWithApp(withToast(OwnerUnitPage), { pinia, router });
  await flushPromises();
  return { wrapper, sent, router };
}

async function type(selector: string, value: string): Promise<void> {
  const input = $<HTMLInputElement>(selector)!;
  input.value = value;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
}

describe('OwnerUnitPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    vi.mocked(goToCheckout).mockClear();
  });

  it('thanks an owner back from a bank payment, and does not ask them to pay it again', async () => {
    const { wrapper } = await mountUnit('/owner/units/u-12?paid=op-1', (req) =>
      req.operationName === 'OwnerOnlinePayments'
        ? { body: { data: { ownerOnlinePayments: [onlinePaymentJson('op-1')] } } }
        : undefined,
    );
    await vi.waitFor(() => expect(text('[data-testid=owner-paid-banner]')).toContain('on its way'));
    expect(text('[data-testid=owner-paid-banner]')).toContain(
      'Thank you! Your bank payment of $425.00 is on its way.',
    );
    expect(text('[data-testid=owner-paid-banner]')).toContain(
      'Bank payments take a few business days to clear.',
    );
    expect(text('[data-testid=owner-on-the-way]')).toContain('$425.00');
    expect(text('[data-testid=owner-unit-on-the-way] dt')).toBe(
      'On its way, not in the balance yet',
    );
    expect(text('[data-testid=owner-unit-on-the-way] dd')).toBe('−$425.00');
    // What is due is already on its way: the button offers another payment, not the same again.
    expect(text('[data-testid=owner-unit-pay]')).toBe('Make a payment');
    wrapper.unmount();
  });

  it('waits for Stripe’s word on a card payment, then thanks and shows the new balance', async () => {
    let status = 'open';
    let balance = '425.00';
    const { wrapper, sent } = await mountUnit('/owner/units/u-12?paid=op-2', (req) => {
      if (req.operationName === 'OwnerOnlinePayments') {
        const p = onlinePaymentJson('op-2', { method: 'CARD', amount: '50.00', status });
        return { body: { data: { ownerOnlinePayments: [p] } } };
      }
      if (req.operationName === 'OwnerPortal') {
        return { body: { data: portalJson([unitJson('u-12', '12', { balance })]) } };
      }
      return undefined;
    });
    await vi.waitFor(() =>
      expect(text('[data-testid=owner-paid-banner]')).toContain(
        "Thank you! We're confirming your payment of $50.00.",
      ),
    );
    status = 'succeeded';
    balance = '375.00';
    await vi.waitFor(
      () =>
        expect(text('[data-testid=owner-paid-banner]')).toContain(
          'Thank you! Your payment of $50.00 was received.',
        ),
      { timeout: 8000 },
    );
    await vi.waitFor(() => expect(text('[data-testid=owner-unit-balance]')).toContain('$375.00'));
    expect(sent.filter((r) => r.operationName === 'OwnerPortal').length).toBeGreaterThan(1);
    wrapper.unmount();
  });

  it('sets up AutoPay with a limit and a way to pay, on Stripe’s page', async () => {
    const { wrapper, sent } = await mountUnit('/owner/units/u-12', (req) =>
      req.operationName === 'StartAutopaySetup'
        ? {
            body: {
              data: {
                startAutopaySetup: {
                  __typename: 'CheckoutRedirect',
                  url: 'https://checkout.stripe.test/c/setup/cs_test_9',
                },
              },
            },
          }
        : undefined,
    );
    await vi.waitFor(() => expect(text('[data-testid=autopay-state]')).toBe('Off'));
    $<HTMLButtonElement>('[data-testid=autopay-setup]')!.click();
    await flushPromises();
    // What is due now is where the limit starts.
    expect($<HTMLInputElement>('#autopay-max')?.value).toBe('125.00');

    await type('#autopay-max', '');
    $<HTMLButtonElement>('[data-testid=autopay-continue]')!.click();
    await flushPromises();
    expect(text('#autopay-max-error')).toBe('Enter the most AutoPay may pay at once.');
    await type('#autopay-max', '0');
    $<HTMLButtonElement>('[data-testid=autopay-continue]')!.click();
    await flushPromises();
    expect(text('#autopay-max-error')).toBe('The limit must be more than $0.00.');
    expect(sent.some((r) => r.operationName === 'StartAutopaySetup')).toBe(false);

    await type('#autopay-max', '500');
    $<HTMLInputElement>('#autopay-method-CARD')!.click();
    await flushPromises();
    $<HTMLButtonElement>('[data-testid=autopay-continue]')!.click();
    await vi.waitFor(() => expect(goToCheckout).toHaveBeenCalledOnce());
    expect(goToCheckout).toHaveBeenCalledWith('https://checkout.stripe.test/c/setup/cs_test_9');
    expect(sent.find((r) => r.operationName === 'StartAutopaySetup')?.variables).toEqual({
      unitId: 'u-12',
      maxAmount: '500.00',
      method: 'CARD',
    });
    wrapper.unmount();
  });

  it('changes the limit of an AutoPay that is on, and turns it off after asking', async () => {
    let enrollment: unknown = autopayJson('u-12', {
      method: 'CARD',
      startsOn: '2026-01-02',
      problems: 1,
      lastProblem: 'The Feb 1 bill of $600.00 was above your limit of $500.00: pay it yourself.',
    });
    const { wrapper, sent } = await mountUnit(
      '/owner/units/u-12',
      (req) => {
        if (req.operationName === 'UpdateAutopay') {
          enrollment = { ...(enrollment as object), maxAmount: req.variables.maxAmount };
          return { body: { data: { updateAutopay: enrollment } } };
        }
        if (req.operationName === 'CancelAutopay') {
          enrollment = null;
          return { body: { data: { cancelAutopay: true } } };
        }
        return undefined;
      },
      () => enrollment,
    );
    await vi.waitFor(() => expect(text('[data-testid=autopay-state]')).toBe('On'));
    expect(text('[data-testid=autopay-method]')).toBe('Visa •••• 4242');
    expect(text('[data-testid=autopay-max]')).toBe('$500.00');
    expect(text('[data-testid=autopay-problem]')).toBe(
      'The Feb 1 bill of $600.00 was above your limit of $500.00: pay it yourself.',
    );

    $<HTMLButtonElement>('[data-testid=autopay-edit]')!.click();
    await flushPromises();
    await type('#autopay-edit-max', '650');
    $<HTMLButtonElement>('[data-testid=autopay-save]')!.click();
    await vi.waitFor(() => expect(text('[data-testid=autopay-max]')).toBe('$650.00'));
    expect(sent.find((r) => r.operationName === 'UpdateAutopay')?.variables).toEqual({
      unitId: 'u-12',
      maxAmount: '650.00',
    });
    expect(document.body.textContent).toContain('AutoPay limit is now $650.00');

    $<HTMLButtonElement>('[data-testid=autopay-cancel]')!.click();
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Turn off AutoPay for Unit 12?'),
    );
    expect(sent.some((r) => r.operationName === 'CancelAutopay')).toBe(false);
    $<HTMLButtonElement>('[data-testid=autopay-cancel-confirm]')!.click();
    await vi.waitFor(() => expect(text('[data-testid=autopay-state]')).toBe('Off'));
    expect(sent.find((r) => r.operationName === 'CancelAutopay')?.variables).toEqual({
      unitId: 'u-12',
    });
    expect(document.body.textContent).toContain('AutoPay is off for Unit 12');
    expect(button('Set up AutoPay')).toBeDefined();
    wrapper.unmount();
  });
});
