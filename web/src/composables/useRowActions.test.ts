import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { freshPinia, signIn } from '@/test/mount';
import { deleteActions, useRowActions } from './useRowActions';

describe('row actions', () => {
  it('end a deletable row’s menu with a red Delete… set apart, for members who can write', () => {
    let opened = 0;
    const [separator, remove] = deleteActions(() => opened++);
    expect(separator).toEqual({ separator: true });
    expect(remove).toMatchObject({
      label: 'Delete…',
      icon: 'pi pi-trash',
      danger: true,
      write: true,
    });
    remove!.command!({} as never);
    expect(opened).toBe(1);
  });

  it('disable write actions for a viewer, with the hint', () => {
    const pinia = freshPinia();
    signIn(
      { email: 'viewer@example.com' },
      { id: 'org-1', name: 'Maple Ridge HOA', role: 'VIEWER', status: 'ACTIVE' },
    );
    let menu!: ReturnType<typeof useRowActions<{ id: string }>>;
    mount(
      defineComponent({
        setup() {
          menu = useRowActions<{ id: string }>(
            () => [{ label: 'Open' }, ...deleteActions(() => undefined)],
            'Viewers cannot change units',
          );
          return () => h('div');
        },
      }),
      { global: { plugins: [pinia] } },
    );
    menu.openRowMenu(new Event('click'), { id: 'u1' });
    expect(menu.rowMenuItems.value).toEqual([
      { label: 'Open' },
      { separator: true },
      expect.objectContaining({
        label: 'Delete…',
        disabled: true,
        hint: 'Viewers cannot change units',
      }),
    ]);
  });
});
