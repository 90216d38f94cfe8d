import { useApolloClient } from '@vue/apollo-composable';
import { useToast } from 'primevue/usetoast';
import { ref } from 'vue';
import { errorMessage } from '@/apollo/errors';
import { downloadUrl } from '@/csv';
import { DOCUMENT_LINK_QUERY } from './documents.graphql';

/**
 * Saving or opening a generated document. Its link is signed for five minutes, so it is asked for
 * at the click (a page left open for an hour still downloads).
 */
export function useDocumentDownload() {
  const { resolveClient } = useApolloClient();
  const toast = useToast();
  const busy = ref<string | null>(null);

  async function link(id: string) {
    busy.value = id;
    try {
      const { data } = await resolveClient().query({
        query: DOCUMENT_LINK_QUERY,
        variables: { id },
        fetchPolicy: 'no-cache',
      });
      const d = data.document;
      if (!d.url) throw new Error('This document is not ready yet.');
      return { url: d.url, fileName: d.fileName };
    } catch (e) {
      toast.add({
        severity: 'error',
        summary: 'Not downloaded',
        detail: errorMessage(e),
        life: 6000,
      });
      return null;
    } finally {
      busy.value = null;
    }
  }

  async function download(id: string): Promise<void> {
    const l = await link(id);
    if (l) downloadUrl(`${l.url}&download=1`, l.fileName);
  }

  async function open(id: string): Promise<void> {
    const l = await link(id);
    if (l) window.open(l.url, '_blank', 'noopener');
  }

  return { busy, download, open };
}
