import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { installTestClient } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import App from './App.vue';

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]';

describe('App shell', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    installTestClient(() => ({ body: { data: null } }));
  });

  it('starts with a "Skip to content" link that moves focus to the main region', async () => {
    const pinia = freshPinia();
    signIn(
      { email: 'treasurer@example.com' },
      { id: 'org-1', name: 'Maple Ridge HOA', role: 'ADMIN', status: 'ACTIVE' },
    );
    const router = await routerAt('/accounts', pinia);
    const wrapper = mountWithApp(App, { pinia, router });
    await flushPromises();

    const first = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].find(
      (el) => el.getAttribute('tabindex') !== '-1',
    );
    expect(first?.textContent?.trim()).toBe('Skip to content');
    expect(first?.getAttribute('href')).toBe('#main');

    await wrapper.get('[data-testid=skip-link]').trigger('click');
    expect(document.activeElement?.id).toBe('main');
    expect(document.activeElement?.tagName).toBe('MAIN');
    wrapper.unmount();
  });
});
