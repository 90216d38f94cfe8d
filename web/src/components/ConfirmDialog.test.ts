import { flushPromises, mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { afterEach, describe, expect, it } from 'vitest';
import { h } from 'vue';
import ConfirmDialog from './ConfirmDialog.vue';

const buttons = () => [...document.querySelectorAll('button')];

describe('ConfirmDialog', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  function open(props: Record<string, unknown> = {}) {
    return mount(ConfirmDialog, {
      attachTo: document.body,
      props: {
        visible: true,
        header: 'Delete minutes.pdf?',
        confirmLabel: 'Delete file',
        testid: 'delete-confirm',
        ...props,
      },
      slots: { default: () => h('p', 'The file will be removed from JE-12.') },
      global: { plugins: [[PrimeVue, { unstyled: true }]] },
    });
  }

  it('names the record, says what will happen, and confirms on the button', async () => {
    const wrapper = open({ cancelLabel: 'Keep' });
    await flushPromises();
    expect(document.body.textContent).toContain('Delete minutes.pdf?');
    expect(document.body.textContent).toContain('The file will be removed from JE-12.');
    document.querySelector<HTMLElement>('[data-testid=delete-confirm]')!.click();
    expect(wrapper.emitted('confirm')).toHaveLength(1);
    buttons()
      .find((b) => b.textContent?.includes('Keep'))!
      .click();
    expect(wrapper.emitted('update:visible')?.[0]).toEqual([false]);
    wrapper.unmount();
  });

  it('shows a refusal in the dialog when given one', async () => {
    const wrapper = open({ error: 'Unit 12 has invoices', errorTestid: 'delete-error' });
    await flushPromises();
    const error = document.querySelector('[data-testid=delete-error]');
    expect(error?.textContent).toContain('Unit 12 has invoices');
    wrapper.unmount();
  });
});
