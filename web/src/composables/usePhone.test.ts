import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { effectScope } from 'vue';
import { PHONE_QUERY, usePhone } from './usePhone';

// Not `new URL('…', import.meta.url)` with a literal: the bundler would turn it into an asset URL.
const here = import.meta.url;
const css = readFileSync(new URL('../theme/app.css', here), 'utf8');

// The tables' phone layout hangs on one breakpoint: the composable's query and the stylesheet's
// phone rules (pinned report columns, the muted line under a key cell) must name the same width.
describe('usePhone', () => {
  it('follows the phone media query', () => {
    const listeners: ((e: { matches: boolean }) => void)[] = [];
    const matchMedia = vi.fn((query: string) => ({
      matches: query === PHONE_QUERY,
      addEventListener: (_: string, fn: (e: { matches: boolean }) => void) => listeners.push(fn),
      removeEventListener: vi.fn(),
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    const scope = effectScope();
    const phone = scope.run(() => usePhone())!;
    expect(matchMedia).toHaveBeenCalledWith('(max-width: 640px)');
    expect(phone.value).toBe(true);
    listeners.forEach((fn) => fn({ matches: false }));
    expect(phone.value).toBe(false);
    scope.stop();
  });

  it('uses the width of the stylesheet’s phone rules', () => {
    const block = css.slice(css.indexOf(`@media ${PHONE_QUERY}`));
    expect(block).not.toBe(css);
    expect(block).toMatch(/\.cv-table--pinned[^{]*th:first-child[^{]*\{[^}]*position: sticky/);
  });
});
