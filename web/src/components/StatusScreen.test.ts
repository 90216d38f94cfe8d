import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { h } from 'vue';
import StatusScreen from './StatusScreen.vue';

describe('StatusScreen', () => {
  it('shows a titled card with the reason and the next steps', () => {
    const wrapper = mount(StatusScreen, {
      props: { titleId: 'suspended-title', title: 'This association is suspended', alert: true },
      slots: {
        default: () => 'Access is paused.',
        actions: () => h('button', 'Sign out'),
      },
    });
    const card = wrapper.get('section');
    expect(card.attributes('role')).toBe('alert');
    expect(card.attributes('aria-labelledby')).toBe('suspended-title');
    expect(wrapper.get('#suspended-title').text()).toBe('This association is suspended');
    expect(wrapper.text()).toContain('Access is paused.');
    expect(wrapper.get('button').text()).toBe('Sign out');
  });

  it('is not an alert unless asked', () => {
    const wrapper = mount(StatusScreen, {
      props: { titleId: 'no-org-title', title: 'No association to show' },
      slots: { default: () => 'Ask for an invitation.', actions: () => '' },
    });
    expect(wrapper.get('section').attributes('role')).toBeUndefined();
  });
});
