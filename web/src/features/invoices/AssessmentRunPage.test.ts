import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@/apollo/types';
import { installTestClient } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import AssessmentRunPage from './views/AssessmentRunPage.vue';

const runInvoice = (unitId: string, number: string, owner: string, total: string) => ({
  __typename: 'AssessmentRunInvoice',
  unitId,
  unit: {
    __typename: 'Unit',
    id: unitId,
    number,
    ownerName: owner,
    propertyType: { __typename: 'PropertyType', id: 'pt-sf', name: 'Single family' },
  },
  groupId: 'grp-1',
  period: '2026-03',
  dueDate: '2026-03-01',
  lines: [
    {
      __typename: 'AssessmentRunLine',
      description: 'Regular assessment Mar 2026',
      accountId: 'acc-4010',
      amount: total,
    },
  ],
  total,
});

async function mountRun(role: Role = 'ADMIN') {
  const requests: GraphQLRequest[] = [];
  let generated = false;
  installTestClient((req) => {
    requests.push(req);
    if (req.operationName === 'PreviewAssessmentInvoices')
      return {
        body: {
          data: {
            previewAssessmentInvoices: {
              __typename: 'AssessmentRunPreview',
              month: '2026-03',
              issueDate: '2026-03-01',
              count: generated ? 0 : 2,
              total: generated ? '0.00' : '725.00',
              alreadyInvoiced: generated ? 2 : 1,
              invoices: generated
                ? []
                : [
                    runInvoice('u-14', '14', 'Sam Ortiz', '375.00'),
                    runInvoice('u-2', '2', 'Ada Park', '350.00'),
                  ],
            },
          },
        },
      };
    if (req.operationName === 'GenerateAssessmentInvoices') {
      generated = true;
      return {
        body: {
          data: {
            generateAssessmentInvoices: {
              __typename: 'AssessmentRunResult',
              month: '2026-03',
              created: 2,
              skipped: 1,
              total: '725.00',
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
    { id: 'org-1', name: 'Maple Ridge HOA', role, status: 'ACTIVE' },
  );
  const router = await routerAt('/invoices/run?month=2026-03', pinia);
  const wrapper = mountWithApp(withToast(AssessmentRunPage), { pinia, router });
  await flushPromises();
  return { wrapper, requests };
}

describe('AssessmentRunPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('previews the month’s invoices, then generates them with a summary', async () => {
    const { wrapper, requests } = await mountRun();
    expect(requests[0]?.variables).toEqual({ month: '2026-03' });
    expect(wrapper.text()).toContain(
      'Mar 2026 · 2 invoices to create · $725.00 · 1 already invoiced',
    );
    const rows = wrapper
      .findAll('[data-testid=run-preview] tbody tr')
      .map((tr) => tr.findAll('td').map((td) => td.text().trim()));
    // By unit number as a person reads it: 2 before 14.
    expect(rows.map((r) => r[0])).toEqual(['2', '14']);
    expect(rows[0]).toEqual([
      '2',
      'Ada Park',
      'Single family',
      'Mar 2026',
      'Mar 1, 2026',
      'Regular assessment Mar 2026',
      '$350.00',
    ]);
    expect(wrapper.get('[data-testid=run-total]').text()).toBe('$725.00');

    const button = wrapper.get('[data-testid=run-generate]');
    expect(button.text()).toBe('Generate 2 invoices');
    await button.trigger('click');
    await vi.waitFor(() => expect(wrapper.find('[data-testid=run-summary]').exists()).toBe(true));
    expect(requests.filter((r) => r.operationName === 'GenerateAssessmentInvoices')).toHaveLength(
      1,
    );
    expect(wrapper.get('[data-testid=run-summary]').text()).toContain(
      '2 invoices generated for Mar 2026, $725.00 in all; 1 already invoiced were skipped',
    );
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('2 invoices generated for Mar 2026'),
    );
    // The preview is asked again: nothing left to create for the month.
    await vi.waitFor(() => expect(wrapper.text()).toContain('Mar 2026 is fully invoiced'));
    wrapper.unmount();
  });

  it('lets viewers look at the preview but not generate', async () => {
    const { wrapper } = await mountRun('VIEWER');
    expect(wrapper.findAll('[data-testid=run-preview] tbody tr')).toHaveLength(2);
    expect(wrapper.get('[data-testid=run-generate]').attributes('disabled')).toBeDefined();
    expect(wrapper.get('.write-guard').attributes('aria-label')).toContain('Viewer');
    wrapper.unmount();
  });
});
