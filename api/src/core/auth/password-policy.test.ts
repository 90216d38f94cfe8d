import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.js';
import { checkPassword } from './password-policy.js';

// A password that is costly to score: symbols zxcvbn reads as l33t substitutions, over its whole
// scored length.
const costly = (n: number, seed = 1) =>
  Array.from({ length: n }, (_, i) => String.fromCharCode(33 + (((i + seed) * 7919) % 93))).join(
    '',
  );

describe('password policy', () => {
  it('scores passwords off the API thread: the event loop keeps turning meanwhile', async () => {
    await checkPassword('correct horse battery staple', 'password'); // the thread is up
    let maxGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
    }, 2);
    const start = performance.now();
    const refused = await checkPassword(costly(256), 'password');
    const end = performance.now();
    clearInterval(timer);
    const took = end - start;
    maxGap = Math.max(maxGap, end - last);
    expect(refused).toBeNull();
    // On this thread, the longest pause would be the whole check.
    expect(took).toBeGreaterThan(40);
    expect(maxGap).toBeLessThan(took / 2);
  });

  it('says why, in whole sentences', async () => {
    expect(await checkPassword('aaaaaaaaaaaaaaaa', 'newPassword')).toEqual({
      field: 'newPassword',
      message:
        'Repeated characters like "aaa" are easy to guess. Add more words that are less common.',
    });
    expect(await checkPassword('short', 'password')).toEqual({
      field: 'password',
      message: 'Use at least 12 characters',
    });
    expect(await checkPassword('x'.repeat(257), 'password')).toEqual({
      field: 'password',
      message: 'Use at most 256 characters',
    });
  });

  it('scores the first 64 characters: a weak start is refused, whatever follows', async () => {
    const strongTail = costly(64, 5);
    expect(await checkPassword(strongTail, 'password')).toBeNull();
    expect(await checkPassword('a'.repeat(64) + strongTail, 'password')).toMatchObject({
      message: expect.stringMatching(/^Repeated characters/),
    });
  });

  it('uses the hints: the user’s own email is no password', async () => {
    const refused = await checkPassword('maplewoodtreasurer', 'password', [
      'maplewood.treasurer@example.test',
    ]);
    expect(refused?.field).toBe('password');
  });

  it('answers a burst past its queue with a typed 503 to retry, and the rest in full', async () => {
    const burst = Array.from({ length: 100 }, (_, i) =>
      checkPassword(`burst password number ${i} of many`, 'password').then(
        (r) => ({ ok: r }),
        (e: unknown) => ({ err: e }),
      ),
    );
    const results = await Promise.all(burst);
    const refused = results.filter((r) => 'err' in r).map((r) => (r as { err: unknown }).err);
    expect(refused.length).toBeGreaterThan(0);
    expect(results.length - refused.length).toBeGreaterThanOrEqual(64);
    for (const e of refused) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).extensions).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        retryAfter: 2,
        http: { status: 503 },
      });
    }
    // Once the queue drains, checks are answered again.
    expect(await checkPassword('correct horse battery staple', 'password')).toBeNull();
  });
});
