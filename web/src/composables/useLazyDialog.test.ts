import { describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import { useLazyDialog } from './useLazyDialog';

describe('useLazyDialog', () => {
  it('is not opened until first shown, and stays opened after it closes', async () => {
    const { visible, opened } = useLazyDialog();
    expect(opened.value).toBe(false);
    visible.value = true;
    await nextTick();
    expect(opened.value).toBe(true);
    visible.value = false;
    await nextTick();
    expect(opened.value).toBe(true);
  });
});
