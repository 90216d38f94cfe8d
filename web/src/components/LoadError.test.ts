import { mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { describe, expect, it } from 'vitest';
import { errorMessage } from '@/apollo/errors';
import LoadError from './LoadError.vue';

describe('LoadError', () => {
  it('says what could not be loaded, why, and offers to try again', async () => {
    const wrapper = mount(LoadError, {
      props: { what: 'the invoices', error: new Error('Network down') },
      global: { plugins: [[PrimeVue, { unstyled: true }]] },
    });
    expect(wrapper.attributes('role')).toBe('alert');
    const error = new Error('Network down');
    expect(wrapper.text()).toContain(`We couldn't load the invoices. ${errorMessage(error)}`);
    await wrapper.get('button').trigger('click');
    expect(wrapper.emitted('retry')).toHaveLength(1);
  });

  it('takes another verb for what is prepared rather than loaded', () => {
    const wrapper = mount(LoadError, {
      props: { what: 'the trial balance', verb: 'prepare', error: new Error('Timeout') },
      global: { plugins: [[PrimeVue, { unstyled: true }]] },
    });
    expect(wrapper.text()).toContain("We couldn't prepare the trial balance.");
  });
});
