import { randomFillSync } from 'node:crypto';
import { isUUID } from 'class-validator';
import { v7 as uuidv7 } from 'uuid';
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

// n time-ordered ids (UUIDv7) for one batch: one call for all the random bytes, and consecutive
// sequence numbers, so a batch's rows append to the primary-key index in order.
export function newIds(n: number): string[] {
  if (n === 0) return [];
  const random = randomFillSync(Buffer.allocUnsafe(16 * n));
  const msecs = Date.now();
  const seq = random.readUInt32BE(0) & 0x3fffffff;
  return Array.from({ length: n }, (_, i) =>
    uuidv7({ msecs, seq: seq + i, random: random.subarray(16 * i, 16 * i + 16) }),
  );
}
