import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage, TooLargeError } from './storage.js';

describe('local disk storage', () => {
  const root = mkdtempSync(join(tmpdir(), 'covenant-storage-'));
  const storage = new LocalDiskStorage(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('stores the bytes with their size, hash and head', async () => {
    const stored = await storage.put('org/a', Readable.from([Buffer.from('hello')]), 100);
    expect(stored.size).toBe(5);
    expect(stored.sha256).toBe('2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824');
    expect(stored.head.toString()).toBe('hello');
  });

  it('refuses bytes past the limit and keeps nothing', async () => {
    const big = Readable.from([Buffer.alloc(60), Buffer.alloc(60)]);
    await expect(storage.put('org/b', big, 100)).rejects.toBeInstanceOf(TooLargeError);
    expect(readdirSync(join(root, 'org'))).toEqual(['a']);
  });

  // An upload over the server's limit fails its stream as soon as the parser sees it, which can
  // be before the bytes are being written: the failure is the put's, never an unhandled error.
  it('reports a stream that fails before writing begins as its own rejection', async () => {
    const failing = new Readable({ read() {} });
    const put = storage.put('fresh/folder/c', failing, 100);
    failing.destroy(new Error('File truncated as it exceeds the limit'));
    await expect(put).rejects.toThrow(/exceeds the limit/);
    expect(readdirSync(join(root, 'fresh', 'folder'))).toEqual([]);
  });
});
