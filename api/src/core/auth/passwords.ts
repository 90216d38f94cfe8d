import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

// argon2id with OWASP's recommended minimum (19 MiB, 2 iterations, 1 lane).
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

// Verifies against a throw-away hash when there is no user, so a wrong email takes as long as a
// wrong password and does not reveal which accounts exist.
export async function verifyPassword(hash: string | null | undefined, password: string) {
  if (!hash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await argon2.verify(await dummyHash, password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// A generated password for demo users: 18 characters from 108 random bits.
export function generatePassword(): string {
  return randomBytes(14).toString('base64url').slice(0, 18);
}
