import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installTestClient } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import { BALANCE_SHEET, CALENDAR, incomeStatement } from './statements.fixtures';
import BoardPacketPage from './views/BoardPacketPage.vue';

const f = (budget: string, actual: string) => ({
  __typename: 'BudgetVsActualFigures',
  budget,
  actual,
  variance: '0.00',
  variancePercent: 0,
  favorable: true,
});
const BVA = {
  __typename: 'BudgetVsActual',
  year: 2026,
  fiscalYearStartMonth: 1,
  fromMonth: 1,
  toMonth: 3,
  from: '2026-01-01',
  to: '2026-03-31',
  fundType: null,
  rows: [
    {
      ...f('3300.00', '3300.00'),
      __typename: 'BudgetVsActualRow',
      accountId: 'acc-4010',
      number: '4010',
      name: 'Assessments',
      type: 'INCOME',
      fundType: 'OPERATING',
      archived: false,
    },
  ],
  subtotals: [
    {
      ...f('3300.00', '3300.00'),
      __typename: 'BudgetVsActualSubtotal',
      fundType: 'OPERATING',
      type: 'INCOME',
    },
  ],
  totalIncome: f('3300.00', '3300.00'),
  totalExpense: f('0.00', '0.00'),
  net: f('3300.00', '3300.00'),
  months: [],
};
const AGING = {
  __typename: 'AgingReport',
  asOf: '2026-03-31',
  receivableAccountId: 'acc-1200',
  receivableBalance: '0.00',
  prepaidAccountId: null,
  prepaidBalance: '0.00',
  rows: [],
  totals: {
    __typename: 'AgingBuckets',
    current: '0.00',
    days1to30: '0.00',
    days31to60: '0.00',
    days61to90: '0.00',
    over90: '0.00',
    credit: '0.00',
    total: '0.00',
  },
};

const packet = (version: number, status: string, draft = false) => ({
  __typename: 'AssociationDocument',
  id: `doc-${version}`,
  kind: 'BOARD_PACKET',
  title: 'Board packet · March 2026',
  periodStart: '2026-03-01',
  periodEnd: '2026-03-31',
  version,
  status,
  error: status === 'FAILED' ? 'The statement is missing' : null,
  draft,
  fileName: `board-packet-2026-03-v${version}.pdf`,
  size: status === 'READY' ? 245_000 : null,
  generatedBy: 'Dana Whitfield',
  createdAt: '2026-04-02T15:04:00.000Z',
  readyAt: status === 'READY' ? '2026-04-02T15:04:09.000Z' : null,
  booksState: {
    __typename: 'DocumentBooksState',
    closedThrough: draft ? null : '2026-03-31',
    entryCount: 212,
    lastEntryNumber: 1042,
  },
});
const note = (accountId: string, text: string) => ({
  __typename: 'VarianceNote',
  month: '2026-03',
  accountId,
  note: text,
  updatedBy: 'Dana Whitfield',
  updatedAt: '2026-04-01T10:00:00.000Z',
});

// The reports of the page answered, and the packet's versions and notes as given.
function answers(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    OrganizationCalendar: CALENDAR,
    BalanceSheet: { balanceSheet: { ...BALANCE_SHEET, asOf: '2026-03-31' } },
    IncomeStatement: { incomeStatement: incomeStatement() },
    BudgetVsActual: { budgetVsActual: BVA },
    AgingReport: { agingReport: AGING },
    BoardPacketVersions: { boardPacket: [] },
    VarianceNotes: { varianceNotes: [] },
    BoardPacketSettings: {
      boardPacketSettings: { __typename: 'BoardPacketSettings', ownerNames: false },
    },
    ...extra,
  };
}

async function mountPacket(
  role: 'ADMIN' | 'USER' | 'VIEWER',
  handler: (req: GraphQLRequest) => unknown,
) {
  installTestClient((req) => ({ body: { data: handler(req) } }));
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role, status: 'ACTIVE' },
  );
  const router = await routerAt('/reports/board-packet?month=2026-03', pinia);
  const wrapper = mountWithApp(withToast(BoardPacketPage), { pinia, router });
  await flushPromises();
  return wrapper;
}

describe('BoardPacketPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('puts the four reports of the month in order, in one document to print', async () => {
    const requests: GraphQLRequest[] = [];
    installTestClient((req) => {
      requests.push(req);
      const data = answers();
      return { body: { data: data[req.operationName] } };
    });
    const pinia = freshPinia();
    signIn(
      { email: 'treasurer@example.com' },
      { id: 'org-1', name: 'Maple Ridge HOA', role: 'VIEWER', status: 'ACTIVE' },
    );
    const router = await routerAt('/reports/board-packet?month=2026-03', pinia);
    const wrapper = mountWithApp(BoardPacketPage, { pinia, router });
    await flushPromises();

    const vars = (name: string) => requests.find((r) => r.operationName === name)?.variables;
    expect(vars('BalanceSheet')).toEqual({ asOf: '2026-03-31' });
    expect(vars('IncomeStatement')).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(vars('BudgetVsActual')).toEqual({
      year: 2026,
      month: 3,
      yearToDate: true,
      fundType: null,
    });
    expect(vars('AgingReport')).toEqual({ asOf: '2026-03-31' });

    const sections = wrapper.findAll('section.packet-section');
    expect(sections.map((s) => s.attributes('data-testid'))).toEqual([
      'packet-balance-sheet',
      'packet-income-statement',
      'packet-budget-vs-actual',
      'packet-aging',
    ]);
    // Each section carries its own header: association, report, period, generation time.
    expect(sections.map((s) => s.get('.report-print-header__title').text())).toEqual([
      'Balance Sheet',
      'Statement of Revenues and Expenses',
      'Budget vs Actual',
      'Aging report',
    ]);
    expect(sections[0]!.get('.report-print-header').text()).toContain('Maple Ridge HOA');
    expect(sections[0]!.text()).toContain('As of Mar 31, 2026');
    expect(sections[2]!.text()).toContain('Jan – Mar 2026 (YTD)');
    expect(sections[0]!.find('[data-testid=balance-sheet-table]').exists()).toBe(true);
    expect(sections[1]!.find('[data-testid=income-statement-table]').exists()).toBe(true);
    expect(sections[2]!.find('[data-testid=bva-table]').exists()).toBe(true);
    expect(sections[3]!.text()).toContain('No unit has an open balance as of Mar 31, 2026');

    const print = vi.fn();
    window.print = print;
    const button = wrapper.get('[data-testid=print-packet]');
    expect(button.attributes('disabled')).toBeUndefined();
    await button.trigger('click');
    expect(print).toHaveBeenCalledTimes(1);
    wrapper.unmount();
  });
});

describe('BoardPacketPage: the PDF packet', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it("lists the month's versions with their state; a viewer downloads but cannot generate", async () => {
    const wrapper = await mountPacket('VIEWER', (req) => {
      if (req.operationName === 'DocumentLink') {
        return {
          document: {
            __typename: 'AssociationDocument',
            id: req.variables.id,
            status: 'READY',
            url: '/documents/org-1/doc-2?exp=1&sig=x',
            fileName: 'board-packet-2026-03-v2.pdf',
          },
        };
      }
      return answers({
        BoardPacketVersions: {
          boardPacket: [packet(3, 'QUEUED', true), packet(2, 'READY'), packet(1, 'FAILED', true)],
        },
        VarianceNotes: { varianceNotes: [note('acc-5010', 'The spring cleanup came early')] },
      })[req.operationName];
    });
    const versions = wrapper.get('[data-testid=packet-versions]');
    expect(versions.text()).toContain('PDF packet of Mar 2026');
    const v3 = wrapper.get('[data-testid=packet-version-3]');
    expect(v3.text()).toContain('Generating…');
    expect(v3.text()).toContain('Draft');
    expect(v3.find('[data-testid=download-version-3]').exists()).toBe(false);
    const v2 = wrapper.get('[data-testid=packet-version-2]');
    expect(v2.text()).toContain('Ready');
    expect(v2.text()).not.toContain('Draft');
    expect(v2.text()).toContain('Dana Whitfield');
    expect(v2.text()).toContain('239 KB');
    expect(v2.text()).toContain('books closed through Mar 31, 2026');
    expect(wrapper.get('[data-testid=packet-version-1]').text()).toContain(
      'The statement is missing',
    );

    // Generating is for writers: the viewer's button is disabled, with the reason.
    const generate = wrapper.get('[data-testid=generate-packet]');
    expect(generate.attributes('disabled')).toBeDefined();
    expect(generate.element.closest('.write-guard')?.getAttribute('aria-label')).toMatch(/view/i);

    // Downloading asks for a fresh link and saves the file under its name.
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(`${this.getAttribute('href')} ${this.download}`);
    });
    await wrapper.get('[data-testid=download-version-2]').trigger('click');
    await flushPromises();
    expect(clicked).toEqual([
      '/documents/org-1/doc-2?exp=1&sig=x&download=1 board-packet-2026-03-v2.pdf',
    ]);
    click.mockRestore();

    // The viewer reads the treasurer's notes, with no field to write in.
    const notes = wrapper.get('[data-testid=packet-variance-notes]');
    expect(notes.text()).toContain('The spring cleanup came early');
    expect(notes.find('textarea').exists()).toBe(false);
    expect(notes.find('[data-testid^=edit-note]').exists()).toBe(false);
    expect(
      wrapper.get('[data-testid=packet-owner-names] input').attributes('disabled'),
    ).toBeDefined();
    wrapper.unmount();
  });

  it('generates a version and writes variance notes per income-statement line', async () => {
    const calls: GraphQLRequest[] = [];
    let versions: unknown[] = [];
    let notes: unknown[] = [];
    const wrapper = await mountPacket('USER', (req) => {
      calls.push(req);
      if (req.operationName === 'GenerateBoardPacket') {
        versions = [packet(1, 'QUEUED', true)];
        return { generateBoardPacket: versions[0] };
      }
      if (req.operationName === 'UpdateBoardPacketSettings') {
        return {
          updateBoardPacketSettings: {
            __typename: 'BoardPacketSettings',
            ownerNames: req.variables.ownerNames,
          },
        };
      }
      if (req.operationName === 'SetVarianceNote') {
        notes = [note(String(req.variables.accountId), String(req.variables.note))];
        return { setVarianceNote: notes[0] };
      }
      return answers({
        BoardPacketVersions: { boardPacket: versions },
        VarianceNotes: { varianceNotes: notes },
      })[req.operationName];
    });
    expect(wrapper.get('[data-testid=no-versions]').text()).toBe('No PDF of Mar 2026 yet.');

    await wrapper.get('[data-testid=generate-packet]').trigger('click');
    await flushPromises();
    expect(calls.find((c) => c.operationName === 'GenerateBoardPacket')?.variables).toEqual({
      month: '2026-03',
    });
    expect(wrapper.get('[data-testid=packet-version-1]').text()).toContain('Generating…');
    expect(document.body.textContent).toContain('Generating version 1 of the Mar 2026 packet');

    // The association chooses whether its packets name owners.
    await wrapper.get('[data-testid=packet-owner-names] input').setValue(true);
    await flushPromises();
    expect(calls.find((c) => c.operationName === 'UpdateBoardPacketSettings')?.variables).toEqual({
      ownerNames: true,
    });

    // Each line of the month's income statement takes a note; Save appears once it is changed.
    const line = wrapper.get('[data-testid=variance-line-5010]');
    expect(line.text()).toContain('5010 Landscaping');
    expect(line.text()).toContain('$2,500.00');
    expect(line.text()).toContain('of $900.00');
    expect(line.text()).toContain('▲ $1,600.00');
    expect(line.find('textarea').exists()).toBe(false);
    await line.get('[data-testid=edit-note-5010]').trigger('click');
    expect(line.get('[data-testid=save-note-5010]').attributes('disabled')).toBeDefined();
    await line.get('textarea').setValue('  Storm cleanup after the March 3 storm  ');
    await line.get('[data-testid=save-note-5010]').trigger('click');
    await flushPromises();
    expect(calls.find((c) => c.operationName === 'SetVarianceNote')?.variables).toEqual({
      month: '2026-03',
      accountId: 'acc-5010',
      note: 'Storm cleanup after the March 3 storm',
    });
    expect(line.find('textarea').exists()).toBe(false);
    expect(line.text().replace(/\s+/g, ' ')).toContain(
      'Storm cleanup after the March 3 storm — Dana Whitfield',
    );
    expect(line.get('[data-testid=edit-note-5010]').text()).toBe('Edit note');
    wrapper.unmount();
  });
});
