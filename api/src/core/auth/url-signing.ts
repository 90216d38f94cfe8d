import { createHmac, timingSafeEqual } from 'node:crypto';

// The longest a signed link may live: it is handed out to open a file at once, not to keep.
export const SIGNED_URL_MAX_TTL_SECONDS = 60 * 60;

// Short-lived signed URLs (downloads): HMAC-SHA256 over the path and expiry, with a key derived
// from the server secret. Whoever holds the URL may fetch it until it expires, and nothing else.
export class UrlSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('covenant:signed-urls').digest();
  }

  sign(path: string, ttlSeconds = 300, now = Date.now()): string {
    if (!(ttlSeconds > 0 && ttlSeconds <= SIGNED_URL_MAX_TTL_SECONDS)) {
      throw new Error(`A signed link lives at most ${SIGNED_URL_MAX_TTL_SECONDS} seconds`);
    }
    const exp = Math.floor(now / 1000) + ttlSeconds;
    return `${path}?exp=${exp}&sig=${this.mac(path, exp)}`;
  }

  // The expiry is required, and one further out than a link may live is refused too: a link
  // signed with a clock far ahead (or a key used elsewhere) must not open a file for years.
  verify(path: string, exp: unknown, sig: unknown, now = Date.now()): boolean {
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
    const expMs = Number(exp) * 1000;
    if (expMs < now || expMs > now + SIGNED_URL_MAX_TTL_SECONDS * 1000) return false;
    const expected = Buffer.from(this.mac(path, Number(exp)));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private mac(path: string, exp: number) {
    return createHmac('sha256', this.key).update(`${path}\n${exp}`).digest('base64url');
  }
}
