import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { type AccountTypeName, createTenant, type Tenant } from '../../test/tenant.js';

const READ = `query { monthlyActuals(year: 2026) {
  lines { accountId amounts fromActuals fromOtherSources total }
  months { month saved entries { id } }
  cashAccounts { fundType accountId number isDefault } } }`;
const SAVE = `mutation ($i: SaveMonthlyActualsInput!) { saveMonthlyActuals(input: $i) {
  posted { id number date source reconciled reversesId memo lines { accountId debit credit } }
  actuals { lines { accountId amounts } months { month saved entries { id number } } } } }`;
const ENTRIES = `query ($f: JournalEntryFilter) { journalEntries(filter: $f, first: 50) { totalCount
  edges { node { id date source reconciled reversesId reversedById lines { accountId debit credit } } } } }`;

type Line = { accountId: string; debit: string; credit: string };
type Entry = {
  id: string;
  date: string;
  source: string;
  reconciled: boolean;
  reversesId: string | null;
  reversedById: string | null;
  lines: Line[];
};
const cents = (m: string) => Math.round(Number(m) * 100);

describe('monthly actuals', () => {
  let app: TestApp;
  let t: Tenant;
  let token: string;
  let viewerToken: string;
  const ids: Record<string, string> = {};

  const save = (months: { month: number; lines: [string, string][] }[], as = token) =>
    app.gql(
      SAVE,
      {
        i: {
          year: 2026,
          months: months.map((m) => ({
            month: m.month,
            lines: m.lines.map(([n, amount]) => ({ accountId: ids[n] ?? n, amount })),
          })),
        },
      },
      as,
    );

  async function entries(from = '2026-01-01', to = '2026-12-31'): Promise<Entry[]> {
    const res = await app.gql(ENTRIES, { f: { from, to } }, token);
    if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
    return res.body.data!.journalEntries.edges.map((e: { node: Entry }) => e.node);
  }

  // What the ledger holds for each account in a month, in the account's natural direction,
  // summed from the posted lines.
  async function ledgerMonth(month: string): Promise<Record<string, number>> {
    const last = new Date(Date.UTC(2026, Number(month), 0)).toISOString().slice(0, 10);
    const out: Record<string, number> = {};
    for (const e of await entries(`2026-${month}-01`, last)) {
      for (const l of e.lines) {
        const number = Object.keys(ids).find((k) => ids[k] === l.accountId)!;
        const debitNormal = /^[156]/.test(number); // assets and expenses
        const d = cents(l.debit) - cents(l.credit);
        out[number] = (out[number] ?? 0) + (debitNormal ? d : -d);
      }
    }
    return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== 0));
  }

  type Line12 = {
    accountId: string;
    amounts: string[];
    fromActuals: string[];
    fromOtherSources: string[];
    total: string;
  };
  async function grid(): Promise<{
    lines: Line12[];
    months: { month: number; saved: boolean; entries: { id: string }[] }[];
    cashAccounts: { fundType: string; accountId: string; number: string; isDefault: boolean }[];
  }> {
    return (await t.ok(READ)).monthlyActuals;
  }
  // One cell of the grid as it reads: [amount, from actuals, from elsewhere].
  async function cell(number: string, month: number): Promise<[string, string, string]> {
    const line = (await grid()).lines.find((l) => l.accountId === ids[number]);
    if (!line) return ['0.00', '0.00', '0.00'];
    const i = month - 1;
    return [line.amounts[i], line.fromActuals[i], line.fromOtherSources[i]];
  }

  // For every month: the grid holds exactly the ledger's income and expense figures.
  async function expectGridIsLedger(): Promise<void> {
    const lines = (await grid()).lines;
    for (let m = 1; m <= 12; m++) {
      const month = String(m).padStart(2, '0');
      const ledger = Object.fromEntries(
        Object.entries(await ledgerMonth(month)).filter(([n]) => /^[456]/.test(n)),
      );
      const shown: Record<string, number> = {};
      for (const l of lines) {
        const number = Object.keys(ids).find((k) => ids[k] === l.accountId)!;
        if (cents(l.amounts[m - 1]) !== 0) shown[number] = cents(l.amounts[m - 1]);
        expect(cents(l.fromActuals[m - 1]) + cents(l.fromOtherSources[m - 1])).toBe(
          cents(l.amounts[m - 1]),
        );
      }
      expect(shown, `month ${month}`).toEqual(ledger);
    }
  }

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Actuals HOA');
    token = t.admin;
    viewerToken = t.viewer;
    for (const [number, name, type, fundType] of [
      ['1000', 'Petty Stuff', 'ASSET', 'OPERATING'],
      ['1010', 'Operating Checking', 'ASSET', 'OPERATING'],
      ['1110', 'Reserve Savings', 'ASSET', 'RESERVE'],
      ['4010', 'Assessments', 'INCOME', 'OPERATING'],
      ['5010', 'Landscaping', 'EXPENSE', 'OPERATING'],
      ['5020', 'Utilities', 'EXPENSE', 'OPERATING'],
      ['5030', 'Insurance', 'EXPENSE', 'OPERATING'],
      ['4510', 'Reserve Interest', 'INCOME', 'RESERVE'],
      ['6010', 'Roof Repairs', 'EXPENSE', 'RESERVE'],
    ]) {
      ids[number] = await t.account(number, type as AccountTypeName, {
        name,
        fundType: fundType as 'OPERATING' | 'RESERVE',
      });
    }
  });
  afterAll(() => app.close());

  it('picks a cash account per fund and lets it be changed', async () => {
    const res = await app.gql('{ actualsCashAccounts { fundType number isDefault } }', {}, token);
    expect(res.body.data!.actualsCashAccounts).toEqual([
      { fundType: 'OPERATING', number: '1010', isDefault: true },
      { fundType: 'RESERVE', number: '1110', isDefault: true },
    ]);
    const SET = `mutation ($f: FundType!, $a: ID!) { setActualsCashAccount(fundType: $f, accountId: $a) { fundType number isDefault } }`;
    const wrongFund = await app.gql(SET, { f: 'OPERATING', a: ids['1110'] }, token);
    expect(wrongFund.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'accountId' }],
    });
    const notAsset = await app.gql(SET, { f: 'OPERATING', a: ids['4010'] }, token);
    expect(notAsset.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const missing = await app.gql(
      SET,
      { f: 'OPERATING', a: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' },
      token,
    );
    expect(missing.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const viewer = await app.gql(SET, { f: 'OPERATING', a: ids['1000'] }, viewerToken);
    expect(viewer.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    // Choose 1000, then back to 1010 (explicitly).
    await app.gql(SET, { f: 'OPERATING', a: ids['1000'] }, token);
    const back = await app.gql(SET, { f: 'OPERATING', a: ids['1010'] }, token);
    expect(back.body.data!.setActualsCashAccount[0]).toEqual({
      fundType: 'OPERATING',
      number: '1010',
      isDefault: false,
    });
  });

  it('posts one balanced, reconciled entry per fund, dated the month end', async () => {
    const res = await save([
      {
        month: 3,
        lines: [
          ['4010', '10000.00'],
          ['5010', '1250.00'],
          ['5020', '-50.00'], // a refund
          ['6010', '3000.00'],
        ],
      },
    ]);
    expect(res.body.errors).toBeUndefined();
    const posted: Entry[] = res.body.data!.saveMonthlyActuals.posted;
    expect(posted).toHaveLength(2);
    for (const e of posted) {
      expect(e).toMatchObject({ date: '2026-03-31', source: 'MONTHLY_ACTUALS', reconciled: true });
      const d = e.lines.reduce((s, l) => s + cents(l.debit), 0);
      const c = e.lines.reduce((s, l) => s + cents(l.credit), 0);
      expect(d).toBe(c);
    }
    const operating = posted.find((e) => e.lines.some((l) => l.accountId === ids['4010']))!;
    expect(operating.lines).toEqual([
      { accountId: ids['4010'], debit: '0.00', credit: '10000.00' },
      { accountId: ids['5010'], debit: '1250.00', credit: '0.00' },
      { accountId: ids['5020'], debit: '0.00', credit: '50.00' },
      { accountId: ids['1010'], debit: '8800.00', credit: '0.00' },
    ]);
    const reserve = posted.find((e) => e !== operating)!;
    expect(reserve.lines).toEqual([
      { accountId: ids['6010'], debit: '3000.00', credit: '0.00' },
      { accountId: ids['1110'], debit: '0.00', credit: '3000.00' },
    ]);
    expect(await ledgerMonth('03')).toEqual({
      '4010': 1_000_000,
      '5010': 125_000,
      '5020': -5_000,
      '6010': 300_000,
      '1010': 880_000,
      '1110': -300_000,
    });
    const months = res.body.data!.saveMonthlyActuals.actuals.months;
    expect(months[2].saved).toBe(true);
    expect(months[2].entries.map((e: { id: string }) => e.id).sort()).toEqual(
      posted.map((e) => e.id).sort(),
    );
    expect(months[1]).toMatchObject({ saved: false, entries: [] });
    await expectGridIsLedger();
  });

  it('re-saving a month posts one adjustment with only the differences, for the changed fund; the ledger holds exactly the new amounts', async () => {
    const before = await entries();
    const res = await save([
      {
        month: 3,
        lines: [
          ['5010', '1300.00'],
          ['5020', '0'],
        ],
      }, // operating changes
      { month: 4, lines: [] }, // nothing for April
    ]);
    expect(res.body.errors).toBeUndefined();
    const posted: Entry[] = res.body.data!.saveMonthlyActuals.posted;
    // One new operating entry with the two differences; nothing is reversed, the reserve is
    // untouched.
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      date: '2026-03-31',
      source: 'MONTHLY_ACTUALS',
      reconciled: true,
      reversesId: null,
    });
    expect(posted[0].lines).toEqual([
      { accountId: ids['5010'], debit: '50.00', credit: '0.00' },
      { accountId: ids['5020'], debit: '50.00', credit: '0.00' },
      { accountId: ids['1010'], debit: '0.00', credit: '100.00' },
    ]);
    expect(await ledgerMonth('03')).toEqual({
      '4010': 1_000_000,
      '5010': 130_000,
      '6010': 300_000,
      '1010': 870_000,
      '1110': -300_000,
    });
    // Nothing posted was edited or reversed: every earlier entry is still there, unchanged.
    const after = await entries();
    for (const e of before) {
      const now = after.find((x) => x.id === e.id)!;
      expect(now.lines).toEqual(e.lines);
      expect(now.reversedById).toBeNull();
    }
    expect(after).toHaveLength(before.length + 1);

    // Saving the figures the ledger holds posts nothing.
    const same = await save([
      {
        month: 3,
        lines: [
          ['5010', '1300.00'],
          ['4010', '10000.00'],
        ],
      },
    ]);
    expect(same.body.data!.saveMonthlyActuals.posted).toEqual([]);
    expect(await entries()).toHaveLength(after.length);

    // Bringing a fund's account to zero posts the opposite of what the ledger holds.
    const cleared = await save([{ month: 3, lines: [['6010', '0.00']] }]);
    const clearing: Entry[] = cleared.body.data!.saveMonthlyActuals.posted;
    expect(clearing.map((e) => [e.source, e.lines])).toEqual([
      [
        'MONTHLY_ACTUALS',
        [
          { accountId: ids['6010'], debit: '0.00', credit: '3000.00' },
          { accountId: ids['1110'], debit: '3000.00', credit: '0.00' },
        ],
      ],
    ]);
    const ledger = await ledgerMonth('03');
    expect(ledger['6010']).toBeUndefined();
    expect(ledger['1110']).toBeUndefined();
    const read = await app.gql(
      '{ monthlyActuals(year: 2026) { lines { accountId amounts total } months { month saved entries { id } } } }',
      {},
      token,
    );
    const lines = read.body.data!.monthlyActuals.lines;
    expect(lines.find((l: { accountId: string }) => l.accountId === ids['5010']).amounts[2]).toBe(
      '1300.00',
    );
    expect(lines.find((l: { accountId: string }) => l.accountId === ids['5020'])).toBeUndefined();
    // The month lists every entry it owns: the first save's two and one per later change.
    expect(read.body.data!.monthlyActuals.months[2].entries).toHaveLength(4);
    await expectGridIsLedger();
  });

  it('validates input with typed errors and refuses viewers', async () => {
    const count = (await entries()).length;
    const bad = await save([{ month: 13, lines: [] }]);
    expect(bad.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'months.0.month' }],
    });
    const asset = await save([{ month: 5, lines: [['1010', '5.00']] }]);
    expect(asset.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'months.0.lines.0.accountId' }],
    });
    const twice = await save([
      {
        month: 5,
        lines: [
          ['5010', '5.00'],
          ['5010', '6.00'],
        ],
      },
    ]);
    expect(twice.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const unknown = await save([
      { month: 5, lines: [['0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', '5.00']] },
    ]);
    expect(unknown.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const viewer = await save([{ month: 5, lines: [['5010', '5.00']] }], viewerToken);
    expect(viewer.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await entries()).toHaveLength(count);
  });
  // January showed blank although a manual entry had posted landscaping and insurance there, and
  // saving the figures posted them a second time.
  it("shows the ledger's figures and posts only the difference against the chosen cash account", async () => {
    const SET = `mutation ($f: FundType!, $a: ID!) { setActualsCashAccount(fundType: $f, accountId: $a) { number } }`;
    await t.ok(SET, { f: 'OPERATING', a: ids['1000'] });
    const manual = await t.post(
      '2026-01-10',
      [
        [ids['5010'], '1200.00', null],
        [ids['5030'], '800.00', null],
        [ids['1010'], null, '2000.00'],
      ],
      { memo: 'Landscaping and insurance' },
    );
    expect(await cell('5010', 1)).toEqual(['1200.00', '0.00', '1200.00']);
    expect(await cell('5030', 1)).toEqual(['800.00', '0.00', '800.00']);
    expect((await grid()).cashAccounts[0]).toMatchObject({ number: '1000', isDefault: false });
    const trial = async () =>
      (
        await t.ok(
          `{ trialBalance(asOf: "2026-01-31") { rows { accountId debitBalance creditBalance } } }`,
        )
      ).trialBalance.rows.find((r: { accountId: string }) => r.accountId === ids['5010']);

    // 1,500: exactly one posting of the 300 difference, against the chosen cash account.
    const up = await save([{ month: 1, lines: [['5010', '1500.00']] }]);
    expect(up.body.errors).toBeUndefined();
    const upPosted: Entry[] = up.body.data!.saveMonthlyActuals.posted;
    expect(upPosted).toHaveLength(1);
    expect(upPosted[0]).toMatchObject({
      date: '2026-01-31',
      source: 'MONTHLY_ACTUALS',
      reconciled: true,
      reversesId: null,
    });
    expect(upPosted[0].lines).toEqual([
      { accountId: ids['5010'], debit: '300.00', credit: '0.00' },
      { accountId: ids['1000'], debit: '0.00', credit: '300.00' },
    ]);
    expect(await trial()).toMatchObject({ debitBalance: '1500.00', creditBalance: '0.00' });
    expect(await cell('5010', 1)).toEqual(['1500.00', '300.00', '1200.00']);
    expect(await cell('5030', 1)).toEqual(['800.00', '0.00', '800.00']);
    expect(await ledgerMonth('01')).toEqual({
      '5010': 150_000,
      '5030': 80_000,
      '1010': -200_000,
      '1000': -30_000,
    });

    // Back to 1,200: the 300 comes back out; the manual entry stands.
    const down = await save([{ month: 1, lines: [['5010', '1200.00']] }]);
    expect(down.body.data!.saveMonthlyActuals.posted.map((e: Entry) => e.lines)).toEqual([
      [
        { accountId: ids['5010'], debit: '0.00', credit: '300.00' },
        { accountId: ids['1000'], debit: '300.00', credit: '0.00' },
      ],
    ]);
    expect(await trial()).toMatchObject({ debitBalance: '1200.00', creditBalance: '0.00' });
    expect(await cell('5010', 1)).toEqual(['1200.00', '0.00', '1200.00']);

    // An entry from elsewhere posted after the save shows up; its reversal takes it out again.
    const later = await t.post('2026-01-20', [
      [ids['5010'], '100.00', null],
      [ids['1010'], null, '100.00'],
    ]);
    expect(await cell('5010', 1)).toEqual(['1300.00', '0.00', '1300.00']);
    const same = await save([{ month: 1, lines: [['5010', '1300.00']] }]);
    expect(same.body.data!.saveMonthlyActuals.posted).toEqual([]);
    await t.ok(`mutation ($id: ID!) { reverseJournalEntry(id: $id, date: "2026-01-25") { id } }`, {
      id: later,
    });
    expect(await cell('5010', 1)).toEqual(['1200.00', '0.00', '1200.00']);

    // Income on its natural side (credit − debit), changed in the same save as an expense.
    await t.post('2026-01-05', [
      [ids['1010'], '5000.00', null],
      [ids['4010'], null, '5000.00'],
    ]);
    expect(await cell('4010', 1)).toEqual(['5000.00', '0.00', '5000.00']);
    const both = await save([
      {
        month: 1,
        lines: [
          ['4010', '5200.00'],
          ['5030', '750.00'],
        ],
      },
    ]);
    expect(both.body.data!.saveMonthlyActuals.posted.map((e: Entry) => e.lines)).toEqual([
      [
        { accountId: ids['4010'], debit: '0.00', credit: '200.00' },
        { accountId: ids['5030'], debit: '0.00', credit: '50.00' },
        { accountId: ids['1000'], debit: '250.00', credit: '0.00' },
      ],
    ]);
    expect(await cell('4010', 1)).toEqual(['5200.00', '200.00', '5000.00']);
    expect(await cell('5030', 1)).toEqual(['750.00', '-50.00', '800.00']);
    const january = (await grid()).months[0];
    expect(january.saved).toBe(true);
    expect(january.entries).toHaveLength(3);
    expect(january.entries.map((e) => e.id)).not.toContain(manual);
    await expectGridIsLedger();
    await t.ok(SET, { f: 'OPERATING', a: ids['1010'] });
  });

  it('never offers or accepts a control account as the cash account', async () => {
    const receivable = await t.receivableAccount();
    // An entry crossing funds makes the ledger create (and keep) its interfund accounts.
    const crossing = await t.post('2025-06-01', [
      [ids['6010'], '10.00', null],
      [ids['1010'], null, '10.00'],
    ]);
    const entry = (
      await t.ok(`query ($id: ID!) { journalEntry(id: $id) { lines { accountId } } }`, {
        id: crossing,
      })
    ).journalEntry;
    const interfund: string[] = entry.lines
      .map((l: { accountId: string }) => l.accountId)
      .filter((id: string) => !Object.values(ids).includes(id));
    expect(interfund).toHaveLength(2);
    const balances = (
      await t.ok(`{ accountBalances(asOf: "2025-12-31") { accountId type fundType } }`)
    ).accountBalances as { accountId: string; type: string; fundType: string }[];
    const dueFromReserve = balances.find(
      (b) => interfund.includes(b.accountId) && b.fundType === 'OPERATING',
    )!;
    const dueToOperating = balances.find(
      (b) => interfund.includes(b.accountId) && b.fundType === 'RESERVE',
    )!;
    expect(dueFromReserve.type).toBe('ASSET');

    const listed = (await t.ok('{ actualsCashAccounts { fundType candidateIds } }'))
      .actualsCashAccounts;
    expect(listed).toEqual([
      { fundType: 'OPERATING', candidateIds: [ids['1000'], ids['1010']] },
      { fundType: 'RESERVE', candidateIds: [ids['1110']] },
    ]);

    const SET = `mutation ($f: FundType!, $a: ID!) { setActualsCashAccount(fundType: $f, accountId: $a) { number } }`;
    const refused = async (f: string, a: string, says: string) => {
      const res = await t.gql(SET, { f, a });
      expect(res.body.errors?.[0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        details: [{ field: 'accountId' }],
      });
      expect(res.body.errors?.[0].message).toContain(says);
    };
    await refused('OPERATING', receivable, 'is kept by invoices and payments');
    await refused('OPERATING', dueFromReserve.accountId, 'is kept by the ledger');
    await refused('RESERVE', dueToOperating.accountId, 'is kept by the ledger');
    expect((await grid()).cashAccounts.map((c) => c.number)).toEqual(['1010', '1110']);
  });
});
