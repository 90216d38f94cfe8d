// What other modules use from units.
export { unitById } from './units.loaders.js';
export { Unit } from './units.types.js';
// The demo seed enters its units through these, as the API does.
export { listUnits, updateUnit } from './units.service.js';
export { importUnits, UNIT_CSV_COLUMNS } from './unit-import.service.js';
// A payment in words ("check 3512"): the unit ledger's rows and the payments' journal memos.
export { paymentMeans } from './payment-wording.js';
// The unit ledger as the treasurer reads it: owners' statements are made of its rows and balances.
export { MAX_UNIT_LEDGER_PAGE, unitLedger } from './unit-ledger.service.js';
export { UnitLedgerKind, type UnitLedgerRow } from './units.types.js';
// The owner portal reads a unit's figures and ledger as the treasurer's pages do.
export { unitFiguresOf } from './units.loaders.js';
