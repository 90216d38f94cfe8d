// The building blocks of a list page (ARCHITECTURE.md §3), imported together: the filter row, the
// skeleton / error / empty states, the row actions and the "Load more" footer. The date range
// filter (and with it the date picker) is imported on its own, so a list without dates never loads it.
export { default as FilterBar } from './FilterBar.vue';
export { default as FilterSelect } from './FilterSelect.vue';
export { default as ListFooter } from './ListFooter.vue';
export { default as ListState } from './ListState.vue';
export { default as RowActionsButton } from './RowActionsButton.vue';
export { default as RowActionsMenu } from './RowActionsMenu.vue';
export { default as SearchBox } from './SearchBox.vue';
export type { SkeletonColumn } from './SkeletonTable.vue';
