import { mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { describe, expect, it } from 'vitest';
import { h } from 'vue';
import DismissButton from './DismissButton.vue';
import FormRow from './FormRow.vue';
import LinkButton from './LinkButton.vue';

// The small building blocks of forms and lists.
describe('LinkButton', () => {
  it('is a plain button (never a submit) that passes clicks and classes through', async () => {
    const wrapper = mount(LinkButton, {
      props: { strong: true },
      attrs: { class: 'field__link' },
      slots: { default: () => 'Remove' },
    });
    const button = wrapper.get('button');
    expect(button.attributes('type')).toBe('button');
    expect(button.classes()).toEqual(
      expect.arrayContaining(['link-button', 'link-button--strong', 'field__link']),
    );
    await button.trigger('click');
    expect(wrapper.emitted('click')).toHaveLength(1);
  });

  it('takes the text color when plain, and passes disabled through', () => {
    const wrapper = mount(LinkButton, {
      props: { plain: true },
      attrs: { disabled: true },
      slots: { default: () => 'Roof replacement' },
    });
    const button = wrapper.get('button');
    expect(button.classes()).toContain('link-button--plain');
    expect(button.classes()).not.toContain('link-button--strong');
    expect(button.element.disabled).toBe(true);
  });
});

describe('DismissButton', () => {
  it('is an icon button named for screen readers', async () => {
    const wrapper = mount(DismissButton, {
      props: { label: 'Dismiss minutes.pdf' },
      global: { plugins: [[PrimeVue, { unstyled: true }]] },
    });
    expect(wrapper.get('button').attributes('aria-label')).toBe('Dismiss minutes.pdf');
  });
});

describe('FormRow', () => {
  it('lays its fields side by side', () => {
    const wrapper = mount(FormRow, {
      props: { wide: true },
      slots: { default: () => [h('div', { class: 'field field--half' }), h('div')] },
    });
    expect(wrapper.classes()).toEqual(['form-row', 'form-row--wide']);
    expect(wrapper.findAll('.form-row > div')).toHaveLength(2);
  });
});
