import { describe, expect, it } from 'vitest';
import { SIGNED_URL_MAX_TTL_SECONDS, UrlSigner } from './url-signing.js';

const PATH =
  '/attachments/7d3a0b8e-1c7e-4f43-9a51-0a1f2b3c4d5e/2b0f6a7e-9b1c-4c1d-8f3e-5a6b7c8d9e0f';
const parts = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('signed links', () => {
  const signer = new UrlSigner('s'.repeat(48));

  it('open their own path until they expire, and nothing else', () => {
    const { exp, sig } = parts(signer.sign(PATH));
    expect(signer.verify(PATH, exp, sig)).toBe(true);
    expect(signer.verify(`${PATH}x`, exp, sig)).toBe(false);
    expect(signer.verify(PATH, exp, undefined)).toBe(false);
    expect(signer.verify(PATH, undefined, sig)).toBe(false);
    expect(signer.verify(PATH, exp, sig, Date.now() + 301_000)).toBe(false);
  });

  it('refuse a validly signed expiry further out than a link may live', () => {
    // Signed as if the clock were a year ahead: the signature is right, the expiry is not.
    const { exp, sig } = parts(signer.sign(PATH, 300, Date.now() + 365 * 86_400_000));
    expect(signer.verify(PATH, exp, sig, Date.now() + 365 * 86_400_000)).toBe(true);
    expect(signer.verify(PATH, exp, sig)).toBe(false);
  });

  it('are never signed to live longer than that', () => {
    expect(() => signer.sign(PATH, SIGNED_URL_MAX_TTL_SECONDS + 1)).toThrow();
    expect(() => signer.sign(PATH, 0)).toThrow();
  });
});
