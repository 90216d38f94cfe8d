import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export class TooLargeError extends Error {}

export interface StoredFile {
  size: number;
  sha256: string;
  // The first bytes, for content sniffing.
  head: Buffer;
}

// One interface for attachment bytes: local disk by default; an S3-compatible store would
// implement the same three calls.
export interface Storage {
  put(key: string, stream: Readable, maxBytes: number): Promise<StoredFile>;
  get(key: string): Readable;
  delete(key: string): Promise<void>;
}

const HEAD_BYTES = 4100;

export class LocalDiskStorage implements Storage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string) {
    const p = resolve(join(this.root, key));
    if (!p.startsWith(this.root + sep)) throw new Error('Invalid storage key');
    return p;
  }

  // Streams to disk, counting and hashing as it goes; past maxBytes it stops reading, removes
  // the partial file and throws, so an oversized upload never fills the disk.
  async put(key: string, stream: Readable, maxBytes: number): Promise<StoredFile> {
    const path = this.path(key);
    // The stream may fail while the folder is made (an upload parser that has just seen the size
    // limit destroys it): hold on to that failure, so the pipeline below reports it as this put's
    // rejection rather than an unhandled error.
    const early = () => {};
    stream.on('error', early);
    try {
      await mkdir(dirname(path), { recursive: true });
    } finally {
      stream.off('error', early);
    }
    const hash = createHash('sha256');
    let size = 0;
    const head: Buffer[] = [];
    let headLen = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > maxBytes)
          return done(new TooLargeError(`File is larger than ${maxBytes} bytes`));
        hash.update(chunk);
        if (headLen < HEAD_BYTES) {
          head.push(chunk.subarray(0, HEAD_BYTES - headLen));
          headLen += Math.min(chunk.length, HEAD_BYTES - headLen);
        }
        done(null, chunk);
      },
    });
    const file = createWriteStream(path, { flags: 'wx' });
    try {
      await pipeline(stream, meter, file);
    } catch (err) {
      // The file may still be opening when the pipeline fails (a stream that failed early): it is
      // removed once closed, or the open would create it after the removal.
      if (!file.closed) await new Promise<void>((done) => file.once('close', () => done()));
      await rm(path, { force: true });
      stream.resume();
      throw err;
    }
    return { size, sha256: hash.digest('hex'), head: Buffer.concat(head) };
  }

  get(key: string): Readable {
    return createReadStream(this.path(key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}
