import { flushPromises, mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { afterEach, describe, expect, it } from 'vitest';
import { computed, defineComponent, h, reactive, ref } from 'vue';
import { useFormDialog } from '@/composables/useFormDialog';
import FormDialog from './FormDialog.vue';
import UnsavedChangesDialog from './UnsavedChangesDialog.vue';

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

describe('FormDialog with edited values', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  // A dialog as the app writes one: useFormDialog over a reactive form, FormDialog around it.
  const NameDialog = defineComponent({
    props: { visible: { type: Boolean, required: true } },
    emits: ['update:visible'],
    setup(props, { emit }) {
      const visible = computed({
        get: () => props.visible,
        set: (v) => emit('update:visible', v),
      });
      const form = reactive({ name: 'Pool' });
      useFormDialog({ visible, fields: ['name'], values: form });
      return () =>
        h(
          FormDialog,
          {
            visible: visible.value,
            'onUpdate:visible': (v: boolean) => (visible.value = v),
            header: 'Edit amenity',
            formId: 'amenity-form',
            submitLabel: 'Save',
          },
          {
            default: () =>
              h('input', {
                id: 'amenity-name',
                value: form.name,
                onInput: (e: Event) => (form.name = (e.target as HTMLInputElement).value),
              }),
          },
        );
    },
  });

  function open() {
    const visible = ref(true);
    const wrapper = mount(
      () => [
        h(NameDialog, {
          visible: visible.value,
          'onUpdate:visible': (v: boolean) => (visible.value = v),
        }),
        h(UnsavedChangesDialog),
      ],
      { attachTo: document.body, global: { plugins: [[PrimeVue, { unstyled: true }]] } },
    );
    return { wrapper, visible };
  }
  const button = (label: string) =>
    [...document.querySelectorAll('button')].find((b) => b.textContent?.includes(label))!;

  it('closes at once when nothing was edited', async () => {
    const { wrapper, visible } = open();
    await flushPromises();
    button('Cancel').click();
    await flushPromises();
    expect(visible.value).toBe(false);
    expect(document.body.textContent).not.toContain('Discard unsaved changes?');
    wrapper.unmount();
  });

  it('asks before Cancel drops edited values: Keep editing keeps them, Discard closes', async () => {
    const { wrapper, visible } = open();
    await flushPromises();
    const input = $('#amenity-name') as HTMLInputElement;
    input.value = 'Pool and spa';
    input.dispatchEvent(new Event('input'));
    await flushPromises();
    button('Cancel').click();
    await flushPromises();
    expect(document.body.textContent).toContain('Discard unsaved changes?');
    button('Keep editing').click();
    await flushPromises();
    expect(visible.value).toBe(true);
    expect(($('#amenity-name') as HTMLInputElement).value).toBe('Pool and spa');

    button('Cancel').click();
    await flushPromises();
    button('Discard').click();
    await flushPromises();
    expect(visible.value).toBe(false);
    wrapper.unmount();
  });
});
