// What other features may use of closed periods: a month in words.
export { monthLabel } from './periods';
