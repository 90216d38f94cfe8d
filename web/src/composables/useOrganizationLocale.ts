import { computed } from 'vue';
import { formatLocalDate, settingsLocale } from '@/format';
import { useOrganizationStore } from '@/stores/organization';

/**
 * The association's locale (from its settings) and a date in its medium format, as the pages
 * that list dated records show them.
 */
export function useOrganizationLocale() {
  const organization = useOrganizationStore();
  const locale = computed(() => settingsLocale(organization.current?.settings));
  const day = (d: string) => formatLocalDate(d, locale.value);
  return { locale, day };
}
