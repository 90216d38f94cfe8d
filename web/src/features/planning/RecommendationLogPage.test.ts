import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type GraphQLRequest, installTestClient } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import { inputs, recommendation } from './planningFixtures';
import RecommendationLogPage from './views/RecommendationLogPage.vue';

const failed = recommendation({
  id: 'rec-0',
  status: 'FAILED',
  requestedAt: '2026-11-20T10:00:00.000Z',
  provider: 'api.openai.com',
  model: 'gpt-4o-mini',
  narrativeSource: null,
  error: 'The forecast could not be read.',
  plan: null,
  responseMs: 1800,
});
const done = recommendation();

describe('RecommendationLogPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('lists the requests newest first; a row opens its output and the figures it used', async () => {
    const requests: GraphQLRequest[] = [];
    installTestClient((req) => {
      requests.push(req);
      if (req.operationName === 'RecommendationLog') {
        return {
          body: {
            data: {
              aiRecommendations: [
                { ...done, plan: { __typename: 'InvestmentPlan', toInvest: '100000.00' } },
                { ...failed, plan: null },
              ],
            },
          },
        };
      }
      if (req.operationName === 'RecommendationDetail') {
        return { body: { data: { aiRecommendation: { ...done, inputs: inputs() } } } };
      }
      return { body: { data: null } };
    });
    const pinia = freshPinia();
    signIn(
      { email: 'treasurer@example.com' },
      { id: 'org-1', name: 'Maple Ridge HOA', role: 'VIEWER', status: 'ACTIVE' },
    );
    const router = await routerAt('/planning/log', pinia);
    const wrapper = mountWithApp(RecommendationLogPage, { pinia, router });
    await flushPromises();

    const rows = wrapper.findAll('[data-testid=recommendation-log-table] tbody tr');
    expect(rows).toHaveLength(2);
    const cells = rows.map((r) => r.findAll('td').map((td) => td.text()));
    expect(cells[0]!.slice(1)).toEqual([
      'treasurer@example.com',
      'Done',
      'Planner (no AI provider)',
      'Planner',
      '640 ms',
      '$100,000.00',
      '—',
    ]);
    expect(cells[1]!.slice(1)).toEqual([
      'treasurer@example.com',
      'Failed',
      'api.openai.com · gpt-4o-mini',
      '—',
      '1.8 s',
      '—',
      'The forecast could not be read.',
    ]);
    expect(requests.find((r) => r.operationName === 'RecommendationDetail')).toBeUndefined();

    // Any cell of the row opens it.
    await rows[0]!.findAll('td')[6]!.trigger('click');
    await vi.waitFor(() =>
      expect(document.querySelector('[data-testid=recommendation-detail]')).not.toBeNull(),
    );
    expect(requests.find((r) => r.operationName === 'RecommendationDetail')?.variables).toEqual({
      id: 'rec-1',
    });
    const detail = document.querySelector<HTMLElement>('[data-testid=recommendation-detail]')!;
    const text = detail.textContent!.replace(/\s+/g, ' ');
    expect(text).toContain('Ladder $100,000.00 of reserve cash');
    expect(text).toContain('97.4 %');
    expect(text).toContain('45.7 %');
    expect(text).toContain('Summit National Bank');
    const closings = [...detail.querySelectorAll('[data-testid=detail-closings] tbody tr')].map(
      (tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim()),
    );
    expect(closings).toEqual([
      ['Cash today', '$42,000.00', '$180,000.00'],
      ['Nov 2026', '$43,100.00', '$181,500.00'],
      ['Dec 2026', '$44,250.00', '$183,000.00'],
    ]);
    wrapper.unmount();
  });
});
