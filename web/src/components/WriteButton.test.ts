import { mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import Tooltip from 'primevue/tooltip';
import { describe, expect, it } from 'vitest';
import { freshPinia, signIn } from '@/test/mount';
import WriteButton from './WriteButton.vue';

function mountAs(role: 'ADMIN' | 'VIEWER', props: Record<string, unknown> = {}) {
  const pinia = freshPinia();
  signIn(
    { email: 'dana@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role, status: 'ACTIVE' },
  );
  let clicks = 0;
  const wrapper = mount(WriteButton, {
    props: { onClick: () => clicks++, ...props },
    attrs: { label: 'New invoice', icon: 'pi pi-plus', 'data-testid': 'new-invoice' },
    global: { plugins: [pinia, [PrimeVue, { unstyled: true }]], directives: { tooltip: Tooltip } },
  });
  return { wrapper, clicks: () => clicks };
}

describe('WriteButton', () => {
  it('is a plain button for members who can write, with its label, icon and handler', async () => {
    const { wrapper, clicks } = mountAs('ADMIN', { writeTestid: 'new-invoice-write' });
    const button = wrapper.get('button');
    expect(button.text()).toContain('New invoice');
    expect(button.attributes('disabled')).toBeUndefined();
    expect(button.attributes('data-testid')).toBe('new-invoice-write');
    expect(wrapper.find('.write-guard').exists()).toBe(false);
    await button.trigger('click');
    expect(clicks()).toBe(1);
  });

  it('is disabled for its own reason too', () => {
    const { wrapper } = mountAs('ADMIN', { disabled: true });
    expect(wrapper.get('button').attributes('disabled')).toBeDefined();
    expect(wrapper.get('button').attributes('data-testid')).toBe('new-invoice');
  });

  it('is disabled for a viewer, inside a wrapper that says why', async () => {
    const { wrapper, clicks } = mountAs('VIEWER', {
      readonlyTestid: 'new-invoice-readonly',
      writeTestid: 'new-invoice-write',
    });
    const guard = wrapper.get('[data-testid=new-invoice-readonly]');
    expect(guard.classes()).toContain('write-guard');
    expect(guard.attributes('aria-label')).toContain('Viewer (read-only)');
    const button = guard.get('button');
    expect(button.attributes('disabled')).toBeDefined();
    // The write-only test id is not on a viewer's button; its own data-testid stays.
    expect(button.attributes('data-testid')).toBe('new-invoice');
    await button.trigger('click');
    expect(clicks()).toBe(0);
  });
});
