import { graphql, type ResultOf, type SchemaType, type VariablesOf } from '@/graphql';

export const VENDOR_FIELDS = graphql(`
  fragment VendorFields on Vendor {
    id
    name
    contactName
    email
    phone
    address
    taxIdMasked
    hasTaxId
    is1099
    active
    defaultExpenseAccountId
    defaultExpenseAccount {
      id
      number
      name
    }
    createdAt
  }
`);

/**
 * A vendor as the API returns it. The full tax id never leaves the API: only its last four
 * (`taxIdMasked`: "•••••6789", or null when no tax id is on file).
 */
export type Vendor = ResultOf<typeof VENDOR_FIELDS>;
export type VendorFilter = SchemaType<'VendorFilter'>;

export const VENDORS_QUERY = graphql(
  `
    query Vendors($filter: VendorFilter) {
      vendors(filter: $filter) {
        ...VendorFields
      }
    }
  `,
  [VENDOR_FIELDS],
);

export const VENDOR_SPEND_QUERY = graphql(`
  query VendorSpend($from: LocalDate!, $to: LocalDate!) {
    vendorSpend(from: $from, to: $to) {
      vendor {
        id
        name
      }
      total
      entryCount
    }
  }
`);

/** `total` is net of reversals; it may be negative. */
export type VendorSpendRow = ResultOf<typeof VENDOR_SPEND_QUERY>['vendorSpend'][number];

export const CREATE_VENDOR_MUTATION = graphql(
  `
    mutation CreateVendor($input: CreateVendorInput!) {
      createVendor(input: $input) {
        ...VendorFields
      }
    }
  `,
  [VENDOR_FIELDS],
);

/** `taxId`: EIN or SSN; on update, omit it to keep the stored one and send "" to remove it. */
export type CreateVendorInput = VariablesOf<typeof CREATE_VENDOR_MUTATION>['input'];

export const UPDATE_VENDOR_MUTATION = graphql(
  `
    mutation UpdateVendor($id: ID!, $input: UpdateVendorInput!) {
      updateVendor(id: $id, input: $input) {
        ...VendorFields
      }
    }
  `,
  [VENDOR_FIELDS],
);

export type UpdateVendorInput = VariablesOf<typeof UPDATE_VENDOR_MUTATION>['input'];

export const DEACTIVATE_VENDOR_MUTATION = graphql(
  `
    mutation DeactivateVendor($id: ID!) {
      deactivateVendor(id: $id) {
        ...VendorFields
      }
    }
  `,
  [VENDOR_FIELDS],
);

export const REACTIVATE_VENDOR_MUTATION = graphql(
  `
    mutation ReactivateVendor($id: ID!) {
      reactivateVendor(id: $id) {
        ...VendorFields
      }
    }
  `,
  [VENDOR_FIELDS],
);

/** A vendor's name (e.g. to label a filter by vendor). */
export const VENDOR_NAME_QUERY = graphql(`
  query VendorName($id: ID!) {
    vendor(id: $id) {
      id
      name
    }
  }
`);
