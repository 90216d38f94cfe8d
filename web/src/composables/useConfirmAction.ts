import type { Ref } from 'vue';
import { errorMessage } from '@/apollo/errors';

/**
 * The confirm step of a dialog whose outcome the page reports (a toast): runs `action` on the
 * record the dialog names, hands a failure over in words, and closes the dialog either way.
 */
export function useConfirmAction<R>(options: {
  visible: Ref<boolean>;
  record: () => R | null;
  action: (record: R) => Promise<void>;
  failed: (message: string) => void;
}): () => Promise<void> {
  return async () => {
    const record = options.record();
    if (!record) return;
    try {
      await options.action(record);
    } catch (e) {
      options.failed(errorMessage(e));
    }
    options.visible.value = false;
  };
}
