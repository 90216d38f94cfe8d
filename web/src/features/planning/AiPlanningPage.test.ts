import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type GraphQLRequest, installTestClient } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import { recommendation, settings, unscoredHealth } from './planningFixtures';
import AiPlanningPage from './views/AiPlanningPage.vue';

type Rec = ReturnType<typeof recommendation>;

async function mountPage(opts: {
  providerConfigured: boolean;
  model?: string | null;
  lastDone: Rec | null;
  latest?: Rec | null;
  /** The answers to aiRecommendation(id), one per poll (the last repeats). */
  polls?: Rec[];
  requested?: Rec;
  role?: 'ADMIN' | 'USER' | 'VIEWER';
  /** The fund health planningSettings answers (default: scored funds). */
  health?: unknown[];
}) {
  const requests: GraphQLRequest[] = [];
  let polled = 0;
  installTestClient((req) => {
    requests.push(req);
    if (req.operationName === 'AiPlanning') {
      return {
        body: {
          data: {
            planningSettings: {
              ...settings(opts.providerConfigured, opts.model ?? null),
              ...(opts.health ? { health: opts.health } : {}),
            },
            latest: [opts.latest ?? opts.lastDone].filter(Boolean),
            lastDone: opts.lastDone ? [opts.lastDone] : [],
          },
        },
      };
    }
    if (req.operationName === 'AiRecommendation') {
      const polls = opts.polls ?? [];
      const answer = polls[Math.min(polled++, polls.length - 1)];
      return { body: { data: { aiRecommendation: answer } } };
    }
    if (req.operationName === 'RequestAiRecommendation') {
      return { body: { data: { requestAiRecommendation: opts.requested } } };
    }
    return { body: { data: null } };
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role: opts.role ?? 'VIEWER', status: 'ACTIVE' },
  );
  const router = await routerAt('/planning', pinia);
  const wrapper = mountWithApp(AiPlanningPage, { pinia, router });
  await flushPromises();
  await flushPromises();
  return { wrapper, requests };
}

const sourceText = (w: Awaited<ReturnType<typeof mountPage>>['wrapper']) =>
  w.get('[data-testid=narrative-source]').text();

describe('AiPlanningPage: who wrote the words', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it("names the provider's model when it wrote them, from the planner's figures", async () => {
    const { wrapper } = await mountPage({
      providerConfigured: true,
      model: 'gpt-4o-mini',
      lastDone: recommendation({
        provider: 'api.openai.com',
        model: 'gpt-4o-mini',
        narrativeSource: 'PROVIDER',
      }),
    });
    expect(sourceText(wrapper)).toBe("Written by gpt-4o-mini from the planner's figures");
    wrapper.unmount();
  });

  it("says the words are the planner's own when no provider is configured, never 'AI'", async () => {
    const { wrapper } = await mountPage({ providerConfigured: false, lastDone: recommendation() });
    expect(sourceText(wrapper)).toBe("The planner's own words: no AI provider is configured");
    expect(sourceText(wrapper)).not.toMatch(/written by/i);
    // The figures are there all the same: the ladder's rungs, the fund's position, the health.
    expect(wrapper.findAll('[data-testid=ladder-rungs] tbody tr')).toHaveLength(2);
    expect(wrapper.get('[data-testid=fund-positions]').text()).toContain('$120,000.00');
    expect(wrapper.get('[data-testid=fund-health-RESERVE]').text()).toContain('45.7 %');
    wrapper.unmount();
  });

  it("says why the provider's answer was not used when it fell back to the planner", async () => {
    const { wrapper } = await mountPage({
      providerConfigured: true,
      model: 'gpt-4o-mini',
      lastDone: recommendation({
        provider: 'api.openai.com',
        model: 'gpt-4o-mini',
        narrativeSource: 'PLANNER',
        error: 'The answer changed a figure ($90,000.00 is not in the plan).',
      }),
    });
    expect(sourceText(wrapper)).toBe(
      "The AI provider's answer was not used: The answer changed a figure ($90,000.00 is not in the plan). These are the planner's own words.",
    );
    expect(wrapper.get('[data-testid=narrative-source]').classes()).toContain(
      'planning__source--fallback',
    );
    wrapper.unmount();
  });
});

describe('AiPlanningPage: asking', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('asks (a viewer may), shows the working state while pending, then the result', async () => {
    const pending = recommendation({
      id: 'rec-2',
      status: 'PENDING',
      completedAt: null,
      narrativeSource: null,
      responseMs: null,
      plan: null,
    });
    const done = recommendation({ id: 'rec-2' });
    const { wrapper, requests } = await mountPage({
      providerConfigured: false,
      lastDone: null,
      requested: pending,
      polls: [pending, done],
    });
    expect(wrapper.text()).toContain('No recommendations yet');
    const ask = wrapper.get('[data-testid=get-recommendations]');
    expect(ask.attributes('disabled')).toBeUndefined();
    await ask.trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid=recommendation-working]').exists()).toBe(true);
    expect(wrapper.get('[data-testid=get-recommendations]').text()).toBe('Working…');

    // The page asks again about the pending request until it is done.
    await vi.waitFor(
      () => expect(wrapper.find('[data-recommendation-id=rec-2]').exists()).toBe(true),
      { timeout: 6000, interval: 100 },
    );
    expect(wrapper.find('[data-testid=recommendation-working]').exists()).toBe(false);
    const polls = requests.filter((r) => r.operationName === 'AiRecommendation');
    expect(polls.length).toBeGreaterThanOrEqual(2);
    expect(polls.every((r) => r.variables.id === 'rec-2')).toBe(true);
    expect(sourceText(wrapper)).toBe("The planner's own words: no AI provider is configured");
    // A viewer sees "Add to plan" disabled; no "Edit rates" either.
    expect(wrapper.get('[data-testid=add-to-plan]').attributes('disabled')).toBeDefined();
    expect(wrapper.find('[data-testid=edit-rates]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('follows a request already pending when the page opens', async () => {
    const pending = recommendation({
      id: 'rec-3',
      status: 'PENDING',
      completedAt: null,
      narrativeSource: null,
      plan: null,
    });
    const { wrapper, requests } = await mountPage({
      providerConfigured: false,
      lastDone: recommendation(),
      latest: pending,
      polls: [pending],
      role: 'ADMIN',
    });
    expect(wrapper.find('[data-testid=recommendation-working]').exists()).toBe(true);
    expect(requests.some((r) => r.operationName === 'AiRecommendation')).toBe(true);
    // The last finished one stays on screen meanwhile; an admin may edit the rates.
    expect(wrapper.find('[data-recommendation-id=rec-1]').exists()).toBe(true);
    expect(wrapper.find('[data-testid=edit-rates]').exists()).toBe(true);
    wrapper.unmount();
  });
});

describe('AiPlanningPage: fund health with nothing to measure', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('says "No score" and why for a new association, never a score', async () => {
    const { wrapper } = await mountPage({
      providerConfigured: false,
      lastDone: null,
      health: [unscoredHealth('OPERATING'), unscoredHealth('RESERVE')],
    });
    for (const fund of ['OPERATING', 'RESERVE']) {
      const card = wrapper.get(`[data-testid=fund-health-${fund}]`);
      expect(card.get('[data-testid=fund-health-grade]').text()).toBe('No score');
      expect(card.text()).toContain('Score not available');
      expect(card.text()).not.toMatch(/Strong|\b100\b/);
      // The ring draws no arc without a score.
      expect(card.find('.health-card__arc').exists()).toBe(false);
    }
    const operating = wrapper.get('[data-testid=fund-health-OPERATING]').text();
    expect(operating).toContain('No budgeted expenses to measure it by');
    expect(operating).toContain('enter the budget on the Budget page');
    expect(wrapper.get('[data-testid=fund-health-RESERVE]').text()).toContain('No reserve study');
    wrapper.unmount();
  });
});
