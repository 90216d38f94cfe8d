// The API's JSON for bills and their approvals, for the tests of the payables pages (the same
// shapes the resolvers send).

export const vendorRef = (id: string, name: string) => ({ __typename: 'Vendor', id, name });

export function approvalJson(
  id: string,
  o: {
    userId?: string;
    name?: string | null;
    title?: string;
    decision?: 'APPROVED' | 'REJECTED';
    comment?: string | null;
    ip?: string | null;
    createdAt?: string;
  } = {},
) {
  return {
    __typename: 'BillApproval',
    id,
    userId: o.userId ?? 'user-2',
    name: o.name === undefined ? 'Pat Alvarez' : o.name,
    title: o.title ?? 'PRESIDENT',
    decision: o.decision ?? 'APPROVED',
    comment: o.comment ?? null,
    ip: o.ip ?? '203.0.113.7',
    createdAt: o.createdAt ?? '2026-03-03T15:04:00.000Z',
  };
}

export function billJson(
  id: string,
  number: number,
  o: Partial<{
    vendor: { __typename: string; id: string; name: string };
    vendorInvoiceNumber: string | null;
    billDate: string;
    dueDate: string;
    memo: string | null;
    total: string;
    paid: string;
    balance: string;
    status: 'OPEN' | 'PARTIAL' | 'PAID' | 'VOID';
    approval: 'NOT_REQUIRED' | 'PENDING' | 'APPROVED' | 'REJECTED';
    approvalsRequired: number;
    overdue: boolean;
    payable: boolean;
    canApprove: boolean;
    approvals: ReturnType<typeof approvalJson>[];
    lines: unknown[];
    duplicates: unknown[];
    payments: unknown[];
    voidDate: string | null;
    voidReason: string | null;
  }> = {},
) {
  const vendor = o.vendor ?? vendorRef('vendor-greenway', 'Greenway Landscaping');
  const total = o.total ?? '1250.00';
  return {
    __typename: 'Bill',
    id,
    number,
    vendorId: vendor.id,
    vendor,
    vendorInvoiceNumber: o.vendorInvoiceNumber === undefined ? 'INV-204' : o.vendorInvoiceNumber,
    billDate: o.billDate ?? '2026-03-02',
    dueDate: o.dueDate ?? '2026-04-01',
    memo: o.memo ?? null,
    total,
    paid: o.paid ?? '0.00',
    balance: o.balance ?? total,
    status: o.status ?? 'OPEN',
    approval: o.approval ?? 'NOT_REQUIRED',
    approvalsRequired: o.approvalsRequired ?? 0,
    overdue: o.overdue ?? false,
    payable: o.payable ?? true,
    journalEntryId: `entry-${id}`,
    approvals: o.approvals ?? [],
    canApprove: o.canApprove ?? false,
    lines: o.lines ?? [
      {
        __typename: 'BillLine',
        id: `${id}-line-1`,
        accountId: 'acc-landscaping',
        account: {
          __typename: 'Account',
          id: 'acc-landscaping',
          number: '5010',
          name: 'Landscaping',
          fundType: 'OPERATING',
        },
        amount: total,
        memo: 'March mowing',
      },
    ],
    capitalProjectId: null,
    reserveComponentId: null,
    templateId: null,
    duplicates: o.duplicates ?? [],
    payments: o.payments ?? [],
    voidDate: o.voidDate ?? null,
    voidReason: o.voidReason ?? null,
    voidEntryId: o.voidDate ? `entry-void-${id}` : null,
    createdAt: '2026-03-02T14:00:00.000Z',
  };
}

/** The bill's journal entry and the files attached to it. */
export function billAttachmentsJson(entryId: string, files: unknown[] = []) {
  return {
    journalEntry: { __typename: 'JournalEntry', id: entryId, number: 1042, attachments: files },
  };
}
