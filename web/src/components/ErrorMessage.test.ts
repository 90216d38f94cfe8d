import { mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { describe, expect, it } from 'vitest';
import ErrorMessage from './ErrorMessage.vue';

describe('ErrorMessage', () => {
  it('says what went wrong as an alert, with the caller’s test id', () => {
    const wrapper = mount(ErrorMessage, {
      attrs: { 'data-testid': 'login-error' },
      slots: { default: () => 'Wrong email or password' },
      global: { plugins: [[PrimeVue, { unstyled: true }]] },
    });
    const box = wrapper.get('[data-testid=login-error]');
    expect(box.attributes('role')).toBe('alert');
    expect(box.text()).toContain('Wrong email or password');
    expect(wrapper.find('.pi-exclamation-circle').exists()).toBe(true);
  });
});
