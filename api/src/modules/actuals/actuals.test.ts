import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { type AccountTypeName, createTenant } from '../../test/tenant.js';

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

  beforeAll(async () => {
    app = await startTestApp();
    const t = await createTenant(app, 'Actuals HOA');
    token = t.admin;
    viewerToken = t.viewer;
    for (const [number, name, type, fundType] of [
      ['1000', 'Petty Stuff', 'ASSET', 'OPERATING'],
      ['1010', 'Operating Checking', 'ASSET', 'OPERATING'],
      ['1110', 'Reserve Savings', 'ASSET', 'RESERVE'],
      ['4010', 'Assessments', 'INCOME', 'OPERATING'],
      ['5010', 'Landscaping', 'EXPENSE', 'OPERATING'],
      ['5020', 'Utilities', 'EXPENSE', 'OPERATING'],
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
  });

  it('re-saving a month reverses and reposts only the changed fund; the ledger holds exactly the new amounts', async () => {
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
    // One reversal and one new entry for the operating fund; the reserve entry is untouched.
    expect(posted.map((e) => e.source).sort()).toEqual(['MONTHLY_ACTUALS', 'REVERSAL']);
    const reversal = posted.find((e) => e.source === 'REVERSAL')!;
    expect(reversal).toMatchObject({ date: '2026-03-31', reconciled: true });
    const original = before.find((e) => e.id === reversal.reversesId)!;
    expect(original.lines.some((l) => l.accountId === ids['4010'])).toBe(true);
    expect(await ledgerMonth('03')).toEqual({
      '4010': 1_000_000,
      '5010': 130_000,
      '6010': 300_000,
      '1010': 870_000,
      '1110': -300_000,
    });
    // Nothing posted was edited: every earlier entry is still there, unchanged.
    const after = await entries();
    for (const e of before) {
      expect(after.find((x) => x.id === e.id)!.lines).toEqual(e.lines);
    }
    expect(after).toHaveLength(before.length + 2);
    expect(after.find((e) => e.id === original.id)!.reversedById).toBe(reversal.id);

    // Saving the same amounts again posts nothing.
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

    // Clearing a fund reverses its entry and posts nothing new.
    const cleared = await save([{ month: 3, lines: [['6010', '0.00']] }]);
    expect(cleared.body.data!.saveMonthlyActuals.posted.map((e: Entry) => e.source)).toEqual([
      'REVERSAL',
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
    expect(read.body.data!.monthlyActuals.months[2].entries).toHaveLength(1);
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
});
