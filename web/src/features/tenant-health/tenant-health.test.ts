import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { installTestClient } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import { contribution, sparklinePoints } from './tenant-health';
import TenantHealthPage from './views/TenantHealthPage.vue';

const measure = (key: string, label: string, value: number, fullAt: number, share = 100) => ({
  __typename: 'TenantHealthMeasureValue',
  key,
  label,
  value,
  fullAt,
  share,
});
const input = (
  key: string,
  label: string,
  weight: number,
  subScore: number,
  measures: unknown[],
) => ({
  __typename: 'TenantHealthInputScore',
  key,
  label,
  weight,
  subScore,
  measures,
});

// What the API answers (the busy and quiet tenants of the API's own test, and a suspended one).
function report() {
  return {
    __typename: 'TenantHealthReport',
    computedAt: '2026-03-18T12:00:00.000Z',
    weekStart: '2026-03-16',
    formula: {
      __typename: 'TenantHealthFormula',
      inputs: [
        {
          __typename: 'TenantHealthFormulaInput',
          key: 'activity',
          label: 'Activity',
          description: 'Sign-ins by members in the last 30 days',
          weight: 25,
          measures: [
            {
              __typename: 'TenantHealthMeasure',
              key: 'signIns30d',
              label: 'Sign-ins',
              fullAt: 20,
              share: 100,
            },
          ],
        },
      ],
      grades: [
        { __typename: 'TenantHealthGradeBand', grade: 'HEALTHY', label: 'Healthy', min: 75 },
        { __typename: 'TenantHealthGradeBand', grade: 'WATCH', label: 'Watch', min: 50 },
        { __typename: 'TenantHealthGradeBand', grade: 'AT_RISK', label: 'At risk', min: 0 },
      ],
      text: ['Score = round(Σ weight × sub-score ÷ 100) — as the API states it'],
    },
    organizations: [
      {
        __typename: 'TenantHealth',
        organizationId: 'org-quiet',
        name: 'Quiet Quarry',
        status: 'ACTIVE',
        reachable: true,
        problem: null,
        score: 9,
        grade: 'AT_RISK',
        inputs: [
          input('members', 'Members', 15, 60, [measure('activeMembers', 'Active members', 3, 5)]),
        ],
        history: [{ __typename: 'TenantHealthWeek', weekStart: '2026-03-16', score: 9 }],
      },
      {
        __typename: 'TenantHealth',
        organizationId: 'org-busy',
        name: 'Busy Brook',
        status: 'ACTIVE',
        reachable: true,
        problem: null,
        score: 59,
        grade: 'WATCH',
        inputs: [
          input('activity', 'Activity', 25, 60, [
            measure('signIns30d', 'Sign-ins in the last 30 days', 12, 20),
          ]),
          input('transactions', 'Transactions', 20, 25, [
            measure('entries30d', 'Entries in the last 30 days', 3, 10, 60),
            measure('entries90d', 'Entries in the last 90 days', 5, 30, 40),
          ]),
        ],
        history: [
          { __typename: 'TenantHealthWeek', weekStart: '2026-03-09', score: 41 },
          { __typename: 'TenantHealthWeek', weekStart: '2026-03-16', score: 59 },
        ],
      },
      {
        __typename: 'TenantHealth',
        organizationId: 'org-off',
        name: 'Suspended Summit',
        status: 'SUSPENDED',
        reachable: false,
        problem: 'This organization is suspended',
        score: null,
        grade: null,
        inputs: [],
        history: [],
      },
    ],
  };
}

describe('tenant health helpers', () => {
  it('places weekly scores in the sparkline box, 100 at the top', () => {
    expect(sparklinePoints([0, 50, 100], 100, 20, 0)).toEqual([
      { x: 0, y: 20 },
      { x: 50, y: 10 },
      { x: 100, y: 0 },
    ]);
    expect(sparklinePoints([40], 100, 20, 0)).toEqual([{ x: 50, y: 12 }]);
  });

  it("adds an input's points as the formula does", () => {
    expect(contribution(25, 60)).toBe('15');
    expect(contribution(15, 33)).toBe('4.95');
  });
});

describe('TenantHealthPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  async function mount() {
    const requests: string[] = [];
    installTestClient((req) => {
      requests.push(req.operationName);
      return { body: { data: { adminTenantHealth: report() } } };
    });
    const pinia = freshPinia();
    signIn({ email: 'owner@example.com', isSuperadmin: true }, null);
    const router = await routerAt('/admin/health', pinia);
    const wrapper = mountWithApp(TenantHealthPage, { pinia, router });
    await flushPromises();
    return { wrapper, requests };
  }

  const names = (w: Awaited<ReturnType<typeof mount>>['wrapper']) =>
    w
      .findAll('[data-testid=health-table] tbody tr')
      .map((tr) => tr.find('.tenant-health__name').text());

  it('lists the scores with grade, sparkline, the unreachable organization and the API formula', async () => {
    const { wrapper, requests } = await mount();
    expect(requests).toEqual(['AdminTenantHealth']);
    expect(names(wrapper)).toEqual(['Quiet Quarry', 'Busy Brook', 'Suspended Summit']);
    expect(wrapper.findAll('[data-testid=health-score]').map((s) => s.text())).toEqual(['9', '59']);
    expect(wrapper.findAll('[data-testid=health-grade]').map((s) => s.text())).toEqual([
      'At risk',
      'Watch',
    ]);
    const sparks = wrapper.findAll('[data-testid=health-sparkline]');
    expect(sparks).toHaveLength(2);
    expect(sparks[1]!.attributes('aria-label')).toContain('41 in the week of');
    expect(sparks[1]!.find('polyline').exists()).toBe(true);
    expect(wrapper.get('[data-testid=health-unreachable]').text()).toContain(
      'Suspended Summit (This organization is suspended)',
    );
    expect(wrapper.get('[data-testid=health-formula]').text()).toContain('— as the API states it');
    expect(wrapper.get('[data-testid=health-formula]').text()).toContain('Activity · weight 25');
    expect(wrapper.find('[data-testid=admin-tab-admin-health]').exists()).toBe(true);
    wrapper.unmount();
  });

  it("opens a row to each input's values, sub-score, weight and points", async () => {
    const { wrapper } = await mount();
    const busy = wrapper.findAll('[data-testid=health-table] tbody tr')[1]!;
    await busy.trigger('click');
    await flushPromises();
    const inputs = wrapper.get('[data-testid=health-inputs]');
    const tx = inputs.get('[data-testid=health-input-transactions]');
    expect(tx.text()).toContain('Entries in the last 30 days: 3');
    expect(tx.text()).toContain('Entries in the last 90 days: 5');
    expect(tx.findAll('td.num').map((td) => td.text())).toEqual(['25', '20', '5']);
    expect(
      inputs
        .get('[data-testid=health-input-activity]')
        .findAll('td.num')
        .map((td) => td.text()),
    ).toEqual(['60', '25', '15']);
    expect(inputs.get('tfoot').text()).toContain('59');
    wrapper.unmount();
  });

  it('sorts by score when its header is clicked', async () => {
    const { wrapper } = await mount();
    const header = wrapper
      .findAll('[data-testid=health-table] thead th')
      .find((th) => th.text().includes('Score'))!;
    await header.trigger('click');
    await flushPromises();
    const scored = names(wrapper).filter((n) => n !== 'Suspended Summit');
    expect(scored).toEqual(['Quiet Quarry', 'Busy Brook']);
    await header.trigger('click');
    await flushPromises();
    expect(names(wrapper).filter((n) => n !== 'Suspended Summit')).toEqual([
      'Busy Brook',
      'Quiet Quarry',
    ]);
    wrapper.unmount();
  });
});
