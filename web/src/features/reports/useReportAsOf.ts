import { useRoute } from 'vue-router';
import { useOrganizationDate } from '@/composables/useOrganizationToday';
import { parseLocalDate } from '@/format';

/**
 * The date a balance report is as of: the address's `?asOf=` when it holds a date, otherwise
 * today in the association's time zone (`ready` once that is known). The page writes it back
 * to the address with its other options.
 */
export function useReportAsOf() {
  const route = useRoute();
  const initial = typeof route.query.asOf === 'string' ? route.query.asOf : null;
  const { date: asOf, ready } = useOrganizationDate(parseLocalDate(initial) ? initial : null);
  return { asOf, ready };
}
