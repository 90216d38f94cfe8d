import { flushPromises, mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h, ref, type Plugin } from 'vue';
import { createMemoryHistory, createRouter, RouterView } from 'vue-router';
import UnsavedChangesDialog from '@/components/UnsavedChangesDialog.vue';
import { discardQuestion, useUnsavedChanges } from './useUnsavedChanges';

const dirty = ref(false);
let confirmDiscard: () => Promise<boolean> = () => Promise.resolve(true);

const Editor = defineComponent({
  setup() {
    ({ confirmDiscard } = useUnsavedChanges(dirty));
    return () => h('input', { id: 'editor' });
  },
});
const Elsewhere = { render: () => h('p', { id: 'elsewhere' }, 'Elsewhere') };

async function mountApp() {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/edit', component: Editor },
      { path: '/other', component: Elsewhere },
    ],
  });
  await router.push('/edit');
  const global = { plugins: [router, [PrimeVue, { unstyled: true }] as [Plugin, unknown]] };
  const page = mount(RouterView, { attachTo: document.body, global });
  const dialog = mount(UnsavedChangesDialog, { attachTo: document.body, global });
  const wrapper = {
    unmount: () => {
      page.unmount();
      dialog.unmount();
    },
  };
  await flushPromises();
  return { wrapper, router };
}

const button = (label: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) =>
    b.textContent?.includes(label),
  );

function unloadAllowed(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return !event.defaultPrevented;
}

describe('useUnsavedChanges', () => {
  afterEach(() => {
    dirty.value = false;
    discardQuestion.value?.answer(false);
    document.body.innerHTML = '';
  });

  it('lets a clean page go without asking', async () => {
    const { wrapper, router } = await mountApp();
    await router.push('/other');
    expect(router.currentRoute.value.path).toBe('/other');
    expect(document.body.textContent).not.toContain('Discard unsaved changes?');
    wrapper.unmount();
  });

  it('asks in the app dialog before leaving; Keep editing stays, Discard goes', async () => {
    const { wrapper, router } = await mountApp();
    dirty.value = true;
    const leaving = router.push('/other');
    await flushPromises();
    expect(document.body.textContent).toContain('Discard unsaved changes?');
    button('Keep editing')!.click();
    await leaving;
    await flushPromises();
    expect(router.currentRoute.value.path).toBe('/edit');
    expect(document.querySelector('#editor')).not.toBeNull();
    expect(discardQuestion.value).toBeNull();

    const again = router.push('/other');
    await flushPromises();
    button('Discard')!.click();
    await again;
    await flushPromises();
    expect(router.currentRoute.value.path).toBe('/other');
    wrapper.unmount();
  });

  it('holds the tab with the browser prompt only while dirty, and not after unmount', async () => {
    const { wrapper } = await mountApp();
    expect(unloadAllowed()).toBe(true);
    dirty.value = true;
    await flushPromises();
    expect(unloadAllowed()).toBe(false);
    dirty.value = false;
    await flushPromises();
    expect(unloadAllowed()).toBe(true);
    dirty.value = true;
    await flushPromises();
    wrapper.unmount();
    expect(unloadAllowed()).toBe(true);
  });

  it('can be asked before other ways of dropping the work (another year)', async () => {
    const { wrapper } = await mountApp();
    expect(await confirmDiscard()).toBe(true);
    dirty.value = true;
    const answer = confirmDiscard();
    // A second ask while the question is open waits for the same answer.
    const second = confirmDiscard();
    await flushPromises();
    expect(document.querySelectorAll('[role=dialog]')).toHaveLength(1);
    button('Discard')!.click();
    expect(await answer).toBe(true);
    expect(await second).toBe(true);
    wrapper.unmount();
  });
});
