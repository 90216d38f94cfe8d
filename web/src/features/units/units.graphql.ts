import { graphql, type ResultOf, type SchemaType, type VariablesOf } from '@/graphql';
import { CSV_RECORDS_IMPORT_FIELDS } from '@/apollo/csv-import.graphql';
import { PAGE_INFO_FIELDS } from '@/apollo/connection.graphql';

/** How the receivables pages name a unit: its number and owner. */
export const UNIT_REF_FIELDS = graphql(`
  fragment UnitRefFields on Unit {
    id
    number
    ownerName
  }
`);

export const UNIT_FIELDS = graphql(`
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
`);

/** `balanceDue`: open invoice balances; `credit`: unapplied payments, applied to the next invoice. */
export type Unit = ResultOf<typeof UNIT_FIELDS>;
export type UnitFilter = SchemaType<'UnitFilter'>;

export const UNITS_PAGE_SIZE = 50;

export const UNITS_QUERY = graphql(
  `
    query Units($filter: UnitFilter, $first: Int! = 50, $after: String) {
      units(filter: $filter, first: $first, after: $after) {
        totalCount
        edges {
          cursor
          node {
            ...UnitFields
          }
        }
        pageInfo {
          ...PageInfoFields
        }
      }
    }
  `,
  [UNIT_FIELDS, PAGE_INFO_FIELDS],
);

export type UnitConnection = ResultOf<typeof UNITS_QUERY>['units'];

export const UNIT_QUERY = graphql(
  `
    query Unit($id: ID!) {
      unit(id: $id) {
        ...UnitFields
      }
    }
  `,
  [UNIT_FIELDS],
);

// Rows per page of the unit ledger; a page with fewer rows is the last.
export const UNIT_LEDGER_PAGE_SIZE = 500;

export const UNIT_LEDGER_QUERY = graphql(`
  query UnitLedger($unitId: ID!, $first: Int!, $after: String) {
    unitLedger(unitId: $unitId, first: $first, after: $after) {
      date
      kind
      reference
      description
      invoiceId
      paymentId
      charge
      payment
      balance
      cursor
    }
  }
`);

export type UnitLedgerRow = ResultOf<typeof UNIT_LEDGER_QUERY>['unitLedger'][number];
export type UnitLedgerKind = SchemaType<'UnitLedgerKind'>;

export const CREATE_UNIT_MUTATION = graphql(
  `
    mutation CreateUnit($input: UnitInput!) {
      createUnit(input: $input) {
        ...UnitFields
      }
    }
  `,
  [UNIT_FIELDS],
);

export type UnitInput = VariablesOf<typeof CREATE_UNIT_MUTATION>['input'];

export const UPDATE_UNIT_MUTATION = graphql(
  `
    mutation UpdateUnit($id: ID!, $input: UnitInput!) {
      updateUnit(id: $id, input: $input) {
        ...UnitFields
      }
    }
  `,
  [UNIT_FIELDS],
);

export const DELETE_UNIT_MUTATION = graphql(`
  mutation DeleteUnit($id: ID!) {
    deleteUnit(id: $id)
  }
`);

export const UNIT_IMPORT_TEMPLATE_QUERY = graphql(`
  query UnitImportTemplate {
    unitImportTemplate
  }
`);

export const IMPORT_UNITS_MUTATION = graphql(
  `
    mutation ImportUnits($file: Upload!) {
      importUnits(file: $file) {
        ...CsvRecordsImportFields
      }
    }
  `,
  [CSV_RECORDS_IMPORT_FIELDS],
);

export type UnitImportResult = ResultOf<typeof IMPORT_UNITS_MUTATION>['importUnits'];
export type CsvRowError = UnitImportResult['errors'][number];

// ---------------------------------------------------------------------------------------------
// Opening balances: what each unit owed (or had in credit) when the books moved to Covenant

export const SET_UNIT_OPENING_BALANCE_MUTATION = graphql(`
  mutation SetUnitOpeningBalance($input: UnitOpeningBalanceInput!) {
    setUnitOpeningBalance(input: $input) {
      unitId
      invoiceId
      paymentId
    }
  }
`);

/** `amount`: positive, owed by the owner; negative, the owner's credit. */
export type UnitOpeningBalanceInput = VariablesOf<
  typeof SET_UNIT_OPENING_BALANCE_MUTATION
>['input'];

export const OPENING_BALANCE_IMPORT_TEMPLATE_QUERY = graphql(`
  query OpeningBalanceImportTemplate {
    openingBalanceImportTemplate
  }
`);

export const IMPORT_OPENING_BALANCES_MUTATION = graphql(
  `
    mutation ImportOpeningBalances($file: Upload!, $date: LocalDate) {
      importOpeningBalances(file: $file, date: $date) {
        ...CsvRecordsImportFields
      }
    }
  `,
  [CSV_RECORDS_IMPORT_FIELDS],
);

export type OpeningBalanceImportResult = ResultOf<
  typeof IMPORT_OPENING_BALANCES_MUTATION
>['importOpeningBalances'];
