import { flushPromises, mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { afterEach, describe, expect, it } from 'vitest';
import { h } from 'vue';
import CsvImportDialog from './CsvImportDialog.vue';

const $ = (selector: string) => document.querySelector<HTMLElement>(selector);

describe('CsvImportDialog', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  function open(props: Record<string, unknown> = {}) {
    return mount(CsvImportDialog, {
      attachTo: document.body,
      props: {
        visible: true,
        header: 'Import units from CSV',
        width: '40rem',
        inputId: 'units-file',
        templateTestid: 'download-template',
        file: null,
        ...props,
      },
      slots: {
        intro: () => 'One row per unit.',
        default: () => h('p', { 'data-testid': 'preview' }, 'Ready'),
        actions: () => h('button', { 'data-testid': 'start' }, 'Import units'),
      },
      global: { plugins: [[PrimeVue, { unstyled: true }]] },
    });
  }

  it('offers the template and a file picker, and hands the picked file over', async () => {
    const wrapper = open();
    await flushPromises();
    expect(document.body.textContent).toContain('One row per unit.');
    expect(document.body.textContent).toContain(
      'Its example rows start with # example and are never imported.',
    );
    $('[data-testid=download-template]')!.click();
    expect(wrapper.emitted('template')).toHaveLength(1);
    const input = $('[data-testid=units-file]') as HTMLInputElement;
    expect(input.id).toBe('units-file');
    const file = new File(['unit_number\n'], 'units.csv', { type: 'text/csv' });
    Object.defineProperty(input, 'files', { value: [file] });
    input.dispatchEvent(new Event('change'));
    expect(wrapper.emitted('pick')?.[0]).toEqual([file]);
    expect($('[data-testid=preview]')).not.toBeNull();
    expect($('[data-testid=start]')).not.toBeNull();
    wrapper.unmount();
  });

  it('lists the refused rows instead of the preview, and locks the file while busy', async () => {
    const wrapper = open({
      busy: true,
      failure: 'The file could not be read',
      rowErrors: [{ row: 3, field: 'email', message: 'Not an email address' }],
    });
    await flushPromises();
    expect(document.body.textContent).toContain('The file could not be read');
    expect($('[data-testid=import-errors]')?.textContent).toContain('Not an email address');
    expect($('[data-testid=preview]')).toBeNull();
    expect(($('[data-testid=units-file]') as HTMLInputElement).disabled).toBe(true);
    wrapper.unmount();
  });
});
