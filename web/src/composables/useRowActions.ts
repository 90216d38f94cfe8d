import type { MenuItem } from 'primevue/menuitem';
import { computed, shallowRef, useTemplateRef } from 'vue';
import type RowActionsMenu from '@/components/RowActionsMenu.vue';
import { useOrganizationStore } from '@/stores/organization';

/** A row menu item; `write` ones are disabled for viewers, with the read-only hint. */
export interface RowAction extends MenuItem {
  write?: boolean;
}

/**
 * The end of a row menu whose row can be deleted: set apart from the other actions, in red, for
 * members who can write; `open` shows the confirmation.
 */
export function deleteActions(open: () => void): RowAction[] {
  return [
    { separator: true },
    { label: 'Delete…', icon: 'pi pi-trash', danger: true, write: true, command: open },
  ];
}

/**
 * The row actions of a list (UI.md, Tables: a kebab menu at the row end). One RowActionsMenu per
 * list, `<RowActionsMenu id="…" ref="rowMenu" :items="rowMenuItems" />` (found by that ref name;
 * the page declares no `rowMenu` itself), opened from each row's RowActionsButton with
 * `@click.stop="openRowMenu($event, row)"`. `selected` is the row the menu was opened for, which
 * the dialogs behind the actions read too.
 */
export function useRowActions<TRow>(actions: (row: TRow) => RowAction[], readOnlyHint?: string) {
  const organization = useOrganizationStore();
  const rowMenu = useTemplateRef<InstanceType<typeof RowActionsMenu>>('rowMenu');
  const selected = shallowRef<TRow | null>(null);

  const rowMenuItems = computed<MenuItem[]>(() => {
    const row = selected.value;
    if (!row) return [];
    const canWrite = organization.canWrite;
    return actions(row).map(({ write, ...item }) =>
      write && !canWrite ? { ...item, disabled: true, hint: readOnlyHint } : item,
    );
  });

  function openRowMenu(event: Event, row: TRow): void {
    selected.value = row;
    rowMenu.value?.toggle(event);
  }

  return { selected, rowMenuItems, openRowMenu };
}
