// The owner portal: what a homeowner reaches of their association, their own units only.
export { assertOwnedUnit, ownedUnitIds, unitIdsOfOwner } from './owner-access.js';
// The types later parts of the portal reuse (a statement's lines are ledger lines; what is due).
export { OwnerDue, OwnerLedgerLine, OwnerUnit } from './owner-portal.types.js';
export { ownerUnitLedger, portalSettings } from './owner-portal.service.js';
// Online payments provide what the portal reads of them when the app boots.
export { type OwnerOnlinePayments, provideOwnerOnlinePayments } from './online-port.service.js';
// The bindings of owners to units, for the platform's invitations (which own the memberships).
export {
  bindingsOfUnits,
  bindingsOfUsers,
  type BindingRow,
  bindOwner,
  type OwnerInvitationFileSkip,
  type OwnerInvitationLine,
  readOwnerInvitationFile,
  unbindOwner,
  unitNumbersOfOwner,
  unitRef,
  type UnitRef,
} from './unit-owners.service.js';
// Publishing to owners (the demo publishes its minutes and rules as a treasurer would).
export { publishDocument } from './published-documents.service.js';
