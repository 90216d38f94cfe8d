import { gql } from '@apollo/client/core';
import type { TypedDocumentNode } from '@apollo/client/core';
import type { Account, LocalDate, Money } from '@/apollo/types';

/** A vendor as the API returns it. The full tax id never leaves the API: only its last four. */
export interface Vendor {
  id: string;
  name: string;
  contactName: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  /** "•••••6789", or null when no tax id is on file. */
  taxIdMasked: string | null;
  hasTaxId: boolean;
  is1099: boolean;
  active: boolean;
  defaultExpenseAccountId: string | null;
  defaultExpenseAccount: Pick<Account, 'id' | 'number' | 'name'> | null;
  createdAt: string;
}

export interface VendorSpendRow {
  vendor: Pick<Vendor, 'id' | 'name'>;
  /** Net of reversals; may be negative. */
  total: Money;
  entryCount: number;
}

export interface VendorFilter {
  search?: string | null;
  includeInactive?: boolean;
}

export interface CreateVendorInput {
  name: string;
  contactName?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  /** EIN or SSN; on update, omit it to keep the stored one and send "" to remove it. */
  taxId?: string;
  defaultExpenseAccountId?: string | null;
  is1099?: boolean;
}

export type UpdateVendorInput = Partial<CreateVendorInput>;

export const VENDOR_FIELDS = gql`
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
`;

export const VENDORS_QUERY: TypedDocumentNode<{ vendors: Vendor[] }, { filter?: VendorFilter }> =
  gql`
    query Vendors($filter: VendorFilter) {
      vendors(filter: $filter) {
        ...VendorFields
      }
    }
    ${VENDOR_FIELDS}
  `;

export const VENDOR_SPEND_QUERY: TypedDocumentNode<
  { vendorSpend: VendorSpendRow[] },
  { from: LocalDate; to: LocalDate }
> = gql`
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
`;

export const CREATE_VENDOR_MUTATION: TypedDocumentNode<
  { createVendor: Vendor },
  { input: CreateVendorInput }
> = gql`
  mutation CreateVendor($input: CreateVendorInput!) {
    createVendor(input: $input) {
      ...VendorFields
    }
  }
  ${VENDOR_FIELDS}
`;

export const UPDATE_VENDOR_MUTATION: TypedDocumentNode<
  { updateVendor: Vendor },
  { id: string; input: UpdateVendorInput }
> = gql`
  mutation UpdateVendor($id: ID!, $input: UpdateVendorInput!) {
    updateVendor(id: $id, input: $input) {
      ...VendorFields
    }
  }
  ${VENDOR_FIELDS}
`;

export const DEACTIVATE_VENDOR_MUTATION: TypedDocumentNode<
  { deactivateVendor: Vendor },
  { id: string }
> = gql`
  mutation DeactivateVendor($id: ID!) {
    deactivateVendor(id: $id) {
      ...VendorFields
    }
  }
  ${VENDOR_FIELDS}
`;

export const REACTIVATE_VENDOR_MUTATION: TypedDocumentNode<
  { reactivateVendor: Vendor },
  { id: string }
> = gql`
  mutation ReactivateVendor($id: ID!) {
    reactivateVendor(id: $id) {
      ...VendorFields
    }
  }
  ${VENDOR_FIELDS}
`;

/** A vendor's name (e.g. to label a filter by vendor). */
export const VENDOR_NAME_QUERY: TypedDocumentNode<
  { vendor: Pick<Vendor, 'id' | 'name'> },
  { id: string }
> = gql`
  query VendorName($id: ID!) {
    vendor(id: $id) {
      id
      name
    }
  }
`;
