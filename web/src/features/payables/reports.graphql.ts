import { graphql, type ResultOf } from '@/graphql';

// The payables reports: what the association owes its vendors and when, what it paid, and the
// 1099-NEC year.

const AGING_BUCKET_FIELDS = graphql(`
  fragment PayablesAgingBucketFields on PayablesAgingTotals {
    current
    days30
    days60
    days90
    total
  }
`);

export const PAYABLES_AGING_QUERY = graphql(
  `
    query PayablesAging($asOf: LocalDate) {
      payablesAging(asOf: $asOf) {
        asOf
        rows {
          vendor {
            id
            name
          }
          current
          days30
          days60
          days90
          total
          billCount
        }
        totals {
          ...PayablesAgingBucketFields
        }
        controlBalance
        ties
      }
    }
  `,
  [AGING_BUCKET_FIELDS],
);
export type PayablesAging = ResultOf<typeof PAYABLES_AGING_QUERY>['payablesAging'];
export type PayablesAgingRow = PayablesAging['rows'][number];
export type PayablesAgingBucket = 'current' | 'days30' | 'days60' | 'days90' | 'total';

/** The aging's columns: days past due. */
export const PAYABLES_AGING_COLUMNS: { key: PayablesAgingBucket; label: string }[] = [
  { key: 'current', label: 'Current' },
  { key: 'days30', label: '1–30 days' },
  { key: 'days60', label: '31–60 days' },
  { key: 'days90', label: 'Over 60 days' },
  { key: 'total', label: 'Total owed' },
];

export const CHECK_REGISTER_QUERY = graphql(`
  query CheckRegister($from: LocalDate!, $to: LocalDate!, $bankAccountId: ID) {
    checkRegister(from: $from, to: $to, bankAccountId: $bankAccountId) {
      paymentId
      number
      date
      method
      checkNumber
      vendorId
      payee
      amount
      status
      cleared
      memo
      bankAccountId
    }
  }
`);
export type CheckRegisterRow = ResultOf<typeof CHECK_REGISTER_QUERY>['checkRegister'][number];

export const VENDOR_LEDGER_QUERY = graphql(`
  query VendorLedger($vendorId: ID!, $from: LocalDate!, $to: LocalDate!) {
    vendorLedger(vendorId: $vendorId, from: $from, to: $to) {
      vendor {
        id
        name
      }
      from
      to
      opening
      rows {
        date
        kind
        reference
        memo
        charges
        payments
        balance
        billId
        paymentId
      }
      closing
    }
  }
`);
export type VendorLedger = ResultOf<typeof VENDOR_LEDGER_QUERY>['vendorLedger'];
export type VendorLedgerRow = VendorLedger['rows'][number];

export const CASH_REQUIREMENTS_QUERY = graphql(`
  query CashRequirements($asOf: LocalDate) {
    cashRequirements(asOf: $asOf) {
      asOf
      overdue
      buckets {
        label
        from
        through
        amount
        approved
        pending
        rejected
        billCount
      }
      total
    }
  }
`);
export type CashRequirements = ResultOf<typeof CASH_REQUIREMENTS_QUERY>['cashRequirements'];
export type CashRequirementBucket = CashRequirements['buckets'][number];

const TAX_1099_ROW_FIELDS = graphql(`
  fragment Tax1099RowFields on Tax1099Row {
    vendor {
      id
      name
      active
    }
    taxIdLast4
    paid
    directPaid
    cardPaid
    reportable
    paymentCount
    overThreshold
    missingTaxId
  }
`);

// Whole tax ids are the association admins' only: the page asks for them when the reader is one
// (the API refuses the field to anyone else).
export const TAX_1099_YEAR_QUERY = graphql(
  `
    query Tax1099Year($year: Int!, $withTaxId: Boolean!) {
      tax1099Year(year: $year) {
        year
        threshold
        total
        cardTotal
        overThresholdCount
        missingTaxIdCount
        rows {
          ...Tax1099RowFields
          taxId @include(if: $withTaxId)
        }
      }
    }
  `,
  [TAX_1099_ROW_FIELDS],
);
export type Tax1099Year = ResultOf<typeof TAX_1099_YEAR_QUERY>['tax1099Year'];
export type Tax1099Row = Tax1099Year['rows'][number];

export const TAX_1099_CSV_QUERY = graphql(`
  query Tax1099Csv($year: Int!) {
    tax1099Csv(year: $year) {
      fileName
      contentType
      content
    }
  }
`);

// Every vendor, inactive ones too (a ledger reads the past), for the vendor ledger's picker.
export const LEDGER_VENDORS_QUERY = graphql(`
  query LedgerVendors {
    vendors(filter: { includeInactive: true }) {
      id
      name
      active
    }
  }
`);
