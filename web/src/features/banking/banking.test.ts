import { describe, expect, it } from 'vitest';
import { reconciliationCsv, differenceLabel } from './banking';
import type { Worksheet } from './banking.graphql';
import { columnOptions, isCsv, mappingProblem } from './components/csv-mapping';

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
    });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Bank reconciliation,Maple Ridge HOA');
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
