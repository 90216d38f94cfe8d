import { flushPromises, mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { describe, expect, it } from 'vitest';
import { h } from 'vue';
import AppDialog from './AppDialog.vue';

describe('AppDialog', () => {
  it('opens a titled modal with its body and footer, closable unless told otherwise', async () => {
    const wrapper = mount(AppDialog, {
      attachTo: document.body,
      props: { visible: true, header: 'Import units', closable: false },
      slots: { default: () => h('p', 'Body'), footer: () => h('button', 'Import') },
      global: { plugins: [[PrimeVue, { unstyled: true }]] },
    });
    await flushPromises();
    const dialog = document.querySelector('[role=dialog]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('Import units');
    expect(dialog.textContent).toContain('Body');
    expect(dialog.textContent).toContain('Import');
    expect(dialog.querySelector('[aria-label=Close]')).toBeNull();
    wrapper.unmount();
    document.body.innerHTML = '';
  });
});
