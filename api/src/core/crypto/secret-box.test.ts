import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('opens what it sealed, in the same context, and never shows the plain text', () => {
    const sealed = box.seal('123456789', 'vendor:a:tax_id');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('123456789');
    expect(box.open(sealed, 'vendor:a:tax_id')).toBe('123456789');
    // A fresh nonce each time: the same value seals differently.
    expect(box.seal('123456789', 'vendor:a:tax_id')).not.toBe(sealed);
  });

  it('refuses another context, another key or a tampered value', () => {
    const sealed = box.seal('123456789', 'vendor:a:tax_id');
    expect(() => box.open(sealed, 'vendor:b:tax_id')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'vendor:a:tax_id')).toThrow();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1] ^= 1;
    expect(() => box.open(`v1.${bytes.toString('base64url')}`, 'vendor:a:tax_id')).toThrow();
    expect(() => box.open('123456789', 'vendor:a:tax_id')).toThrow('Not a sealed value');
  });

  it('takes a 32-byte key only', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow('32 bytes');
    expect(SecretBox.fromText(randomBytes(32).toString('base64'))).toBeInstanceOf(SecretBox);
    expect(() => SecretBox.fromText('short')).toThrow('32 bytes');
  });
});
