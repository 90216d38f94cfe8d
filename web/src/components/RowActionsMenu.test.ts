import { flushPromises, mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import type { MenuItem } from 'primevue/menuitem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import RowActionsButton from './RowActionsButton.vue';
import RowActionsMenu from './RowActionsMenu.vue';

const open = vi.fn();
const remove = vi.fn();
const items: MenuItem[] = [
  { label: 'Open', icon: 'pi pi-file', command: open },
  { separator: true },
  { label: 'Delete…', icon: 'pi pi-trash', danger: true, command: remove },
  { label: 'Archive…', icon: 'pi pi-box', danger: true, disabled: true, hint: 'Viewers cannot' },
];

// A list row's kebab and the list's one menu, wired as the pages wire them.
const Harness = defineComponent({
  setup() {
    const menu = ref<InstanceType<typeof RowActionsMenu> | null>(null);
    return () => [
      h(RowActionsButton, {
        menuId: 'thing-row-menu',
        label: 'Actions for Thing 1',
        'data-testid': 'thing-actions',
        onClick: (event: Event) => menu.value?.toggle(event),
      }),
      h(RowActionsMenu, { ref: menu, id: 'thing-row-menu', items }),
    ];
  },
});

function menuItem(label: string): HTMLElement {
  const item = [...document.querySelectorAll<HTMLElement>('#thing-row-menu [role=menuitem]')].find(
    (el) => el.textContent?.includes(label),
  );
  if (!item) throw new Error(`No menu item ${label}`);
  return item;
}

describe('RowActionsMenu and RowActionsButton', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('opens from the kebab and runs the chosen item', async () => {
    const wrapper = mount(Harness, {
      attachTo: document.body,
      global: { plugins: [[PrimeVue, { unstyled: true }]] },
    });
    const button = wrapper.get('[data-testid=thing-actions]');
    expect(button.attributes('aria-label')).toBe('Actions for Thing 1');
    expect(button.attributes('aria-controls')).toBe('thing-row-menu');
    expect(button.attributes('aria-haspopup')).toBe('menu');
    expect(document.querySelector('#thing-row-menu')).toBeNull();

    await button.trigger('click');
    await flushPromises();
    expect(document.querySelector('#thing-row-menu')).not.toBeNull();

    menuItem('Open').querySelector('a')?.click();
    await flushPromises();
    expect(open).toHaveBeenCalledTimes(1);
    wrapper.unmount();
  });

  it('marks destructive items red unless disabled, and shows the hint', async () => {
    const wrapper = mount(Harness, {
      attachTo: document.body,
      global: { plugins: [[PrimeVue, { unstyled: true }]] },
    });
    await wrapper.get('[data-testid=thing-actions]').trigger('click');
    await flushPromises();

    const remove = menuItem('Delete…').querySelector('.row-menu__item');
    expect(remove?.classList.contains('row-menu__item--danger')).toBe(true);
    const archive = menuItem('Archive…').querySelector('.row-menu__item');
    expect(archive?.classList.contains('row-menu__item--danger')).toBe(false);
    expect(archive?.querySelector('.row-menu__hint')?.textContent).toBe('Viewers cannot');
    expect(menuItem('Open').querySelector('.row-menu__hint')).toBeNull();
    wrapper.unmount();
  });
});
