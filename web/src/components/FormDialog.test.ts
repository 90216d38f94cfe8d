import { flushPromises, mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { afterEach, describe, expect, it } from 'vitest';
import { h } from 'vue';
import FormDialog from './FormDialog.vue';

const $ = (selector: string) => document.querySelector<HTMLElement>(selector);

describe('FormDialog', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  function open(props: Record<string, unknown> = {}) {
    return mount(FormDialog, {
      attachTo: document.body,
      props: {
        visible: true,
        header: 'New unit',
        formId: 'unit-form',
        submitLabel: 'Create unit',
        submitTestid: 'save-unit',
        ...props,
      },
      slots: {
        intro: () => h('p', { class: 'intro' }, 'Units are homes.'),
        default: () => h('input', { id: 'unit-number' }),
      },
      global: { plugins: [[PrimeVue, { unstyled: true }]] },
    });
  }

  it('holds one form, with the submit button in the footer pointing at it', async () => {
    const wrapper = open();
    await flushPromises();
    expect(document.body.textContent).toContain('New unit');
    const form = $('form#unit-form')!;
    expect(form.querySelector('.intro')).not.toBeNull();
    expect(form.querySelector('#unit-number')).not.toBeNull();
    const submit = $('[data-testid=save-unit]') as HTMLButtonElement;
    expect(submit.getAttribute('form')).toBe('unit-form');
    expect(submit.type).toBe('submit');
    expect(submit.textContent).toContain('Create unit');
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(wrapper.emitted('submit')).toHaveLength(1);
    wrapper.unmount();
  });

  it('says what went wrong above the fields, and Cancel closes', async () => {
    const wrapper = open({ formError: 'Unit 12 already exists', errorTestid: 'unit-error' });
    await flushPromises();
    expect($('[data-testid=unit-error]')?.textContent).toContain('Unit 12 already exists');
    [...document.querySelectorAll('button')]
      .find((b) => b.textContent?.includes('Cancel'))!
      .click();
    expect(wrapper.emitted('update:visible')?.[0]).toEqual([false]);
    wrapper.unmount();
  });
});
