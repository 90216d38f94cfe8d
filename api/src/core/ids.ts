import { isUUID } from 'class-validator';
import { notFound } from './errors/app-error.js';

// Ids are UUIDs. Anything else cannot name a record: NOT_FOUND, like an id of another tenant,
// rather than a database type error.
export function assertId(id: string, what: string): string {
  if (!isUUID(id)) throw notFound(what);
  return id;
}

export function isId(id: unknown): id is string {
  return typeof id === 'string' && isUUID(id);
}
