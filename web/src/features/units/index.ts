// What other features may use of units; the router reads routes.ts.
export { default as ImportUnitsDialog } from './components/ImportUnitsDialog.vue';
export { default as UnitSelect } from './components/UnitSelect.vue';
export {
  CREATE_UNIT_MUTATION,
  type Unit,
  UNIT_QUERY,
  UNIT_REF_FIELDS,
  type UnitLedgerKind,
  UNITS_QUERY,
} from './units.graphql';
export { type UnitField, unitInput, unitLabel } from './units';
