import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  blankLine,
  buildPostInput,
  entriesVariables,
  entryAccountsSummary,
  entryOwnerLink,
  entryReadiness,
  entryTotals,
  filtersFromQuery,
  filtersToQuery,
  mapEntryErrors,
} from './transactions';
import type { DraftLine, EntryDraft } from './transactions';

const line = (accountId: string | null, debit = '', credit = '', memo = ''): DraftLine => ({
  ...blankLine(),
  accountId,
  debit,
  credit,
  memo,
});

const draft = (lines: DraftLine[], date: string | null = '2026-03-31'): EntryDraft => ({
  date,
  memo: '',
  lines,
});

describe('transactions filters', () => {
  it('send only what is set, with the page size', () => {
    expect(entriesVariables(EMPTY_FILTERS)).toEqual({ first: 50 });
    expect(
      entriesVariables({
        from: '2026-01-01',
        to: '2026-03-31',
        accountId: 'acc-1',
        text: '  landscaping ',
        source: 'MANUAL',
        reconciled: 'unreconciled',
      }),
    ).toEqual({
      filter: {
        from: '2026-01-01',
        to: '2026-03-31',
        accountId: 'acc-1',
        text: 'landscaping',
        source: 'MANUAL',
        reconciled: false,
      },
      first: 50,
    });
    expect(entriesVariables({ ...EMPTY_FILTERS, reconciled: 'reconciled' }, 'cursor-50')).toEqual({
      filter: { reconciled: true },
      first: 50,
      after: 'cursor-50',
    });
    // Blank text is no filter at all.
    expect(entriesVariables({ ...EMPTY_FILTERS, text: '   ' })).toEqual({ first: 50 });
  });

  it('live in the address and come back the same', () => {
    const filters = {
      from: '2026-01-01',
      to: null,
      accountId: 'acc-1',
      text: 'JE-1042',
      source: 'OPENING_BALANCE' as const,
      reconciled: 'reconciled' as const,
    };
    const query = filtersToQuery(filters);
    expect(query).toEqual({
      from: '2026-01-01',
      account: 'acc-1',
      q: 'JE-1042',
      source: 'opening_balance',
      reconciled: 'reconciled',
    });
    expect(filtersFromQuery(query as Record<string, string>)).toEqual(filters);
    // Anything unreadable in a hand-edited address is dropped.
    expect(filtersFromQuery({ from: '2026-13-45', source: 'bogus', reconciled: 'maybe' })).toEqual(
      EMPTY_FILTERS,
    );
  });
});

describe('entry accounts summary', () => {
  const accounts = new Map([
    ['a', { number: '1010', name: 'Operating Checking' }],
    ['b', { number: '5010', name: 'Landscaping' }],
    ['c', { number: '5020', name: 'Utilities' }],
  ]);
  it('names debited accounts first, then says how many more', () => {
    expect(
      entryAccountsSummary(
        [
          { accountId: 'a', debit: '0.00' },
          { accountId: 'b', debit: '10.00' },
        ],
        accounts,
      ),
    ).toBe('5010 Landscaping, 1010 Operating Checking');
    expect(
      entryAccountsSummary(
        [
          { accountId: 'b', debit: '10.00' },
          { accountId: 'c', debit: '5.00' },
          { accountId: 'a', debit: '0.00' },
        ],
        accounts,
      ),
    ).toBe('5010 Landscaping, 5020 Utilities + 1 more');
  });
});

describe('the new-entry form', () => {
  it('keeps a live difference, in cents', () => {
    expect(
      entryTotals([line('a', '100.10'), line('b', '', '0.20'), line('c', '', '99.90')]),
    ).toEqual({ debits: 10010, credits: 10010, difference: 0 });
    expect(entryTotals([line('a', '1,250'), line('b', '', '1200.5')]).difference).toBe(4950);
    // What does not read as an amount counts as nothing (and is flagged on the cell).
    expect(entryTotals([line('a', 'abc'), line('b', '', '5')]).difference).toBe(-500);
  });

  it('can be posted only with two balanced lines, and says why not', () => {
    const reason = (d: EntryDraft) => {
      const r = entryReadiness(d);
      return r.ready ? 'ready' : r.reason;
    };
    expect(reason(draft([blankLine(), blankLine()]))).toBe(
      'An entry needs at least two lines with an account and an amount.',
    );
    expect(reason(draft([line('a', '10'), blankLine()]))).toBe(
      'An entry needs at least two lines with an account and an amount.',
    );
    expect(reason(draft([line('a', '10'), line(null, '', '10')]))).toBe(
      'Choose an account on line 2.',
    );
    expect(reason(draft([line('a', '10'), line('b', '', '9.5')]))).toBe(
      'Debits and credits must be equal: debits exceed credits by $0.50.',
    );
    expect(reason(draft([line('a', '10'), line('b', '', '10.001')]))).toBe(
      'Fix the amount on line 2.',
    );
    expect(reason(draft([line('a', '10', '10'), line('b', '', '10')]))).toBe(
      'Line 1 has both a debit and a credit; keep one.',
    );
    expect(reason(draft([line('a', '10'), line('b', '', '10')], null))).toBe(
      'Choose the date of the entry.',
    );
    expect(reason(draft([line('a', '10'), blankLine(), line('b', '', '10'), blankLine()]))).toBe(
      'ready',
    );
  });

  it('sends the filled lines as Money, remembering which row each came from', () => {
    const first = line('a', '1,250');
    const gap = blankLine();
    const second = line('b', '', '1250.00', ' Spring cleanup ');
    const { input, lineKeys } = buildPostInput({
      date: '2026-03-31',
      memo: ' March ',
      lines: [first, gap, second, blankLine()],
    });
    expect(input).toEqual({
      date: '2026-03-31',
      memo: 'March',
      lines: [
        { accountId: 'a', debit: '1250.00', credit: null, memo: null },
        { accountId: 'b', debit: null, credit: '1250.00', memo: 'Spring cleanup' },
      ],
    });
    expect(lineKeys).toEqual([first.key, second.key]);
  });

  it('puts the API’s lines.N errors on the rows that were sent', () => {
    const keys = [11, 13, 14];
    const errors = mapEntryErrors(
      [
        { field: 'lines.1.accountId', message: 'Account 1090 Old Petty Cash is archived' },
        { field: 'lines.2', message: 'Enter either a debit or a credit' },
        { field: 'lines.0.memo', message: 'Memo must be at most 500 characters' },
        { field: 'lines', message: 'Debits and credits differ by 1.00' },
        { field: 'date', message: 'Use a date like 2026-03-31' },
        { field: 'lines.9.accountId', message: 'Account not found' },
        { message: 'Something else' },
      ],
      keys,
    );
    expect(errors.lines).toEqual({
      11: { memo: 'Memo must be at most 500 characters' },
      13: { accountId: 'Account 1090 Old Petty Cash is archived' },
      14: { row: 'Enter either a debit or a credit' },
    });
    expect(errors.date).toBe('Use a date like 2026-03-31');
    expect(errors.general).toEqual([
      'Debits and credits differ by 1.00',
      'Account not found',
      'Something else',
    ]);
  });
});

describe('the record that owns an entry', () => {
  const owned = (type: 'INVOICE' | 'PAYMENT' | 'MONTHLY_ACTUALS', date = '2026-03-31') => ({
    date,
    owner: { type, id: `${type.toLowerCase()}-1` },
    invoice: type === 'INVOICE' ? { id: 'inv-1', number: 1042 } : null,
    payment: type === 'PAYMENT' ? { id: 'pay-7', number: 7, date: '2026-03-12' } : null,
  });

  it('names the owner, links to it and says what to do instead of reversing', () => {
    expect(entryOwnerLink(owned('INVOICE'))).toEqual({
      type: 'INVOICE',
      label: 'invoice INV-1042',
      number: 'INV-1042',
      to: { name: 'invoice', params: { id: 'inv-1' } },
      reverseReason: 'Void the invoice instead',
    });
    expect(entryOwnerLink(owned('PAYMENT'))).toMatchObject({
      label: 'payment PMT-7',
      to: { name: 'payments', query: { from: '2026-03-12', to: '2026-03-12' } },
      reverseReason: 'Void the payment instead',
    });
    expect(entryOwnerLink(owned('MONTHLY_ACTUALS'), { locale: 'en-US' })).toMatchObject({
      label: 'Monthly Actuals, March 2026',
      number: null,
      to: { name: 'monthly-actuals', query: { year: '2026' } },
      reverseReason: 'Change the amounts in Monthly Actuals',
    });
    expect(entryOwnerLink({ ...owned('INVOICE'), owner: null })).toBeNull();
  });

  it('opens Monthly Actuals on the fiscal year of the month (named by the year it ends in)', () => {
    const july = { locale: 'en-US', fiscalYearStartMonth: 7 };
    expect(entryOwnerLink(owned('MONTHLY_ACTUALS', '2026-03-31'), july)?.to).toEqual({
      name: 'monthly-actuals',
      query: { year: '2026' },
    });
    expect(entryOwnerLink(owned('MONTHLY_ACTUALS', '2026-08-31'), july)?.to).toEqual({
      name: 'monthly-actuals',
      query: { year: '2027' },
    });
  });
});
