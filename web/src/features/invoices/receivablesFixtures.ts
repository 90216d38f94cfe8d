// The API's JSON for receivables records, for the tests of the assessments, units, invoices,
// payments and aging pages (the same shapes the resolvers send).

import type { UnitLedgerKind } from '@/features/units';

export const acct = (id: string, number: string, name: string) => ({
  __typename: 'Account',
  id,
  number,
  name,
});

export const unitJson = (
  id: string,
  number: string,
  ownerName: string | null,
  o: { balanceDue?: string; credit?: string; invoiceCount?: number } = {},
) => ({
  __typename: 'Unit',
  id,
  number,
  address: `${number} Maple Ridge Dr`,
  ownerName,
  email: ownerName ? `${ownerName.split(' ')[0]!.toLowerCase()}@example.com` : null,
  phone: null,
  propertyTypeId: 'pt-sf',
  propertyType: { __typename: 'PropertyType', id: 'pt-sf', name: 'Single family' },
  assessmentGroupId: 'grp-1',
  assessmentGroup: { __typename: 'AssessmentGroup', id: 'grp-1', name: 'Regular assessments' },
  balanceDue: o.balanceDue ?? '0.00',
  credit: o.credit ?? '0.00',
  invoiceCount: o.invoiceCount ?? 0,
  createdAt: '2026-01-05T10:00:00.000Z',
});

export function connection<T extends { id: string }>(
  typename: string,
  nodes: T[],
  hasNextPage = false,
  totalCount = nodes.length,
) {
  return {
    __typename: `${typename}Connection`,
    totalCount,
    pageInfo: {
      __typename: 'PageInfo',
      hasNextPage,
      endCursor: nodes.length ? `c-${nodes.at(-1)!.id}` : null,
    },
    edges: nodes.map((node) => ({ __typename: `${typename}Edge`, cursor: `c-${node.id}`, node })),
  };
}

export const invoiceRowJson = (
  id: string,
  number: number,
  unit: { id: string; number: string; ownerName: string | null },
  o: {
    status?: string;
    kind?: string;
    period?: string | null;
    total?: string;
    balance?: string;
    paid?: string;
    daysOverdue?: number;
    dueDate?: string;
  } = {},
) => ({
  __typename: 'Invoice',
  id,
  number,
  unitId: unit.id,
  unit: { __typename: 'Unit', id: unit.id, number: unit.number, ownerName: unit.ownerName },
  kind: o.kind ?? 'ASSESSMENT',
  period: o.period === undefined ? '2026-03' : o.period,
  issueDate: '2026-03-01',
  dueDate: o.dueDate ?? '2026-03-01',
  memo: null,
  total: o.total ?? '350.00',
  paid: o.paid ?? '0.00',
  balance: o.balance ?? o.total ?? '350.00',
  status: o.status ?? 'OPEN',
  daysOverdue: o.daysOverdue ?? 0,
});

/** An invoice as the invoice page reads it: its lines, payments and any write-off. */
export const invoiceJson = (
  id: string,
  number: number,
  unit: { id: string; number: string; ownerName: string | null },
  o: NonNullable<Parameters<typeof invoiceRowJson>[3]> & {
    writtenOff?: string;
    writeOff?: {
      id: string;
      date: string;
      amount: string;
      account: { id: string; number: string; name: string };
      memo?: string | null;
      journalEntryId: string;
    } | null;
  } = {},
) => ({
  ...invoiceRowJson(id, number, unit, o),
  lines: [
    {
      __typename: 'InvoiceLine',
      id: `${id}-line-1`,
      description: 'Regular assessment',
      accountId: 'acc-4010',
      account: acct('acc-4010', '4010', 'Assessment Income'),
      amount: o.total ?? '350.00',
    },
  ],
  journalEntryId: `je-${id}`,
  voidEntryId: null,
  voidedAt: null,
  writtenOff: o.writtenOff ?? '0.00',
  writeOff: o.writeOff
    ? {
        __typename: 'InvoiceWriteOff',
        id: o.writeOff.id,
        date: o.writeOff.date,
        amount: o.writeOff.amount,
        accountId: o.writeOff.account.id,
        account: acct(o.writeOff.account.id, o.writeOff.account.number, o.writeOff.account.name),
        memo: o.writeOff.memo ?? null,
        journalEntryId: o.writeOff.journalEntryId,
      }
    : null,
  payments: [],
  createdAt: '2026-03-01T10:00:00.000Z',
});

/** A unit ledger row. */
export const ledgerRowJson = (
  kind: UnitLedgerKind,
  date: string,
  reference: string,
  o: {
    description?: string | null;
    invoiceId?: string | null;
    paymentId?: string | null;
    charge?: string;
    payment?: string;
    balance?: string;
  } = {},
) => ({
  __typename: 'UnitLedgerRow',
  date,
  kind,
  reference,
  description: o.description ?? null,
  invoiceId: o.invoiceId ?? null,
  paymentId: o.paymentId ?? null,
  charge: o.charge ?? '0.00',
  payment: o.payment ?? '0.00',
  balance: o.balance ?? '0.00',
  cursor: `${date}|${kind}|${reference}`,
});
