import { mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { afterEach, describe, expect, it, vi } from 'vitest';
import FilePicker from './FilePicker.vue';

const csv = (name = 'units.csv', body = 'unit_number\n101\n') =>
  new File([body], name, { type: 'text/csv' });

function picker(props: Record<string, unknown> = {}) {
  return mount(FilePicker, {
    attachTo: document.body,
    props: {
      inputId: 'units-file',
      label: 'CSV file',
      accept: '.csv,text/csv',
      kind: 'a CSV file',
      hint: 'CSV, up to 5 MB',
      ...props,
    },
    global: { plugins: [[PrimeVue, { unstyled: true }]] },
  });
}

// What a file manager hands over when files are dropped (jsdom has no DataTransfer).
const dropped = (...files: File[]) => ({ dataTransfer: { files, types: ['Files'] } });

describe('FilePicker', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is one button over a labelled, hidden native input', () => {
    const wrapper = picker({ multiple: true });
    const input = wrapper.get<HTMLInputElement>('input[type=file]');
    expect(input.attributes('id')).toBe('units-file');
    expect(input.attributes('data-testid')).toBe('units-file');
    expect(input.attributes('accept')).toBe('.csv,text/csv');
    expect(input.element.multiple).toBe(true);
    expect(input.classes()).toContain('visually-hidden');
    // Only the zone takes Tab, so the picker is one stop.
    expect(input.attributes('tabindex')).toBe('-1');
    expect(wrapper.get('label').attributes('for')).toBe('units-file');
    expect(wrapper.get('label').text()).toBe('CSV file');
    const zone = wrapper.get('[role=button]');
    expect(zone.attributes('tabindex')).toBe('0');
    expect(zone.attributes('aria-label')).toBe('CSV file: choose files');
    expect(zone.text()).toContain('CSV, up to 5 MB');
    wrapper.unmount();
  });

  it('opens the system chooser from the keyboard (Enter or Space) and on a click', async () => {
    const wrapper = picker();
    const click = vi.spyOn(wrapper.get<HTMLInputElement>('input').element, 'click');
    const zone = wrapper.get<HTMLElement>('[role=button]');
    zone.element.focus();
    expect(document.activeElement).toBe(zone.element);
    await zone.trigger('keydown', { key: 'Enter' });
    expect(click).toHaveBeenCalledTimes(1);
    await zone.trigger('keydown', { key: ' ' });
    expect(click).toHaveBeenCalledTimes(2);
    await zone.trigger('keydown', { key: 'a' });
    expect(click).toHaveBeenCalledTimes(2);
    await zone.trigger('click');
    expect(click).toHaveBeenCalledTimes(3);

    // Disabled (an import under way): out of the Tab order and inert.
    await wrapper.setProps({ disabled: true });
    expect(zone.attributes('tabindex')).toBe('-1');
    expect(zone.attributes('aria-disabled')).toBe('true');
    expect(wrapper.get<HTMLInputElement>('input').element.disabled).toBe(true);
    await zone.trigger('keydown', { key: 'Enter' });
    await zone.trigger('drop', dropped(csv()));
    expect(click).toHaveBeenCalledTimes(3);
    expect(wrapper.emitted('pick')).toBeUndefined();
    wrapper.unmount();
  });

  it('hands over a chosen file and lets the same file be chosen again', async () => {
    const wrapper = picker();
    const input = wrapper.get<HTMLInputElement>('input');
    const file = csv();
    Object.defineProperty(input.element, 'files', { value: [file], configurable: true });
    await input.trigger('change');
    expect(wrapper.emitted('pick')).toEqual([[[file]]]);
    expect(input.element.value).toBe('');
    wrapper.unmount();
  });

  it('takes a dropped file, showing the drag-over state meanwhile', async () => {
    const wrapper = picker();
    const zone = wrapper.get('[role=button]');
    await zone.trigger('dragenter', dropped());
    expect(zone.classes()).toContain('file-picker__zone--active');
    // Known by its extension, whatever case, when the system gives no type.
    const file = new File(['unit_number\n'], 'Units Export.CSV', { type: '' });
    await zone.trigger('drop', dropped(file));
    expect(zone.classes()).not.toContain('file-picker__zone--active');
    expect(wrapper.emitted('pick')).toEqual([[[file]]]);
    // Dragging text from the page is not a file: no drag-over state.
    await zone.trigger('dragenter', { dataTransfer: { files: [], types: ['text/plain'] } });
    expect(zone.classes()).not.toContain('file-picker__zone--active');
    wrapper.unmount();
  });

  it('refuses a file of the wrong type with a message under the zone, and hands nothing over', async () => {
    const wrapper = picker();
    const zone = wrapper.get('[role=button]');
    await zone.trigger(
      'drop',
      dropped(new File(['x'], 'budget.xlsx', { type: 'application/zip' })),
    );
    expect(wrapper.emitted('pick')).toBeUndefined();
    const error = wrapper.get('[data-testid=units-file-error]');
    expect(error.attributes('role')).toBe('alert');
    expect(error.text()).toBe('budget.xlsx is not a CSV file.');
    expect(zone.attributes('aria-describedby')).toBe('units-file-hint units-file-error');
    expect(zone.classes()).toContain('file-picker__zone--invalid');

    // A right file next: the message goes.
    await zone.trigger('drop', dropped(csv()));
    expect(wrapper.find('[data-testid=units-file-error]').exists()).toBe(false);
    expect(wrapper.emitted('pick')).toHaveLength(1);
    wrapper.unmount();
  });

  it('refuses a file over the size limit, and more than one file where one is asked for', async () => {
    const wrapper = picker({ maxBytes: 1024 });
    const zone = wrapper.get('[role=button]');
    await zone.trigger('drop', dropped(csv('big.csv', 'x'.repeat(3000))));
    expect(wrapper.get('[data-testid=units-file-error]').text()).toBe(
      'big.csv is 3 KB; the limit is 1 KB.',
    );
    await zone.trigger('drop', dropped(csv('a.csv'), csv('b.csv')));
    expect(wrapper.get('[data-testid=units-file-error]').text()).toBe('Choose one file at a time.');
    expect(wrapper.emitted('pick')).toBeUndefined();
    wrapper.unmount();
  });

  it('takes several files when asked, passing the good ones and naming the refused', async () => {
    const wrapper = picker({
      multiple: true,
      accept: 'application/pdf,image/*,.csv',
      kind: 'a PDF, an image or a CSV file',
    });
    const pdf = new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' });
    const png = new File(['png'], 'scan.png', { type: 'image/png' });
    const txt = new File(['notes'], 'notes.txt', { type: 'text/plain' });
    await wrapper.get('[role=button]').trigger('drop', dropped(pdf, txt, png));
    expect(wrapper.emitted('pick')).toEqual([[[pdf, png]]]);
    expect(wrapper.get('[data-testid=units-file-error]').text()).toBe(
      'notes.txt is not a PDF, an image or a CSV file.',
    );
    wrapper.unmount();
  });

  it('shows the chosen file with its size, offers to replace or remove it', async () => {
    const file = csv('units.csv', 'x'.repeat(2048));
    const wrapper = picker({ selected: [file] });
    expect(wrapper.get('.file-picker__chosen').text()).toContain('units.csv');
    expect(wrapper.get('.file-picker__chosen').text()).toContain('2 KB');
    expect(wrapper.get('[role=button]').text()).toContain('Drop another file here to replace it');
    const remove = wrapper.get('[data-testid=units-file-clear]');
    expect(remove.attributes('aria-label')).toBe('Remove units.csv');
    await remove.trigger('click');
    expect(wrapper.emitted('clear')).toHaveLength(1);
    wrapper.unmount();
  });
});
