import { mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { describe, expect, it } from 'vitest';
import PercentInput from './PercentInput.vue';

describe('PercentInput', () => {
  it('shows the percentage with its sign, under the id its label names', () => {
    const wrapper = mount(PercentInput, {
      props: { modelValue: 1.5, inputId: 'late-percent' },
      global: { plugins: [[PrimeVue, { unstyled: true }]] },
    });
    const input = wrapper.get('#late-percent');
    expect((input.element as HTMLInputElement).value).toBe('1.5%');
    expect(input.attributes('aria-valuemin')).toBe('0');
    expect(input.attributes('aria-valuemax')).toBe('100');
  });
});
