import { computed, ref } from 'vue';
import { apolloClient } from '@/apollo/client';
import { dateInTimeZone, toLocalDate } from '@/format';
import { graphql } from '@/graphql';
import {
  DEFAULT_CALENDAR,
  type OrganizationCalendar,
  useOrganizationStore,
} from '@/stores/organization';

// The association's own calendar on the web: "today", this month and the fiscal year are the ones
// in its time zone and from its fiscal-year start (the API's `orgToday` and fiscal helpers), not
// the browser's zone or UTC. A fiscal year is named by the calendar year it ends in: with a July
// start, FY 2027 runs from July 2026 through June 2027; with a January start it is the calendar
// year.

export const ORGANIZATION_CALENDAR_QUERY = graphql(`
  query OrganizationCalendar {
    me {
      organization {
        id
        timeZone
        fiscalYearStartMonth
      }
    }
  }
`);

/** The twelve month names in English, January first: "Jan" (short) or "January" (long). */
export function monthNames(width: 'short' | 'long'): string[] {
  const format = new Intl.DateTimeFormat('en-US', { month: width, timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => format.format(new Date(Date.UTC(2026, i, 1))));
}

/** Month names as the grids and labels show them (and the API's CSV columns), January first. */
export const SHORT_MONTHS: readonly string[] = monthNames('short');

/** Today in a time zone, as a LocalDate ("2026-02-28"). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dateInTimeZone(now, timeZone);
}

/** The fiscal year a LocalDate falls in. */
export function fiscalYearOf(date: string, startMonth: number): number {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return startMonth !== 1 && month >= startMonth ? year + 1 : year;
}

export interface FiscalMonth {
  /** Calendar year and month (1 to 12). */
  year: number;
  month: number;
  /** "Jul 2026". */
  label: string;
}

/** The twelve calendar months of a fiscal year, in order. */
export function fiscalMonths(fiscalYear: number, startMonth: number): FiscalMonth[] {
  const first = startMonth === 1 ? fiscalYear : fiscalYear - 1;
  return Array.from({ length: 12 }, (_, i) => {
    const m = startMonth - 1 + i;
    const year = first + Math.floor(m / 12);
    const month = (m % 12) + 1;
    return { year, month, label: `${SHORT_MONTHS[month - 1]} ${year}` };
  });
}

/**
 * Column headings of a fiscal year's months: "Jan" … "Dec" when it is the calendar year (as the
 * grids have always shown them), else with their year, since it spans two ("Jul 2026" … "Jun 2027").
 */
export function fiscalMonthLabels(fiscalYear: number, startMonth: number): string[] {
  if (startMonth === 1) return [...SHORT_MONTHS];
  return fiscalMonths(fiscalYear, startMonth).map((m) => m.label);
}

// One request per association at a time, whoever asks.
const loading = new Map<string, Promise<OrganizationCalendar>>();

/**
 * The current association's calendar, loaded once (`load`) and kept in the organization store.
 * Until it is known, today is the person's own and the fiscal year starts in January.
 */
export function useOrganizationToday(now: () => Date = () => new Date()) {
  const organization = useOrganizationStore();
  const ready = computed(() => organization.calendar !== null);
  const calendar = computed(() => organization.calendar ?? DEFAULT_CALENDAR);
  const timeZone = computed(() => calendar.value.timeZone);
  const fiscalYearStartMonth = computed(() => calendar.value.fiscalYearStartMonth);

  /**
   * Today in the association's time zone, as a LocalDate: the one date every screen starts from
   * (a form's date, an as-of, a period), never the browser's own.
   */
  function today(): string {
    return dateOf(now());
  }
  /** The calendar day an instant (a timestamp from the API) falls on in the association's zone. */
  function dateOf(at: Date | string): string {
    const instant = typeof at === 'string' ? new Date(at) : at;
    const known = organization.calendar;
    return known ? todayIn(known.timeZone, instant) : toLocalDate(instant);
  }
  /** This calendar year in the association's time zone. */
  function currentYear(): number {
    return Number(today().slice(0, 4));
  }
  /** The fiscal year today is in. */
  function currentFiscalYear(): number {
    return fiscalYearOf(today(), fiscalYearStartMonth.value);
  }
  /** This calendar month (1 to 12) in the association's time zone. */
  function currentMonth(): number {
    return Number(today().slice(5, 7));
  }

  /**
   * The calendar, read from the API the first time an association needs it. Never rejects: when
   * it cannot be read, pages go on with the person's own today and a January start.
   */
  function load(): Promise<OrganizationCalendar> {
    const org = organization.current;
    if (organization.calendar || !org) return Promise.resolve(calendar.value);
    let pending = loading.get(org.id);
    if (!pending) {
      pending = apolloClient()
        .query({ query: ORGANIZATION_CALENDAR_QUERY, fetchPolicy: 'no-cache' })
        .then(({ data }) => {
          const o = data?.me.organization;
          if (!o || o.id !== org.id) return DEFAULT_CALENDAR;
          const loaded = { timeZone: o.timeZone, fiscalYearStartMonth: o.fiscalYearStartMonth };
          organization.setCalendar(o.id, loaded);
          return loaded;
        })
        .catch(() => DEFAULT_CALENDAR)
        .finally(() => loading.delete(org.id));
      loading.set(org.id, pending);
    }
    return pending;
  }

  return {
    ready,
    calendar,
    timeZone,
    fiscalYearStartMonth,
    today,
    dateOf,
    currentYear,
    currentFiscalYear,
    currentMonth,
    load,
  };
}

/**
 * A date that starts at today in the association's time zone unless one is given (the address's
 * ?asOf=): `ready` turns true once that today is known, so a report can wait for it.
 */
export function useOrganizationDate(given: string | null) {
  const calendar = useOrganizationToday();
  const provisional = given ?? calendar.today();
  const date = ref<string | null>(provisional);
  const ready = ref(given !== null || calendar.ready.value);
  if (!ready.value) {
    void calendar.load().then(() => {
      if (date.value === provisional) date.value = calendar.today();
      ready.value = true;
    });
  }
  return { date, ready };
}
