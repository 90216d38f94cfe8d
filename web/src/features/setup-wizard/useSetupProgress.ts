import type { ApolloCache } from '@apollo/client/core';
import { useQuery } from '@vue/apollo-composable';
import { computed, inject, provide, ref, type InjectionKey } from 'vue';
import { evictBookFigures } from '@/apollo/books';
import { fiscalMonthLabels, useOrganizationToday } from '@/composables/useOrganizationToday';
import { ACCOUNT_BALANCES_QUERY, useAccounts } from '@/features/accounts';
import { ASSESSMENT_GROUPS_QUERY, PROPERTY_TYPES_QUERY } from '@/features/assessments';
import { BUDGET_QUERY, fiscalYearName } from '@/features/budgets';
import { INVESTMENT_CASH_ACCOUNTS_QUERY } from '@/features/investments';
import { UNITS_QUERY } from '@/features/units';
import {
  chartIsMinimal,
  firstOpenStep,
  fundedBankAccounts,
  suggestBankNumber,
  type StepsDone,
  unpostedBankAccounts,
} from './setup-wizard';

/** Units listed in step 2 (the count is of all of them). */
export const UNITS_SHOWN = 8;

// What the books already hold, read with the same documents as the pages that own them (one
// cache: a unit imported here shows on the Units page, and the other way round). Asked again
// on every opening of the wizard, since its resume point is judged from these answers.
export function useSetupProgress() {
  const calendar = useOrganizationToday();
  const year = ref<number | null>(null);
  void calendar.load().then(() => {
    year.value = calendar.currentFiscalYear();
  });

  const fresh = { fetchPolicy: 'cache-and-network' } as const;
  const accounts = useAccounts();
  const cash = useQuery(INVESTMENT_CASH_ACCOUNTS_QUERY, {}, fresh);
  const balances = useQuery(ACCOUNT_BALANCES_QUERY, {}, fresh);
  const groupsQuery = useQuery(ASSESSMENT_GROUPS_QUERY, {}, fresh);
  const typesQuery = useQuery(PROPERTY_TYPES_QUERY, {}, fresh);
  const unitsQuery = useQuery(UNITS_QUERY, { first: UNITS_SHOWN }, fresh);
  const budgetQuery = useQuery(
    BUDGET_QUERY,
    () => ({ year: year.value ?? 0 }),
    () => ({ ...fresh, enabled: year.value !== null }),
  );

  const operatingCashIds = computed(
    () =>
      cash.result.value?.actualsCashAccounts.find((c) => c.fundType === 'OPERATING')
        ?.candidateIds ?? [],
  );
  const bankAccounts = computed(() =>
    fundedBankAccounts(balances.result.value?.accountBalances ?? [], operatingCashIds.value),
  );
  const unpostedBanks = computed(() =>
    unpostedBankAccounts(balances.result.value?.accountBalances ?? [], operatingCashIds.value),
  );
  const minimalChart = computed(() => chartIsMinimal(accounts.all.value));
  const suggestedBankNumber = computed(() =>
    suggestBankNumber(accounts.all.value, operatingCashIds.value),
  );
  const groups = computed(() =>
    [...(groupsQuery.result.value?.assessmentGroups ?? [])].sort(
      (a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name),
    ),
  );
  const propertyTypes = computed(() =>
    [...(typesQuery.result.value?.propertyTypes ?? [])].sort((a, b) =>
      a.name.localeCompare(b.name),
    ),
  );
  const units = computed(() => unitsQuery.result.value?.units.edges.map((e) => e.node) ?? []);
  const unitCount = computed(() => unitsQuery.result.value?.units.totalCount ?? 0);
  const budget = computed(() => budgetQuery.result.value?.budget ?? null);

  const startMonth = computed(
    () => budget.value?.fiscalYearStartMonth ?? calendar.fiscalYearStartMonth.value,
  );
  const fyName = computed(() => (year.value ? fiscalYearName(year.value, startMonth.value) : ''));
  /** The month columns a budget file may have, in words (as the Budget page says them). */
  const budgetMonths = computed(() => {
    if (startMonth.value === 1 || !year.value) return 'Jan … Dec';
    const columns = fiscalMonthLabels(year.value, startMonth.value);
    return `${columns[0]} … ${columns[11]}, or Jan … Dec in any order`;
  });

  const queries = [cash, balances, groupsQuery, typesQuery, unitsQuery, budgetQuery];
  const ready = computed(
    () =>
      accounts.ready.value &&
      !!cash.result.value &&
      !!balances.result.value &&
      !!groupsQuery.result.value &&
      !!typesQuery.result.value &&
      !!unitsQuery.result.value &&
      !!budgetQuery.result.value,
  );
  const error = computed(
    () => accounts.error.value ?? queries.map((q) => q.error.value).find(Boolean) ?? null,
  );

  const done = computed<StepsDone>(() => ({
    1: bankAccounts.value.length > 0,
    2: groups.value.length > 0 && unitCount.value > 0,
    3: budget.value?.exists === true,
  }));
  const resumeAt = computed(() => firstOpenStep(done.value));

  function retry(): void {
    for (const q of queries) if (q.error.value) void q.refetch();
  }

  return {
    ready,
    error,
    retry,
    done,
    resumeAt,
    year,
    fyName,
    budgetMonths,
    accounts,
    operatingCashIds,
    bankAccounts,
    unpostedBanks,
    minimalChart,
    suggestedBankNumber,
    groups,
    propertyTypes,
    units,
    unitCount,
    budget,
    refetchBudget: () => budgetQuery.refetch(),
  };
}

export type SetupProgress = ReturnType<typeof useSetupProgress>;

const SETUP_PROGRESS: InjectionKey<SetupProgress> = Symbol('setup progress');

/** The page reads the books once; its steps share what it read. */
export function provideSetupProgress(): SetupProgress {
  const progress = useSetupProgress();
  provide(SETUP_PROGRESS, progress);
  return progress;
}

export function injectSetupProgress(): SetupProgress {
  const progress = inject(SETUP_PROGRESS, null);
  if (!progress) throw new Error('A setup step outside the setup wizard');
  return progress;
}

/**
 * The chart changed (an account created): every cached account list and the cash accounts are
 * dropped, and the balances with them, so each screen showing them (this one) asks again.
 */
export function evictChart(cache: ApolloCache<unknown>): void {
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'accounts' });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'actualsCashAccounts' });
  evictBookFigures(cache);
}
