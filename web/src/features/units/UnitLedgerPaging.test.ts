import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { ledgerRowJson, unitJson } from '@/features/invoices/receivablesFixtures';
import { installTestClient } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import { UNIT_LEDGER_PAGE_SIZE } from './units.graphql';
import UnitPage from './views/UnitPage.vue';

const twelve = unitJson('unit-12', '12', 'Jordan Ellis', { balanceDue: '10.00' });

// A full page of invoices of 1.00 each, then a short page: the running balance carries on.
const row = (n: number) =>
  ledgerRowJson('INVOICE', '2026-01-01', `INV-${1000 + n}`, {
    invoiceId: `inv-${n}`,
    charge: '1.00',
    balance: `${n + 1}.00`,
  });

// Five hundred rendered rows take happy-dom a while on a busy machine.
describe('the unit ledger, a page at a time', { timeout: 90_000 }, () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('shows a full page with "Load more", then appends the next page and the balance due', async () => {
    const asked: GraphQLRequest[] = [];
    const firstPage = Array.from({ length: UNIT_LEDGER_PAGE_SIZE }, (_, n) => row(n));
    const nextPage = [row(UNIT_LEDGER_PAGE_SIZE), row(UNIT_LEDGER_PAGE_SIZE + 1)];
    installTestClient((req) => {
      if (req.operationName === 'Unit') return { body: { data: { unit: twelve } } };
      if (req.operationName === 'UnitLedger') {
        asked.push(req);
        return { body: { data: { unitLedger: req.variables.after ? nextPage : firstPage } } };
      }
      return { body: { data: null } };
    });
    const pinia = freshPinia();
    signIn(
      { email: 'treasurer@example.com' },
      { id: 'org-1', name: 'Maple Ridge HOA', role: 'ADMIN', status: 'ACTIVE' },
    );
    const router = await routerAt('/units/unit-12', pinia);
    const wrapper = mountWithApp(UnitPage, { pinia, router });
    await flushPromises();

    expect(asked[0]!.variables).toMatchObject({ unitId: 'unit-12', first: UNIT_LEDGER_PAGE_SIZE });
    expect(wrapper.findAll('[data-testid=unit-ledger] tbody tr')).toHaveLength(500);
    // Not the whole ledger yet: no balance due from a partial one, and no opening-balance action.
    expect(wrapper.find('[data-testid=ledger-closing]').exists()).toBe(false);
    expect(wrapper.find('[data-testid=unit-opening-balance]').exists()).toBe(false);

    await wrapper.get('[data-testid=load-more]').trigger('click');
    await flushPromises();
    expect(asked[1]!.variables).toMatchObject({ after: firstPage.at(-1)!.cursor });
    expect(wrapper.findAll('[data-testid=unit-ledger] tbody tr')).toHaveLength(502);
    expect(wrapper.find('[data-testid=load-more]').exists()).toBe(false);
    expect(wrapper.get('[data-testid=ledger-closing]').text()).toBe('$502.00');
    wrapper.unmount();
  });
});
