import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { type AccountTypeName, createTenant, type Tenant } from '../../test/tenant.js';

const IMPORT = `mutation ($year: Int!, $file: Upload!, $mappings: [BudgetImportMappingInput!], $dryRun: Boolean) {
  importBudget(year: $year, file: $file, mappings: $mappings, dryRun: $dryRun) {
    year committed replacesExisting accountCount totalIncome totalExpense
    rows { row accountNumber accountName accountId status amounts total }
    problems { row column message } } }`;
const BUDGET = `query ($year: Int!) { budget(year: $year) { id year exists totalIncome totalExpense
  lines { accountId amounts total } } }`;
const MONTHS = 'Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec';

type Body = {
  data?: Record<string, any> | null; // eslint-disable-line @typescript-eslint/no-explicit-any
  errors?: { message: string; extensions?: Record<string, any> }[]; // eslint-disable-line @typescript-eslint/no-explicit-any
};

describe('budgets', () => {
  let app: TestApp;
  let token: string;
  let viewerToken: string;
  let otherToken: string;
  const ids: Record<string, string> = {};

  async function upload(
    csv: string,
    vars: { year?: number; mappings?: unknown[]; dryRun?: boolean } = {},
    as = token,
  ): Promise<Body> {
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query: IMPORT,
        variables: {
          year: vars.year ?? 2026,
          file: null,
          mappings: vars.mappings,
          dryRun: vars.dryRun,
        },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([csv], { type: 'text/csv' }), 'budget.csv');
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${as}`, 'apollo-require-preflight': 'true' },
      body: form,
    });
    return (await res.json()) as Body;
  }

  const budget = async (year = 2026) => (await app.gql(BUDGET, { year }, token)).body.data!.budget;
  const amountsOf = async (number: string, year = 2026) =>
    (await budget(year)).lines.find((l: { accountId: string }) => l.accountId === ids[number])
      ?.amounts ?? null;

  beforeAll(async () => {
    app = await startTestApp();
    const t = await createTenant(app, 'Budget HOA');
    token = t.admin;
    viewerToken = t.viewer;
    otherToken = (await createTenant(app)).admin;
    for (const [number, name, type, fundType] of [
      ['1010', 'Operating Checking', 'ASSET', 'OPERATING'],
      ['4010', 'Assessments', 'INCOME', 'OPERATING'],
      ['4020', 'Late Fees', 'INCOME', 'OPERATING'],
      ['5010', 'Landscaping', 'EXPENSE', 'OPERATING'],
      ['5020', 'Utilities', 'EXPENSE', 'OPERATING'],
      ['6010', 'Roof Replacement', 'EXPENSE', 'RESERVE'],
    ]) {
      ids[number] = await t.account(number, type as AccountTypeName, {
        name,
        fundType: fundType as 'OPERATING' | 'RESERVE',
      });
    }
  });
  afterAll(() => app.close());

  it('round-trips the template: download, fill in, import, and read back', async () => {
    const tpl = await app.gql('query { budgetTemplate(year: 2026) }', {}, token);
    const text: string = tpl.body.data!.budgetTemplate;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(`Account number,Account name,${MONTHS}`);
    // Income first, then expense; no asset account.
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([
      '4010',
      '4020',
      '5010',
      '5020',
      '6010',
    ]);
    // Fill it in as a spreadsheet would (some cells empty, thousands separators, quotes).
    const filled = [
      lines[0],
      ...lines.slice(1).map((l) => {
        const [number, name] = l.split(',');
        const month = number === '4010' ? '"12,000.00"' : number === '5010' ? '1500' : '';
        const cells = Array(12).fill(month);
        if (number === '6010') cells[5] = '25000.50';
        return [number, name, ...cells].join(',');
      }),
    ].join('\r\n');
    const dry = await upload(filled, { dryRun: true });
    expect(dry.errors).toBeUndefined();
    const preview = dry.data!.importBudget;
    expect(preview).toMatchObject({
      committed: false,
      replacesExisting: false,
      problems: [],
      accountCount: 5,
      totalIncome: '144000.00',
      totalExpense: '43000.50',
    });
    expect(preview.rows.map((r: { status: string }) => r.status)).toEqual(Array(5).fill('MATCHED'));
    expect((await budget()).exists).toBe(false); // a dry run writes nothing

    const done = await upload(filled);
    expect(done.errors).toBeUndefined();
    expect(done.data!.importBudget.committed).toBe(true);
    const b = await budget();
    expect(b).toMatchObject({ exists: true, totalIncome: '144000.00', totalExpense: '43000.50' });
    expect(await amountsOf('4010')).toEqual(Array(12).fill('12000.00'));
    expect(await amountsOf('6010')).toEqual([
      ...Array(5).fill('0.00'),
      '25000.50',
      ...Array(6).fill('0.00'),
    ]);
    expect(await amountsOf('4020')).toBeNull(); // all zero: no line

    // The template now carries the amounts: downloading and importing it again changes nothing.
    const again = (await app.gql('query { budgetTemplate(year: 2026) }', {}, token)).body.data!
      .budgetTemplate as string;
    expect(again).toContain('4010,Assessments,12000.00,12000.00');
    const reimport = await upload(again);
    expect(reimport.data!.importBudget).toMatchObject({ committed: true, replacesExisting: true });
    expect(await budget()).toEqual(b);
  });

  it('refuses bad rows with their row numbers and writes nothing', async () => {
    const before = await budget();
    const csv = [
      `Account number;Account name;${MONTHS.replace(/,/g, ';')}`,
      `4010;Assessments;1000;1000;1000;1000;1000;1000;1000;1000;1000;1000;1000;1000`,
      `5010;Landscaping;12x;;;;;;;;;;;`,
      ``,
      `9999;Mystery;1;;;;;;;;;;;`,
      `4010;Assessments again;5;;;;;;;;;;;`,
      `1010;Checking;5;;;;;;;;;;;`,
    ].join('\n');
    const res = await upload(csv);
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0].message).toMatch(/4 problems. Nothing was imported/);
    const details = res.errors![0].extensions!.details as { field: string; message: string }[];
    expect(details.map((d) => d.field)).toEqual(['rows.3', 'rows.5', 'rows.6', 'rows.7']);
    expect(details[0].message).toBe('Row 3, Jan: "12x" is not an amount');
    expect(details[1].message).toMatch(/^Row 5: no account is numbered "9999"/);
    expect(details[2].message).toBe('Row 6: duplicate: account 4010 is already on row 2');
    expect(details[3].message).toMatch(
      /^Row 7: Account 1010 Operating Checking is an asset account/,
    );
    expect(await budget()).toEqual(before);
    // A file that is not a budget at all.
    const junk = await upload('hello,world\n1,2\n');
    expect(junk.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(junk.errors?.[0].message).toMatch(/Account number/);
  });

  it('maps unknown rows to an account or skips them before committing', async () => {
    const csv = [
      `Acct,Description,${MONTHS}`,
      `4-010,Dues,100,100,100,100,100,100,100,100,100,100,100,100`,
      `OLD-7,Pool chemicals,(20.00),,,,,,,,,,,`,
      `5020,Utilities,"1,000",,,,,,,,,,,`,
    ].join('\n');
    const dry = (await upload(csv, { dryRun: true })).data!.importBudget;
    expect(dry.rows.map((r: { status: string }) => r.status)).toEqual([
      'UNKNOWN',
      'UNKNOWN',
      'MATCHED',
    ]);
    expect(dry.problems.map((p: { row: number }) => p.row)).toEqual([2, 3]);
    // Unmapped rows refuse the commit.
    const refused = await upload(csv);
    expect(refused.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    // A mapping to an account of another association does not exist here.
    const foreign = (await app.gql('{ accounts { id } }', {}, otherToken)).body.data!.accounts;
    const badMap = await upload(csv, {
      mappings: [{ row: 2, accountId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' }],
    });
    expect(badMap.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect(foreign).toEqual([]);
    const mappings = [
      { row: 2, accountId: ids['4010'] },
      { row: 3, skip: true },
    ];
    const preview = (await upload(csv, { mappings, dryRun: true })).data!.importBudget;
    expect(preview.rows.map((r: { status: string }) => r.status)).toEqual([
      'MAPPED',
      'SKIPPED',
      'MATCHED',
    ]);
    expect(preview.problems).toEqual([]);
    const done = await upload(csv, { mappings });
    expect(done.errors).toBeUndefined();
    // The import replaced the year: only the two imported accounts remain.
    const b = await budget();
    expect(b.lines.map((l: { accountId: string }) => l.accountId).sort()).toEqual(
      [ids['4010'], ids['5020']].sort(),
    );
    expect(await amountsOf('5020')).toEqual(['1000.00', ...Array(11).fill('0.00')]);
    // Imports are audited.
    const audit = await app.gql(
      `query ($id: ID!) { auditLog(entityType: "Budget", entityId: $id) { action changes } }`,
      { id: b.id },
      token,
    );
    const actions = audit.body.data!.auditLog.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['create', 'import', 'import']);
  });

  it('saves grid rows, validates ids and types, and refuses viewers', async () => {
    const SAVE = `mutation ($i: SaveBudgetInput!) { saveBudget(input: $i) { totalExpense lines { accountId amounts } } }`;
    const twelve = (x: string) => Array(12).fill(x);
    const ok = await app.gql(
      SAVE,
      { i: { year: 2027, lines: [{ accountId: ids['5010'], amounts: twelve('10.00') }] } },
      token,
    );
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data!.saveBudget.totalExpense).toBe('120.00');
    // Other accounts keep their amounts.
    await app.gql(
      SAVE,
      { i: { year: 2027, lines: [{ accountId: ids['5020'], amounts: twelve('1.00') }] } },
      token,
    );
    expect(await amountsOf('5010', 2027)).toEqual(twelve('10.00'));

    const notFound = await app.gql(
      SAVE,
      { i: { year: 2027, lines: [{ accountId: 'nope', amounts: twelve('1.00') }] } },
      token,
    );
    expect(notFound.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const asset = await app.gql(
      SAVE,
      { i: { year: 2027, lines: [{ accountId: ids['1010'], amounts: twelve('1.00') }] } },
      token,
    );
    expect(asset.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'lines.0.accountId' }],
    });
    const short = await app.gql(
      SAVE,
      { i: { year: 2027, lines: [{ accountId: ids['5010'], amounts: ['1.00'] }] } },
      token,
    );
    expect(short.body.errors?.[0].extensions?.details).toEqual([
      { field: 'lines.0.amounts', message: 'Give twelve amounts, January to December' },
    ]);
    const year = await app.gql(SAVE, { i: { year: 12, lines: [] } }, token);
    expect(year.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');

    const viewer = await app.gql(
      SAVE,
      { i: { year: 2027, lines: [{ accountId: ids['5010'], amounts: twelve('99.00') }] } },
      viewerToken,
    );
    expect(viewer.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const viewerImport = await upload(
      `Account number,${MONTHS}\n5010,1,,,,,,,,,,,\n`,
      {},
      viewerToken,
    );
    expect(viewerImport.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    // Viewers read.
    const read = await app.gql(BUDGET, { year: 2027 }, viewerToken);
    expect(read.body.data!.budget.totalExpense).toBe('132.00');
  });
});

describe('budgets of a fiscal year starting in July', () => {
  let app: TestApp;
  let t: Tenant;
  const ids: Record<string, string> = {};
  const FISCAL = [
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
    'Dec',
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
  ];
  const FY2027 = FISCAL.map((m, i) => `${m} ${i < 6 ? 2026 : 2027}`);
  const GRID = `query ($year: Int!) { budget(year: $year) { fiscalYearStartMonth
    months { year month label } lines { accountId amounts } } }`;

  async function upload(csv: string, year = 2027): Promise<Body> {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query: IMPORT, variables: { year, file: null } }));
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([csv], { type: 'text/csv' }), 'budget.csv');
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.admin}`, 'apollo-require-preflight': 'true' },
      body: form,
    });
    return (await res.json()) as Body;
  }
  const amountsOf = async (number: string, year = 2027) =>
    (await t.ok(GRID, { year })).budget.lines.find(
      (l: { accountId: string }) => l.accountId === ids[number],
    )?.amounts ?? null;

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Fiscal July HOA');
    await t.ok(
      `mutation ($i: OrganizationCalendarInput!) { updateOrganizationCalendar(input: $i) { fiscalYearStartMonth } }`,
      { i: { timeZone: 'America/Chicago', fiscalYearStartMonth: 7 } },
    );
    ids['4010'] = await t.account('4010', 'INCOME', { name: 'Assessments' });
    ids['5010'] = await t.account('5010', 'EXPENSE', { name: 'Landscaping' });
  });
  afterAll(() => app.close());

  it('shows the grid in fiscal order, July 2026 to June 2027', async () => {
    const b = (await t.ok(GRID, { year: 2027 })).budget;
    expect(b.fiscalYearStartMonth).toBe(7);
    expect(b.months.map((m: { label: string }) => m.label)).toEqual(FY2027);
    expect(b.months[0]).toEqual({ year: 2026, month: 7, label: 'Jul 2026' });
    expect(b.months[11]).toEqual({ year: 2027, month: 6, label: 'Jun 2027' });
  });

  it('writes the template in fiscal order and imports files by month name', async () => {
    const tpl = (await t.ok('query { budgetTemplate(year: 2027) }')).budgetTemplate as string;
    const lines = tpl
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(`Account number,Account name,${FY2027.join(',')}`);
    // A file in calendar order (January first): each month lands in its own fiscal column.
    const calendar = [
      `Account number,Account name,${MONTHS}`,
      `4010,Assessments,${Array.from({ length: 12 }, (_, i) => i + 1).join(',')}`,
    ].join('\n');
    const dry = (await upload(calendar)).data!.importBudget;
    expect(dry.rows[0].amounts).toEqual(
      [7, 8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6].map((n) => `${n}.00`),
    );
    expect(await amountsOf('4010')).toEqual(
      [7, 8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6].map((n) => `${n}.00`),
    );
    // The template round-trips: the same amounts under the fiscal labels.
    const again = (await t.ok('query { budgetTemplate(year: 2027) }')).budgetTemplate as string;
    expect(again).toContain('4010,Assessments,7.00,8.00,9.00,10.00,11.00,12.00,1.00,2.00');
    const reimport = await upload(again);
    expect(reimport.errors).toBeUndefined();
    expect(await amountsOf('4010')).toEqual(
      [7, 8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6].map((n) => `${n}.00`),
    );
  });

  it('saves grid rows in fiscal order and refuses a grid opened under another start', async () => {
    const SAVE = `mutation ($i: SaveBudgetInput!) { saveBudget(input: $i) { lines { accountId amounts } } }`;
    const amounts = ['100.00', ...Array(11).fill('0.00')];
    const stale = await t.gql(SAVE, {
      i: { year: 2027, fiscalYearStartMonth: 1, lines: [{ accountId: ids['5010'], amounts }] },
    });
    expect(stale.body.errors?.[0].extensions?.code).toBe('CONFLICT');
    expect(await amountsOf('5010')).toBeNull();
    await t.ok(SAVE, {
      i: { year: 2027, fiscalYearStartMonth: 7, lines: [{ accountId: ids['5010'], amounts }] },
    });
    expect(await amountsOf('5010')).toEqual(amounts);
    // July 2026 in the report of fiscal 2027.
    const bva = await t.ok(`{ budgetVsActual(year: 2027, month: 7) { totalExpense { budget } } }`);
    expect(bva.budgetVsActual.totalExpense.budget).toBe('100.00');
    const short = await t.gql(SAVE, {
      i: { year: 2027, lines: [{ accountId: ids['5010'], amounts: ['1.00'] }] },
    });
    expect(short.body.errors?.[0].extensions?.details).toEqual([
      { field: 'lines.0.amounts', message: 'Give twelve amounts, July 2026 to June 2027' },
    ]);
  });
});
