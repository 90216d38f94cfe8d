import { graphql, type ResultOf, type SchemaType, type VariablesOf } from '@/graphql';

// The assessments side of the receivables API: property types, assessment groups with their rates
// per property type, the income they project, and the receivables settings.

export type AssessmentFrequency = SchemaType<'AssessmentFrequency'>;

export const PROPERTY_TYPE_FIELDS = graphql(`
  fragment PropertyTypeFields on PropertyType {
    id
    name
    unitCount
  }
`);

export type PropertyType = ResultOf<typeof PROPERTY_TYPE_FIELDS>;

export const ASSESSMENT_GROUP_FIELDS = graphql(
  `
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
  `,
  [PROPERTY_TYPE_FIELDS],
);

export type AssessmentGroup = ResultOf<typeof ASSESSMENT_GROUP_FIELDS>;
/** `regular` and `special` are per billing period (the group's frequency). */
export type AssessmentRate = AssessmentGroup['rates'][number];
export type LateFeePolicy = NonNullable<AssessmentGroup['lateFee']>;
/** How the receivables pages name an account. */
export type AccountRef = AssessmentGroup['regularIncomeAccount'];

export const PROPERTY_TYPES_QUERY = graphql(
  `
    query PropertyTypes {
      propertyTypes {
        ...PropertyTypeFields
      }
    }
  `,
  [PROPERTY_TYPE_FIELDS],
);

export const ASSESSMENT_GROUPS_QUERY = graphql(
  `
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
  `,
  [ASSESSMENT_GROUP_FIELDS],
);

export type AssessmentProjection = ResultOf<typeof ASSESSMENT_GROUPS_QUERY>['assessmentProjection'];

/** Names only: the pickers of the units pages. */
export const ASSESSMENT_GROUP_NAMES_QUERY = graphql(`
  query AssessmentGroupNames {
    assessmentGroups {
      id
      name
      isDefault
    }
  }
`);

export const ASSESSMENT_GROUP_QUERY = graphql(
  `
    query AssessmentGroup($id: ID!) {
      assessmentGroup(id: $id) {
        ...AssessmentGroupFields
      }
    }
  `,
  [ASSESSMENT_GROUP_FIELDS],
);

export const CREATE_ASSESSMENT_GROUP_MUTATION = graphql(
  `
    mutation CreateAssessmentGroup($input: AssessmentGroupInput!) {
      createAssessmentGroup(input: $input) {
        ...AssessmentGroupFields
      }
    }
  `,
  [ASSESSMENT_GROUP_FIELDS],
);

export type AssessmentGroupInput = VariablesOf<typeof CREATE_ASSESSMENT_GROUP_MUTATION>['input'];
export type AssessmentRateInput = SchemaType<'AssessmentRateInput'>;
export type LateFeePolicyInput = SchemaType<'LateFeePolicyInput'>;

export const UPDATE_ASSESSMENT_GROUP_MUTATION = graphql(
  `
    mutation UpdateAssessmentGroup($id: ID!, $input: AssessmentGroupInput!) {
      updateAssessmentGroup(id: $id, input: $input) {
        ...AssessmentGroupFields
      }
    }
  `,
  [ASSESSMENT_GROUP_FIELDS],
);

export const DELETE_ASSESSMENT_GROUP_MUTATION = graphql(`
  mutation DeleteAssessmentGroup($id: ID!) {
    deleteAssessmentGroup(id: $id)
  }
`);

export const CREATE_PROPERTY_TYPE_MUTATION = graphql(
  `
    mutation CreatePropertyType($name: String!) {
      createPropertyType(name: $name) {
        ...PropertyTypeFields
      }
    }
  `,
  [PROPERTY_TYPE_FIELDS],
);

export const RENAME_PROPERTY_TYPE_MUTATION = graphql(
  `
    mutation RenamePropertyType($id: ID!, $name: String!) {
      renamePropertyType(id: $id, name: $name) {
        ...PropertyTypeFields
      }
    }
  `,
  [PROPERTY_TYPE_FIELDS],
);

export const DELETE_PROPERTY_TYPE_MUTATION = graphql(`
  mutation DeletePropertyType($id: ID!) {
    deletePropertyType(id: $id)
  }
`);

const SETTINGS_FIELDS = graphql(`
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
    prepaidAccountId
    undepositedAccountId
  }
`);

export type ReceivablesSettings = ResultOf<typeof SETTINGS_FIELDS>;

export const RECEIVABLES_SETTINGS_QUERY = graphql(
  `
    query ReceivablesSettings {
      receivablesSettings {
        ...ReceivablesSettingsFields
      }
    }
  `,
  [SETTINGS_FIELDS],
);

export const UPDATE_RECEIVABLES_SETTINGS_MUTATION = graphql(
  `
    mutation UpdateReceivablesSettings($input: ReceivablesSettingsInput!) {
      updateReceivablesSettings(input: $input) {
        ...ReceivablesSettingsFields
      }
    }
  `,
  [SETTINGS_FIELDS],
);
