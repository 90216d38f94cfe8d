import { graphql, type ResultOf, type SchemaType } from '@/graphql';
import { CSV_RECORDS_IMPORT_FIELDS } from '@/apollo/csv-import.graphql';

export const RESERVE_COMPONENT_FIELDS = graphql(`
  fragment ReserveComponentFields on ReserveComponent {
    id
    name
    category
    quantity
    unit
    usefulLifeYears
    remainingLifeYears
    remainingLifeDerived
    placedInServiceYear
    effectiveAgeYears
    nextReplacementYear
    currentReplacementCost
    fullyFundedBalance
    accountId
    account {
      id
      number
      name
    }
    notes
  }
`);

export type ReserveComponent = ResultOf<typeof RESERVE_COMPONENT_FIELDS>;
export type ReserveCategory = SchemaType<'ReserveCategory'>;
export type ReserveBand = SchemaType<'ReserveBand'>;
export type ReserveComponentInput = SchemaType<'ReserveComponentInput'>;
export type ReserveSettingsInput = SchemaType<'ReserveSettingsInput'>;

export const RESERVES_QUERY = graphql(
  `
    query Reserves {
      reserveStudy {
        reserveBalance
        totalFullyFunded
        totalReplacementCost
        percentFunded
        band
        componentsCount
        asOf
      }
      reserveComponents {
        ...ReserveComponentFields
      }
    }
  `,
  [RESERVE_COMPONENT_FIELDS],
);

export type ReserveStudy = ResultOf<typeof RESERVES_QUERY>['reserveStudy'];

export const RESERVE_PROJECTION_QUERY = graphql(`
  query ReserveProjection($assumptions: ReserveSettingsInput) {
    reserveProjection(assumptions: $assumptions) {
      negativeYears
      years {
        fiscalYear
        opening
        contribution
        interest
        expenditures
        closing
        fullyFunded
        negative
        replacements {
          componentId
          name
          cost
        }
      }
      goals {
        threshold {
          annualContribution
          lowestClosing
          lowestYear
          finalClosing
        }
        fullFunding {
          annualContribution
          lowestClosing
          lowestYear
          finalClosing
        }
      }
      assumptions {
        inflationRate
        interestRate
        annualContribution
        contributionFromBudget
        budgetedContribution
        thresholdFloor
        openingBalance
        openingAsOf
      }
    }
  }
`);

export type ReserveProjection = ResultOf<typeof RESERVE_PROJECTION_QUERY>['reserveProjection'];
export type ReserveProjectionYear = ReserveProjection['years'][number];
export type ReserveFundingGoal = ReserveProjection['goals']['threshold'];

export const CREATE_RESERVE_COMPONENT_MUTATION = graphql(
  `
    mutation CreateReserveComponent($input: ReserveComponentInput!) {
      createReserveComponent(input: $input) {
        ...ReserveComponentFields
      }
    }
  `,
  [RESERVE_COMPONENT_FIELDS],
);

export const UPDATE_RESERVE_COMPONENT_MUTATION = graphql(
  `
    mutation UpdateReserveComponent($id: ID!, $input: ReserveComponentInput!) {
      updateReserveComponent(id: $id, input: $input) {
        ...ReserveComponentFields
      }
    }
  `,
  [RESERVE_COMPONENT_FIELDS],
);

export const DELETE_RESERVE_COMPONENT_MUTATION = graphql(`
  mutation DeleteReserveComponent($id: ID!) {
    deleteReserveComponent(id: $id)
  }
`);

export const UPDATE_RESERVE_SETTINGS_MUTATION = graphql(`
  mutation UpdateReserveSettings($input: ReserveSettingsInput!) {
    updateReserveSettings(input: $input) {
      inflationRate
      interestRate
      annualContribution
      thresholdFloor
    }
  }
`);

export const RESERVE_TEMPLATE_QUERY = graphql(`
  query ReserveComponentsTemplate {
    reserveComponentsTemplate
  }
`);

export const IMPORT_RESERVE_COMPONENTS_MUTATION = graphql(
  `
    mutation ImportReserveComponents($file: Upload!) {
      importReserveComponents(file: $file) {
        ...CsvRecordsImportFields
      }
    }
  `,
  [CSV_RECORDS_IMPORT_FIELDS],
);

export type ReserveImportResult = ResultOf<
  typeof IMPORT_RESERVE_COMPONENTS_MUTATION
>['importReserveComponents'];
