import { mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { describe, expect, it } from 'vitest';
import { h } from 'vue';
import ChoiceCards from './ChoiceCards.vue';
import DotTag from './DotTag.vue';

const FORMATS = [
  { value: 'CSV', label: 'CSV', description: 'One row per line, for a spreadsheet' },
  { value: 'JOURNAL', label: 'Journal', description: 'Entries as the journal prints them' },
] as const;

describe('ChoiceCards', () => {
  it('is a labelled radio group whose cards choose, the chosen one outlined', async () => {
    const wrapper = mount(ChoiceCards, {
      attachTo: document.body,
      props: {
        modelValue: 'CSV',
        'onUpdate:modelValue': (v: string) => wrapper.setProps({ modelValue: v }),
        options: FORMATS,
        name: 'export-format',
        idPrefix: 'export-format',
        legend: 'Format',
      },
      slots: {
        badge: ({ option }: { option: { value: string } }) =>
          option.value === 'CSV' ? h('em', 'current') : null,
      },
      global: { plugins: [[PrimeVue, { unstyled: true }]] },
    });
    expect(wrapper.get('legend').text()).toBe('Format');
    expect(wrapper.get('legend').classes()).toContain('field__label');
    const cards = wrapper.findAll('label.choice-card');
    expect(cards.map((c) => c.attributes('for'))).toEqual([
      'export-format-CSV',
      'export-format-JOURNAL',
    ]);
    expect(cards[0]!.text()).toContain('One row per line, for a spreadsheet');
    expect(cards[0]!.find('em').text()).toBe('current');
    expect(cards[1]!.find('em').exists()).toBe(false);
    expect(cards[0]!.classes()).toContain('choice-card--selected');

    (document.querySelector('#export-format-JOURNAL') as HTMLInputElement).click();
    await wrapper.vm.$nextTick();
    expect(wrapper.emitted('update:modelValue')?.at(-1)).toEqual(['JOURNAL']);
    expect(wrapper.findAll('label.choice-card')[1]!.classes()).toContain('choice-card--selected');
    wrapper.unmount();
  });

  it('keeps the legend for screen readers only when asked', () => {
    const wrapper = mount(ChoiceCards, {
      props: {
        modelValue: 'CSV',
        options: FORMATS,
        name: 'f',
        idPrefix: 'f',
        legend: 'Format',
        legendHidden: true,
      },
      global: { plugins: [[PrimeVue, { unstyled: true }]] },
    });
    expect(wrapper.get('legend').classes()).toEqual(['visually-hidden']);
  });
});

describe('DotTag', () => {
  it('is a pill in the caller’s colors with a dot that screen readers skip', () => {
    const wrapper = mount(DotTag, {
      props: { color: 'rgb(6, 118, 71)', background: 'rgb(236, 253, 243)' },
      slots: { default: () => 'Active' },
    });
    expect(wrapper.text()).toBe('Active');
    expect(wrapper.attributes('style')).toContain('color: rgb(6, 118, 71)');
    expect(wrapper.attributes('style')).toContain('background: rgb(236, 253, 243)');
    expect(wrapper.get('.dot-tag__dot').attributes('aria-hidden')).toBe('true');
  });
});
