import type { Ref } from 'vue';
import { computed, ref, watch } from 'vue';
import { useRoute, useRouter } from 'vue-router';
import { gridChanges } from '@/components/spreadsheet';
import { useOrganizationToday } from '@/composables/useOrganizationToday';
import { useUnsavedChanges } from '@/composables/useUnsavedChanges';
import { useAccounts } from '@/features/accounts';
import { linesToCents, plSections, yearFrom, yearIn, yearOptions } from './budgets';

type YearLines = readonly { accountId: string; amounts: readonly string[] }[];

interface YearQuery {
  result: Ref<unknown>;
  loading: Ref<boolean>;
  error: Ref<unknown>;
}

/**
 * A page that edits a year of monthly amounts per income and expense account (the budget, the
 * monthly actuals): the year, kept in the address (?year=2026); the saved amounts the page's query
 * loads for it; the cells typed and not saved yet; and a question before they are dropped (another
 * year, another page).
 *
 * Without a year in the address, `defaultYear` (when given) chooses it, e.g. the association's
 * current fiscal year; the page's query waits for it (`ready`, the load's second argument).
 */
export function useYearGrid<Q extends YearQuery>(
  load: (year: Ref<number>, ready: Ref<boolean>) => Q,
  lines: (result: NonNullable<Q['result']['value']>) => YearLines | null | undefined,
  options: { defaultYear?: () => Promise<number> } = {},
) {
  const route = useRoute();
  const router = useRouter();

  const calendar = useOrganizationToday();
  const year = ref(yearFrom(route.query.year, calendar.currentYear()));
  const ready = ref(yearIn(route.query.year) !== null || !options.defaultYear);
  if (!ready.value) {
    void options.defaultYear!().then((y) => {
      if (ready.value) return; // a year was chosen meanwhile
      year.value = y;
      ready.value = true;
    });
  }
  const years = computed(() => yearOptions(year.value, calendar.currentYear()));

  const accounts = useAccounts();
  const query = load(year, ready);
  const loaded = computed(() => query.result.value as Q['result']['value'] | undefined);
  const saved = computed(() => linesToCents((loaded.value && lines(loaded.value)) ?? []));
  const sections = computed(() => plSections(accounts.all.value, saved.value));
  const edits = ref<Record<string, string>>({});
  const pending = computed(() => gridChanges(saved.value, edits.value));
  // A cell typed back to its saved value is nothing to save or lose, even before it is left.
  const dirty = computed(() => pending.value.changes.length + pending.value.invalid.length > 0);

  const firstLoad = computed(
    () => !ready.value || (query.loading.value && !loaded.value) || !accounts.ready.value,
  );
  /** Why nothing could be loaded (a failed refetch keeps what is shown). */
  const failure = computed(() => (query.error.value && !loaded.value ? query.error.value : null));

  // Another page, a closed tab, another year: the same question in the app's dialog.
  const { confirmDiscard } = useUnsavedChanges(dirty);

  async function changeYear(next: number): Promise<void> {
    if (next === year.value || !(await confirmDiscard())) return;
    edits.value = {};
    year.value = next;
    ready.value = true;
    void router.replace({ query: { ...route.query, year: String(next) } });
  }

  function discard(): void {
    edits.value = {};
  }

  watch(
    () => route.query.year,
    (y) => {
      const given = yearIn(y);
      if (given === null && options.defaultYear) {
        // Back to the page without a year: the default one again.
        void options.defaultYear().then((d) => {
          if (yearIn(route.query.year) === null) year.value = d;
        });
        return;
      }
      const next = given ?? yearFrom(y, calendar.currentYear());
      if (next !== year.value) year.value = next;
      ready.value = true;
    },
  );

  // Bound whole: <GridToolbar v-bind="toolbar"> and <AccountMonthsGrid v-bind="grid">.
  const toolbar = computed(() => ({
    year: year.value,
    years: years.value,
    pending: pending.value,
    dirty: dirty.value,
    'onUpdate:year': (next: number) => void changeYear(next),
    onDiscard: discard,
  }));
  const grid = computed(() => ({
    loading: firstLoad.value,
    error: failure.value,
    sections: sections.value,
    values: saved.value,
  }));

  return {
    year,
    ready,
    years,
    changeYear,
    discard,
    confirmDiscard,
    accounts,
    query,
    saved,
    sections,
    edits,
    pending,
    dirty,
    firstLoad,
    failure,
    toolbar,
    grid,
  };
}
