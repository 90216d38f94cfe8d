import { mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { describe, expect, it } from 'vitest';
import SkeletonTable from './SkeletonTable.vue';

describe('SkeletonTable', () => {
  it('shows the table’s columns with placeholder rows while it loads', () => {
    const wrapper = mount(SkeletonTable, {
      props: {
        label: 'Loading invoices',
        rows: 3,
        columns: [
          { header: 'Invoice', class: 'invoices-table__number', width: '4.5rem' },
          { header: 'Total', class: 'cv-num invoices-table__amount', width: '5rem' },
          { header: 'Status', width: '4rem', pill: true },
          { class: 'invoices-table__actions' },
        ],
      },
      global: { plugins: [[PrimeVue, { unstyled: true }]] },
    });
    const table = wrapper.get('[aria-busy=true]');
    expect(table.attributes('aria-label')).toBe('Loading invoices');
    expect(wrapper.findAll('th').map((th) => th.text())).toEqual([
      'Invoice',
      'Total',
      'Status',
      '',
    ]);
    const rows = wrapper.findAll('tbody tr');
    expect(rows).toHaveLength(3);
    const cells = rows[0]!.findAll('td');
    expect(cells[0]!.classes()).toContain('invoices-table__number');
    // Figures are right-aligned: so are their placeholders.
    expect(cells[1]!.find('.ml-auto').exists()).toBe(true);
    expect(cells[0]!.find('.ml-auto').exists()).toBe(false);
    expect(cells[2]!.find('[data-pc-name=skeleton]').attributes('style')).toContain('999px');
    // Row actions stay empty while loading.
    expect(cells[3]!.text()).toBe('');
    expect(cells[3]!.find('[data-pc-name=skeleton]').exists()).toBe(false);
  });
});
