import { flushPromises, mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import { freshPinia } from '@/test/mount';
import DateField from './DateField.vue';

// A form with the date field and a field after it, as pages use it.
function mountField(initial: string | null = '2026-03-04') {
  const model = ref<string | null>(initial);
  const Host = defineComponent({
    setup: () => () =>
      h('form', [
        h(DateField, {
          modelValue: model.value,
          'onUpdate:modelValue': (v: string | null) => (model.value = v),
          inputId: 'when',
        }),
        h('input', { id: 'next-field' }),
      ]),
  });
  const wrapper = mount(Host, {
    attachTo: document.body,
    global: { plugins: [freshPinia(), [PrimeVue, { unstyled: true }]] },
  });
  const input = () => document.querySelector<HTMLInputElement>('#when')!;
  const next = () => document.querySelector<HTMLInputElement>('#next-field')!;
  return { wrapper, model, input, next };
}

async function type(input: HTMLInputElement, text: string): Promise<void> {
  input.focus();
  input.dispatchEvent(new FocusEvent('focus'));
  await flushPromises();
  // Keystroke by keystroke, as a person types: the picker reads each step.
  for (let i = 1; i <= text.length; i++) {
    input.value = text.slice(0, i);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
  await flushPromises();
}

async function tabOut(input: HTMLInputElement, next: HTMLElement): Promise<void> {
  // Only `key` is set: not every keyboard (or driver) sets `code`.
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
  next.focus();
  input.dispatchEvent(new FocusEvent('blur', { relatedTarget: next }));
  await flushPromises();
}

const overlay = () => document.querySelector('[role="dialog"], .p-datepicker-panel');

describe('DateField', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it.each([
    ['01/15/2026', '2026-01-15'],
    ['1/15/2026', '2026-01-15'],
    ['1/15/26', '2026-01-15'],
    ['01-15-2026', '2026-01-15'],
    ['01.15.2026', '2026-01-15'],
    ['2026-01-15', '2026-01-15'],
    ['Jan 15, 2026', '2026-01-15'],
    ['January 15, 2026', '2026-01-15'],
  ])('reads "%s" when the person tabs out', async (typed, iso) => {
    const { wrapper, model, input, next } = mountField();
    await type(input(), typed);
    await tabOut(input(), next());
    expect(model.value).toBe(iso);
    expect(input().value).toBe('Jan 15, 2026');
    expect(input().getAttribute('aria-invalid')).toBeNull();
    expect(document.body.textContent).not.toContain('Enter a date like');
    wrapper.unmount();
  });

  it('does not change the model while the date is half typed; Enter commits it', async () => {
    const { wrapper, model, input } = mountField();
    await type(input(), 'Jan 15, 20');
    expect(model.value).toBe('2026-03-04');
    await type(input(), 'Jan 15, 2027');
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    input().dispatchEvent(enter);
    await flushPromises();
    expect(model.value).toBe('2027-01-15');
    // Enter took the date, not the form's submit.
    expect(enter.defaultPrevented).toBe(true);
    wrapper.unmount();
  });

  it.each(['02/30/2026', '13/01/2026', 'next Tuesday'])(
    'says so at the field when "%s" cannot be read, and holds no date',
    async (typed) => {
      const { wrapper, model, input, next } = mountField();
      await type(input(), typed);
      await tabOut(input(), next());
      expect(model.value).toBeNull();
      // The text stays for the person to fix, with the message tied to the input.
      expect(input().value).toBe(typed);
      expect(input().getAttribute('aria-invalid')).toBe('true');
      const message = document.getElementById('when-unreadable')!;
      expect(message.textContent).toContain('Enter a date like 01/31/2026');
      expect(input().getAttribute('aria-describedby')).toContain('when-unreadable');

      // Fixing it clears the message.
      await type(input(), '01/31/2026');
      await tabOut(input(), next());
      expect(model.value).toBe('2026-01-31');
      expect(document.getElementById('when-unreadable')).toBeNull();
      wrapper.unmount();
    },
  );

  it('clears the model when the text is emptied', async () => {
    const { wrapper, model, input, next } = mountField();
    await type(input(), '');
    input().value = '';
    input().dispatchEvent(new Event('input', { bubbles: true }));
    await tabOut(input(), next());
    expect(model.value).toBeNull();
    expect(document.getElementById('when-unreadable')).toBeNull();
    wrapper.unmount();
  });

  it('closes the calendar when the person tabs out', async () => {
    const { wrapper, input, next } = mountField();
    input().focus();
    input().dispatchEvent(new FocusEvent('focus'));
    await flushPromises();
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(overlay()).not.toBeNull();
    await tabOut(input(), next());
    expect(input().getAttribute('aria-expanded')).toBe('false');
    wrapper.unmount();
  });

  it('shows a model set from outside, and drops an old message', async () => {
    const { wrapper, model, input, next } = mountField(null);
    await type(input(), 'soon');
    await tabOut(input(), next());
    expect(document.getElementById('when-unreadable')).not.toBeNull();
    model.value = '2026-12-31';
    await flushPromises();
    expect(input().value).toBe('Dec 31, 2026');
    expect(document.getElementById('when-unreadable')).toBeNull();
    wrapper.unmount();
  });
});
