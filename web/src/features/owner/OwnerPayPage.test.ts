import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { centsToMoney, toCents } from '@/money';
import { apiError, installTestClient } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import { goToCheckout } from './checkout';
import {
  associationJson,
  onlinePaymentJson,
  owner,
  ownerApi,
  ownerMembership,
  portalJson,
  unitJson,
} from './ownerFixtures';
import OwnerPayPage from './views/OwnerPayPage.vue';

// Leaving for Stripe's page is the one thing a test cannot do: the address it would go to is
// recorded instead.
vi.mock('./checkout', () => ({ goToCheckout: vi.fn() }));

const $ = <T extends HTMLElement = HTMLElement>(selector: string) =>
  document.querySelector<T>(selector);
const text = (selector: string) => $(selector)?.textContent?.replace(/\s+/g, ' ').trim();

// The association passes a card's 3 % on; a bank payment costs a flat $1.00.
function quoteFor(amount: string, method: string) {
  const cents = toCents(amount);
  const fee = method === 'CARD' ? Math.round(cents * 0.03) : 100;
  return {
    __typename: 'OwnerPaymentQuote',
    amount,
    fee: centsToMoney(fee),
    total: centsToMoney(cents + fee),
    method,
    note:
      method === 'CARD' ? 'No fee is added for debit cards: it is refunded after payment' : null,
  };
}

async function mountPay(
  other: (req: GraphQLRequest) => GraphQLReply | undefined = () => undefined,
  portal: () => unknown = () => portalJson([unitJson('u-12', '12')]),
) {
  const sent: GraphQLRequest[] = [];
  installTestClient((req) => {
    sent.push(req);
    return ownerApi(portal, (r: GraphQLRequest) => {
      const answered = other(r);
      if (answered) return answered;
      if (r.operationName === 'OwnerPaymentQuote') {
        return {
          body: {
            data: {
              ownerPaymentQuote: quoteFor(String(r.variables.amount), String(r.variables.method)),
            },
          },
        };
      }
      return undefined;
    })(req);
  });
  const pinia = freshPinia();
  signIn(owner, ownerMembership);
  const router = await routerAt('/owner/units/u-12/pay', pinia);
  const wrapper = mountWithApp(withToast(OwnerPayPage), { pinia, router });
  await flushPromises();
  return { wrapper, sent };
}

// Typed, then the field left (a person's blur never comes in the same tick as their typing).
async function type(selector: string, value: string): Promise<void> {
  const input = $<HTMLInputElement>(selector)!;
  input.value = value;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
  input.dispatchEvent(new FocusEvent('blur'));
  await flushPromises();
}

const quotes = (sent: GraphQLRequest[]) =>
  sent.filter((r) => r.operationName === 'OwnerPaymentQuote').map((r) => r.variables);

describe('OwnerPayPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    vi.mocked(goToCheckout).mockClear();
  });

  it('offers what is due, quotes it by bank and by card, and leaves for Stripe with the total', async () => {
    const { wrapper, sent } = await mountPay((req) =>
      req.operationName === 'StartOwnerPayment'
        ? {
            body: {
              data: {
                startOwnerPayment: {
                  __typename: 'CheckoutRedirect',
                  url: 'https://checkout.stripe.test/c/pay/cs_test_1',
                },
              },
            },
          }
        : undefined,
    );
    // What is past due comes first, then all that is due by the next due date (here the whole
    // balance, offered once), then another amount.
    await vi.waitFor(() => expect(text('[data-testid=pay-quote-total]')).toBe('$126.00'));
    expect($<HTMLInputElement>('#pay-amount-past')?.checked).toBe(true);
    expect(text('label[for=pay-amount-past]')).toBe('Past due · $125.00 Late now: best paid first');
    expect(text('label[for=pay-amount-due]')).toBe(
      'Due by Jan 1, 2026 · $425.00 Everything due by then',
    );
    expect($('#pay-amount-balance')).toBeNull();
    expect(text('label[for=pay-amount-other]')).toBe('Another amount');
    expect(quotes(sent)).toEqual([{ unitId: 'u-12', amount: '125.00', method: 'US_BANK_ACCOUNT' }]);
    expect(text('[data-testid=pay-quote-fee]')).toBe('$1.00');
    expect($('[data-testid=pay-quote-note]')).toBeNull();

    // By card: the card's fee and the association's note.
    $<HTMLInputElement>('#pay-method-CARD')!.click();
    await vi.waitFor(() => expect(text('[data-testid=pay-quote-total]')).toBe('$128.75'));
    expect(text('[data-testid=pay-quote-fee]')).toBe('$3.75');
    expect(text('[data-testid=pay-quote-note]')).toBe(
      'No fee is added for debit cards: it is refunded after payment',
    );
    expect(text('[data-testid=pay-continue]')).toBe('Continue to secure payment');
    // Nothing is on its way: no word about it.
    expect($('[data-testid=pay-on-the-way]')).toBeNull();

    $<HTMLButtonElement>('[data-testid=pay-continue]')!.click();
    await vi.waitFor(() => expect(goToCheckout).toHaveBeenCalledOnce());
    expect(goToCheckout).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_1');
    expect(sent.find((r) => r.operationName === 'StartOwnerPayment')?.variables).toEqual({
      unitId: 'u-12',
      amount: '125.00',
      method: 'CARD',
    });
    wrapper.unmount();
  });

  it('checks another amount before asking for a quote, and shows the API’s own refusal', async () => {
    const { wrapper, sent } = await mountPay((req) =>
      req.operationName === 'StartOwnerPayment'
        ? {
            body: apiError('BAD_USER_INPUT', 'Invalid input', [
              { field: 'amount', message: 'Pay at most $425.00, your balance' },
            ]),
          }
        : undefined,
    );
    await vi.waitFor(() => expect($('[data-testid=pay-quote]')).not.toBeNull());
    $<HTMLInputElement>('#pay-amount-other')!.click();
    await flushPromises();

    // Nothing typed yet: the summary waits, the button says why when pressed.
    expect(text('.owner-pay__summary')).toContain('Choose an amount to see your total.');
    $<HTMLButtonElement>('[data-testid=pay-continue]')!.click();
    await flushPromises();
    expect(text('[data-testid=pay-amount-error]')).toBe('Enter the amount you want to pay.');

    for (const [typed, problem] of [
      ['0', 'Enter an amount more than $0.00.'],
      ['0.00', 'Enter an amount more than $0.00.'],
      ['-20', 'Enter a positive amount'],
      ['12.345', 'Use at most two decimals'],
      ['abc', 'Enter an amount like 1234.56'],
    ]) {
      await type('[data-testid=pay-amount-input]', typed!);
      expect(text('[data-testid=pay-amount-error]'), typed).toBe(problem);
      expect($<HTMLButtonElement>('[data-testid=pay-continue]')?.disabled, typed).toBe(false);
    }
    await new Promise((r) => setTimeout(r, 400));
    // Only the first, valid amount was ever quoted.
    expect(quotes(sent).map((q) => q.amount)).toEqual(['125.00']);

    await type('[data-testid=pay-amount-input]', '$1,200.5');
    await vi.waitFor(() => expect(text('[data-testid=pay-quote-total]')).toBe('$1,201.50'));
    expect($('[data-testid=pay-amount-error]')).toBeNull();
    expect(quotes(sent).at(-1)).toEqual({
      unitId: 'u-12',
      amount: '1200.50',
      method: 'US_BANK_ACCOUNT',
    });

    $<HTMLButtonElement>('[data-testid=pay-continue]')!.click();
    await vi.waitFor(() =>
      expect(text('[data-testid=pay-amount-error]')).toBe('Pay at most $425.00, your balance'),
    );
    expect(goToCheckout).not.toHaveBeenCalled();
    wrapper.unmount();
  });

  it('says a payment still on its way is not in the balance yet', async () => {
    const { wrapper } = await mountPay((req) =>
      req.operationName === 'OwnerOnlinePayments'
        ? {
            body: {
              data: {
                ownerOnlinePayments: [
                  onlinePaymentJson('op-1', { status: 'processing', amount: '125.00' }),
                  onlinePaymentJson('op-2', { status: 'failed', amount: '300.00' }),
                ],
              },
            },
          }
        : undefined,
    );
    await vi.waitFor(() => expect($('[data-testid=pay-on-the-way]')).not.toBeNull());
    expect(text('[data-testid=pay-on-the-way]')).toBe(
      "$125.00 you paid online is still on its way and not in your balance yet. There's no need to pay it again.",
    );
    wrapper.unmount();
  });

  it('tells an owner how to pay where the association takes no payments online', async () => {
    const { wrapper, sent } = await mountPay(undefined, () =>
      portalJson([unitJson('u-12', '12')], {
        association: associationJson({ onlinePayments: false }),
      }),
    );
    await vi.waitFor(() => expect($('[data-testid=owner-pay-offline]')).not.toBeNull());
    expect(text('[data-testid=owner-pay-offline]')).toContain(
      "Maple Ridge HOA doesn't take payments online yet. Your balance is $425.00.",
    );
    expect(text('[data-testid=owner-pay-offline]')).toContain(
      'Checks payable to Maple Ridge HOA, with your unit number.',
    );
    expect($('[data-testid=pay-continue]')).toBeNull();
    expect(quotes(sent)).toEqual([]);
    wrapper.unmount();
  });

  it('says so when the unit is not the owner’s', async () => {
    const { wrapper, sent } = await mountPay(undefined, () => portalJson([unitJson('u-14', '14')]));
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain("We couldn't find this unit"),
    );
    expect($('[data-testid=pay-continue]')).toBeNull();
    expect(quotes(sent)).toEqual([]);
    wrapper.unmount();
  });
});
