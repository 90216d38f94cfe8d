import { DefaultApolloClient } from '@vue/apollo-composable';
import { flushPromises, mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportRowError } from '@/composables/useCsvImport';
import { graphql } from '@/graphql';
import { installTestClient, type GraphQLRequest } from '@/test/graphql';
import { freshPinia } from '@/test/mount';
import CsvUploadDialog from './CsvUploadDialog.vue';

const TEMPLATE_QUERY = graphql(`
  query UnitImportTemplate {
    unitImportTemplate
  }
`);

const $ = (selector: string) => document.querySelector<HTMLElement>(selector);

type Run = (
  file: File,
  onProgress: (fraction: number) => void,
) => Promise<{ created: number; sampleRowsSkipped?: number; errors: ImportRowError[] }>;

describe('CsvUploadDialog', () => {
  let requests: GraphQLRequest[];
  beforeEach(() => {
    requests = [];
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  function open(run: Run, props: Record<string, unknown> = {}) {
    const pinia = freshPinia();
    const { client } = installTestClient((request) => {
      requests.push(request);
      return { body: { data: { unitImportTemplate: 'unit_number\n# example,1\n' } } };
    });
    return mount(CsvUploadDialog, {
      attachTo: document.body,
      props: {
        visible: false,
        header: 'Import units from CSV',
        width: '40rem',
        inputId: 'units-file',
        templateTestid: 'download-template',
        template: { query: TEMPLATE_QUERY, field: 'unitImportTemplate', filename: 'units.csv' },
        run,
        actionLabel: 'Import units',
        actionTestid: 'start-import',
        ...props,
      },
      slots: { intro: () => 'One row per unit.', 'date-help': () => 'Rows with a date keep it.' },
      global: {
        plugins: [pinia, [PrimeVue, { unstyled: true }]],
        provide: { [DefaultApolloClient]: client },
      },
    });
  }

  function pick(name = 'units.csv') {
    const input = $('[data-testid=units-file]') as HTMLInputElement;
    const file = new File(['unit_number\n12\n'], name, { type: 'text/csv' });
    Object.defineProperty(input, 'files', { value: [file] });
    input.dispatchEvent(new Event('change'));
    return file;
  }

  it('uploads the picked file, lists the refused rows, and on success says how many and closes', async () => {
    const progress: ((fraction: number) => void)[] = [];
    const answers: Awaited<ReturnType<Run>>[] = [
      { created: 0, errors: [{ row: 3, field: 'email', message: 'Not an email address' }] },
      { created: 2, sampleRowsSkipped: 1, errors: [] },
    ];
    const files: string[] = [];
    const run = vi.fn<Run>(async (file, onProgress) => {
      files.push(file.name);
      progress.push(onProgress);
      onProgress(0.5);
      return answers.shift()!;
    });
    const wrapper = open(run);
    await wrapper.setProps({ visible: true });
    await flushPromises();
    expect(document.body.textContent).toContain('One row per unit.');
    // No date was asked for: no date field.
    expect($('.csv-upload__date')).toBeNull();
    expect(($('[data-testid=start-import]') as HTMLButtonElement).disabled).toBe(true);

    pick();
    await flushPromises();
    $('[data-testid=start-import]')!.click();
    await flushPromises();
    expect(files).toEqual(['units.csv']);
    expect($('[data-testid=import-errors]')?.textContent).toContain('Not an email address');
    expect(wrapper.emitted('imported')).toBeUndefined();

    $('[data-testid=start-import]')!.click();
    await flushPromises();
    expect(run).toHaveBeenCalledTimes(2);
    expect(wrapper.emitted('imported')).toEqual([[2, 1]]);
    expect(wrapper.emitted('update:visible')).toEqual([[false]]);
    wrapper.unmount();
  });

  it('takes an optional date for rows without one, cleared at each opening', async () => {
    const run = vi.fn<Run>(async () => ({ created: 1, errors: [] }));
    const wrapper = open(run, {
      date: '2026-01-01',
      dateInputId: 'units-import-date',
      dateLabel: 'Date for rows without one',
    });
    await wrapper.setProps({ visible: true });
    await flushPromises();
    // A fresh opening forgets the date of the last one.
    expect(wrapper.emitted('update:date')).toEqual([[null]]);
    await vi.waitFor(() => expect($('#units-import-date')).not.toBeNull());
    expect($('label[for=units-import-date]')?.textContent).toContain('Date for rows without one');
    expect($('label[for=units-import-date]')?.textContent).toContain('(optional)');
    expect($('#units-import-date-help')?.textContent).toContain('Rows with a date keep it.');
    expect($('#units-import-date')?.getAttribute('aria-describedby')).toBe(
      'units-import-date-help',
    );
    wrapper.unmount();
  });

  it('downloads the template from its query', async () => {
    const saved: string[] = [];
    const saving = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:template');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const wrapper = open(vi.fn<Run>());
    await wrapper.setProps({ visible: true });
    await flushPromises();
    $('[data-testid=download-template]')!.click();
    await flushPromises();
    expect(requests.map((r) => r.operationName)).toEqual(['UnitImportTemplate']);
    expect(saved).toEqual(['units.csv']);
    click.mockRestore();
    saving.mockRestore();
    wrapper.unmount();
  });
});
