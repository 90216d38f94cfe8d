import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ledgerRowJson, unitJson } from '@/features/invoices/receivablesFixtures';
import { apiError, installTestClient } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import UnitPage from './views/UnitPage.vue';

const twelve = unitJson('unit-12', '12', 'Jordan Ellis', { balanceDue: '238.15' });
const month = (m: string, opening: string, charges: string, payments: string, closing: string) => ({
  __typename: 'OwnerStatementMonth',
  month: m,
  openingBalance: opening,
  charges,
  payments,
  closingBalance: closing,
});
const MONTHS = [
  month('2026-04', '238.15', '250.00', '0.00', '488.15'),
  month('2026-03', '250.00', '278.15', '290.00', '238.15'),
  month('2026-02', '0.00', '250.00', '0.00', '250.00'),
];

// The treasurer's Statements on a unit's page: each month's figures and its PDF, from a fresh
// signed link at the click.
describe("a unit's statements", () => {
  let asked: GraphQLRequest[];
  let clicked: string[];

  async function mount(
    opts: { role?: 'ADMIN' | 'VIEWER'; months?: unknown[]; link?: 'fail' } = {},
  ) {
    asked = [];
    installTestClient((req) => {
      asked.push(req);
      if (req.operationName === 'Unit') return { body: { data: { unit: twelve } } };
      if (req.operationName === 'UnitLedger') {
        return {
          body: {
            data: {
              unitLedger: [
                ledgerRowJson('INVOICE', '2026-02-01', 'INV-1001', {
                  charge: '250.00',
                  balance: '250.00',
                }),
              ],
            },
          },
        };
      }
      if (req.operationName === 'UnitStatements') {
        return { body: { data: { ownerStatements: opts.months ?? MONTHS } } };
      }
      if (req.operationName === 'UnitStatementLink') {
        if (opts.link === 'fail') return { body: apiError('NOT_FOUND', 'Unit not found') };
        const m = req.variables.month as string;
        return {
          body: {
            data: {
              ownerStatement: {
                __typename: 'OwnerStatement',
                unitNumber: '12',
                month: m,
                downloadUrl: `/exports/org-1/owner-statements/unit-12/${m}?exp=1&sig=abc`,
              },
            },
          },
        };
      }
      return { body: { data: null } };
    });
    const pinia = freshPinia();
    signIn(
      { email: 'treasurer@example.com' },
      { id: 'org-1', name: 'Maple Ridge HOA', role: opts.role ?? 'ADMIN', status: 'ACTIVE' },
    );
    const router = await routerAt('/units/unit-12', pinia);
    const wrapper = mountWithApp(withToast(UnitPage), { pinia, router });
    await flushPromises();
    return wrapper;
  }

  beforeEach(() => {
    document.body.innerHTML = '';
    clicked = [];
    // A download is a click on a link: record where it led instead of leaving the page.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(`${this.getAttribute('href')} as ${this.download}`);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists each month, newest first, and downloads a month’s PDF from a fresh link', async () => {
    const wrapper = await mount();
    expect(asked.some((r) => r.operationName === 'UnitStatements')).toBe(false);
    await wrapper.get('[data-testid=unit-statements]').trigger('click');
    await flushPromises();
    const rows = [...document.querySelectorAll('[data-testid=unit-statements-table] tbody tr')];
    const cells = (r: Element) =>
      [...r.querySelectorAll('td')].map((td) => td.textContent?.trim()).join(' | ');
    expect(rows.map(cells)).toEqual([
      'Apr 2026 (to date) | $238.15 | $250.00 | $0.00 | $488.15 | PDF',
      'Mar 2026 | $250.00 | $278.15 | $290.00 | $238.15 | PDF',
      'Feb 2026 | $0.00 | $250.00 | $0.00 | $250.00 | PDF',
    ]);
    expect(document.body.textContent).toContain('Statements · Unit 12');
    document.querySelector<HTMLButtonElement>('[data-testid=unit-statement-pdf-2026-03]')!.click();
    await flushPromises();
    const link = asked.filter((r) => r.operationName === 'UnitStatementLink');
    expect(link.map((r) => r.variables)).toEqual([{ unitId: 'unit-12', month: '2026-03' }]);
    expect(clicked).toEqual([
      '/exports/org-1/owner-statements/unit-12/2026-03?exp=1&sig=abc&download=1 as statement-12-2026-03.pdf',
    ]);
    wrapper.unmount();
  });

  it('is there for a viewer too, says when there is nothing yet, and says why a download failed', async () => {
    const wrapper = await mount({ role: 'VIEWER', months: [] });
    await wrapper.get('[data-testid=unit-statements]').trigger('click');
    await flushPromises();
    expect(document.querySelector('[data-testid=unit-statements-empty]')?.textContent).toContain(
      'No statements yet',
    );
    wrapper.unmount();

    const again = await mount({ link: 'fail' });
    await again.get('[data-testid=unit-statements]').trigger('click');
    await flushPromises();
    document.querySelector<HTMLButtonElement>('[data-testid=unit-statement-pdf-2026-04]')!.click();
    await vi.waitFor(() => expect(document.body.textContent).toContain('Statement not downloaded'));
    expect(document.body.textContent).toContain('Unit not found');
    expect(clicked).toEqual([]);
    again.unmount();
  });
});
