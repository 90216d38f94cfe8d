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

async function mountAging(receivableBalance: string, prepaidBalance = '40.00') {
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
            prepaidAccountId: 'acc-2150',
            prepaidBalance,
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
                buckets('0.00', '0.00', '0.00', '0.00', '0.00', '-40.00', '0.00'),
              ),
            ],
            // The total is what is owed; the credit is apart (held in Prepaid Assessments).
            totals: buckets('350.00', '350.00', '0.00', '0.00', '125.00', '-40.00', '825.00'),
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

  it('buckets what each unit owes, shows credit apart, and ties to both accounts', async () => {
    const { wrapper, requests } = await mountAging('825.00');
    expect(requests[0]?.variables).toEqual({ asOf: '2026-06-30' });
    expect(wrapper.text()).toContain(
      'As of Jun 30, 2026 · 2 units · $825.00 outstanding · $40.00 in credit',
    );
    const head = wrapper.findAll('[data-testid=aging-table] thead th').map((th) => th.text());
    expect(head).toEqual([
      'Unit',
      'Current',
      '1–30 days',
      '31–60 days',
      '61–90 days',
      'Over 90 days',
      'Total owed',
      'Credit',
    ]);
    const rows = wrapper
      .findAll('[data-testid=aging-table] tbody tr')
      .map((tr) => tr.findAll('td').map((td) => td.text().replace(/\s+/g, ' ').trim()));
    expect(rows).toEqual([
      ['12Jordan Ellis', '$350.00', '$350.00', '', '', '$125.00', '$825.00', ''],
      ['14', '', '', '', '', '', '', '($40.00)'],
    ]);
    expect(wrapper.get('[data-testid=aging-total-total]').text()).toBe('$825.00');
    expect(wrapper.get('[data-testid=aging-total-credit]').text()).toBe('($40.00)');
    // Each ledger balance sits under the column it ties to.
    expect(wrapper.get('[data-testid=aging-receivable]').text()).toBe('$825.00');
    expect(wrapper.get('[data-testid=aging-prepaid]').text()).toBe('($40.00)');
    const badge = wrapper.get('[data-testid=aging-ties]');
    expect(badge.text()).toBe(
      'Ties to the receivable account ($825.00) and Prepaid Assessments ($40.00)',
    );
    expect(badge.classes()).toContain('cv-badge--success');
    wrapper.unmount();
  });

  it('says which account is off, and by how much', async () => {
    const receivableOff = await mountAging('840.00');
    const text = (w: typeof receivableOff.wrapper) =>
      w.get('[data-testid=aging-ties]').text().replace(/\s+/g, ' ');
    expect(text(receivableOff.wrapper)).toBe(
      'The receivable account ($840.00) is off by $15.00 from the total owed; Prepaid Assessments ($40.00) ties',
    );
    expect(receivableOff.wrapper.get('[data-testid=aging-ties]').classes()).toContain(
      'cv-badge--danger',
    );
    receivableOff.wrapper.unmount();

    const prepaidOff = await mountAging('825.00', '30.00');
    expect(text(prepaidOff.wrapper)).toBe(
      'Prepaid Assessments ($30.00) is off by $10.00 from the credit; the receivable account ($825.00) ties',
    );
    prepaidOff.wrapper.unmount();

    const bothOff = await mountAging('800.00', '55.00');
    expect(text(bothOff.wrapper)).toBe(
      'The receivable account ($800.00) is off by $25.00 from the total owed; Prepaid Assessments ($55.00) is off by $15.00 from the credit',
    );
    bothOff.wrapper.unmount();
  });

  it('exports the rows, totals and both account balances as plain decimals', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:aging';
    });
    const { wrapper } = await mountAging('825.00');
    await wrapper.get('[data-testid=aging-export]').trigger('click');
    const text = await blobs[0]!.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[1]).toBe(
      'Unit,Owner,Current,1–30 days,31–60 days,61–90 days,Over 90 days,Total owed,Credit',
    );
    expect(lines[2]).toBe('12,Jordan Ellis,350.00,350.00,0.00,0.00,125.00,825.00,0.00');
    expect(lines[3]).toBe('14,,0.00,0.00,0.00,0.00,0.00,0.00,-40.00');
    expect(lines[4]).toBe('Total,,350.00,350.00,0.00,0.00,125.00,825.00,-40.00');
    expect(lines[5]).toBe('Receivable account balance,,,,,,,825.00,');
    expect(lines[6]).toBe('Prepaid Assessments balance,,,,,,,,-40.00');
    wrapper.unmount();
  });
});
