import { mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { describe, expect, it } from 'vitest';
import { h } from 'vue';
import ListState from './ListState.vue';

type Props = { loading: boolean; empty: boolean; error?: Error | null; filtered?: boolean };

function mountState(props: Props) {
  return mount(ListState, {
    props: {
      what: 'the invoices',
      skeletonLabel: 'Loading invoices',
      skeletonRows: 2,
      skeletonColumns: [{ header: 'Invoice', width: '4rem' }],
      emptyIcon: 'pi pi-file',
      emptyTitle: 'No invoices yet',
      emptyText: 'Generate the first run.',
      noMatchTitle: 'No invoices match these filters',
      ...props,
    },
    slots: {
      default: () => h('table', { 'data-testid': 'rows' }),
      empty: () => h('button', { 'data-testid': 'first-action' }, 'Generate invoices'),
    },
    global: { plugins: [[PrimeVue, { unstyled: true }]] },
  });
}

describe('ListState', () => {
  it('shows skeleton rows on the first load', () => {
    const wrapper = mountState({ loading: true, empty: false });
    expect(wrapper.get('[aria-busy=true]').attributes('aria-label')).toBe('Loading invoices');
    expect(wrapper.findAll('tbody tr')).toHaveLength(2);
    expect(wrapper.find('[data-testid=rows]').exists()).toBe(false);
  });

  it('says what failed and retries', async () => {
    const wrapper = mountState({ loading: false, empty: false, error: new Error('Network down') });
    expect(wrapper.get('[role=alert]').text()).toContain("We couldn't load the invoices.");
    await wrapper.get('[role=alert] button').trigger('click');
    expect(wrapper.emitted('retry')).toHaveLength(1);
  });

  it('says what belongs in an empty list, with the first action', () => {
    const wrapper = mountState({ loading: false, empty: true });
    expect(wrapper.get('[role=status]').text()).toContain('No invoices yet');
    expect(wrapper.text()).toContain('Generate the first run.');
    expect(wrapper.find('[data-testid=first-action]').exists()).toBe(true);
  });

  it('says nothing matches the filters and offers to clear them', async () => {
    const wrapper = mountState({ loading: false, empty: true, filtered: true });
    expect(wrapper.text()).toContain('No invoices match these filters');
    expect(wrapper.find('[data-testid=first-action]').exists()).toBe(false);
    const clear = wrapper.findAll('button').find((b) => b.text() === 'Clear filters');
    await clear!.trigger('click');
    expect(wrapper.emitted('clear')).toHaveLength(1);
  });

  it('shows the rows otherwise', () => {
    const wrapper = mountState({ loading: false, empty: false });
    expect(wrapper.find('[data-testid=rows]').exists()).toBe(true);
    expect(wrapper.find('[role=status]').exists()).toBe(false);
  });
});
