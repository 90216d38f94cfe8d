// What other modules use from units.
export { unitById } from './units.loaders.js';
export { Unit } from './units.types.js';
// The demo seed enters its units through these, as the API does.
export { listUnits, updateUnit } from './units.service.js';
export { importUnits, UNIT_CSV_COLUMNS } from './unit-import.service.js';
// A payment in words ("check 3512"): the unit ledger's rows and the payments' journal memos.
export { paymentMeans } from './payment-wording.js';
