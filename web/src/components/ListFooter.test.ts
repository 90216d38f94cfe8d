import { mount } from '@vue/test-utils';
import { createPinia } from 'pinia';
import PrimeVue from 'primevue/config';
import { describe, expect, it } from 'vitest';
import ListFooter from './ListFooter.vue';

function mountFooter(props: {
  shown: number;
  hasMore: boolean;
  loading?: boolean;
  total?: number | null;
}) {
  return mount(ListFooter, {
    props,
    global: { plugins: [[PrimeVue, { unstyled: true }], createPinia()] },
  });
}

describe('ListFooter', () => {
  it('says more are to load and offers the button while there is a next page', async () => {
    const wrapper = mountFooter({ shown: 50, hasMore: true });
    expect(wrapper.get('[data-testid=list-shown]').text()).toBe('Showing 50, more to load');
    await wrapper.get('[data-testid=load-more]').trigger('click');
    expect(wrapper.emitted('more')).toHaveLength(1);
  });

  it('counts the rows alone, without a button, once everything is in', () => {
    const wrapper = mountFooter({ shown: 12, hasMore: false });
    expect(wrapper.get('[data-testid=list-shown]').text()).toBe('Showing 12');
    expect(wrapper.find('[data-testid=load-more]').exists()).toBe(false);
  });

  it('names the whole count when the list is counted', () => {
    expect(
      mountFooter({ shown: 50, hasMore: true, total: 312 }).get('[data-testid=list-shown]').text(),
    ).toBe('Showing 50 of 312');
    expect(
      mountFooter({ shown: 0, hasMore: false, total: 0 }).get('[data-testid=list-shown]').text(),
    ).toBe('Showing 0 of 0');
  });

  it('falls back to "more to load" when the count is missing', () => {
    const wrapper = mountFooter({ shown: 50, hasMore: true, total: null });
    expect(wrapper.get('[data-testid=list-shown]').text()).toBe('Showing 50, more to load');
  });

  it('shows the button busy while the next page loads', () => {
    const wrapper = mountFooter({ shown: 50, hasMore: true, loading: true });
    const button = wrapper.get('[data-testid=load-more]');
    expect(button.attributes('disabled')).toBeDefined();
  });
});
