import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { dateInTimeZone } from '@/format';
import { useAuthStore } from '@/stores/auth';
import { useOrganizationStore } from '@/stores/organization';
import { installTestClient, mapleRidge, sessionPayload } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia } from '@/test/mount';
import {
  fiscalMonthLabels,
  fiscalMonths,
  fiscalYearOf,
  todayIn,
  useOrganizationToday,
} from './useOrganizationToday';

// 03:00 UTC on March 1st 2026: still February 28th in New York, already March 1st in London.
const INSTANT = new Date('2026-03-01T03:00:00Z');

const calendar = (timeZone: string, fiscalYearStartMonth: number) => ({
  body: {
    data: {
      me: {
        __typename: 'Me',
        organization: {
          __typename: 'OrganizationMembership',
          id: 'org-1',
          timeZone,
          fiscalYearStartMonth,
        },
      },
    },
  },
});

describe('the association calendar on the web', () => {
  beforeEach(() => freshPinia());

  it('reads today in a time zone, not the browser’s or UTC', () => {
    expect(todayIn('America/New_York', INSTANT)).toBe('2026-02-28');
    expect(todayIn('Europe/London', INSTANT)).toBe('2026-03-01');
    expect(todayIn('Pacific/Honolulu', INSTANT)).toBe('2026-02-28');
    expect(dateInTimeZone(new Date('2026-12-31T23:30:00-10:00'), 'Asia/Tokyo')).toBe('2027-01-01');
  });

  it('names fiscal years by the year they end in and lists their months in order', () => {
    expect(fiscalYearOf('2026-06-30', 7)).toBe(2026);
    expect(fiscalYearOf('2026-07-01', 7)).toBe(2027);
    expect(fiscalYearOf('2026-12-31', 1)).toBe(2026);
    const fy2027 = fiscalMonths(2027, 7);
    expect(fy2027[0]).toEqual({ year: 2026, month: 7, label: 'Jul 2026' });
    expect(fy2027[11]).toEqual({ year: 2027, month: 6, label: 'Jun 2027' });
    expect(fiscalMonthLabels(2027, 7).slice(5, 7)).toEqual(['Dec 2026', 'Jan 2027']);
    // A January start: the calendar year, with the grid's usual headings.
    expect(fiscalMonths(2026, 1).map((m) => `${m.year}-${m.month}`)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2026-${i + 1}`),
    );
    expect(fiscalMonthLabels(2026, 1)).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
  });

  it('loads the association’s calendar once and answers today, this month and the fiscal year in it', async () => {
    const requests: GraphQLRequest[] = [];
    installTestClient((req) => {
      requests.push(req);
      return calendar('America/New_York', 3);
    });
    useAuthStore().setSession(sessionPayload());
    const cal = useOrganizationToday(() => INSTANT);
    expect(cal.ready.value).toBe(false);
    await Promise.all([cal.load(), cal.load(), useOrganizationToday().load()]);
    await flushPromises();
    expect(requests.map((r) => r.operationName)).toEqual(['OrganizationCalendar']);
    expect(cal.ready.value).toBe(true);
    expect(cal.today()).toBe('2026-02-28');
    expect(cal.currentMonth()).toBe(2);
    // A March start: February 28th 2026 is the last month of fiscal 2026.
    expect(cal.currentFiscalYear()).toBe(2026);
    // Saved elsewhere (the settings form): read at once, without another request.
    useOrganizationStore().setCalendar('org-1', {
      timeZone: 'Europe/London',
      fiscalYearStartMonth: 3,
    });
    expect(cal.today()).toBe('2026-03-01');
    expect(cal.currentFiscalYear()).toBe(2027);
    await cal.load();
    expect(requests).toHaveLength(1);
    // Another session forgets it.
    useAuthStore().clearSession();
    expect(cal.ready.value).toBe(false);
  });

  it('knows the calendar from the session at sign-in, and dates timestamps in its zone', async () => {
    const requests: GraphQLRequest[] = [];
    installTestClient((req) => {
      requests.push(req);
      return calendar('America/New_York', 1);
    });
    useAuthStore().setSession(
      sessionPayload({
        organization: {
          ...mapleRidge,
          timeZone: 'Pacific/Honolulu',
          fiscalYearStartMonth: 7,
        },
      }),
    );
    const cal = useOrganizationToday(() => INSTANT);
    // No request, no moment with the browser's own today: the first page already has it.
    expect(cal.ready.value).toBe(true);
    expect(cal.today()).toBe('2026-02-28');
    expect(cal.currentYear()).toBe(2026);
    expect(cal.currentFiscalYear()).toBe(2026);
    expect(cal.dateOf('2026-03-01T09:30:00Z')).toBe('2026-02-28');
    expect(cal.dateOf('2026-03-01T10:30:00Z')).toBe('2026-03-01');
    await cal.load();
    expect(requests).toEqual([]);
  });
});

// The class of defect behind "screens disagree on today": a screen that takes its date from the
// browser's clock (its time zone, not the association's). Every date a screen starts from comes
// from useOrganizationToday; the clock is read there alone.
describe('screens read today from the association calendar only', () => {
  const sources = import.meta.glob<string>(
    ['../features/**/*.{ts,vue}', '../layouts/**/*.{ts,vue}', '../components/**/*.{ts,vue}'],
    { query: '?raw', import: 'default', eager: true },
  );
  // Moments, not dates a screen starts from.
  const ALLOWED: Record<string, string> = {
    '../features/reports/components/ReportPrintHeader.vue': 'the time a page is printed',
    '../features/banking/views/ReconciliationReportPage.vue': 'the time a page is printed',
    '../features/settings/calendar.ts': "each time zone's offset from UTC right now",
    '../features/owner/views/OwnerHomePage.vue': "the greeting: the owner's own time of day",
    '../features/owners/components/UnitOwnersPanel.vue': 'whether an invitation link has expired',
  };

  it('finds no browser clock in a screen', () => {
    const found: string[] = [];
    for (const [path, text] of Object.entries(sources)) {
      if (/\.(test|e2e)\.ts$/.test(path) || path in ALLOWED) continue;
      text.split('\n').forEach((line, i) => {
        if (/\bnew Date\(\s*\)|\bDate\.now\(\)|todayLocalDate/.test(line)) {
          found.push(`${path.slice(3)}:${i + 1}: ${line.trim()}`);
        }
      });
    }
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });
});
