import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick, ref } from 'vue';
import { SEARCH_DEBOUNCE_MS, useDebouncedSearch } from './useDebouncedSearch';

describe('useDebouncedSearch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('passes the trimmed text on once typing pauses, and follows a reset at once', async () => {
    const scope = effectScope();
    const search = ref('');
    const box = scope.run(() => useDebouncedSearch(search))!;

    box.text.value = 'ell';
    await nextTick();
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50);
    box.text.value = 'ellis ';
    await nextTick();
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50);
    expect(search.value).toBe('');
    vi.advanceTimersByTime(50);
    expect(search.value).toBe('ellis');
    await nextTick();

    // "Clear filters" resets the search itself: the box empties without waiting.
    search.value = '';
    await nextTick();
    expect(box.text.value).toBe('');
    scope.stop();
  });

  it('starts from the search it is given and clears both', async () => {
    const scope = effectScope();
    const box = scope.run(() => useDebouncedSearch(ref('pool')))!;
    expect(box.text.value).toBe('pool');
    box.clear();
    await nextTick();
    expect(box.text.value).toBe('');
    expect(box.search.value).toBe('');
    scope.stop();
  });
});
