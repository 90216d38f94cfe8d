import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type GraphQLRequest, installTestClient } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt } from '@/test/mount';
import SignupPage from './views/SignupPage.vue';

// The sign-up form as a person fills it in, against the API's answers: what it sends is the
// request the API gets.

const PRICING = {
  __typename: 'Pricing',
  mode: 'TRIAL',
  trialDays: 14,
  plans: [
    {
      __typename: 'PricingPlan',
      level: 'PROFESSIONAL',
      name: 'Professional',
      maxUnits: 200,
      aiPlanning: true,
      contactSales: false,
      monthlyPrice: '99.00',
      annualPrice: '990.00',
      annualSavingsPercent: 16,
    },
  ],
};

async function mountSignup() {
  const sent: GraphQLRequest[] = [];
  installTestClient((req) => {
    if (req.operationName === 'Pricing') return { body: { data: { pricing: PRICING } } };
    if (req.operationName !== 'StartSignup') return { body: { data: null } };
    sent.push(req);
    return {
      body: {
        data: {
          startSignup: {
            __typename: 'SignupStarted',
            signupId: 'signup-1',
            statusKey: 'key',
            checkoutUrl: null,
          },
        },
      },
    };
  });
  const pinia = freshPinia();
  const router = await routerAt('/signup?plan=professional&interval=annual', pinia);
  const wrapper = mountWithApp(SignupPage, { pinia, router });
  await flushPromises();
  return { wrapper, sent, router };
}

const $ = <T extends HTMLElement = HTMLElement>(sel: string) => document.querySelector<T>(sel);
function type(sel: string, value: string): void {
  const input = $<HTMLInputElement>(sel)!;
  input.value = value;
  input.dispatchEvent(new Event('input'));
}

describe('SignupPage: the chart of accounts to start with', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('offers the standard chart first, and sends the choice the person makes', async () => {
    const { wrapper, sent } = await mountSignup();
    const standard = $<HTMLInputElement>('#signup-chart-STANDARD')!;
    const empty = $<HTMLInputElement>('#signup-chart-MINIMAL')!;
    expect(document.body.textContent).toContain('Standard HOA chart');
    expect(standard.checked).toBe(true);
    expect(empty.checked).toBe(false);

    type('#signup-association', 'Willow Creek HOA');
    type('#signup-name', 'Dana Whitfield');
    type('#signup-email', 'dana@willow-creek.example');
    await wrapper.findComponent({ name: 'InputNumber' }).vm.$emit('update:modelValue', 120);
    // Moving from another program: starts empty, to import its own chart.
    empty.click();
    await flushPromises();
    expect(empty.checked).toBe(true);
    $<HTMLButtonElement>('[data-testid=signup-submit]')!.click();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.variables.input).toMatchObject({
      associationName: 'Willow Creek HOA',
      unitCount: 120,
      startingChart: 'MINIMAL',
    });
    wrapper.unmount();
  });
});
