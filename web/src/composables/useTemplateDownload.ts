import type { TypedDocumentNode } from '@apollo/client/core';
import { useApolloClient } from '@vue/apollo-composable';
import { ref, type Ref } from 'vue';
import { errorMessage } from '@/apollo/errors';
import { downloadText } from '@/csv';

/**
 * The "Download template" button of a CSV import: asks the API for the template (always fresh:
 * the columns follow the association's settings) and saves it. A failure is said in `failure`,
 * the import dialog's one error line.
 */
export function useTemplateDownload<K extends string>(
  query: TypedDocumentNode<Record<K, string>>,
  field: K,
  filename: string,
  failure: Ref<string | null>,
) {
  const { resolveClient } = useApolloClient();
  const loading = ref(false);

  async function download(): Promise<void> {
    loading.value = true;
    failure.value = null;
    try {
      const { data } = await resolveClient().query({ query, fetchPolicy: 'network-only' });
      downloadText(filename, data[field]);
    } catch (e) {
      failure.value = `We couldn't get the template. ${errorMessage(e)}`;
    } finally {
      loading.value = false;
    }
  }

  return { loading, download };
}
