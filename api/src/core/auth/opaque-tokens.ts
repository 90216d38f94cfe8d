import { createHash, randomBytes } from 'node:crypto';

// Opaque tokens (refresh, password reset, invitation): 32 random bytes, shown once, stored as a
// SHA-256 hash so a database leak does not hand out sessions.
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
