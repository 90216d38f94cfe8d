import { mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { describe, expect, it } from 'vitest';
import { h } from 'vue';
import ScenarioListSection from './components/ScenarioListSection.vue';

type Change = { fromMonth: string; percent: string };

function mountList(items: Change[] | undefined, extra: Record<string, unknown> = {}) {
  return mount(ScenarioListSection<Change>, {
    props: {
      title: 'Assessment rate changes',
      titleId: 'ac-title',
      addLabel: 'Add change',
      addTestid: 'add-change',
      emptyText: 'Raise or lower every rate.',
      items,
      itemName: 'assessment change',
      rowTestid: 'change-row',
      ...extra,
    },
    slots: {
      row: ({ item, index }: { item: Change; index: number }) =>
        h('span', { class: 'cell' }, `${index}:${item.fromMonth} ${item.percent}`),
      default: () => h('small', { class: 'after' }, 'after the rows'),
    },
    global: { plugins: [[PrimeVue, { unstyled: true }]] },
  });
}

describe('ScenarioListSection', () => {
  it('is a section labelled by its heading, with the hint while the list is empty', () => {
    const wrapper = mountList([]);
    const section = wrapper.get('section');
    expect(section.attributes('aria-labelledby')).toBe('ac-title');
    expect(wrapper.get('#ac-title').text()).toBe('Assessment rate changes');
    expect(wrapper.text()).toContain('Raise or lower every rate.');
    expect(wrapper.findAll('[data-testid=change-row]')).toHaveLength(0);
    expect(wrapper.find('.after').exists()).toBe(true);
  });

  it('renders a row per item from the slot, each with its numbered remove button', async () => {
    const wrapper = mountList([
      { fromMonth: '2026-07', percent: '4' },
      { fromMonth: '2027-01', percent: '-2' },
    ]);
    expect(wrapper.text()).not.toContain('Raise or lower every rate.');
    const rows = wrapper.findAll('[data-testid=change-row]');
    expect(rows.map((r) => r.get('.cell').text())).toEqual(['0:2026-07 4', '1:2027-01 -2']);
    const remove = rows[1]!.get('button[aria-label="Remove assessment change 2"]');
    await remove.trigger('click');
    expect(wrapper.emitted('remove')).toEqual([[1]]);
    await wrapper.get('[data-testid=add-change]').trigger('click');
    expect(wrapper.emitted('add')).toHaveLength(1);
  });

  it('disables the add button on request, and has none without a label', () => {
    const disabled = mountList([], { addDisabled: true });
    expect(disabled.get('[data-testid=add-change]').attributes('disabled')).toBeDefined();
    const frame = mountList(undefined, { addLabel: undefined, emptyText: undefined });
    expect(frame.find('button').exists()).toBe(false);
    expect(frame.find('.after').exists()).toBe(true);
  });
});
