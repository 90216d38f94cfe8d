// What other modules use from units.
export { unitById } from './units.loaders.js';
export { Unit } from './units.types.js';
