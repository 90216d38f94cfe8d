import { describe, expect, it } from 'vitest';
import { GraphqlUploadError } from '@/apollo/multipart';
import { reconciliationCsv, differenceLabel, ruleDraftFrom, worksheetSides } from './banking';
import type { Worksheet } from './banking.graphql';
import { columnOptions, isCsv, mappingProblem } from './components/csv-mapping';
import { mappingInput, statementProblems } from './statement-import';

const worksheet = {
  accountId: 'a1',
  periodStart: '2026-11-01',
  statementDate: '2026-11-30',
  openingBalance: '10000.00',
  closingBalance: '11141.06',
  clearedBalance: '11141.06',
  difference: '0.00',
  clearedDeposits: '1503.21',
  clearedPayments: '362.15',
  depositsInTransit: '250.00',
  outstandingPayments: '400.00',
  adjustedBankBalance: '10991.06',
  bookBalance: '10991.06',
  unrecordedBankItems: '0.00',
  adjustedBookBalance: '10991.06',
  canFinish: true,
  bankLines: [
    {
      id: 'b1',
      date: '2026-11-29',
      amount: '-12.00',
      description: 'FEE, "MONTHLY"',
      status: 'MATCHED',
    },
  ],
  clearedBookLines: [
    {
      journalLineId: 'j1',
      entryNumber: 7,
      date: '2026-11-05',
      amount: '-230.15',
      memo: 'Check 1042',
      checkNumber: '1042',
    },
  ],
  outstandingBookLines: [
    {
      journalLineId: 'j2',
      entryNumber: 9,
      date: '2026-11-27',
      amount: '-400.00',
      memo: 'Gate repair',
      checkNumber: '1043',
    },
    {
      journalLineId: 'j3',
      entryNumber: 10,
      date: '2026-11-30',
      amount: '250.00',
      memo: 'Deposit',
      checkNumber: null,
    },
  ],
  reconciliation: null,
} as unknown as Worksheet;

describe('the reconciliation report as CSV', () => {
  it('has the header block, both adjusted balances and every item in its section', () => {
    const csv = reconciliationCsv(worksheet, {
      association: 'Maple Ridge HOA',
      account: '1010 Operating Checking',
      finishedAt: 'Dec 6, 2026, 3:38 PM',
      finishedBy: 'Dana Treasurer',
    });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines.slice(0, 7)).toEqual([
      'Bank reconciliation,Maple Ridge HOA',
      'Bank account,1010 Operating Checking',
      'Statement date,2026-11-30',
      'Statement period,2026-11-01 to 2026-11-30',
      'Finished,"Dec 6, 2026, 3:38 PM"',
      'Finished by,Dana Treasurer',
      '',
    ]);
    expect(lines).toContain('Balance per bank statement,11141.06');
    expect(lines).toContain('Section,Date,Entry,Check,Description,Amount');
    expect(lines).toContain('Adjusted bank balance,10991.06');
    expect(lines).toContain('Adjusted book balance,10991.06');
    expect(lines).toContain('Difference,0.00');
    expect(lines).toContain(
      'Outstanding check or payment,2026-11-27,JE-9,1043,Gate repair,-400.00',
    );
    expect(lines).toContain('Deposit in transit,2026-11-30,JE-10,,Deposit,250.00');
    expect(lines).toContain('Cleared,2026-11-05,JE-7,1042,Check 1042,-230.15');
    // A matched bank line is not an unrecorded item.
    expect(csv).not.toContain('MONTHLY');
  });

  it('quotes what CSV must quote', () => {
    const w = {
      ...worksheet,
      bankLines: [{ ...worksheet.bankLines[0]!, status: 'UNMATCHED' }],
    } as Worksheet;
    expect(reconciliationCsv(w, { association: 'A', account: 'B' })).toContain(
      '"FEE, ""MONTHLY"""',
    );
  });

  it('says when the difference is zero', () => {
    expect(differenceLabel('0.00')).toBe('Balanced');
    expect(differenceLabel('-8.79')).toMatch(/to find/);
  });
});

describe('the CSV mapping step', () => {
  it('names columns by the header row and finds what is missing', () => {
    expect(
      columnOptions([
        ['Date', 'Description', 'Amount'],
        ['11/02/2026', 'FEE', '-12.00'],
      ]),
    ).toEqual([
      { value: 0, label: '1: Date' },
      { value: 1, label: '2: Description' },
      { value: 2, label: '3: Amount' },
    ]);
    expect(columnOptions([['11/02/2026', 'x']])[1]).toEqual({ value: 1, label: 'Column 2' });
    const base = {
      headerRows: 1,
      dateColumn: 0,
      descriptionColumn: 1,
      amountColumn: 2,
      debitColumn: null,
      creditColumn: null,
      sign: 'DEPOSITS_POSITIVE',
      dateFormat: 'US',
      payeeColumn: null,
      checkNumberColumn: null,
      bankIdColumn: null,
      balanceColumn: null,
    } as const;
    expect(mappingProblem(base)).toBeNull();
    expect(mappingProblem({ ...base, amountColumn: null })).toMatch(/amount column/);
    expect(mappingProblem({ ...base, amountColumn: 1 })).toMatch(/twice/);
    expect(isCsv('chase.CSV')).toBe(true);
    expect(isCsv('bofa.qfx')).toBe(false);
  });
});

describe('the two sides of a worksheet', () => {
  it('splits the books into checks outstanding and deposits in transit', () => {
    const sides = worksheetSides({
      ...worksheet,
      bankLines: [
        { ...worksheet.bankLines[0]!, status: 'UNMATCHED' },
        { ...worksheet.bankLines[0]!, id: 'b2', status: 'MATCHED' },
      ],
    });
    expect(sides.unrecorded.map((l) => l.id)).toEqual(['b1']);
    expect(sides.outstandingPayments.map((l) => l.journalLineId)).toEqual(['j2']);
    expect(sides.depositsInTransit.map((l) => l.journalLineId)).toEqual(['j3']);
  });

  it('starts a rule from a statement line', () => {
    expect(ruleDraftFrom({ description: 'RIDGELINE POWER ACH DRAFT', amount: '-186.64' })).toEqual({
      name: 'RIDGELINE POWER',
      contains: 'RIDGELINE POWER',
      direction: 'OUT',
    });
    expect(ruleDraftFrom({ description: 'INTEREST', amount: '0.87' }).direction).toBe('IN');
  });
});

describe("a statement's refusal", () => {
  it('puts each problem where it belongs: a mapping field, a row, the file', () => {
    const p = statementProblems(
      new GraphqlUploadError('The rows have problems', 'BAD_USER_INPUT', [
        { field: 'mapping.dateColumn', message: 'Choose this column' },
        { field: 'rows.4.date', message: 'Row 4: "31/02/2026" is not a date in DD/MM/YYYY' },
        { field: 'rows.7.amount', message: 'Row 7: "abc" is not an amount' },
        { field: 'file', message: 'This is a credit card statement' },
      ]),
    );
    expect(p.mapping).toEqual({ dateColumn: 'Choose this column' });
    expect(p.rows).toEqual([
      { row: 4, field: 'date', message: 'Row 4: "31/02/2026" is not a date in DD/MM/YYYY' },
      { row: 7, field: 'amount', message: 'Row 7: "abc" is not an amount' },
    ]);
    expect(p.other).toEqual(['This is a credit card statement']);
    expect(p.needsMapping).toBe(true);
  });

  it('asks for a mapping when the API wants one', () => {
    const p = statementProblems(
      new GraphqlUploadError('Map the columns', 'BAD_USER_INPUT', [
        { field: 'mapping', message: 'Map the columns of this CSV file' },
      ]),
    );
    expect(p.needsMapping).toBe(true);
    expect(p.other).toEqual(['Map the columns of this CSV file']);
    expect(statementProblems(new GraphqlUploadError('Offline', null)).other).toEqual(['Offline']);
  });

  it('sends the mapping without its __typename', () => {
    const m = { __typename: 'CsvMapping', headerRows: 1 } as unknown as Parameters<
      typeof mappingInput
    >[0];
    expect(mappingInput(m)).toEqual({ headerRows: 1 });
  });
});
