import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { installTestClient } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import { CALENDAR, vendor1099 } from './statements.fixtures';
import Vendor1099Page from './views/Vendor1099Page.vue';

async function mount1099(role: 'ADMIN' | 'USER') {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    requests.push(req);
    if (req.operationName === 'OrganizationCalendar') return { body: { data: CALENDAR } };
    const withTaxId = req.variables.withTaxId === true;
    return { body: { data: { vendor1099Report: vendor1099(withTaxId) } } };
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role, status: 'ACTIVE' },
  );
  const router = await routerAt('/reports/1099?year=2025', pinia);
  const wrapper = mountWithApp(Vendor1099Page, { pinia, router });
  await flushPromises();
  return { wrapper, reports: requests.filter((r) => r.operationName === 'Vendor1099Report') };
}

const rows = (w: Awaited<ReturnType<typeof mount1099>>['wrapper']) =>
  w
    .findAll('[data-testid=vendor-1099-table] tbody tr')
    .map((tr) => tr.findAll('td').map((td) => td.text().replace(/\s+/g, ' ').trim()));

describe('Vendor1099Page', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('shows admins the whole tax ids, what each vendor was paid and who must get a 1099', async () => {
    const { wrapper, reports } = await mount1099('ADMIN');
    expect(reports[0]?.variables).toEqual({ year: 2025, withTaxId: true });
    expect(wrapper.text()).toContain(
      'Calendar year 2025 · Filing threshold $600.00 · 1 vendor at or over it',
    );
    expect(rows(wrapper)).toEqual([
      ['Green Lawn Co', '123456789', '$600.00', 'File: at or over $600.00'],
      ['Roof Pros LLC Inactive', 'Missing', '$599.99', 'Under $600.00'],
    ]);
    wrapper.unmount();
  });

  it('leaves tax ids out for everyone else, without asking for them', async () => {
    const { wrapper, reports } = await mount1099('USER');
    expect(reports[0]?.variables).toEqual({ year: 2025, withTaxId: false });
    expect(reports[0]?.query).toContain('@include(if: $withTaxId)');
    const head = wrapper.findAll('[data-testid=vendor-1099-table] thead th').map((t) => t.text());
    expect(head).toEqual(['Vendor', 'Paid', 'Form 1099']);
    expect(rows(wrapper)[0]).toEqual(['Green Lawn Co', '$600.00', 'File: at or over $600.00']);
    expect(wrapper.text()).toContain('Whole tax ids are shown to association admins only');
    wrapper.unmount();
  });
});
