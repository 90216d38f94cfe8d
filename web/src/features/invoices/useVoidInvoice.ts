import { useMutation } from '@vue/apollo-composable';
import { ref } from 'vue';
import { evictReceivables } from '@/apollo/books';
import { useOrganizationToday } from '@/composables/useOrganizationToday';
import { VOID_INVOICE_MUTATION } from './invoices.graphql';

/**
 * Voiding an invoice, from its page or from the list's row menu: the confirmation's visibility,
 * the date the void takes effect (the association's today each time the confirmation opens) and
 * the void itself, after which every receivable figure is read again.
 */
export function useVoidInvoice() {
  const calendar = useOrganizationToday();
  const visible = ref(false);
  const date = ref<string | null>(calendar.today());
  const { mutate } = useMutation(VOID_INVOICE_MUTATION, {
    update: (cache) => evictReceivables(cache),
  });

  function open(): void {
    date.value = calendar.today();
    visible.value = true;
  }

  async function run(id: string): Promise<void> {
    await mutate({ id, date: date.value });
  }

  return { visible, date, open, run };
}
