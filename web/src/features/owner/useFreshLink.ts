import { useToast } from 'primevue/usetoast';
import { ref } from 'vue';
import { errorMessage } from '@/apollo/errors';
import { downloadUrl } from '@/csv';

/**
 * Saving a file whose link is signed for five minutes (a statement's PDF, a published document):
 * the link is asked for at the click, so a page left open for an hour still downloads.
 */
export function useFreshLink() {
  const toast = useToast();
  /** The key of the file being fetched, while it is. */
  const busy = ref<string | null>(null);

  async function download(
    key: string,
    link: () => Promise<{ url: string; fileName: string } | null>,
  ): Promise<void> {
    if (busy.value) return;
    busy.value = key;
    try {
      const found = await link();
      if (!found) throw new Error('This file is no longer available.');
      downloadUrl(found.url, found.fileName);
    } catch (e) {
      toast.add({
        severity: 'error',
        summary: 'Not downloaded',
        detail: errorMessage(e),
        life: 6000,
      });
    } finally {
      busy.value = null;
    }
  }

  return { busy, download };
}
