import { describe, expect, it } from 'vitest';
import {
  addDays,
  approvalProgress,
  billFilter,
  billFiltersFromQuery,
  billFiltersToQuery,
  billInput,
  billLineAccounts,
  billLinesTotal,
  needsApproval,
  paymentLabel,
  remapLines,
  sameInvoiceNumber,
  titlesInWords,
} from './bills';
import type { BillForm } from './bills';

const line = (key: number, accountId: string | null, amount: string, memo = '') => ({
  key,
  accountId,
  amount,
  memo,
});

function form(over: Partial<BillForm> = {}): BillForm {
  return {
    vendorId: 'vendor-1',
    vendorInvoiceNumber: ' INV-204 ',
    billDate: '2026-03-02',
    dueDate: '2026-04-01',
    memo: '  March service ',
    lines: [line(1, 'acc-landscaping', '1,250.00', ' Mowing '), line(2, null, '')],
    capitalProjectId: null,
    reserveComponentId: null,
    ...over,
  };
}

describe('the bill form', () => {
  it('adds the lines typed so far, counting what does not read as an amount as nothing', () => {
    expect(
      billLinesTotal([line(1, 'a', '1,250'), line(2, 'b', '49.5'), line(3, null, 'abc')]),
    ).toBe(129_950);
    expect(billLinesTotal([line(1, null, '')])).toBe(0);
  });

  it('sends the trimmed bill without blank lines, and says which form line each sent line is', () => {
    const checked = billInput(
      form({
        lines: [line(1, null, ''), line(2, 'acc-utilities', '80', ''), line(3, 'acc-x', '5')],
      }),
    );
    expect(checked).toEqual({
      ok: true,
      input: {
        vendorId: 'vendor-1',
        vendorInvoiceNumber: 'INV-204',
        billDate: '2026-03-02',
        dueDate: '2026-04-01',
        memo: 'March service',
        lines: [
          { accountId: 'acc-utilities', amount: '80.00', memo: null },
          { accountId: 'acc-x', amount: '5.00', memo: null },
        ],
        capitalProjectId: null,
        reserveComponentId: null,
      },
      lineIndex: [1, 2],
    });
  });

  it('names every missing or wrong field in the words a treasurer reads', () => {
    const checked = billInput(
      form({
        vendorId: null,
        billDate: '2026-03-02',
        dueDate: '2026-03-01',
        lines: [line(1, null, '12'), line(2, 'acc-1', '0'), line(3, 'acc-2', '1.234')],
      }),
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        vendorId: 'Choose the vendor who sent the bill.',
        dueDate: 'The due date cannot be before the bill date.',
        'lines.0.accountId': 'Choose the account it is for.',
        'lines.1.amount': 'Enter an amount.',
        'lines.2.amount': 'Use at most two decimals',
      },
    });
    expect(billInput(form({ lines: [line(1, null, '')] }))).toEqual({
      ok: false,
      errors: { lines: 'Add at least one line with an account and an amount.' },
    });
    expect(billInput(form({ billDate: null, dueDate: null }))).toMatchObject({
      ok: false,
      errors: { billDate: 'Enter the date on the bill.', dueDate: 'Enter the date it is due.' },
    });
  });

  it('maps the API’s line errors back onto the form’s lines', () => {
    expect(
      remapLines({ 'lines.0.accountId': 'A control account', dueDate: 'Closed month' }, [2]),
    ).toEqual({ 'lines.2.accountId': 'A control account', dueDate: 'Closed month' });
  });

  it('defaults the due date thirty days on, across months and years', () => {
    expect(addDays('2026-03-02', 30)).toBe('2026-04-01');
    expect(addDays('2026-12-15', 30)).toBe('2027-01-14');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('offers expense and asset accounts for lines, never archived or control accounts', () => {
    const accounts = [
      { id: 'expense', type: 'EXPENSE', archived: false },
      { id: 'asset', type: 'ASSET', archived: false },
      { id: 'receivable', type: 'ASSET', archived: false },
      { id: 'old', type: 'EXPENSE', archived: true },
      { id: 'income', type: 'INCOME', archived: false },
      { id: 'payable', type: 'LIABILITY', archived: false },
    ];
    expect(billLineAccounts(accounts, new Set(['receivable'])).map((a) => a.id)).toEqual([
      'expense',
      'asset',
    ]);
  });

  it('knows a repeated vendor invoice number whatever its case or spaces', () => {
    expect(sameInvoiceNumber(' inv-204', 'INV-204 ')).toBe(true);
    expect(sameInvoiceNumber('INV-204', 'INV-2040')).toBe(false);
    expect(sameInvoiceNumber('', '')).toBe(false);
    expect(sameInvoiceNumber(null, 'INV-1')).toBe(false);
  });
});

describe('approvals in words', () => {
  it('says whether a total waits for the board, above the threshold only', () => {
    const policy = { approvalThreshold: '1000.00', approvalsRequired: 2 };
    expect(needsApproval(100_001, policy)).toBe(true);
    expect(needsApproval(100_000, policy)).toBe(false);
    expect(needsApproval(9_999_999, { ...policy, approvalsRequired: 0 })).toBe(false);
  });

  it('counts the approvals so far and names the approving seats', () => {
    const decisions = [{ decision: 'APPROVED' }, { decision: 'REJECTED' }];
    expect(
      approvalProgress({ approval: 'PENDING', approvalsRequired: 2, approvals: decisions }),
    ).toBe('1 of 2 approvals');
    expect(
      approvalProgress({ approval: 'NOT_REQUIRED', approvalsRequired: 0, approvals: [] }),
    ).toBe(null);
    expect(titlesInWords(['TREASURER', 'PRESIDENT'])).toBe('President or Treasurer');
    expect(titlesInWords(['DIRECTOR', 'SECRETARY', 'PRESIDENT'])).toBe(
      'President, Secretary or Director',
    );
  });

  it('names a payment by its check number, or its method and number', () => {
    expect(paymentLabel({ method: 'CHECK', checkNumber: '1001', number: 4 })).toBe('Check 1001');
    expect(paymentLabel({ method: 'ACH', checkNumber: null, number: 12 })).toBe('ACH · VP-12');
  });
});

describe('the bills list', () => {
  it('reads its tab and filters from the address and asks the API the tab’s question', () => {
    const f = billFiltersFromQuery({ tab: 'overdue', vendor: 'vendor-1', q: 'pump' });
    expect(billFilter(f, '2026-03-10')).toEqual({
      status: ['OPEN', 'PARTIAL'],
      dueBy: '2026-03-09',
      vendorId: 'vendor-1',
      search: 'pump',
    });
    expect(billFilter({ ...f, tab: 'awaiting' }, '2026-03-10')).toMatchObject({
      status: ['OPEN', 'PARTIAL'],
      approval: ['PENDING'],
    });
    expect(billFilter({ tab: 'all', vendorId: null, search: ' ' }, '2026-03-10')).toEqual({});
    // The default tab stays out of the address; an unknown one falls back to it.
    expect(billFiltersFromQuery({ tab: 'nonsense' }).tab).toBe('unpaid');
    expect(billFiltersToQuery({ tab: 'unpaid', vendorId: null, search: '' })).toEqual({
      tab: undefined,
      vendor: undefined,
      q: undefined,
    });
  });
});
