import { mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { beforeEach, describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import type { CsvMapping } from './banking.graphql';
import CsvMappingStep from './components/CsvMappingStep.vue';
import { BLANK_MAPPING } from './components/csv-mapping';

// A credit union's export: a title row, the header, then lines with debit and credit columns.
const rows = [
  ['Account 0000123 activity'],
  ['Posted Date', 'Description', 'Debit', 'Credit', 'Balance'],
  ['11/02/2026', 'MONTHLY FEE', '12.00', '', '5,000.00'],
  ['11/03/2026', 'DEPOSIT', '', '425.00', '5,425.00'],
];

function render(mapping: CsvMapping, errors: Partial<Record<keyof CsvMapping, string>> = {}) {
  const updates: CsvMapping[] = [];
  const wrapper = mount(CsvMappingStep, {
    attachTo: document.body,
    props: {
      rows,
      errors,
      mapping,
      'onUpdate:mapping': (m: CsvMapping) => {
        updates.push(m);
        void wrapper.setProps({ mapping: m });
      },
      saveMapping: true,
      'onUpdate:saveMapping': (v: boolean) => void wrapper.setProps({ saveMapping: v }),
    },
    global: { plugins: [[PrimeVue, { unstyled: true }]] },
  });
  return { wrapper, updates };
}

describe('the CSV mapping step', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('shows the first rows with the header rows shaded and the chosen columns named', () => {
    const { wrapper } = render({ ...BLANK_MAPPING, headerRows: 2, amountColumn: 2 });
    const head = wrapper.findAll('[data-testid="csv-preview"] thead th').map((t) => t.text());
    expect(head).toEqual(['Line', 'Date', 'Description', 'Amount', '', '']);
    const body = wrapper.findAll('[data-testid="csv-preview"] tbody tr');
    expect(body).toHaveLength(4);
    expect(body.map((r) => r.classes().includes('header'))).toEqual([true, true, false, false]);
    expect(body[2]!.findAll('td').map((c) => c.text())).toEqual([
      '3',
      '11/02/2026',
      'MONTHLY FEE',
      '12.00',
      '',
      '5,000.00',
    ]);
    // One amount column: its sign is asked, not debit and credit.
    expect(wrapper.find('[data-testid="map-amountColumn"]').exists()).toBe(true);
    expect(wrapper.find('[data-testid="map-debitColumn"]').exists()).toBe(false);
  });

  it('switches to debit and credit columns and says what is missing', async () => {
    const { wrapper, updates } = render({ ...BLANK_MAPPING, headerRows: 2 });
    // "Amounts": one column → debit and credit columns.
    (wrapper.vm as unknown as { split: boolean }).split = true;
    await nextTick();
    const last = updates.at(-1)!;
    expect(last.amountColumn).toBeNull();
    expect(wrapper.find('[data-testid="map-debitColumn"]').exists()).toBe(true);
    expect(wrapper.find('[data-testid="map-creditColumn"]').exists()).toBe(true);
    expect(wrapper.get('[data-testid="mapping-problem"]').text()).toBe(
      'Choose the amount column, or the debit and credit columns.',
    );

    await wrapper.setProps({ mapping: { ...last, debitColumn: 2, creditColumn: 3 } });
    expect(wrapper.find('[data-testid="mapping-problem"]').exists()).toBe(false);
    const head = wrapper.findAll('[data-testid="csv-preview"] thead th').map((t) => t.text());
    expect(head).toEqual(['Line', 'Date', 'Description', 'Debit', 'Credit', '']);

    await wrapper.setProps({ mapping: { ...last, debitColumn: 1, creditColumn: 3 } });
    expect(wrapper.get('[data-testid="mapping-problem"]').text()).toBe('A column is chosen twice.');
  });

  it("puts the API's message under its field", () => {
    const { wrapper } = render(BLANK_MAPPING, { dateColumn: 'Choose this column' });
    expect(wrapper.get('[data-testid="map-dateColumn-error"]').text()).toBe('Choose this column');
    expect(wrapper.text()).toContain('Save this mapping for this bank account’s next files');
  });
});
