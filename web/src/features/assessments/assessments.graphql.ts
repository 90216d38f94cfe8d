import { gql } from '@apollo/client/core';
import type { TypedDocumentNode } from '@apollo/client/core';
import type { Account, Money } from '@/apollo/types';

// The assessments side of the receivables API: property types, assessment groups with their rates
// per property type, the income they project, and the receivables settings.

export type AssessmentFrequency = 'MONTHLY' | 'QUARTERLY' | 'ANNUAL';

export interface PropertyType {
  id: string;
  name: string;
  unitCount: number;
}

export type AccountRef = Pick<Account, 'id' | 'number' | 'name'>;

export interface AssessmentRate {
  propertyTypeId: string;
  propertyType: PropertyType;
  /** Per billing period (the group's frequency). */
  regular: Money;
  special: Money;
  regularMonthly: Money;
  specialMonthly: Money;
  unitCount: number;
  projectedMonthly: Money;
  projectedAnnual: Money;
}

export interface LateFeePolicy {
  graceDays: number;
  flatFee: Money;
  percent: number;
  monthlyInterestPercent: number;
  incomeAccountId: string;
  incomeAccount: AccountRef;
}

export interface AssessmentGroup {
  id: string;
  name: string;
  description: string | null;
  frequency: AssessmentFrequency;
  isDefault: boolean;
  dueDay: number;
  regularIncomeAccountId: string;
  regularIncomeAccount: AccountRef;
  specialIncomeAccountId: string;
  specialIncomeAccount: AccountRef;
  rates: AssessmentRate[];
  lateFee: LateFeePolicy | null;
  unitCount: number;
  projectedMonthlyIncome: Money;
  projectedAnnualIncome: Money;
  createdAt: string;
}

export interface AssessmentProjection {
  monthly: Money;
  annual: Money;
  unitCount: number;
}

export interface AssessmentRateInput {
  propertyTypeId: string;
  regular: Money;
  special: Money;
}

export interface LateFeePolicyInput {
  graceDays: number;
  flatFee: Money;
  percent: number;
  monthlyInterestPercent: number;
  incomeAccountId: string;
}

export interface AssessmentGroupInput {
  name: string;
  description: string | null;
  frequency: AssessmentFrequency;
  isDefault: boolean;
  dueDay: number;
  regularIncomeAccountId: string;
  specialIncomeAccountId: string;
  rates: AssessmentRateInput[];
  lateFee: LateFeePolicyInput | null;
}

export interface ReceivablesSettings {
  receivableAccountId: string;
  receivableAccount: AccountRef;
  depositAccountId: string | null;
  depositAccount: AccountRef | null;
}

export const PROPERTY_TYPE_FIELDS = gql`
  fragment PropertyTypeFields on PropertyType {
    id
    name
    unitCount
  }
`;

export const ASSESSMENT_GROUP_FIELDS = gql`
  fragment AssessmentGroupFields on AssessmentGroup {
    id
    name
    description
    frequency
    isDefault
    dueDay
    regularIncomeAccountId
    regularIncomeAccount {
      id
      number
      name
    }
    specialIncomeAccountId
    specialIncomeAccount {
      id
      number
      name
    }
    rates {
      propertyTypeId
      propertyType {
        ...PropertyTypeFields
      }
      regular
      special
      regularMonthly
      specialMonthly
      unitCount
      projectedMonthly
      projectedAnnual
    }
    lateFee {
      graceDays
      flatFee
      percent
      monthlyInterestPercent
      incomeAccountId
      incomeAccount {
        id
        number
        name
      }
    }
    unitCount
    projectedMonthlyIncome
    projectedAnnualIncome
    createdAt
  }
  ${PROPERTY_TYPE_FIELDS}
`;

export const PROPERTY_TYPES_QUERY: TypedDocumentNode<{ propertyTypes: PropertyType[] }> = gql`
  query PropertyTypes {
    propertyTypes {
      ...PropertyTypeFields
    }
  }
  ${PROPERTY_TYPE_FIELDS}
`;

export const ASSESSMENT_GROUPS_QUERY: TypedDocumentNode<{
  assessmentGroups: AssessmentGroup[];
  assessmentProjection: AssessmentProjection;
}> = gql`
  query AssessmentGroups {
    assessmentGroups {
      ...AssessmentGroupFields
    }
    assessmentProjection {
      monthly
      annual
      unitCount
    }
  }
  ${ASSESSMENT_GROUP_FIELDS}
`;

/** Names only: the pickers of the units pages. */
export const ASSESSMENT_GROUP_NAMES_QUERY: TypedDocumentNode<{
  assessmentGroups: Pick<AssessmentGroup, 'id' | 'name' | 'isDefault'>[];
}> = gql`
  query AssessmentGroupNames {
    assessmentGroups {
      id
      name
      isDefault
    }
  }
`;

export const ASSESSMENT_GROUP_QUERY: TypedDocumentNode<
  { assessmentGroup: AssessmentGroup },
  { id: string }
> = gql`
  query AssessmentGroup($id: ID!) {
    assessmentGroup(id: $id) {
      ...AssessmentGroupFields
    }
  }
  ${ASSESSMENT_GROUP_FIELDS}
`;

export const CREATE_ASSESSMENT_GROUP_MUTATION: TypedDocumentNode<
  { createAssessmentGroup: AssessmentGroup },
  { input: AssessmentGroupInput }
> = gql`
  mutation CreateAssessmentGroup($input: AssessmentGroupInput!) {
    createAssessmentGroup(input: $input) {
      ...AssessmentGroupFields
    }
  }
  ${ASSESSMENT_GROUP_FIELDS}
`;

export const UPDATE_ASSESSMENT_GROUP_MUTATION: TypedDocumentNode<
  { updateAssessmentGroup: AssessmentGroup },
  { id: string; input: AssessmentGroupInput }
> = gql`
  mutation UpdateAssessmentGroup($id: ID!, $input: AssessmentGroupInput!) {
    updateAssessmentGroup(id: $id, input: $input) {
      ...AssessmentGroupFields
    }
  }
  ${ASSESSMENT_GROUP_FIELDS}
`;

export const DELETE_ASSESSMENT_GROUP_MUTATION: TypedDocumentNode<
  { deleteAssessmentGroup: boolean },
  { id: string }
> = gql`
  mutation DeleteAssessmentGroup($id: ID!) {
    deleteAssessmentGroup(id: $id)
  }
`;

export const CREATE_PROPERTY_TYPE_MUTATION: TypedDocumentNode<
  { createPropertyType: PropertyType },
  { name: string }
> = gql`
  mutation CreatePropertyType($name: String!) {
    createPropertyType(name: $name) {
      ...PropertyTypeFields
    }
  }
  ${PROPERTY_TYPE_FIELDS}
`;

export const RENAME_PROPERTY_TYPE_MUTATION: TypedDocumentNode<
  { renamePropertyType: PropertyType },
  { id: string; name: string }
> = gql`
  mutation RenamePropertyType($id: ID!, $name: String!) {
    renamePropertyType(id: $id, name: $name) {
      ...PropertyTypeFields
    }
  }
  ${PROPERTY_TYPE_FIELDS}
`;

export const DELETE_PROPERTY_TYPE_MUTATION: TypedDocumentNode<
  { deletePropertyType: boolean },
  { id: string }
> = gql`
  mutation DeletePropertyType($id: ID!) {
    deletePropertyType(id: $id)
  }
`;

const SETTINGS_FIELDS = gql`
  fragment ReceivablesSettingsFields on ReceivablesSettings {
    receivableAccountId
    receivableAccount {
      id
      number
      name
    }
    depositAccountId
    depositAccount {
      id
      number
      name
    }
  }
`;

export const RECEIVABLES_SETTINGS_QUERY: TypedDocumentNode<{
  receivablesSettings: ReceivablesSettings;
}> = gql`
  query ReceivablesSettings {
    receivablesSettings {
      ...ReceivablesSettingsFields
    }
  }
  ${SETTINGS_FIELDS}
`;

export const UPDATE_RECEIVABLES_SETTINGS_MUTATION: TypedDocumentNode<
  { updateReceivablesSettings: ReceivablesSettings },
  { input: { receivableAccountId: string; depositAccountId: string | null } }
> = gql`
  mutation UpdateReceivablesSettings($input: ReceivablesSettingsInput!) {
    updateReceivablesSettings(input: $input) {
      ...ReceivablesSettingsFields
    }
  }
  ${SETTINGS_FIELDS}
`;
