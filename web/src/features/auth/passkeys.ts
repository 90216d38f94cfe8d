import { PLATFORM_TEXT_LIMITS } from '@covenant/shared/text-limits';

// Shared by the passkey sign-in button and the Security page's passkey list.

/** The longest passkey name the API takes. */
export const PASSKEY_NAME_MAX = PLATFORM_TEXT_LIMITS.passkeys.name;

/**
 * The person closed the browser's passkey prompt, or let it time out: not a failure to report
 * loudly. Browsers say NotAllowedError for both (on purpose, so a page cannot tell which);
 * AbortError is a prompt the page itself cancelled.
 */
export function isPasskeyPromptDismissed(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NotAllowedError' || name === 'AbortError';
}

/** This authenticator holds one of the account's passkeys already (the browser refused a second). */
export function isPasskeyAlreadyRegistered(error: unknown): boolean {
  const e = error as { name?: unknown; code?: unknown } | null;
  return e?.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || e?.name === 'InvalidStateError';
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/Windows/, 'Windows'],
  [/Linux/, 'Linux'],
];

/**
 * A first name for a new passkey from where it was made, e.g. "Chrome on Mac"; "Passkey N" when
 * the browser cannot be told.
 */
export function suggestPasskeyName(userAgent: string, existing: number): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? `Passkey ${existing + 1}`;
}
