import { vi } from 'vitest';

// `vi.waitFor` gives up after one second by default. A component test waits for what the page
// waits for (a lazy route's chunk, a response), which on a busy machine running two test files at
// once can take longer; a passing wait returns as soon as its check holds, so a longer ceiling
// costs nothing. A test that passes its own timeout keeps it.
const waitFor = vi.waitFor;
vi.waitFor = ((callback, options) =>
  waitFor(
    callback,
    typeof options === 'number' ? options : { timeout: 10_000, ...options },
  )) as typeof vi.waitFor;
