import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, installTestClient } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import { ordinal, runResult } from './automation';
import AutomationPage from './views/AutomationPage.vue';

const maple = { id: 'org-1', name: 'Maple Ridge HOA', role: 'USER', status: 'ACTIVE' } as const;

const run = (over: Record<string, unknown>) => ({
  __typename: 'AutomationRun',
  status: 'SUCCEEDED',
  error: null,
  startedAt: '2026-11-01T12:00:00.000Z',
  finishedAt: '2026-11-01T12:00:04.000Z',
  ...over,
});

const RUNS = [
  run({ id: 'r-1', kind: 'REMINDERS', period: '2026-11-25', created: 3, total: '1275.00' }),
  run({
    id: 'r-2',
    kind: 'LATE_FEES',
    period: '2026-11',
    status: 'FAILED',
    created: 0,
    total: '0.00',
    error: 'Nov 2026 is closed: reopen it to post into it',
  }),
  run({ id: 'r-3', kind: 'ASSESSMENT_RUN', period: '2026-11', created: 12, total: '4200.00' }),
];

type Days = {
  paused: boolean;
  assessmentDay: number | null;
  lateFeeDay: number | null;
  reminderDays: number | null;
  recurringBills: boolean;
  ownerStatements: boolean;
  autopay: boolean;
};

// The API's answer for a schedule (today is Nov 30, 2026 in Chicago): next dates for what is on.
function automation(days: Days, runs: unknown[] = RUNS) {
  const upcoming = days.paused
    ? []
    : [
        days.assessmentDay && { kind: 'ASSESSMENT_RUN', date: `2026-12-0${days.assessmentDay}` },
        days.lateFeeDay && { kind: 'LATE_FEES', date: `2026-12-${days.lateFeeDay}` },
        days.reminderDays && { kind: 'REMINDERS', date: '2026-12-01' },
        days.recurringBills && { kind: 'RECURRING_BILLS', date: '2026-12-01' },
        days.ownerStatements && { kind: 'OWNER_STATEMENTS', date: '2026-12-01' },
        days.autopay && { kind: 'AUTOPAY', date: '2026-11-30' },
      ]
        .filter(Boolean)
        .map((u) => ({ __typename: 'AutomationUpcoming', ...(u as object) }));
  return {
    __typename: 'Automation',
    ...days,
    timeZone: 'America/Chicago',
    upcoming,
    runs,
  };
}

const SAVED: Days = {
  paused: false,
  assessmentDay: 1,
  lateFeeDay: 16,
  reminderDays: 5,
  recurringBills: false,
  ownerStatements: false,
  autopay: false,
};

async function mountPage(
  opts: {
    role?: 'USER' | 'VIEWER';
    saved?: Days;
    runs?: unknown[];
    onUpdate?: (req: GraphQLRequest) => GraphQLReply | null;
  } = {},
) {
  const requests: GraphQLRequest[] = [];
  let current = opts.saved ?? SAVED;
  installTestClient((req) => {
    requests.push(req);
    if (req.operationName === 'Automation') {
      return { body: { data: { automation: automation(current, opts.runs) } } };
    }
    const refused = opts.onUpdate?.(req);
    if (refused) return refused;
    current = (req.variables as { input: Days }).input;
    return { body: { data: { updateAutomation: automation(current, opts.runs) } } };
  });
  const pinia = freshPinia();
  signIn({ email: 'treasurer@example.com' }, { ...maple, role: opts.role ?? 'USER' });
  const router = await routerAt('/automation', pinia);
  expect(router.currentRoute.value.name).toBe('automation');
  const wrapper = mountWithApp(withToast(AutomationPage), { pinia, router });
  await flushPromises();
  const updates = () => requests.filter((r) => r.operationName === 'UpdateAutomation');
  return { wrapper, updates };
}

async function choose(field: string, text: string): Promise<void> {
  document.querySelector<HTMLElement>(`#automation-${field}`)?.click();
  await flushPromises();
  const option = [...document.querySelectorAll<HTMLElement>('[role=option]')].find(
    (o) => o.textContent?.trim() === text,
  );
  if (!option) throw new Error(`No option ${text}`);
  option.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  await flushPromises();
}

const button = (testid: string) =>
  document.querySelector<HTMLButtonElement>(`[data-testid=${testid}]`);

describe('AutomationPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    vi.useFakeTimers({ toFake: ['Date'] });
    // Noon on Nov 30 in Chicago.
    vi.setSystemTime(new Date('2026-11-30T18:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows each schedule with its day, what it does, when it runs next and the time zone', async () => {
    const { wrapper } = await mountPage();
    expect(wrapper.get('h1').text()).toBe('Automation');
    const card = wrapper.get('[data-testid=automation-schedule]');
    expect(card.text()).toContain('What runs on its own');
    expect(wrapper.get('[data-testid=automation-zone]').text()).toContain('America/Chicago');
    expect(wrapper.get('[data-testid=automation-assessmentDay]').text()).toBe('1st of the month');
    expect(wrapper.get('[data-testid=automation-lateFeeDay]').text()).toBe('16th of the month');
    expect(wrapper.get('[data-testid=automation-reminderDays]').text()).toBe('5 days before');
    expect(wrapper.get('[data-testid=automation-next-assessmentDay]').text()).toBe(
      'Next run: Dec 1, 2026',
    );
    expect(wrapper.get('[data-testid=automation-next-lateFeeDay]').text()).toBe(
      'Next run: Dec 16, 2026',
    );
    expect(wrapper.get('[data-testid=automation-next-reminderDays]').text()).toBe(
      'Next check: Dec 1, 2026',
    );
    expect(wrapper.get('[data-testid=automation-row-reminderDays]').text()).toContain(
      'invoices that fall due 5 days later',
    );
    expect(wrapper.get('[data-testid=automation-state]').text()).toBe('On');
    expect(button('automation-save')?.disabled).toBe(true);
    wrapper.unmount();
  });

  it('lists what ran: invoices and their total, reminders, and a failure with its reason', async () => {
    const { wrapper } = await mountPage();
    const rows = wrapper.findAll('[data-testid=automation-runs] tbody tr');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.text()).toContain('Due-date reminders');
    expect(rows[0]!.text()).toContain('Nov 25, 2026');
    expect(rows[0]!.text()).toContain('3 reminders sent');
    expect(rows[1]!.text()).toContain('Late fees');
    expect(rows[1]!.get('[data-testid=run-failed]').text()).toBe('Failed');
    expect(rows[1]!.text()).toContain('Nov 2026 is closed: reopen it to post into it');
    expect(rows[2]!.text()).toContain('Monthly assessment run');
    expect(rows[2]!.text()).toContain('Nov 2026');
    expect(rows[2]!.get('[data-testid=run-result]').text()).toBe('12 invoices, $4,200.00');
    expect(wrapper.text()).toContain('3 runs, newest first · 1 failed.');
    wrapper.unmount();
  });

  it('says what will appear under Activity before anything ran', async () => {
    const { wrapper } = await mountPage({ runs: [] });
    expect(wrapper.find('[data-testid=automation-runs]').exists()).toBe(false);
    expect(wrapper.get('[data-testid=automation-runs-empty]').text()).toContain(
      'Nothing has run on its own yet',
    );
    wrapper.unmount();
  });

  it('saves the three days as the API takes them, Off as null, with a toast', async () => {
    const { wrapper, updates } = await mountPage();
    await choose('assessmentDay', '5th of the month');
    await choose('lateFeeDay', 'Off');
    await choose('reminderDays', '10 days before');
    expect(wrapper.get('[data-testid=automation-next-assessmentDay]').text()).toContain(
      'Not saved yet',
    );
    button('automation-save')?.click();
    await vi.waitFor(() => expect(document.body.textContent).toContain('Schedule saved'));
    expect(updates().map((r) => r.variables)).toEqual([
      {
        input: {
          paused: false,
          assessmentDay: 5,
          lateFeeDay: null,
          reminderDays: 10,
          recurringBills: false,
          ownerStatements: false,
          autopay: false,
        },
      },
    ]);
    expect(document.body.textContent).toContain(
      'Assessment run on the 5th · reminders 10 days before.',
    );
    // The saved answer: its next dates, and Off with the page that does it by hand.
    expect(wrapper.get('[data-testid=automation-next-assessmentDay]').text()).toBe(
      'Next run: Dec 5, 2026',
    );
    const lateFees = wrapper.get('[data-testid=automation-next-lateFeeDay]');
    expect(lateFees.text()).toContain('Off');
    expect(lateFees.get('a').text()).toBe('Late fees by hand');
    expect(button('automation-save')?.disabled).toBe(true);
    wrapper.unmount();
  });

  it('puts the API’s refusals beside their fields', async () => {
    const message = 'Use a day of the month from 1 to 28, or none';
    const { wrapper, updates } = await mountPage({
      onUpdate: () => ({
        body: apiError('BAD_USER_INPUT', 'Invalid input', [{ field: 'lateFeeDay', message }]),
      }),
    });
    await choose('lateFeeDay', '20th of the month');
    button('automation-save')?.click();
    await vi.waitFor(() =>
      expect(wrapper.find('[data-testid=automation-lateFeeDay-error]').exists()).toBe(true),
    );
    expect(wrapper.get('[data-testid=automation-lateFeeDay-error]').text()).toBe(message);
    expect(wrapper.find('[data-testid=automation-assessmentDay-error]').exists()).toBe(false);
    expect(wrapper.find('[data-testid=automation-error]').exists()).toBe(false);
    expect(updates()).toHaveLength(1);
    // Not saved: the edit stays to be corrected.
    expect(wrapper.get('[data-testid=automation-lateFeeDay]').text()).toBe('20th of the month');
    wrapper.unmount();
  });

  it('pauses in one click with the saved days, keeps an unsaved edit, and resumes', async () => {
    const { wrapper, updates } = await mountPage({ saved: { ...SAVED, assessmentDay: 5 } });
    await choose('reminderDays', '7 days before');
    button('automation-pause')?.click();
    await vi.waitFor(() => expect(document.body.textContent).toContain('Automation paused'));
    expect(updates()[0]!.variables).toEqual({
      input: {
        paused: true,
        assessmentDay: 5,
        lateFeeDay: 16,
        reminderDays: 5,
        recurringBills: false,
        ownerStatements: false,
        autopay: false,
      },
    });
    expect(wrapper.get('[data-testid=automation-state]').text()).toBe('Paused');
    expect(wrapper.get('[data-testid=automation-paused]').text()).toContain(
      'nothing runs on its own until you resume',
    );
    expect(wrapper.get('[data-testid=automation-next-assessmentDay]').text()).toBe('Paused');
    expect(wrapper.get('[data-testid=automation-reminderDays]').text()).toBe('7 days before');

    button('automation-resume')?.click();
    await vi.waitFor(() => expect(document.body.textContent).toContain('Automation resumed'));
    expect(updates()[1]!.variables).toEqual({
      input: {
        paused: false,
        assessmentDay: 5,
        lateFeeDay: 16,
        reminderDays: 5,
        recurringBills: false,
        ownerStatements: false,
        autopay: false,
      },
    });
    // The soonest of the three: tomorrow's reminders, before the run on the 5th.
    expect(document.body.textContent).toContain('Next: due-date reminders on Dec 1, 2026.');
    expect(wrapper.get('[data-testid=automation-state]').text()).toBe('On');
    wrapper.unmount();
  });

  it('turns recurring bills on with the other fields, says so in the summary and runs them daily', async () => {
    const { wrapper, updates } = await mountPage();
    const row = wrapper.get('[data-testid=automation-row-recurringBills]');
    expect(row.text()).toContain(
      'Every day, enters the bills of the recurring templates that fall due.',
    );
    expect(wrapper.get('[data-testid=automation-next-recurringBills]').text()).toContain('Off');
    const toggle = document.querySelector<HTMLInputElement>('#automation-recurringBills')!;
    expect(toggle.checked).toBe(false);
    toggle.click();
    await flushPromises();
    expect(wrapper.get('[data-testid=automation-next-recurringBills]').text()).toContain(
      'Not saved yet',
    );
    await choose('reminderDays', '3 days before');
    button('automation-save')?.click();
    await vi.waitFor(() => expect(document.body.textContent).toContain('Schedule saved'));
    expect(updates().map((r) => r.variables)).toEqual([
      {
        input: {
          paused: false,
          assessmentDay: 1,
          lateFeeDay: 16,
          reminderDays: 3,
          recurringBills: true,
          ownerStatements: false,
          autopay: false,
        },
      },
    ]);
    expect(document.body.textContent).toContain(
      'Assessment run on the 1st · late fees on the 16th · reminders 3 days before · recurring bills daily.',
    );
    expect(wrapper.get('[data-testid=automation-next-recurringBills]').text()).toContain(
      'Next run: Dec 1, 2026',
    );
    expect(toggle.checked).toBe(true);
    expect(button('automation-save')?.disabled).toBe(true);
    wrapper.unmount();
  });

  it('keeps recurring bills on through a pause and names their runs in the activity', async () => {
    const bills = run({
      id: 'r-4',
      kind: 'RECURRING_BILLS',
      period: '2026-11-30',
      created: 2,
      total: '1850.00',
    });
    const { wrapper, updates } = await mountPage({
      saved: { ...SAVED, recurringBills: true },
      runs: [bills, ...RUNS],
    });
    const first = wrapper.findAll('[data-testid=automation-runs] tbody tr')[0]!;
    expect(first.text()).toContain('Recurring bills');
    expect(first.text()).toContain('Nov 30, 2026');
    expect(first.get('[data-testid=run-result]').text()).toBe('2 bills entered, $1,850.00');
    button('automation-pause')?.click();
    await vi.waitFor(() => expect(document.body.textContent).toContain('Automation paused'));
    expect(updates()[0]!.variables).toMatchObject({
      input: { paused: true, recurringBills: true },
    });
    expect(wrapper.get('[data-testid=automation-next-recurringBills]').text()).toContain('Paused');
    wrapper.unmount();
  });

  it('turns owner statements on: the 1st, the month they tell, and their runs in the activity', async () => {
    const statements = run({
      id: 'r-5',
      kind: 'OWNER_STATEMENTS',
      period: '2026-10',
      created: 24,
      total: '3150.00',
    });
    const { wrapper, updates } = await mountPage({ runs: [statements, ...RUNS] });
    const row = wrapper.get('[data-testid=automation-row-ownerStatements]');
    expect(row.text()).toContain('On the 1st of each month, emails every owner with portal access');
    expect(wrapper.get('[data-testid=automation-next-ownerStatements]').text()).toContain('Off');
    const toggle = document.querySelector<HTMLInputElement>('#automation-ownerStatements')!;
    toggle.click();
    await flushPromises();
    expect(wrapper.get('[data-testid=automation-next-ownerStatements]').text()).toContain(
      'Not saved yet',
    );
    button('automation-save')?.click();
    await vi.waitFor(() => expect(document.body.textContent).toContain('Schedule saved'));
    expect(updates().map((r) => r.variables)).toEqual([
      {
        input: {
          paused: false,
          assessmentDay: 1,
          lateFeeDay: 16,
          reminderDays: 5,
          recurringBills: false,
          ownerStatements: true,
          autopay: false,
        },
      },
    ]);
    expect(document.body.textContent).toContain(
      'Assessment run on the 1st · late fees on the 16th · reminders 5 days before · owner statements on the 1st.',
    );
    expect(wrapper.get('[data-testid=automation-next-ownerStatements]').text()).toBe(
      'Next run: Dec 1, 2026 · Nov 2026 statements',
    );
    const first = wrapper.findAll('[data-testid=automation-runs] tbody tr')[0]!;
    expect(first.text()).toContain('Owner statements');
    expect(first.text()).toContain('Oct 2026');
    expect(first.get('[data-testid=run-result]').text()).toBe(
      '24 statements emailed, $3,150.00 due',
    );
    wrapper.unmount();
  });

  it('turns AutoPay on: charged daily, and its runs in the activity', async () => {
    const charges = run({
      id: 'r-6',
      kind: 'AUTOPAY',
      period: '2026-11-29',
      created: 3,
      total: '750.00',
    });
    const { wrapper, updates } = await mountPage({ runs: [charges, ...RUNS] });
    const row = wrapper.get('[data-testid=automation-row-autopay]');
    expect(row.text()).toContain(
      'Every day, charges the card or bank account owners saved for AutoPay',
    );
    expect(wrapper.get('[data-testid=automation-next-autopay]').text()).toContain('Off');
    document.querySelector<HTMLInputElement>('#automation-autopay')!.click();
    await flushPromises();
    button('automation-save')?.click();
    await vi.waitFor(() => expect(document.body.textContent).toContain('Schedule saved'));
    expect(updates()[0]!.variables).toEqual({
      input: {
        paused: false,
        assessmentDay: 1,
        lateFeeDay: 16,
        reminderDays: 5,
        recurringBills: false,
        ownerStatements: false,
        autopay: true,
      },
    });
    expect(document.body.textContent).toContain('reminders 5 days before · AutoPay daily.');
    expect(wrapper.get('[data-testid=automation-next-autopay]').text()).toBe(
      'Next run: today, Nov 30, 2026',
    );
    const first = wrapper.findAll('[data-testid=automation-runs] tbody tr')[0]!;
    expect(first.text()).toContain('AutoPay');
    expect(first.get('[data-testid=run-result]').text()).toBe('3 AutoPay charges, $750.00');
    wrapper.unmount();
  });

  it('shows a viewer the schedule with every control disabled, and why', async () => {
    const { wrapper, updates } = await mountPage({ role: 'VIEWER' });
    expect(wrapper.get('[data-testid=automation-assessmentDay]').text()).toBe('1st of the month');
    expect(document.querySelector<HTMLInputElement>('#automation-recurringBills')?.disabled).toBe(
      true,
    );
    expect(document.querySelector<HTMLInputElement>('#automation-ownerStatements')?.disabled).toBe(
      true,
    );
    for (const field of ['assessmentDay', 'lateFeeDay', 'reminderDays']) {
      expect(
        document.querySelector(`#automation-${field}`)?.getAttribute('aria-disabled'),
        field,
      ).toBe('true');
    }
    expect(wrapper.text()).toContain('Viewer (read-only)');
    const pause = wrapper.get('[data-testid=automation-pause-readonly]');
    expect(pause.attributes('aria-label')).toMatch(/Viewer \(read-only\)/);
    expect(pause.get('button').attributes('disabled')).toBeDefined();
    const save = wrapper.get('[data-testid=automation-save-readonly]');
    expect(save.get('button').attributes('disabled')).toBeDefined();
    pause.get('button').element.click();
    await flushPromises();
    expect(updates()).toEqual([]);
    wrapper.unmount();
  });
});

describe('automation words', () => {
  it('names days and results plainly', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 28].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '28th',
    ]);
    expect(runResult({ kind: 'ASSESSMENT_RUN', created: 1, total: '350.00' })).toBe(
      '1 invoice, $350.00',
    );
    expect(runResult({ kind: 'LATE_FEES', created: 0, total: '0.00' })).toBe(
      'No late fees were due',
    );
    expect(runResult({ kind: 'REMINDERS', created: 1, total: '425.00' })).toBe('1 reminder sent');
    expect(runResult({ kind: 'RECURRING_BILLS', created: 0, total: '0.00' })).toBe(
      'No recurring bills were due',
    );
    expect(runResult({ kind: 'OWNER_STATEMENTS', created: 0, total: '0.00' })).toBe(
      'No statements to send',
    );
    expect(runResult({ kind: 'OWNER_STATEMENTS', created: 1, total: '0.00' })).toBe(
      '1 statement emailed',
    );
  });
});
