import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouterView } from 'vue-router';
import type { Role } from '@/apollo/types';
import DateField from '@/components/DateField.vue';
import { connection, unitJson } from '@/features/invoices/receivablesFixtures';
import { useOrganizationStore } from '@/stores/organization';
import { installTestClient } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { accountJson } from '@/test/ledger';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import DashboardPage from '@/features/dashboard/views/DashboardPage.vue';
import { emptyDashboardFixture } from '@/features/dashboard/dashboardFixtures';

// The wizard through the router, as the app renders it, against the API's answers: what the books
// hold decides where it opens; its writes are the requests it sends.

const NOW = new Date('2026-03-15T15:00:00Z');
const CARD_STUB = { OnboardingChecklistCard: true };

interface Books {
  /** 1010 Operating Checking with this balance ('0.00': none). */
  checking?: string;
  /** The standard chart's accounts (its 1010 Operating Checking with nothing posted). */
  standardChart?: boolean;
  group?: boolean;
  units?: number;
  budget?: boolean;
}

const calendar = {
  data: {
    me: {
      __typename: 'Me',
      organization: {
        __typename: 'OrganizationMembership',
        id: 'org-1',
        timeZone: 'America/New_York',
        fiscalYearStartMonth: 1,
      },
    },
  },
};

function groupJson() {
  return {
    __typename: 'AssessmentGroup',
    id: 'grp-1',
    name: 'Regular assessments',
    description: null,
    frequency: 'MONTHLY',
    isDefault: true,
    dueDay: 1,
    regularIncomeAccountId: 'acc-income',
    regularIncomeAccount: {
      __typename: 'Account',
      id: 'acc-income',
      number: '4010',
      name: 'Assessment Income',
    },
    specialIncomeAccountId: null,
    specialIncomeAccount: null,
    rates: [
      {
        __typename: 'AssessmentRate',
        propertyTypeId: 'pt-sf',
        propertyType: {
          __typename: 'PropertyType',
          id: 'pt-sf',
          name: 'Single family',
          unitCount: 0,
        },
        regular: '250.00',
        special: '0.00',
        regularMonthly: '250.00',
        specialMonthly: '0.00',
        unitCount: 0,
        projectedMonthly: '0.00',
        projectedAnnual: '0.00',
      },
    ],
    lateFee: null,
    unitCount: 0,
    projectedMonthlyIncome: '0.00',
    projectedAnnualIncome: '0.00',
    createdAt: '2026-03-01T10:00:00.000Z',
  };
}

function budgetJson(exists: boolean) {
  const names = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
  return {
    __typename: 'Budget',
    id: 'budget-2026',
    year: 2026,
    exists,
    fiscalYearStartMonth: 1,
    months: names.map((n, i) => ({
      __typename: 'FiscalMonth',
      year: 2026,
      month: i + 1,
      label: `${n} 2026`,
    })),
    totalIncome: exists ? '36000.00' : '0.00',
    totalExpense: exists ? '30000.00' : '0.00',
    updatedAt: null,
    lines: [],
  };
}

// A few rows of the standard HOA chart, as standardChartOfAccounts answers them.
const STANDARD_CHART = [
  ['1010', 'Operating Checking', 'ASSET', 'OPERATING', null],
  ['1100', 'Assessments Receivable', 'ASSET', 'OPERATING', 'invoices and payments'],
  ['4010', 'Assessment Income', 'INCOME', 'OPERATING', null],
  ['5010', 'Landscaping', 'EXPENSE', 'OPERATING', null],
  ['1510', 'Reserve Savings', 'ASSET', 'RESERVE', null],
  ['6510', 'Reserve Expenditures', 'EXPENSE', 'RESERVE', null],
].map(([number, name, type, fundType, keptBy]) => ({
  __typename: 'ChartTemplateAccount',
  number,
  name,
  type,
  fundType,
  keptBy,
}));

function answer(books: Books, req: GraphQLRequest) {
  const checking = books.checking !== undefined || books.standardChart === true;
  const accounts = [
    ...(checking ? [accountJson('acc-checking', '1010', 'Operating Checking')] : []),
    ...(books.group || books.standardChart
      ? [accountJson('acc-income', '4010', 'Assessment Income', 'INCOME')]
      : []),
    ...(books.standardChart
      ? [
          accountJson('acc-ar', '1100', 'Assessments Receivable'),
          accountJson('acc-landscaping', '5010', 'Landscaping', 'EXPENSE'),
          accountJson('acc-rsavings', '1510', 'Reserve Savings', 'ASSET', 'RESERVE'),
          accountJson('acc-rexp', '6510', 'Reserve Expenditures', 'EXPENSE', 'RESERVE'),
        ]
      : []),
  ];
  const posted = books.checking ?? '0.00';
  switch (req.operationName) {
    case 'StandardChartOfAccounts':
      return { data: { standardChartOfAccounts: STANDARD_CHART } };
    case 'OrganizationCalendar':
      return calendar;
    case 'Accounts':
      return { data: { accounts } };
    case 'InvestmentCashAccounts':
      return {
        data: {
          actualsCashAccounts: [
            {
              __typename: 'ActualsCashAccount',
              fundType: 'OPERATING',
              candidateIds: checking ? ['acc-checking'] : [],
            },
            { __typename: 'ActualsCashAccount', fundType: 'RESERVE', candidateIds: [] },
          ],
        },
      };
    case 'AccountBalances':
      return {
        data: {
          accountBalances: accounts.map((a) => ({
            __typename: 'AccountBalance',
            accountId: a.id,
            number: a.number,
            name: a.name,
            type: a.type,
            fundType: a.fundType,
            archived: false,
            debit: a.id === 'acc-checking' ? posted : '0.00',
            credit: '0.00',
            balance: a.id === 'acc-checking' ? posted : '0.00',
          })),
        },
      };
    case 'AssessmentGroups':
      return {
        data: {
          assessmentGroups: books.group ? [groupJson()] : [],
          assessmentProjection: {
            __typename: 'AssessmentProjection',
            monthly: '0.00',
            annual: '0.00',
            unitCount: 0,
          },
        },
      };
    case 'PropertyTypes':
      return {
        data: {
          propertyTypes: books.group
            ? [{ __typename: 'PropertyType', id: 'pt-sf', name: 'Single family', unitCount: 0 }]
            : [],
        },
      };
    case 'Units': {
      const units = Array.from({ length: books.units ?? 0 }, (_, i) =>
        unitJson(`unit-${i + 1}`, String(101 + i), `Owner ${i + 1}`),
      );
      return {
        data: { units: connection('Unit', units.slice(0, 8), units.length > 8, units.length) },
      };
    }
    case 'Budget':
      return { data: { budget: budgetJson(books.budget === true) } };
    case 'Dashboard':
      // Where Finish and Finish later go.
      return { data: { dashboard: emptyDashboardFixture() } };
    default:
      return null;
  }
}

async function mountWizard(
  books: Books,
  opts: {
    role?: Role;
    write?: (req: GraphQLRequest) => unknown;
  } = {},
) {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    requests.push(req);
    const read = answer(books, req);
    if (read) return { body: read };
    const written = opts.write?.(req);
    if (written) return { body: written };
    return { body: { errors: [{ message: `Unexpected ${req.operationName}` }] } };
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    {
      id: 'org-1',
      name: 'Birch Hollow HOA',
      role: opts.role ?? 'ADMIN',
      status: 'ACTIVE',
      settings: { locale: 'en-US' },
    },
  );
  const router = await routerAt('/setup', pinia);
  // The dashboard's setup card (another feature) asks its own query: not this test's.
  const wrapper = mountWithApp(withToast(RouterView), { pinia, router, stubs: CARD_STUB });
  await vi.waitFor(() =>
    expect(document.querySelector('[data-testid=setup-stepper]')).not.toBe(null),
  );
  await flushPromises();
  return { wrapper, requests, router, pinia };
}

const $ = <T extends HTMLElement = HTMLElement>(sel: string) => document.querySelector<T>(sel);
/** The step the wizard shows: its list entry is marked current and its heading is visible. */
function activeStep(): number | null {
  const current = $('[data-testid^=setup-step-][aria-current=step]');
  return current ? Number(current.dataset.testid!.replace('setup-step-', '')) : null;
}
/** Buttons of the visible step only (the others are mounted but hidden). */
function visibleButtons(testid: string): HTMLButtonElement[] {
  return [...document.querySelectorAll<HTMLButtonElement>(`[data-testid=${testid}]`)].filter(
    (b) => b.closest<HTMLElement>('[role=tabpanel]')?.style.display !== 'none',
  );
}
function visibleButton(testid: string): HTMLButtonElement {
  const found = visibleButtons(testid);
  if (found.length !== 1) throw new Error(`${found.length} visible ${testid}`);
  return found[0]!;
}
function type(sel: string, value: string): void {
  const input = $<HTMLInputElement>(sel);
  if (!input) throw new Error(`No ${sel}`);
  input.value = value;
  input.dispatchEvent(new Event('input'));
}
const writes = (requests: GraphQLRequest[]) =>
  requests.filter((r) => r.query.trimStart().startsWith('mutation')).map((r) => r.operationName);

describe('SetupWizardPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it.each<[string, Books, number]>([
    ['empty books: the bank account', {}, 1],
    ['a bank account without a balance still needs its balance', { checking: '0.00' }, 1],
    ['a funded bank account: the group and units', { checking: '25000.00' }, 2],
    ['a group but no unit yet: still step 2', { checking: '25000.00', group: true, units: 0 }, 2],
    ['units too: the budget', { checking: '25000.00', group: true, units: 3 }, 3],
    [
      'everything done: the last step, to finish',
      { checking: '1.00', group: true, units: 1, budget: true },
      3,
    ],
    [
      'a skipped bank account, the rest done: back to it',
      { group: true, units: 2, budget: true },
      1,
    ],
  ])('resumes at the first unfinished step — %s', async (_name, books, expected) => {
    const { wrapper, requests } = await mountWizard(books);
    expect(activeStep()).toBe(expected);
    const heading = $(`#setup-step-${expected}-title`);
    expect(heading?.closest<HTMLElement>('[role=tabpanel]')?.style.display).not.toBe('none');
    // Judged from the books, asked fresh: nothing about the wizard itself is stored or written.
    const read = requests.map((r) => r.operationName);
    for (const q of [
      'Accounts',
      'InvestmentCashAccounts',
      'AccountBalances',
      'AssessmentGroups',
      'Units',
      'Budget',
    ])
      expect(read).toContain(q);
    expect(writes(requests)).toEqual([]);
    wrapper.unmount();
  });

  it('shows what a done step holds: the bank account with its balance, the units counted', async () => {
    const { wrapper } = await mountWizard({ checking: '25000.00', group: true, units: 10 });
    expect($('[data-testid=bank-done]')?.textContent).toContain('1010 Operating Checking');
    expect($('[data-testid=bank-done]')?.textContent).toContain('$25,000.00');
    expect($('[data-testid=setup-step-1]')?.textContent).toContain('Done');
    expect($('[data-testid=unit-count]')?.textContent?.trim()).toBe('10 units so far');
    expect($('[data-testid=setup-units]')?.textContent).toContain('and 2 more units');
    expect($('[data-testid=group-done]')?.textContent).toContain('Single family $250.00 a month');
    wrapper.unmount();
  });

  it('skips a step without writing anything, and Back returns to it', async () => {
    const { wrapper, requests } = await mountWizard({});
    expect(activeStep()).toBe(1);
    visibleButton('setup-skip').click();
    await flushPromises();
    expect(activeStep()).toBe(2);
    expect($('[data-testid=setup-step-1]')?.textContent).toContain('Skipped');
    visibleButton('setup-skip').click();
    await flushPromises();
    expect(activeStep()).toBe(3);
    // Import comes first: Finish is a quiet button until the budget is in or the step skipped.
    expect(visibleButton('setup-finish').getAttribute('data-p')).toContain('outlined');
    // The last step skipped: finishing is what is left (and it is the one thing that writes).
    visibleButton('setup-skip').click();
    await flushPromises();
    expect(activeStep()).toBe(3);
    expect($('[data-testid=budget-skipped]')).not.toBe(null);
    expect(visibleButtons('setup-skip')).toEqual([]);
    expect(visibleButton('setup-finish').getAttribute('data-p') ?? '').not.toContain('outlined');
    visibleButton('setup-back').click();
    await flushPromises();
    expect(activeStep()).toBe(2);
    expect(writes(requests)).toEqual([]);
    wrapper.unmount();
  });

  it('step 1 creates an operating bank account with its opening balance as a decimal string', async () => {
    const created: Record<string, unknown>[] = [];
    const { wrapper } = await mountWizard(
      {},
      {
        write: (req) => {
          if (req.operationName !== 'CreateAccount') return null;
          const input = req.variables.input as Record<string, string>;
          created.push(input);
          return {
            data: { createAccount: accountJson('acc-new', input.number!, input.name!) },
          };
        },
      },
    );
    // The next free cash number of the operating fund, and today in the association's zone.
    expect($<HTMLInputElement>('#bank-number')?.value).toBe('1010');
    type('#bank-name', 'Operating Checking — First Federal');

    // Without a balance: refused here, nothing sent.
    visibleButton('bank-submit').click();
    await flushPromises();
    expect(document.body.textContent).toContain('Enter the balance on your bank statement.');
    expect(created).toEqual([]);

    type('#bank-balance', '25,000.10');
    wrapper.findAllComponents(DateField).at(0)?.vm.$emit('update:modelValue', '2026-02-28');
    await flushPromises();
    visibleButton('bank-submit').click();
    await vi.waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      number: '1010',
      name: 'Operating Checking — First Federal',
      type: 'ASSET',
      fundType: 'OPERATING',
      description: null,
      initialBalance: '25000.10',
      openingDate: '2026-02-28',
    });
    expect(typeof created[0]!.initialBalance).toBe('string');
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain(
        'Account 1010 Operating Checking — First Federal created with an opening balance of $25,000.10',
      ),
    );
    wrapper.unmount();
  });

  it('step 1 offers the standard chart, then gives its bank account the balance a person types', async () => {
    const books: Books = {};
    const sent: GraphQLRequest[] = [];
    const { wrapper } = await mountWizard(books, {
      write: (req) => {
        sent.push(req);
        if (req.operationName === 'AddStandardChart') {
          // From now on the books hold the standard chart.
          books.standardChart = true;
          return {
            data: {
              addStandardChart: {
                __typename: 'StandardChartResult',
                created: STANDARD_CHART.map((r, i) => ({
                  __typename: 'Account',
                  id: `acc-${i}`,
                  number: r.number,
                  name: r.name,
                })),
                skipped: [],
              },
            },
          };
        }
        if (req.operationName === 'SetAccountOpeningBalance') {
          books.checking = String(req.variables.amount);
          return {
            data: {
              setAccountOpeningBalance: {
                __typename: 'Account',
                id: 'acc-checking',
                number: '1010',
                name: String(req.variables.name ?? 'Operating Checking'),
              },
            },
          };
        }
        return null;
      },
    });
    expect(activeStep()).toBe(1);
    // A new association's chart: the offer, with the accounts it would add.
    const card = $('[data-testid=starting-chart]')!;
    expect(card.textContent).toContain('Start from the standard HOA chart');
    await vi.waitFor(() =>
      expect($('[data-testid=standard-chart-preview]')?.textContent).toContain(
        'See the 6 accounts of the standard chart',
      ),
    );
    expect($('[data-testid=standard-chart-preview]')?.textContent).toContain(
      'kept by invoices and payments',
    );
    // Without the standard chart, the form makes the bank account.
    expect($('[data-testid=bank-existing]')).toBe(null);
    visibleButton('use-standard-chart').click();
    await vi.waitFor(() => expect($('[data-testid=chart-done]')).not.toBe(null));
    expect($('[data-testid=chart-done]')?.textContent).toContain('6 accounts');
    expect(document.body.textContent).toContain('Standard chart added: 6 accounts');
    expect($('[data-testid=starting-chart]')).toBe(null);

    // The chart's 1010 Operating Checking takes the balance: no second checking account.
    await vi.waitFor(() => expect($('[data-testid=bank-existing]')).not.toBe(null));
    expect($('[data-testid=bank-existing]')?.textContent).toContain('1010');
    expect($<HTMLInputElement>('#bank-name')?.value).toBe('Operating Checking');
    expect($('#bank-number')).toBe(null);
    // The bank's name added to the chart's account, saved with its balance.
    type('#bank-name', 'Operating Checking — First Federal');
    type('#bank-balance', '25,000.10');
    wrapper.findAllComponents(DateField).at(0)?.vm.$emit('update:modelValue', '2026-02-28');
    await flushPromises();
    visibleButton('bank-submit').click();
    await vi.waitFor(() => expect($('[data-testid=bank-done]')).not.toBe(null));
    expect(sent.map((r) => r.operationName)).toEqual([
      'AddStandardChart',
      'SetAccountOpeningBalance',
    ]);
    expect(sent[1]!.variables).toEqual({
      accountId: 'acc-checking',
      amount: '25000.10',
      date: '2026-02-28',
      name: 'Operating Checking — First Federal',
    });
    expect(document.body.textContent).toContain(
      'Opening balance of $25,000.10 posted to 1010 Operating Checking — First Federal',
    );
    expect($('[data-testid=setup-step-1]')?.textContent).toContain('Done');
    wrapper.unmount();
  });

  it('step 1 can still make a different bank account than the chart’s', async () => {
    const created: Record<string, unknown>[] = [];
    const { wrapper } = await mountWizard(
      { standardChart: true },
      {
        write: (req) => {
          if (req.operationName !== 'CreateAccount') return null;
          const input = req.variables.input as Record<string, string>;
          created.push(input);
          return { data: { createAccount: accountJson('acc-new', input.number!, input.name!) } };
        },
      },
    );
    expect($('[data-testid=chart-done]')).not.toBe(null);
    visibleButton('bank-make-new').click();
    await flushPromises();
    // Numbered after the chart's own 1010.
    expect($<HTMLInputElement>('#bank-number')?.value).toBe('1020');
    type('#bank-name', 'Operating Money Market');
    type('#bank-balance', '100');
    await flushPromises();
    visibleButton('bank-submit').click();
    await vi.waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ number: '1020', name: 'Operating Money Market' });
    wrapper.unmount();
  });

  it('step 2 creates the group from the group form’s own input, the income account and type first', async () => {
    const sent: GraphQLRequest[] = [];
    const { wrapper } = await mountWizard(
      { checking: '25000.00' },
      {
        write: (req) => {
          sent.push(req);
          if (req.operationName === 'CreateAccount') {
            const input = req.variables.input as Record<string, string>;
            return {
              data: {
                createAccount: accountJson('acc-income', input.number!, input.name!, 'INCOME'),
              },
            };
          }
          if (req.operationName === 'CreatePropertyType')
            return {
              data: {
                createPropertyType: {
                  __typename: 'PropertyType',
                  id: 'pt-new',
                  name: req.variables.name,
                  unitCount: 0,
                },
              },
            };
          if (req.operationName === 'CreateAssessmentGroup')
            return { data: { createAssessmentGroup: groupJson() } };
          return null;
        },
      },
    );
    expect(activeStep()).toBe(2);
    // No income account in the chart: the form says which one it will create.
    expect($('[data-testid=setup-new-income]')?.textContent).toContain('4010 Assessment Income');
    type('#setup-group-rate', '250');
    await flushPromises();
    visibleButton('group-submit').click();
    await vi.waitFor(() =>
      expect(sent.map((r) => r.operationName)).toContain('CreateAssessmentGroup'),
    );
    expect(sent.map((r) => r.operationName)).toEqual([
      'CreateAccount',
      'CreatePropertyType',
      'CreateAssessmentGroup',
    ]);
    expect(sent[0]!.variables.input).toMatchObject({
      number: '4010',
      name: 'Assessment Income',
      type: 'INCOME',
      fundType: 'OPERATING',
    });
    expect(sent[1]!.variables).toEqual({ name: 'Single family' });
    expect(sent[2]!.variables.input).toEqual({
      name: 'Regular assessments',
      description: null,
      frequency: 'MONTHLY',
      isDefault: true,
      dueDay: 1,
      regularIncomeAccountId: 'acc-income',
      specialIncomeAccountId: null,
      rates: [{ propertyTypeId: 'pt-new', regular: '250.00', special: '0.00' }],
      lateFee: null,
    });
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Assessment group Regular assessments created'),
    );
    wrapper.unmount();
  });

  it('Finish setup sets onboardingComplete, updates the organization and goes to the dashboard', async () => {
    const { wrapper, requests, router } = await mountWizard(
      { checking: '25000.00', group: true, units: 3, budget: true },
      {
        write: (req) =>
          req.operationName === 'CompleteOnboarding'
            ? {
                data: { updateOrganizationSettings: { locale: 'en-US', onboardingComplete: true } },
              }
            : null,
      },
    );
    expect(activeStep()).toBe(3);
    // Done: nothing left to skip.
    expect(visibleButtons('setup-skip')).toEqual([]);
    visibleButton('setup-finish').click();
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('dashboard'));
    const finish = requests.filter((r) => r.operationName === 'CompleteOnboarding');
    expect(finish).toHaveLength(1);
    expect(finish[0]!.variables).toEqual({ patch: { onboardingComplete: true } });
    expect(finish[0]!.query).toContain('updateOrganizationSettings');
    const organization = useOrganizationStore();
    expect(organization.current?.settings.onboardingComplete).toBe(true);
    expect(organization.memberships[0]?.settings.onboardingComplete).toBe(true);
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Birch Hollow HOA is set up'),
    );
    wrapper.unmount();
  });

  it('Finish later leaves for the dashboard without writing', async () => {
    const { wrapper, requests, router } = await mountWizard({ checking: '25000.00' });
    $<HTMLButtonElement>('[data-testid=setup-later]')?.click();
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('dashboard'));
    expect(writes(requests)).toEqual([]);
    expect(useOrganizationStore().current?.settings.onboardingComplete).toBeUndefined();
    wrapper.unmount();
  });

  it('refuses viewers: the route sends them home', async () => {
    installTestClient(() => ({ body: { data: { dashboard: emptyDashboardFixture() } } }));
    const pinia = freshPinia();
    signIn(
      { email: 'viewer@example.com' },
      { id: 'org-1', name: 'Birch Hollow HOA', role: 'VIEWER', status: 'ACTIVE' },
    );
    const router = await routerAt('/setup', pinia);
    expect(router.currentRoute.value.name).toBe('dashboard');
  });
});

describe('the dashboard’s way into the wizard', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it.each<[Role, Record<string, unknown>, boolean]>([
    ['ADMIN', {}, true],
    ['USER', { onboardingComplete: false }, true],
    ['ADMIN', { onboardingComplete: true }, false],
    ['VIEWER', {}, false],
  ])('%s with %j: "Continue setting up" shown: %s', async (role, settings, shown) => {
    // The dashboard's own figures; whatever else its cards ask is not this test's.
    installTestClient(() => ({ body: { data: { dashboard: emptyDashboardFixture() } } }));
    const pinia = freshPinia();
    signIn(
      { email: 'treasurer@example.com' },
      { id: 'org-1', name: 'Birch Hollow HOA', role, status: 'ACTIVE', settings },
    );
    const router = await routerAt('/dashboard', pinia);
    const wrapper = mountWithApp(DashboardPage, { pinia, router, stubs: CARD_STUB });
    await flushPromises();
    const button = wrapper.find('[data-testid=dashboard-continue-setup]');
    expect(button.exists()).toBe(shown);
    if (shown) {
      await button.trigger('click');
      await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('setup'));
    }
    wrapper.unmount();
  });
});
