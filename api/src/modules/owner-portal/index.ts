// The owner portal: what a homeowner reaches of their association, their own units only.
export { assertOwnedUnit, ownedUnitIds, unitIdsOfOwner } from './owner-access.js';
