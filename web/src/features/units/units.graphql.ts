import { gql } from '@apollo/client/core';
import type { TypedDocumentNode } from '@apollo/client/core';
import type { LocalDate, Money, PageInfo } from '@/apollo/types';
import type { AssessmentGroup, PropertyType } from '@/features/assessments/assessments.graphql';

export interface Unit {
  id: string;
  number: string;
  address: string | null;
  ownerName: string | null;
  email: string | null;
  phone: string | null;
  propertyTypeId: string;
  propertyType: Pick<PropertyType, 'id' | 'name'>;
  assessmentGroupId: string;
  assessmentGroup: Pick<AssessmentGroup, 'id' | 'name'>;
  /** Open invoice balances. */
  balanceDue: Money;
  /** Unapplied payments, applied to the next invoice. */
  credit: Money;
  invoiceCount: number;
  createdAt: string;
}

export interface UnitInput {
  number: string;
  address: string | null;
  ownerName: string | null;
  email: string | null;
  phone: string | null;
  propertyTypeId: string;
  assessmentGroupId: string;
}

export interface UnitFilter {
  search?: string;
  assessmentGroupId?: string;
  withBalance?: boolean;
}

export interface UnitConnection {
  pageInfo: PageInfo;
  totalCount: number;
  edges: { cursor: string; node: Unit }[];
}

export type UnitLedgerKind = 'INVOICE' | 'PAYMENT' | 'VOID_INVOICE' | 'VOID_PAYMENT';

export interface UnitLedgerRow {
  date: LocalDate;
  kind: UnitLedgerKind;
  reference: string;
  description: string | null;
  invoiceId: string | null;
  paymentId: string | null;
  charge: Money;
  payment: Money;
  balance: Money;
}

export interface CsvRowError {
  row: number;
  field: string | null;
  message: string;
}

export interface UnitImportResult {
  created: number;
  errors: CsvRowError[];
}

export const UNIT_FIELDS = gql`
  fragment UnitFields on Unit {
    id
    number
    address
    ownerName
    email
    phone
    propertyTypeId
    propertyType {
      id
      name
    }
    assessmentGroupId
    assessmentGroup {
      id
      name
    }
    balanceDue
    credit
    invoiceCount
    createdAt
  }
`;

export const UNITS_PAGE_SIZE = 50;

export const UNITS_QUERY: TypedDocumentNode<
  { units: UnitConnection },
  { filter?: UnitFilter; first?: number; after?: string | null }
> = gql`
  query Units($filter: UnitFilter, $first: Int! = 50, $after: String) {
    units(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          ...UnitFields
        }
      }
    }
  }
  ${UNIT_FIELDS}
`;

export const UNIT_QUERY: TypedDocumentNode<{ unit: Unit }, { id: string }> = gql`
  query Unit($id: ID!) {
    unit(id: $id) {
      ...UnitFields
    }
  }
  ${UNIT_FIELDS}
`;

export const UNIT_LEDGER_QUERY: TypedDocumentNode<
  { unitLedger: UnitLedgerRow[] },
  { unitId: string }
> = gql`
  query UnitLedger($unitId: ID!) {
    unitLedger(unitId: $unitId) {
      date
      kind
      reference
      description
      invoiceId
      paymentId
      charge
      payment
      balance
    }
  }
`;

export const CREATE_UNIT_MUTATION: TypedDocumentNode<{ createUnit: Unit }, { input: UnitInput }> =
  gql`
    mutation CreateUnit($input: UnitInput!) {
      createUnit(input: $input) {
        ...UnitFields
      }
    }
    ${UNIT_FIELDS}
  `;

export const UPDATE_UNIT_MUTATION: TypedDocumentNode<
  { updateUnit: Unit },
  { id: string; input: UnitInput }
> = gql`
  mutation UpdateUnit($id: ID!, $input: UnitInput!) {
    updateUnit(id: $id, input: $input) {
      ...UnitFields
    }
  }
  ${UNIT_FIELDS}
`;

export const DELETE_UNIT_MUTATION: TypedDocumentNode<{ deleteUnit: boolean }, { id: string }> = gql`
  mutation DeleteUnit($id: ID!) {
    deleteUnit(id: $id)
  }
`;

export const UNIT_IMPORT_TEMPLATE_QUERY: TypedDocumentNode<{ unitImportTemplate: string }> = gql`
  query UnitImportTemplate {
    unitImportTemplate
  }
`;

export const IMPORT_UNITS_MUTATION: TypedDocumentNode<
  { importUnits: UnitImportResult },
  { file: File | null }
> = gql`
  mutation ImportUnits($file: Upload!) {
    importUnits(file: $file) {
      created
      errors {
        row
        field
        message
      }
    }
  }
`;
