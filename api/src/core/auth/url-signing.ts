import { createHmac, timingSafeEqual } from 'node:crypto';

// Short-lived signed URLs (downloads): HMAC-SHA256 over the path and expiry, with a key derived
// from the server secret. Whoever holds the URL may fetch it until it expires, and nothing else.
export class UrlSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('covenant:signed-urls').digest();
  }

  sign(path: string, ttlSeconds = 300, now = Date.now()): string {
    const exp = Math.floor(now / 1000) + ttlSeconds;
    return `${path}?exp=${exp}&sig=${this.mac(path, exp)}`;
  }

  verify(path: string, exp: unknown, sig: unknown, now = Date.now()): boolean {
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d+$/.test(exp)) return false;
    if (Number(exp) * 1000 < now) return false;
    const expected = Buffer.from(this.mac(path, Number(exp)));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private mac(path: string, exp: number) {
    return createHmac('sha256', this.key).update(`${path}\n${exp}`).digest('base64url');
  }
}
