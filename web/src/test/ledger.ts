// The API's JSON for ledger records, for tests of the accounts, transactions and reports pages.

let nextEntry = 1;

export const accountJson = (
  id: string,
  number: string,
  name: string,
  type = 'ASSET',
  fundType = 'OPERATING',
  archived = false,
) => ({
  __typename: 'Account',
  id,
  number,
  name,
  type,
  fundType,
  description: null,
  forecastRole: null,
  archived,
  createdAt: '2026-01-01T10:00:00.000Z',
});

export const chart = [
  accountJson('acc-checking', '1010', 'Operating Checking'),
  accountJson('acc-petty', '1090', 'Old Petty Cash', 'ASSET', 'OPERATING', true),
  accountJson('acc-landscaping', '5010', 'Landscaping', 'EXPENSE'),
  accountJson('acc-utilities', '5020', 'Utilities', 'EXPENSE'),
];

export interface EntryOptions {
  id?: string;
  number?: number;
  date?: string;
  memo?: string | null;
  source?: string;
  reconciled?: boolean;
  reversedById?: string | null;
  reversesId?: string | null;
  amount?: string;
  debitAccount?: string;
  creditAccount?: string;
  attachments?: unknown[];
  vendor?: { __typename: 'Vendor'; id: string; name: string } | null;
}

export function entryJson(o: EntryOptions = {}) {
  const n = nextEntry++;
  const id = o.id ?? `entry-${n}`;
  const amount = o.amount ?? '1250.00';
  return {
    __typename: 'JournalEntry',
    id,
    number: o.number ?? 1000 + n,
    date: o.date ?? '2026-03-31',
    memo: o.memo === undefined ? 'March landscaping' : o.memo,
    source: o.source ?? 'MANUAL',
    reconciled: o.reconciled ?? false,
    bankStatus: null,
    reversedById: o.reversedById ?? null,
    reversesId: o.reversesId ?? null,
    total: amount,
    createdAt: '2026-11-22T02:13:00.000Z',
    lines: [
      {
        __typename: 'JournalLine',
        id: `${id}-l1`,
        lineNo: 1,
        accountId: o.debitAccount ?? 'acc-landscaping',
        debit: amount,
        credit: '0.00',
        memo: 'Spring cleanup',
      },
      {
        __typename: 'JournalLine',
        id: `${id}-l2`,
        lineNo: 2,
        accountId: o.creditAccount ?? 'acc-checking',
        debit: '0.00',
        credit: amount,
        memo: null,
      },
    ],
    attachments: o.attachments ?? [],
    vendor: o.vendor ?? null,
  };
}

export const attachmentJson = (
  id: string,
  entryId: string,
  filename: string,
  contentType: string,
) => ({
  __typename: 'Attachment',
  id,
  entryId,
  filename,
  contentType,
  size: 18000,
  createdAt: '2026-11-22T02:13:00.000Z',
  url: `/attachments/org-1/${id}?exp=1795312732&sig=sig-${id}`,
});

/** A journalEntries connection, as the API pages it. */
export function connectionJson(
  entries: ReturnType<typeof entryJson>[],
  totalCount: number,
  hasNextPage = false,
) {
  return {
    __typename: 'JournalEntryConnection',
    totalCount,
    pageInfo: {
      __typename: 'PageInfo',
      hasNextPage,
      endCursor: entries.length ? `cursor-${entries.at(-1)!.number}` : null,
    },
    edges: entries.map((node) => ({
      __typename: 'JournalEntryEdge',
      cursor: `cursor-${node.number}`,
      node,
    })),
  };
}
