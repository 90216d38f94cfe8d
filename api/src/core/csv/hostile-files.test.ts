/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabase } from '../../db/connection.js';
import { checkLedger, ledgerCheckPasses } from '../../modules/journal/ledger-check.service.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

// The hostile set: the same files, written the ways other programs write them, fed to every CSV
// import (budget, journal, units, opening balances, reserve components, chart of accounts), and
// the books read back.
// A file either lands exactly (every amount to the cent, every row, no row run into another) or
// is refused with its row and column and nothing written.
//
// "Excel's exports", concretely (each a variant below, named in the test):
// - "CSV UTF-8": a BOM, CRLF between rows, a line break typed in a cell (Alt+Enter) as a bare LF
//   inside quotes, and amounts as the cells show them ("$1,234.56", "($120.00)", "$ -" for zero);
// - "CSV" in a German locale: Windows-1252, ";" between cells, "1.234,56 €";
// - "Unicode text": UTF-16LE with a BOM, tabs between cells, "1 234,56" with no-break spaces;
// - "CSV" with Excel's "sep=;" line first, and the classic Mac's CR-only line ends.
// And the file that started this: a header ending in CRLF over rows ending in LF (and one in CR).

// Text (a "\n" in it is the variant's in-cell line break), an amount written the variant's way,
// or a cell written exactly as given (and never quoted when `bare`).
type Cell = string | { cents: number } | { raw: string; bare?: boolean };
type Table = Cell[][];

interface Variant {
  name: string;
  delimiter: string;
  // The line end after line i (0 is the header).
  eol: (i: number) => string;
  // A line break typed inside a cell.
  cellBreak: string;
  amount: (cents: number) => string;
  encode: (text: string) => Buffer;
  first?: string;
}

const digits = (cents: number) => {
  const abs = Math.abs(cents);
  return { whole: String(Math.trunc(abs / 100)), cents: String(abs % 100).padStart(2, '0') };
};
const group = (whole: string, sep: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep);

const utf8 = (text: string) => Buffer.from(text, 'utf8');
// Windows-1252: Latin-1 plus its own letters in 0x80–0x9F (only the euro sign is used here).
const cp1252 = (text: string) =>
  Buffer.from(
    [...text].map((c) => {
      if (c === '€') return 0x80;
      const code = c.charCodeAt(0);
      if (code > 0xff) throw new Error(`${c} is not Windows-1252`);
      return code;
    }),
  );

const VARIANTS: Variant[] = [
  {
    name: 'mixed line ends: header CRLF, rows LF, one row CR (UTF-8, ",", plain amounts)',
    delimiter: ',',
    eol: (i) => (i === 0 ? '\r\n' : i === 2 ? '\r' : '\n'),
    cellBreak: '\r\n',
    amount: (c) => `${c < 0 ? '-' : ''}${digits(c).whole}.${digits(c).cents}`,
    encode: utf8,
  },
  {
    name: 'Excel "CSV UTF-8": BOM, CRLF, Alt+Enter LF in quoted cells, "$1,234.56", "($120.00)", "$ -"',
    delimiter: ',',
    eol: () => '\r\n',
    cellBreak: '\n',
    amount: (c) => {
      if (c === 0) return ' $ -   ';
      const d = digits(c);
      const shown = `$${group(d.whole, ',')}.${d.cents}`;
      return c < 0 ? `(${shown})` : shown;
    },
    encode: (text) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(text)]),
  },
  {
    name: 'Excel "CSV" in a German locale: Windows-1252, ";", "1.234,56 €", "-120,00 €"',
    delimiter: ';',
    eol: () => '\r\n',
    cellBreak: '\n',
    amount: (c) =>
      c === 0 ? '' : `${c < 0 ? '-' : ''}${group(digits(c).whole, '.')},${digits(c).cents} €`,
    encode: cp1252,
  },
  {
    name: 'Excel "Unicode text": UTF-16LE with a BOM, tabs, CRLF, "1 234,56" with no-break spaces',
    delimiter: '\t',
    eol: () => '\r\n',
    cellBreak: '\n',
    amount: (c) =>
      c === 0 ? '' : `${c < 0 ? '-' : ''}${group(digits(c).whole, '\u00a0')},${digits(c).cents}`,
    encode: (text) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
  },
  {
    name: 'Excel\'s "sep=;" line first, LF, decimal comma "1234,56"',
    delimiter: ';',
    eol: () => '\n',
    cellBreak: '\n',
    amount: (c) => (c === 0 ? '' : `${c < 0 ? '-' : ''}${digits(c).whole},${digits(c).cents}`),
    encode: utf8,
    first: 'sep=;\n',
  },
  {
    name: 'classic Mac: CR line ends only, "1,234.56" quoted, trailing minus "120.00-"',
    delimiter: ',',
    eol: () => '\r',
    cellBreak: '\r',
    amount: (c) =>
      c === 0 ? '0' : `${group(digits(c).whole, ',')}.${digits(c).cents}${c < 0 ? '-' : ''}`,
    encode: utf8,
  },
];

// The plain file the bad amounts are written in, so that only the amount is hostile.
const PLAIN: Variant = {
  name: 'plain',
  delimiter: ',',
  eol: () => '\n',
  cellBreak: '\n',
  amount: (c) => `${c < 0 ? '-' : ''}${digits(c).whole}.${digits(c).cents}`,
  encode: utf8,
};

// A table as the variant writes it: cells holding the delimiter, a quote or a line break quoted.
function write(v: Variant, table: Table): Buffer {
  const cell = (c: Cell) => {
    const text =
      typeof c === 'string'
        ? c.replaceAll('\n', v.cellBreak)
        : 'raw' in c
          ? c.raw
          : v.amount(c.cents);
    if (typeof c === 'object' && 'bare' in c) return text;
    return /["\r\n]/.test(text) || text.includes(v.delimiter)
      ? `"${text.replaceAll('"', '""')}"`
      : text;
  };
  const lines = table.map((row, i) => row.map(cell).join(v.delimiter) + v.eol(i));
  return v.encode((v.first ?? '') + lines.join(''));
}

const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}${digits(cents).whole}.${digits(cents).cents}`;

// The amounts of the set: a large one with every separator in play, a negative, and cents.
const BIG = 123_456_789; // 1,234,567.89
const MID = 123_456; // 1,234.56
const NOTE = 'Replaced in 2019\nafter the hail storm';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// Amount cells that must never pass: each is refused with its row and column, nothing written.
const BAD_AMOUNTS = [
  '100\n4050', // a line break inside a quoted amount (the bug: read as 1,004,050.00)
  '100\r\n4050',
  '12x',
  '1.2.3',
  '1,23,4',
  '1.234', // three decimals or a thousands separator: refused, never guessed
  '12.345',
  '1.23E+05', // scientific notation loses cents
  '$12$',
  '12USD5',
  '--5',
  '(5',
  '(-5)',
  '12 34',
  "1'2'3",
  '0x1F',
  'NaN',
  '#VALUE!',
  '99999999999999.00', // above the largest amount
];

// What parseAmount says of a cell it refuses.
const AMOUNT_PROBLEM = /is not an amount|use at most two decimals|scientific notation|is too large/;

// An amount with a "," left unquoted in a "," file: every cell after it would move one column.
const SHIFTED: Cell = { raw: '1,234.56', bare: true };
const shiftRefused = (res: { errors?: any[] }, field: string) => {
  expect(res.errors?.[0].extensions).toEqual({
    code: 'BAD_USER_INPUT',
    details: [{ field, message: expect.stringMatching(/past the header's last column/) }],
  });
};

describe('the hostile set, fed to every CSV import', () => {
  let app: TestApp;
  let t: Tenant;
  const ids: Record<string, string> = {};

  async function upload(mutation: string, bytes: Buffer) {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query: mutation, variables: { file: null } }));
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), 'file.csv');
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.admin}`, 'apollo-require-preflight': 'true' },
      body: form,
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { data?: any; errors?: any[] };
  }

  const books = async () => {
    const check = await checkLedger(withDatabase(app.services.clusterUrl('default'), t.org.dbName));
    expect(
      ledgerCheckPasses(check),
      JSON.stringify(check, (_, v) => (typeof v === 'bigint' ? String(v) : v)),
    ).toBe(true);
    return check;
  };
  const balances = async () =>
    Object.fromEntries(
      (
        await t.ok('{ accountBalances(asOf: "2030-12-31") { number balance } }')
      ).accountBalances.map((b: any) => [b.number, b.balance]),
    ) as Record<string, string>;
  const entryCount = async () =>
    (await t.ok('{ journalEntries { totalCount } }')).journalEntries.totalCount as number;
  const units = async () =>
    (
      await t.ok(
        '{ units(first: 200) { edges { node { id number address ownerName balanceDue credit } } } }',
      )
    ).units.edges.map((e: any) => e.node) as any[];
  const components = async () =>
    (await t.ok('{ reserveComponents { name currentReplacementCost notes } }'))
      .reserveComponents as any[];
  const budget = async () =>
    (await t.ok('{ budget(year: 2026) { totalIncome totalExpense lines { accountId amounts } } }'))
      .budget;

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Hostile Files HOA');
    ids.cash = await t.account('1010', 'ASSET', { name: 'Operating Checking' });
    ids.reserveCash = await t.account('1510', 'ASSET', {
      name: 'Reserve Savings',
      fundType: 'RESERVE',
    });
    ids.income = await t.account('4010', 'INCOME', { name: 'Assessments' });
    ids.expense = await t.account('5010', 'EXPENSE', { name: 'Landscaping' });
    ids.house = await t.propertyType('Single family');
    ids.group = await t.group({
      name: 'Monthly dues',
      isDefault: true,
      regularIncomeAccountId: ids.income,
      rates: [{ propertyTypeId: ids.house, regular: '250.00' }],
    });
  });
  afterAll(() => app.close());

  describe('budget', () => {
    const IMPORT = `mutation ($file: Upload!) { importBudget(year: 2026, file: $file) { committed } }`;
    const table = (jan: Cell = { cents: MID }): Table => [
      ['Account number', 'Account name', ...MONTHS],
      ['4010', 'Assessments', { cents: BIG }, ...Array(11).fill({ cents: MID })],
      [
        '5010',
        `Landscaping${'\n'}and mowing`,
        jan,
        { cents: -1250 },
        ...Array(10).fill({ cents: 0 }),
      ],
    ];

    it.each(VARIANTS)('reads every amount to the cent: $name', async (v) => {
      const res = await upload(IMPORT, write(v, table()));
      expect(res.errors).toBeUndefined();
      expect(res.data.importBudget.committed).toBe(true);
      const b = await budget();
      const line = (id: string) => b.lines.find((l: any) => l.accountId === id)?.amounts;
      expect(line(ids.income)).toEqual([money(BIG), ...Array(11).fill(money(MID))]);
      expect(line(ids.expense)).toEqual([money(MID), money(-1250), ...Array(10).fill('0.00')]);
      expect(b.totalIncome).toBe('1248148.05'); // 1,234,567.89 + 11 × 1,234.56
      expect(b.totalExpense).toBe('1222.06');
    });

    it('refuses a row whose cells an unquoted "1,234.56" would shift, writing nothing', async () => {
      const before = await budget();
      shiftRefused(await upload(IMPORT, write(PLAIN, table(SHIFTED))), 'rows.3.O');
      expect(await budget()).toEqual(before);
    });

    it.each(BAD_AMOUNTS)(
      'refuses the amount %j with its row and column, writing nothing',
      async (bad) => {
        const before = await budget();
        const res = await upload(IMPORT, write(PLAIN, table({ raw: bad })));
        expect(res.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
        expect(res.errors?.[0].extensions.details).toContainEqual({
          field: 'rows.3',
          message: expect.stringMatching(new RegExp(`^Row 3, Jan: .*(${AMOUNT_PROBLEM.source})`)),
        });
        expect(await budget()).toEqual(before);
      },
    );
  });

  describe('journal', () => {
    const IMPORT = `mutation ($file: Upload!) { importJournalEntries(file: $file) {
      committed entryCount totalDebit errors { row field message } } }`;
    // Each variant a month of its own, so its entries are the newest when it is checked.
    const month = (n: number) => `2026-0${(n % 9) + 1}`;
    const table = (n: number, debit: Cell = { cents: MID }): Table => [
      ['date', 'reference', 'account', 'debit', 'credit', 'memo'],
      [`${month(n)}-05`, `V${n}-1`, '5010', debit, '', `Mowing${'\n'}March`],
      [`${month(n)}-05`, `V${n}-1`, '1010', '', { cents: MID }, `Mowing${'\n'}March`],
      [`${month(n)}-06`, `V${n}-2`, '1010', { cents: BIG }, '', 'Dues, "lump sum"'],
      [`${month(n)}-06`, `V${n}-2`, '4010', '', { cents: BIG }, 'Dues, "lump sum"'],
    ];

    it.each(VARIANTS.map((v, n) => ({ ...v, n })))(
      'posts every line to the cent: $name',
      async (v) => {
        const before = await balances();
        const res = await upload(IMPORT, write(v, table(v.n)));
        expect(res.errors).toBeUndefined();
        expect(res.data.importJournalEntries).toEqual({
          committed: true,
          entryCount: 2,
          totalDebit: '1235802.45', // 1,234.56 + 1,234,567.89
          errors: [],
        });
        const after = await balances();
        const moved = (n: string) =>
          (
            (BigInt(after[n].replace('.', '')) -
              BigInt((before[n] ?? '0.00').replace('.', ''))) as bigint
          ).toString();
        expect([moved('1010'), moved('4010'), moved('5010')]).toEqual([
          String(BIG - MID),
          String(BIG),
          String(MID),
        ]);
        const entries = await t.ok(`{ journalEntries(first: 2) { edges { node { memo } } } }`);
        expect(entries.journalEntries.edges.map((e: any) => e.node.memo).sort()).toEqual([
          'Dues, "lump sum"',
          'Mowing\nMarch',
        ]);
        await books();
      },
    );

    it('refuses a row whose cells an unquoted "1,234.56" would shift, posting nothing', async () => {
      const before = await entryCount();
      shiftRefused(await upload(IMPORT, write(PLAIN, table(98, SHIFTED))), 'rows.2.G');
      expect(await entryCount()).toBe(before);
    });

    it.each(BAD_AMOUNTS)(
      'refuses the amount %j with its row and column, posting nothing',
      async (bad) => {
        const before = await entryCount();
        const res = await upload(IMPORT, write(PLAIN, table(99, { raw: bad })));
        expect(res.errors).toBeUndefined();
        expect(res.data.importJournalEntries.committed).toBe(false);
        expect(res.data.importJournalEntries.errors).toContainEqual({
          row: 2,
          field: 'debit',
          message: expect.stringMatching(AMOUNT_PROBLEM),
        });
        expect(await entryCount()).toBe(before);
      },
    );
  });

  describe('units', () => {
    const IMPORT = `mutation ($file: Upload!) { importUnits(file: $file) { created errors { row field message } } }`;
    const table = (n: number): Table => [
      ['unit_number', 'address', 'owner_name', 'property_type'],
      [`U${n}-1`, `12 Maple Ridge Dr${'\n'}Unit B`, 'Zoë Núñez', 'Single family'],
      [`U${n}-2`, '14 Maple Ridge Dr', 'Lee; Jordan, "JJ"', 'single family'],
      [`U${n}-3`, '', 'Ann Bell', 'Single family'],
    ];

    it.each(VARIANTS.map((v, n) => ({ ...v, n })))(
      'creates every row as it is written: $name',
      async (v) => {
        const res = await upload(IMPORT, write(v, table(v.n)));
        expect(res.errors).toBeUndefined();
        expect(res.data.importUnits).toEqual({ created: 3, errors: [] });
        const mine = (await units())
          .filter((u) => u.number.startsWith(`U${v.n}-`))
          .sort((a, b) => a.number.localeCompare(b.number));
        expect(mine.map((u) => [u.number, u.address, u.ownerName])).toEqual([
          [`U${v.n}-1`, '12 Maple Ridge Dr\nUnit B', 'Zoë Núñez'],
          [`U${v.n}-2`, '14 Maple Ridge Dr', 'Lee; Jordan, "JJ"'],
          [`U${v.n}-3`, null, 'Ann Bell'],
        ]);
      },
    );
  });

  describe('opening balances', () => {
    const IMPORT = `mutation ($file: Upload!) { importOpeningBalances(file: $file) { created errors { row field message } } }`;
    const table = (n: number, owed: Cell = { cents: MID }): Table => [
      ['unit_number', 'amount', 'date', 'memo'],
      [`O${n}-1`, owed, '2026-01-01', `Carried over${'\n'}from the old system`],
      [`O${n}-2`, { cents: -12_000 }, '2026-01-01', 'Prepaid January'],
      [`O${n}-3`, { cents: BIG }, '2026-01-01', ''],
    ];
    const unitsOf = async (n: number) => {
      const all = await units();
      return [1, 2, 3].map((i) => all.find((u) => u.number === `O${n}-${i}`));
    };
    const ensureUnits = async (n: number) => {
      for (const i of [1, 2, 3]) {
        if (!(await units()).some((u) => u.number === `O${n}-${i}`)) {
          await t.unit(`O${n}-${i}`, { groupId: ids.group, propertyTypeId: ids.house });
        }
      }
    };

    it.each(VARIANTS.map((v, n) => ({ ...v, n })))(
      'enters every balance to the cent: $name',
      async (v) => {
        await ensureUnits(v.n);
        const res = await upload(IMPORT, write(v, table(v.n)));
        expect(res.errors).toBeUndefined();
        expect(res.data.importOpeningBalances).toEqual({ created: 3, errors: [] });
        expect((await unitsOf(v.n)).map((u) => [u.balanceDue, u.credit])).toEqual([
          [money(MID), '0.00'],
          ['0.00', '120.00'],
          [money(BIG), '0.00'],
        ]);
        await books();
      },
    );

    it('refuses a row whose cells an unquoted "1,234.56" would shift, entering nothing', async () => {
      await ensureUnits(98);
      shiftRefused(await upload(IMPORT, write(PLAIN, table(98, SHIFTED))), 'rows.2.E');
      expect((await unitsOf(98)).map((u) => [u.balanceDue, u.credit])).toEqual(
        Array(3).fill(['0.00', '0.00']),
      );
    });

    // Each bad amount on units of its own, so one that slipped through spoils no other case.
    it.each(BAD_AMOUNTS.map((bad, i) => ({ bad, n: 100 + i })))(
      'refuses the amount $bad with its row and column, entering nothing',
      async ({ bad, n }) => {
        await ensureUnits(n);
        const res = await upload(IMPORT, write(PLAIN, table(n, { raw: bad })));
        expect(res.errors).toBeUndefined();
        expect(res.data.importOpeningBalances.created).toBe(0);
        expect(res.data.importOpeningBalances.errors).toContainEqual({
          row: 2,
          field: 'amount',
          message: expect.stringMatching(AMOUNT_PROBLEM),
        });
        expect((await unitsOf(n)).map((u) => [u.balanceDue, u.credit])).toEqual(
          Array(3).fill(['0.00', '0.00']),
        );
        await books();
      },
    );
  });

  describe('reserve components', () => {
    const IMPORT = `mutation ($file: Upload!) { importReserveComponents(file: $file) { created errors { row field message } } }`;
    const table = (n: number, cost: Cell = { cents: 4_875_000 }): Table => [
      [
        'name',
        'category',
        'useful_life_years',
        'remaining_life_years',
        'current_replacement_cost',
        'reserve_account',
        'notes',
      ],
      [`R${n} Clubhouse roof`, 'roofing', '25', '18', cost, '1510', NOTE],
      [`R${n} Street overlay`, 'paving', '25', '10', { cents: BIG }, '1510', ''],
    ];

    it.each(VARIANTS.map((v, n) => ({ ...v, n })))(
      'records every cost to the cent: $name',
      async (v) => {
        const res = await upload(IMPORT, write(v, table(v.n)));
        expect(res.errors).toBeUndefined();
        expect(res.data.importReserveComponents).toEqual({ created: 2, errors: [] });
        const mine = (await components())
          .filter((c) => c.name.startsWith(`R${v.n} `))
          .sort((a, b) => a.name.localeCompare(b.name));
        expect(mine.map((c) => [c.name, c.currentReplacementCost, c.notes])).toEqual([
          [`R${v.n} Clubhouse roof`, '48750.00', NOTE],
          [`R${v.n} Street overlay`, money(BIG), null],
        ]);
      },
    );

    it('refuses a row whose cells an unquoted "1,234.56" would shift, recording nothing', async () => {
      const before = await components();
      shiftRefused(await upload(IMPORT, write(PLAIN, table(98, SHIFTED))), 'rows.2.H');
      expect(await components()).toEqual(before);
    });

    it.each(BAD_AMOUNTS)(
      'refuses the amount %j with its row and column, recording nothing',
      async (bad) => {
        const before = await components();
        const res = await upload(IMPORT, write(PLAIN, table(99, { raw: bad })));
        expect(res.errors).toBeUndefined();
        expect(res.data.importReserveComponents.created).toBe(0);
        expect(res.data.importReserveComponents.errors).toContainEqual({
          row: 2,
          field: 'current_replacement_cost',
          message: expect.stringMatching(AMOUNT_PROBLEM),
        });
        expect(await components()).toEqual(before);
      },
    );
  });

  describe('chart of accounts', () => {
    const IMPORT = `mutation ($file: Upload!) { importAccounts(file: $file) { created errors { row field message } } }`;
    const table = (n: number, opening: Cell = { cents: BIG }): Table => [
      ['number', 'name', 'type', 'fund', 'opening_balance', 'opening_date', 'description'],
      [`A${n}-1`, `Savings ${n}`, 'asset', 'operating', opening, '2026-01-01', NOTE],
      [`A${n}-2`, `Deposits ${n}`, 'liability', 'operating', { cents: MID }, '2026-01-01', ''],
      [`A${n}-3`, `Repairs ${n}`, 'expense', 'reserve', { cents: 0 }, '', ''],
    ];
    const accounts = async () =>
      (await t.ok('{ accounts { number description } }')).accounts as any[];

    it.each(VARIANTS.map((v, n) => ({ ...v, n })))(
      'opens every account to the cent: $name',
      async (v) => {
        const res = await upload(IMPORT, write(v, table(v.n)));
        expect(res.errors).toBeUndefined();
        expect(res.data.importAccounts).toEqual({ created: 3, errors: [] });
        const after = await balances();
        expect([1, 2, 3].map((i) => after[`A${v.n}-${i}`] ?? '0.00')).toEqual([
          money(BIG),
          money(MID),
          '0.00',
        ]);
        expect((await accounts()).find((a) => a.number === `A${v.n}-1`).description).toBe(NOTE);
        await books();
      },
    );

    it('refuses a row whose cells an unquoted "1,234.56" would shift, opening nothing', async () => {
      const before = await accounts();
      shiftRefused(await upload(IMPORT, write(PLAIN, table(98, SHIFTED))), 'rows.2.H');
      expect(await accounts()).toEqual(before);
    });

    it.each(BAD_AMOUNTS)(
      'refuses the amount %j with its row and column, opening nothing',
      async (bad) => {
        const before = await accounts();
        const res = await upload(IMPORT, write(PLAIN, table(99, { raw: bad })));
        expect(res.errors).toBeUndefined();
        expect(res.data.importAccounts.created).toBe(0);
        expect(res.data.importAccounts.errors).toContainEqual({
          row: 2,
          field: 'opening_balance',
          message: expect.stringMatching(AMOUNT_PROBLEM),
        });
        expect(await accounts()).toEqual(before);
      },
    );
  });
});
