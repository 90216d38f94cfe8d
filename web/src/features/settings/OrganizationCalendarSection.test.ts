import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useOrganizationStore } from '@/stores/organization';
import { apiError, installTestClient } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import OrganizationCalendarSection from './components/OrganizationCalendarSection.vue';

const saved = (timeZone: string, fiscalYearStartMonth: number) => ({
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
});

async function mountSection(onSave: (req: GraphQLRequest) => GraphQLReply) {
  const requests: GraphQLRequest[] = [];
  let current = saved('America/New_York', 1);
  installTestClient((req) => {
    requests.push(req);
    if (req.operationName === 'OrganizationCalendar') return { body: current };
    const reply = onSave(req);
    const ok = (reply.body as { data?: { updateOrganizationCalendar?: unknown } }).data
      ?.updateOrganizationCalendar as { timeZone: string; fiscalYearStartMonth: number } | null;
    if (ok) current = saved(ok.timeZone, ok.fiscalYearStartMonth);
    return reply;
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role: 'ADMIN', status: 'ACTIVE' },
  );
  const router = await routerAt('/settings', pinia);
  const wrapper = mountWithApp(withToast(OrganizationCalendarSection), { pinia, router });
  await flushPromises();
  return { wrapper, requests };
}

async function choose(trigger: string, search: string | null, text: string): Promise<void> {
  document.querySelector<HTMLElement>(trigger)?.click();
  await flushPromises();
  if (search !== null) {
    const box = document.querySelector<HTMLInputElement>('input[role=searchbox]');
    if (!box) throw new Error('No search box');
    box.value = search;
    box.dispatchEvent(new Event('input'));
    await flushPromises();
  }
  const option = [...document.querySelectorAll<HTMLElement>('[role=option]')].find((o) =>
    o.textContent?.includes(text),
  );
  if (!option) throw new Error(`No option ${text}`);
  option.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  await flushPromises();
}

const save = () => document.querySelector<HTMLButtonElement>('[data-testid=calendar-save]');

describe('OrganizationCalendarSection', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T03:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows the saved calendar and what it means, and saves a new one with a toast', async () => {
    const { wrapper, requests } = await mountSection((req) => ({
      body: {
        data: {
          updateOrganizationCalendar: {
            __typename: 'OrganizationCalendar',
            organizationId: 'org-1',
            ...(req.variables.input as object),
          },
        },
      },
    }));
    const section = wrapper.get('[data-testid=calendar-settings]');
    expect(section.text()).toContain('Association calendar');
    expect(wrapper.get('[data-testid=calendar-zone]').text()).toContain('America/New York');
    expect(wrapper.get('[data-testid=calendar-month]').text()).toContain('January');
    // 03:00 UTC on March 1st is still February 28th in New York.
    expect(wrapper.get('[data-testid=calendar-preview]').text()).toBe(
      'Today there is Feb 28, 2026 · FY 2026 runs Jan 2026 – Dec 2026',
    );
    expect(save()?.disabled).toBe(true);

    await choose('#calendar-zone', 'london', 'Europe/London');
    await choose('#calendar-month', null, 'July');
    expect(wrapper.get('[data-testid=calendar-preview]').text()).toBe(
      'Today there is Mar 1, 2026 · FY 2026 runs Jul 2025 – Jun 2026',
    );
    save()?.click();
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Association calendar saved'),
    );
    expect(
      requests.find((r) => r.operationName === 'UpdateOrganizationCalendar')?.variables,
    ).toEqual({ input: { timeZone: 'Europe/London', fiscalYearStartMonth: 7 } });
    // Every page reads the new calendar at once.
    expect(useOrganizationStore().calendar).toEqual({
      timeZone: 'Europe/London',
      fiscalYearStartMonth: 7,
    });
    wrapper.unmount();
  });

  it('puts the API’s refusals under their fields', async () => {
    const message =
      'The fiscal year cannot start in another month while budgets hold amounts (FY 2026): their months would move. Clear those budgets first.';
    const { wrapper } = await mountSection(() => ({
      body: apiError('CONFLICT', message, [{ field: 'fiscalYearStartMonth', message }]),
    }));
    await choose('#calendar-month', null, 'October');
    save()?.click();
    await vi.waitFor(() =>
      expect(wrapper.find('[data-testid=calendar-month-error]').text()).toBe(message),
    );
    expect(wrapper.find('[data-testid=calendar-error]').exists()).toBe(false);
    // Nothing was saved: the store keeps the calendar as read.
    expect(useOrganizationStore().calendar).toEqual({
      timeZone: 'America/New_York',
      fiscalYearStartMonth: 1,
    });
    wrapper.unmount();
  });
});
