/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { AppError } from '../errors/app-error.js';
import { decodeCsv } from './decode.js';
import { toCsv, unguardCell } from '@covenant/shared/csv';

// CSV files as they reach the imports and leave the templates: the encodings spreadsheets save in,
// characters no import may store, and the formula guard of the one CSV writer — checked through
// the real mutations and queries.

const HOSTILE = '=HYPERLINK("http://evil","pt")';
const HOSTILE_CELL = `"'=HYPERLINK(""http://evil"",""pt"")"`;

const UNITS =
  'mutation ($file: Upload!) { importUnits(file: $file) { created errors { row field message } } }';
const JOURNAL =
  'mutation ($file: Upload!) { importJournalEntries(file: $file, dryRun: false) { committed errors { row field message } } }';
const OPENING =
  'mutation ($file: Upload!) { importOpeningBalances(file: $file) { created errors { row field message } } }';
// The imports' answers with the count of the templates' sample rows they left out.
const UNITS_SAMPLES =
  'mutation ($file: Upload!) { importUnits(file: $file) { created sampleRowsSkipped errors { row field message } } }';
const OPENING_SAMPLES =
  'mutation ($file: Upload!) { importOpeningBalances(file: $file) { created sampleRowsSkipped errors { row field message } } }';
const BUDGET = `mutation ($file: Upload!) { importBudget(year: 2026, file: $file, dryRun: true) {
  committed rows { row accountNumber accountName status amounts } problems { message } } }`;

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const utf16le = (text: string) =>
  Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('not refused');
}

describe('decoding an uploaded CSV file', () => {
  it('reads UTF-8 (BOM dropped), UTF-16 with a BOM and Windows-1252', () => {
    expect(decodeCsv(Buffer.from('\uFEFFname\nCafé\n'))).toEqual({
      text: 'name\nCafé\n',
      encoding: 'UTF-8',
    });
    expect(decodeCsv(utf16le('name\tCafé\n'))).toEqual({
      text: 'name\tCafé\n',
      encoding: 'UTF-16LE',
    });
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('Noël', 'utf16le').swap16()]);
    expect(decodeCsv(be)).toEqual({ text: 'Noël', encoding: 'UTF-16BE' });
    // Windows-1252's own letters and punctuation, not only the Latin-1 ones.
    expect(
      decodeCsv(Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x35, 0x20, 0x93, 0x8a, 0x94])),
    ).toEqual({
      text: 'Café €5 “Š”',
      encoding: 'Windows-1252',
    });
    expect(decodeCsv(latin1('Größe,Ação\n')).text).toBe('Größe,Ação\n');
  });

  it('refuses what it cannot read for sure, naming the encoding', () => {
    // "Иванов" in Windows-1251 would read as "Èâàíîâ".
    const cyrillic = refusal(() => decodeCsv(Buffer.from([0xc8, 0xe2, 0xe0, 0xed, 0xee, 0xe2])));
    expect(cyrillic.code).toBe('BAD_USER_INPUT');
    expect(cyrillic.message).toMatch(/neither UTF-8 nor Windows-1252 \(Latin-1\).*CSV UTF-8/);
    expect(cyrillic.details).toEqual([{ field: 'file', message: cyrillic.message }]);
    // Part UTF-8 ("é" as two bytes), part Latin-1 (a lone 0xE9).
    const mixed = Buffer.concat([Buffer.from('Café,'), Buffer.from([0x43, 0x61, 0x66, 0xe9])]);
    expect(refusal(() => decodeCsv(mixed)).message).toMatch(/neither UTF-8 nor Windows-1252/);
    // A byte Windows-1252 leaves undefined.
    expect(refusal(() => decodeCsv(Buffer.from([0x41, 0x81, 0x42]))).message).toMatch(/neither/);
    expect(refusal(() => decodeCsv(Buffer.from('name,owner\n', 'utf16le'))).message).toMatch(
      /UTF-16 text without a byte-order mark/,
    );
    const odd = Buffer.from([0xff, 0xfe, 0x41, 0x00, 0x42]);
    expect(refusal(() => decodeCsv(odd)).message).toMatch(/not valid UTF-16/);
  });
});

describe('the CSV writer', () => {
  it('guards formulas and keeps amounts as numbers our importers read back', () => {
    expect(toCsv([[HOSTILE, '-12.50', '-1,234.56', '+1', '@SUM(A1)', 'Plain', null]])).toBe(
      `\uFEFF${HOSTILE_CELL},-12.50,"'-1,234.56",'+1,'@SUM(A1),Plain,\r\n`,
    );
    expect(unguardCell(`'${HOSTILE}`)).toBe(HOSTILE);
    // Only our guard is taken off: an apostrophe before ordinary text is the user's.
    expect(unguardCell("'t was")).toBe("'t was");
  });
});

describe('CSV imports and templates', () => {
  let app: TestApp;
  let t: Tenant;
  const ids: Record<string, string> = {};

  async function upload(query: string, bytes: Buffer | string, name = 'file.csv') {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query, variables: { file: null } }));
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append(
      '0',
      new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type: 'text/csv' }),
      name,
    );
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.admin}`, 'apollo-require-preflight': 'true' },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as { data?: any; errors?: any[] } };
  }

  const units = async () =>
    (
      await t.ok(
        '{ units(first: 200) { edges { node { number ownerName propertyType { name } assessmentGroup { name } } } } }',
      )
    ).units.edges.map((e: any) => e.node);
  const entryCount = async () =>
    (await t.ok('{ journalEntries { totalCount } }')).journalEntries.totalCount as number;

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'CSV HOA');
    ids.cash = await t.account('1010', 'ASSET', { name: 'Operating Checking' });
    ids.income = await t.account('4010', 'INCOME', { name: 'Assessments' });
    ids.expense = await t.account('5010', 'EXPENSE', { name: HOSTILE });
    ids.house = await t.propertyType('Résidence');
    ids.hostile = await t.propertyType(HOSTILE);
    ids.group = await t.group({
      name: '@Dues',
      isDefault: true,
      regularIncomeAccountId: ids.income,
      rates: [
        { propertyTypeId: ids.house, regular: '250.00' },
        { propertyTypeId: ids.hostile, regular: '150.00' },
      ],
    });
  });
  afterAll(() => app.close());

  it('imports a Latin-1 file with its accents, and Excel "Unicode text" (UTF-16, tabs)', async () => {
    const latin = await upload(
      UNITS,
      latin1('unit_number,owner_name,property_type\nL-1,Café Noël,Résidence\n'),
    );
    expect(latin.body).toEqual({ data: { importUnits: { created: 1, errors: [] } } });
    const unicode = await upload(
      UNITS,
      utf16le('unit_number\towner_name\tproperty_type\r\nU-1\tZoë Ñúñez\trésidence\r\n'),
    );
    expect(unicode.body).toEqual({ data: { importUnits: { created: 1, errors: [] } } });
    const stored = (await units()).filter((u: any) => ['L-1', 'U-1'].includes(u.number));
    expect(stored).toEqual([
      {
        number: 'L-1',
        ownerName: 'Café Noël',
        propertyType: { name: 'Résidence' },
        assessmentGroup: { name: '@Dues' },
      },
      {
        number: 'U-1',
        ownerName: 'Zoë Ñúñez',
        propertyType: { name: 'Résidence' },
        assessmentGroup: { name: '@Dues' },
      },
    ]);
    expect(JSON.stringify(await units())).not.toContain('\uFFFD');
  });

  it('refuses a file in an encoding it cannot read, writing nothing', async () => {
    const before = await units();
    const res = await upload(
      UNITS,
      Buffer.concat([
        Buffer.from('unit_number,owner_name,property_type\nR-1,'),
        Buffer.from([0xc8, 0xe2, 0xe0, 0xed, 0xee, 0xe2]),
        Buffer.from(',Résidence\n', 'latin1'),
      ]),
    );
    expect(res.body.data).toBeNull();
    expect(res.body.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(res.body.errors?.[0].message).toMatch(/neither UTF-8 nor Windows-1252/);
    expect(await units()).toEqual(before);
  });

  it('names the rows a spreadsheet shows, blank lines and multi-line cells counted', async () => {
    // Row 1 header, 2 blank, 3 a good unit, 4 a unit of no known property type, 5 blank,
    // 6 a cell over two lines (one row), 7 a control character.
    const file = [
      'unit_number,owner_name,property_type',
      '',
      'B-1,Ann,Résidence',
      'B-2,Bea,Castle',
      '',
      'B-3,"Cy',
      'and Di",Résidence',
    ].join('\r\n');
    const bad = await upload(UNITS, `${file}\r\nB-4,E\u0007d,Résidence\r\n`);
    expect(bad.body.errors?.[0].extensions.details).toEqual([
      { field: 'rows.7.B', message: expect.stringMatching(/^Row 7, column B \(owner_name\)/) },
    ]);
    const res = await upload(UNITS, `${file}\r\n`);
    expect(res.body.data.importUnits).toMatchObject({
      created: 0,
      errors: [{ row: 4, field: 'property_type' }],
    });
  });

  it('refuses control characters and U+FFFD in cells with their row and column, writing nothing', async () => {
    const before = await units();
    const logged = app.loggedErrors.length;
    const nul = await upload(
      UNITS,
      'unit_number,owner_name,property_type\nN-1,Ann,Résidence\nN-2,Bea\u0000trice,Résidence\n',
    );
    expect(nul.status).toBe(200);
    expect(nul.body.data).toBeNull();
    expect(nul.body.errors?.[0]).toMatchObject({
      message:
        'Row 3, column B (owner_name): contains the control character U+0000, which cannot be imported; remove it. Nothing was imported.',
      extensions: {
        code: 'BAD_USER_INPUT',
        details: [
          {
            field: 'rows.3.B',
            message:
              'Row 3, column B (owner_name): contains the control character U+0000, which cannot be imported; remove it',
          },
        ],
      },
    });
    const lost = await upload(
      UNITS,
      'unit_number,owner_name,property_type\nN-1,Caf\uFFFD,Résidence\n',
    );
    expect(lost.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [
        {
          field: 'rows.2.B',
          message: expect.stringMatching(/^Row 2, column B \(owner_name\): contains .*U\+FFFD/),
        },
      ],
    });
    // Tabs and line breaks inside a quoted cell are ordinary text.
    const fine = await upload(
      UNITS,
      'unit_number,owner_name,property_type\nN-3,"Ann\tand\r\nBea",Résidence\n',
    );
    expect(fine.body.data.importUnits).toEqual({ created: 1, errors: [] });
    expect((await units()).length).toBe(before.length + 1);
    expect(app.loggedErrors.length).toBe(logged);

    // The journal import: every bad cell named, nothing posted.
    const entries = await entryCount();
    const journal = await upload(
      JOURNAL,
      [
        'date,reference,account,debit,credit,memo',
        '2026-01-05,GJ-1,5010,10.00,,Mowing\u001b[2J',
        '2026-01-05,GJ-1,1010,,10.00,Mowing\u0000',
      ].join('\n'),
    );
    expect(journal.body.data).toBeNull();
    expect(journal.body.errors?.[0].message).toMatch(/^2 cells of the file hold characters/);
    expect(journal.body.errors?.[0].extensions.details).toEqual([
      {
        field: 'rows.2.F',
        message:
          'Row 2, column F (memo): contains the control character U+001B, which cannot be imported; remove it',
      },
      {
        field: 'rows.3.F',
        message:
          'Row 3, column F (memo): contains the control character U+0000, which cannot be imported; remove it',
      },
    ]);
    expect(await entryCount()).toBe(entries);

    const opening = await upload(
      OPENING,
      'unit_number,amount,date,memo\nN-1,10.00,2026-01-01,Bell\u0007\n',
    );
    expect(opening.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [
        {
          field: 'rows.2.D',
          message: expect.stringMatching(/^Row 2, column D \(memo\): .*U\+0007/),
        },
      ],
    });

    // Budgets: a dry run is refused as well, DEL counts as a control character.
    const budget = await upload(
      BUDGET,
      `Account number,Account name,Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec\n\n4010,Dues\u007f,1,,,,,,,,,,,\n`,
    );
    expect(budget.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [
        {
          field: 'rows.3.B',
          message: expect.stringMatching(/^Row 3, column B \(Account name\): .*U\+007F/),
        },
      ],
    });
    expect(app.loggedErrors.length).toBe(logged);
  });

  it('guards names in the templates, and the imports read the templates back', async () => {
    const unitTemplate = (await t.ok('{ unitImportTemplate }')).unitImportTemplate as string;
    expect(unitTemplate).toBe(
      '\uFEFFunit_number,address,owner_name,email,phone,property_type,assessment_group\r\n' +
        `# example: 101,12 Maple Ridge Dr,Jordan Lee,jordan@example.com,555-0100,${HOSTILE_CELL},'@Dues\r\n`,
    );
    // The example row, once the treasurer has made it a real one (the mark taken off).
    const unitRow = unitTemplate.replace('# example: 101', '101');
    expect((await upload(UNITS, unitRow)).body.data.importUnits).toEqual({
      created: 1,
      errors: [],
    });
    expect((await units()).find((u: any) => u.number === '101')).toMatchObject({
      propertyType: { name: HOSTILE },
      assessmentGroup: { name: '@Dues' },
    });

    // A budget with a credit (negative) month: amounts leave as plain decimals, never guarded.
    const amounts = ['-12.50', ...Array(10).fill('0.00'), '1234.56'];
    await t.ok('mutation ($input: SaveBudgetInput!) { saveBudget(input: $input) { id } }', {
      input: { year: 2026, lines: [{ accountId: ids.expense, amounts }] },
    });
    const budgetTemplate = (await t.ok('{ budgetTemplate(year: 2026) }')).budgetTemplate as string;
    expect(budgetTemplate.split('\r\n').slice(1)).toEqual([
      '4010,Assessments,,,,,,,,,,,,',
      `5010,${HOSTILE_CELL},-12.50,,,,,,,,,,,1234.56`,
      '',
    ]);
    const dry = await upload(BUDGET, budgetTemplate);
    expect(dry.body.errors).toBeUndefined();
    expect(dry.body.data.importBudget.problems).toEqual([]);
    expect(dry.body.data.importBudget.rows[1]).toEqual({
      row: 3,
      accountNumber: '5010',
      accountName: HOSTILE,
      status: 'MATCHED',
      amounts,
    });

    const openingTemplate = (await t.ok('{ openingBalanceImportTemplate }'))
      .openingBalanceImportTemplate as string;
    expect(openingTemplate).toBe(
      '\uFEFFunit_number,amount,date,memo\r\n' +
        '# example: 101,450.00,2026-01-01,Balance carried over\r\n' +
        '# example: 102,-120.00,2026-01-01,Prepaid January\r\n',
    );
    await t.unit('102', { groupId: ids.group, propertyTypeId: ids.house });
    const openingRows = openingTemplate.replaceAll('# example: ', '');
    expect((await upload(OPENING, openingRows)).body.data.importOpeningBalances).toEqual({
      created: 2,
      errors: [],
    });
  });

  it('skips the sample rows of every template, so a template left as it is imports nothing', async () => {
    const before = await units();
    const unitTemplate = (await t.ok('{ unitImportTemplate }')).unitImportTemplate as string;
    // Unit 101 of the example is never created, whatever the books hold.
    expect((await upload(UNITS_SAMPLES, unitTemplate)).body.data.importUnits).toEqual({
      created: 0,
      sampleRowsSkipped: 1,
      errors: [
        {
          row: 2,
          field: null,
          message:
            'The file holds only a sample row (first cell "# example…"), and sample rows are never imported. Add your own rows under the header.',
        },
      ],
    });
    expect(await units()).toEqual(before);
    // The sample left in above the treasurer's rows: only the real rows come in. A spreadsheet
    // may write the mark in its own case and quote it; "#12" is a real unit number, not a mark.
    const filled = `${unitTemplate}"# Example: 7",,,,,Résidence,\r\nS-1,,Ann,,,Résidence,\r\n#12,,Bo,,,Résidence,\r\n`;
    expect((await upload(UNITS_SAMPLES, filled)).body.data.importUnits).toEqual({
      created: 2,
      sampleRowsSkipped: 2,
      errors: [],
    });
    const after = (await units()).map((u: any) => u.number);
    expect(after).toHaveLength(before.length + 2);
    expect(after).toEqual(expect.arrayContaining(['#12', 'S-1']));
    // Row numbers stay the spreadsheet's: the sample rows still count.
    const wrong = `${unitTemplate}S-2,,Cy,,,Castle,\r\n`;
    expect((await upload(UNITS_SAMPLES, wrong)).body.data.importUnits).toEqual({
      created: 0,
      sampleRowsSkipped: 1,
      errors: [{ row: 3, field: 'property_type', message: 'Unknown property type "Castle"' }],
    });

    await t.unit('S-3', { groupId: ids.group, propertyTypeId: ids.house });
    const openingTemplate = (await t.ok('{ openingBalanceImportTemplate }'))
      .openingBalanceImportTemplate as string;
    const opening = await upload(OPENING_SAMPLES, openingTemplate);
    expect(opening.body.data.importOpeningBalances).toEqual({
      created: 0,
      sampleRowsSkipped: 2,
      errors: [
        {
          row: 2,
          field: null,
          message: expect.stringMatching(/^The file holds only 2 sample rows /),
        },
      ],
    });
    const withReal = `${openingTemplate}S-3,75.00,2026-01-01,Carried over\r\n`;
    expect((await upload(OPENING_SAMPLES, withReal)).body.data.importOpeningBalances).toEqual({
      created: 1,
      sampleRowsSkipped: 2,
      errors: [],
    });
  });
});
