import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { hashOpaqueToken } from '../../core/auth/opaque-tokens.js';

// TOTP as authenticator apps speak it (RFC 6238): SHA-1, 6 digits, 30-second steps.
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_ISSUER = 'Covenant';
export const RECOVERY_CODE_COUNT = 10;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret, period: TOTP_PERIOD_SECONDS });
}

// The time step a code matched (one step of clock drift either way is accepted), or null. A step
// at or before `afterStep` (the last one accepted for the user) is refused: a code used once
// cannot be replayed while it is still inside the window.
export async function matchTotp(
  secret: string,
  code: string,
  afterStep: number | null,
  nowMs = Date.now(),
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = Math.floor(nowMs / 1000);
  const newest = Math.floor(epoch / TOTP_PERIOD_SECONDS) + 1;
  // otplib refuses an `afterTimeStep` beyond the window; nothing in the window is left then.
  if (afterStep !== null && afterStep >= newest) return null;
  const result = await verify({
    secret,
    token: code,
    epoch,
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

// What a person typed as a code: spaces and dashes dropped, lower case.
export function normalizeCode(raw: string): string {
  return raw.replace(/[\s-]/g, '').toLowerCase();
}

// Recovery codes: 12 letters shown as `abcd-efgh-ijkl` (no i, l or o, which read as digits):
// 23^12 ≈ 2^54 choices, stored as SHA-256 of the normalized code.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const letters = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(23)]).join('');
    return `${letters.slice(0, 4)}-${letters.slice(4, 8)}-${letters.slice(8)}`;
  });
}

export function isRecoveryCodeShape(normalized: string): boolean {
  return /^[a-z]{12}$/.test(normalized);
}

export function hashRecoveryCode(normalized: string): string {
  return hashOpaqueToken(normalized);
}
