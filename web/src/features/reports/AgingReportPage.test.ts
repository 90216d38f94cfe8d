import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installTestClient } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import AgingReportPage from './views/AgingReportPage.vue';

const buckets = (
  current: string,
  d30: string,
  d60: string,
  d90: string,
  over: string,
  credit: string,
  total: string,
) => ({
  __typename: 'AgingBuckets',
  current,
  days1to30: d30,
  days31to60: d60,
  days61to90: d90,
  over90: over,
  credit,
  total,
});
const row = (id: string, number: string, owner: string | null, b: ReturnType<typeof buckets>) => ({
  __typename: 'AgingRow',
  unitId: id,
  unit: { __typename: 'Unit', id, number, ownerName: owner },
  buckets: b,
});

async function mountAging(receivableBalance: string) {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    requests.push(req);
    return {
      body: {
        data: {
          agingReport: {
            __typename: 'AgingReport',
            asOf: '2026-06-30',
            receivableAccountId: 'acc-1200',
            receivableBalance,
            rows: [
              row(
                'u-12',
                '12',
                'Jordan Ellis',
                buckets('350.00', '350.00', '0.00', '0.00', '125.00', '0.00', '825.00'),
              ),
              row(
                'u-14',
                '14',
                null,
                buckets('0.00', '0.00', '0.00', '0.00', '0.00', '-40.00', '-40.00'),
              ),
            ],
            totals: buckets('350.00', '350.00', '0.00', '0.00', '125.00', '-40.00', '785.00'),
          },
        },
      },
    };
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role: 'VIEWER', status: 'ACTIVE' },
  );
  const router = await routerAt('/reports/aging?asOf=2026-06-30', pinia);
  const wrapper = mountWithApp(AgingReportPage, { pinia, router });
  await flushPromises();
  return { wrapper, requests };
}

describe('AgingReportPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('buckets each unit’s balance, totals them, and shows the tie to the receivable account', async () => {
    const { wrapper, requests } = await mountAging('785.00');
    expect(requests[0]?.variables).toEqual({ asOf: '2026-06-30' });
    expect(wrapper.text()).toContain('As of Jun 30, 2026 · 2 units with a balance · $785.00');
    const head = wrapper.findAll('[data-testid=aging-table] thead th').map((th) => th.text());
    expect(head).toEqual([
      'Unit',
      'Current',
      '1–30 days',
      '31–60 days',
      '61–90 days',
      'Over 90 days',
      'Credit',
      'Total',
    ]);
    const rows = wrapper
      .findAll('[data-testid=aging-table] tbody tr')
      .map((tr) => tr.findAll('td').map((td) => td.text().replace(/\s+/g, ' ').trim()));
    expect(rows).toEqual([
      ['12Jordan Ellis', '$350.00', '$350.00', '', '', '$125.00', '', '$825.00'],
      ['14', '', '', '', '', '', '($40.00)', '($40.00)'],
    ]);
    expect(wrapper.get('[data-testid=aging-total-total]').text()).toBe('$785.00');
    expect(wrapper.get('[data-testid=aging-total-credit]').text()).toBe('($40.00)');
    expect(wrapper.get('[data-testid=aging-receivable]').text()).toBe('$785.00');
    expect(wrapper.get('[data-testid=aging-ties]').text()).toContain(
      'Ties to the receivable account: $785.00',
    );
    wrapper.unmount();
  });

  it('says so, in words, when the ledger does not agree', async () => {
    const { wrapper } = await mountAging('800.00');
    expect(wrapper.get('[data-testid=aging-ties]').text()).toContain('off by $15.00');
    expect(wrapper.get('[data-testid=aging-ties]').classes()).toContain('cv-badge--danger');
    wrapper.unmount();
  });

  it('exports the rows, totals and the receivable balance as plain decimals', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:aging';
    });
    const { wrapper } = await mountAging('785.00');
    await wrapper.get('[data-testid=aging-export]').trigger('click');
    const text = await blobs[0]!.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[1]).toBe(
      'Unit,Owner,Current,1–30 days,31–60 days,61–90 days,Over 90 days,Credit,Total',
    );
    expect(lines[2]).toBe('12,Jordan Ellis,350.00,350.00,0.00,0.00,125.00,0.00,825.00');
    expect(lines[4]).toBe('Total,,350.00,350.00,0.00,0.00,125.00,-40.00,785.00');
    expect(lines[5]).toBe('Receivable account balance,,,,,,,,785.00');
    wrapper.unmount();
  });
});
