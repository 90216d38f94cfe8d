import { flushPromises, mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { describe, expect, it, vi } from 'vitest';
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

describe('AppDialog focus', () => {
  it('opens on its first field, not on the close button', async () => {
    const wrapper = mount(AppDialog, {
      attachTo: document.body,
      props: { visible: false, header: 'New vendor' },
      slots: {
        default: () => [
          h('label', { for: 'f-name' }, 'Name'),
          h('input', { id: 'f-name' }),
          h('input', { id: 'f-email' }),
        ],
        footer: () => h('button', 'Save'),
      },
      global: { plugins: [[PrimeVue, { unstyled: true }]], stubs: { transition: false } },
    });
    await wrapper.setProps({ visible: true });
    await flushPromises();
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('f-name'));
    wrapper.unmount();
    document.body.innerHTML = '';
  });

  it('keeps a field the dialog marks itself', async () => {
    const wrapper = mount(AppDialog, {
      attachTo: document.body,
      props: { visible: false, header: 'Edit' },
      slots: {
        default: () => [h('input', { id: 'a' }), h('input', { id: 'b', autofocus: true })],
        footer: () => h('button', 'Save'),
      },
      global: { plugins: [[PrimeVue, { unstyled: true }]], stubs: { transition: false } },
    });
    await wrapper.setProps({ visible: true });
    await flushPromises();
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('b'));
    wrapper.unmount();
    document.body.innerHTML = '';
  });

  it('leaves the fields alone on a phone, where focus would raise the keyboard over the dialog', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(max-width: 640px)',
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      })),
    );
    const wrapper = mount(AppDialog, {
      attachTo: document.body,
      props: { visible: false, header: 'Record payment' },
      slots: { default: () => [h('input', { id: 'unit' })], footer: () => h('button', 'Save') },
      global: { plugins: [[PrimeVue, { unstyled: true }]], stubs: { transition: false } },
    });
    await wrapper.setProps({ visible: true });
    await flushPromises();
    await vi.waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Close'),
    );
    expect(document.getElementById('unit')?.hasAttribute('autofocus')).toBe(false);
    wrapper.unmount();
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
  });
});
