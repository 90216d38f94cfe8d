import { mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { describe, expect, it } from 'vitest';
import OptionToggle from './OptionToggle.vue';

const FUNDS = [
  { label: 'Operating', value: 'OPERATING' },
  { label: 'Reserve', value: 'RESERVE' },
];

describe('OptionToggle', () => {
  it('shows each option’s label, passes attributes on, and chooses by value', async () => {
    const wrapper = mount(OptionToggle, {
      props: {
        modelValue: 'OPERATING',
        'onUpdate:modelValue': (v: unknown) => wrapper.setProps({ modelValue: v as string }),
        options: FUNDS,
      },
      attrs: { 'data-testid': 'fund', 'aria-label': 'Fund' },
      global: { plugins: [[PrimeVue, { unstyled: true }]] },
    });
    const root = wrapper.get('[data-testid=fund]');
    expect(root.attributes('aria-label')).toBe('Fund');
    const buttons = root.findAll('button');
    expect(buttons.map((b) => b.text())).toEqual(['Operating', 'Reserve']);
    await buttons[1]!.trigger('click');
    expect(wrapper.emitted('update:modelValue')?.at(-1)).toEqual(['RESERVE']);
    // One option is always chosen: clicking the chosen one again keeps it.
    await wrapper.get('[data-testid=fund]').findAll('button')[1]!.trigger('click');
    expect(wrapper.props('modelValue')).toBe('RESERVE');
  });
});
