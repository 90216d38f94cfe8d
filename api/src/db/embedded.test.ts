import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepingExitCode } from './embedded.js';

describe('process exit with the embedded server', () => {
  const saved = process.exitCode;
  afterEach(() => {
    process.exitCode = saved;
  });

  it('keeps a failure code set before an exit hook calls process.exit(0)', () => {
    const exit = vi.fn() as unknown as (code?: number) => never;
    const wrapped = keepingExitCode(exit);
    process.exitCode = 1;
    wrapped(0);
    wrapped();
    process.exitCode = 0;
    wrapped(0);
    wrapped(3);
    process.exitCode = 1;
    wrapped(2);
    expect(vi.mocked(exit).mock.calls).toEqual([[1], [1], [0], [3], [2]]);
  });
});
