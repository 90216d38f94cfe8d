import { graphql, type ResultOf, type SchemaType, type VariablesOf } from '@/graphql';

export const SCENARIO_FIELDS = graphql(`
  fragment ScenarioFields on Scenario {
    id
    name
    updatedAt
    assumptions {
      assessmentChanges {
        fromMonth
        percent
      }
      specialAssessments {
        month
        fund
        amount
      }
      projectMoves {
        projectId
        targetYear
      }
      plannedInvestments {
        id
        fund
        kind
        institution
        amount
        termMonths
        apy
        month
        executedInvestmentId
      }
      excludedInvestmentIds
      inflationPercent
    }
  }
`);

export const SCENARIOS_QUERY = graphql(
  `
    query Scenarios {
      scenarios {
        ...ScenarioFields
      }
    }
  `,
  [SCENARIO_FIELDS],
);

const PROJECTION_FIELDS = graphql(`
  fragment ScenarioProjectionFields on ScenarioProjection {
    scenarioId
    name
    years {
      fiscalYear
      month
      operatingBalance
      reserveBalance
      fullyFundedBalance
      percentFunded
    }
    months {
      month
      operatingBalance
      reserveBalance
    }
    lowestOperating {
      month
      balance
    }
    lowestReserve {
      month
      balance
    }
  }
`);

export const SCENARIO_COMPARISON_QUERY = graphql(
  `
    query ScenarioComparison($ids: [ID!]!) {
      scenarioComparison(ids: $ids) {
        asOf
        firstMonth
        baseline {
          ...ScenarioProjectionFields
        }
        scenarios {
          ...ScenarioProjectionFields
        }
      }
    }
  `,
  [PROJECTION_FIELDS],
);

/** What the assumption lists pick from: the capital projects and the active investments. */
export const SCENARIO_CHOICES_QUERY = graphql(`
  query ScenarioChoices {
    capitalProjects {
      id
      name
      targetYear
      fundingSource
      status
      estimatedCost
    }
    investments(filter: { status: ACTIVE }) {
      id
      kind
      institution
      fundType
      balance
      maturityDate
    }
  }
`);

export const CREATE_SCENARIO_MUTATION = graphql(
  `
    mutation CreateScenario($input: ScenarioInput!) {
      createScenario(input: $input) {
        ...ScenarioFields
      }
    }
  `,
  [SCENARIO_FIELDS],
);

export const UPDATE_SCENARIO_MUTATION = graphql(
  `
    mutation UpdateScenario($id: ID!, $input: ScenarioInput!) {
      updateScenario(id: $id, input: $input) {
        ...ScenarioFields
      }
    }
  `,
  [SCENARIO_FIELDS],
);

export const DUPLICATE_SCENARIO_MUTATION = graphql(
  `
    mutation DuplicateScenario($id: ID!, $name: String) {
      duplicateScenario(id: $id, name: $name) {
        ...ScenarioFields
      }
    }
  `,
  [SCENARIO_FIELDS],
);

export const DELETE_SCENARIO_MUTATION = graphql(`
  mutation DeleteScenario($id: ID!) {
    deleteScenario(id: $id)
  }
`);

export const EXECUTE_SCENARIO_INVESTMENT_MUTATION = graphql(
  `
    mutation ExecuteScenarioInvestment(
      $scenarioId: ID!
      $plannedInvestmentId: ID!
      $input: ExecuteScenarioInvestmentInput!
    ) {
      executeScenarioInvestment(
        scenarioId: $scenarioId
        plannedInvestmentId: $plannedInvestmentId
        input: $input
      ) {
        scenario {
          ...ScenarioFields
        }
        investment {
          id
          institution
          principal
          entries {
            entryNumber
          }
        }
      }
    }
  `,
  [SCENARIO_FIELDS],
);

export type Scenario = ResultOf<typeof SCENARIO_FIELDS>;
export type ScenarioAssumptions = Scenario['assumptions'];
export type PlannedInvestment = ScenarioAssumptions['plannedInvestments'][number];
export type ScenarioComparison = ResultOf<typeof SCENARIO_COMPARISON_QUERY>['scenarioComparison'];
export type ScenarioProjection = ResultOf<typeof PROJECTION_FIELDS>;
export type ScenarioChoices = ResultOf<typeof SCENARIO_CHOICES_QUERY>;
export type ScenarioInput = VariablesOf<typeof CREATE_SCENARIO_MUTATION>['input'];
export type FundType = SchemaType<'FundType'>;
export type InvestmentKind = SchemaType<'InvestmentKind'>;
