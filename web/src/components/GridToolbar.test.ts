import { mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import Select from 'primevue/select';
import { describe, expect, it } from 'vitest';
import GridToolbar from './GridToolbar.vue';

function mountToolbar(pending: { changes: unknown[]; invalid: string[] }, dirty: boolean) {
  return mount(GridToolbar, {
    props: { year: 2026, years: [2027, 2026, 2025], pending, dirty },
    slots: { default: '<span class="hint">Arrow keys move</span>' },
    global: { plugins: [[PrimeVue, { unstyled: true }]] },
  });
}

describe('GridToolbar', () => {
  it('counts the unsaved and the unreadable cells, and discards them on request', async () => {
    const wrapper = mountToolbar({ changes: [{}, {}], invalid: ['a:1'] }, true);
    expect(wrapper.get('[data-testid=pending]').text()).toMatch(
      /2 unsaved changes\s+·\s+1 cell is not an amount/,
    );
    expect(wrapper.find('.hint').exists()).toBe(true);
    await wrapper.get('[data-testid=pending] button').trigger('click');
    expect(wrapper.emitted('discard')).toHaveLength(1);
  });

  it('says nothing is pending when nothing is typed, and offers the years as fiscal years', async () => {
    const wrapper = mountToolbar({ changes: [], invalid: [] }, false);
    expect(wrapper.find('[data-testid=pending]').exists()).toBe(false);
    const select = wrapper.getComponent(Select);
    expect(select.props('options')).toEqual([
      { value: 2027, label: 'FY 2027' },
      { value: 2026, label: 'FY 2026' },
      { value: 2025, label: 'FY 2025' },
    ]);
    select.vm.$emit('update:modelValue', 2025);
    expect(wrapper.emitted('update:year')).toEqual([[2025]]);
  });
});
