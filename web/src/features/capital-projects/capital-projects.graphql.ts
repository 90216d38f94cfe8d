import { graphql, type ResultOf, type SchemaType } from '@/graphql';

export const CAPITAL_PROJECT_FIELDS = graphql(`
  fragment CapitalProjectFields on CapitalProject {
    id
    name
    description
    category
    estimatedCost
    fundingSource
    priority
    status
    targetYear
    position
    boardYear
    overdue
    reserveComponentId
    reserveComponentName
    notes
  }
`);

export type CapitalProject = ResultOf<typeof CAPITAL_PROJECT_FIELDS>;
export type CapitalProjectCategory = SchemaType<'CapitalProjectCategory'>;
export type CapitalProjectFunding = SchemaType<'CapitalProjectFunding'>;
export type CapitalProjectPriority = SchemaType<'CapitalProjectPriority'>;
export type CapitalProjectStatus = SchemaType<'CapitalProjectStatus'>;
export type CreateCapitalProjectInput = SchemaType<'CreateCapitalProjectInput'>;
export type UpdateCapitalProjectInput = SchemaType<'UpdateCapitalProjectInput'>;

// The board and the table read the same query: the plan's columns, and every project (the table
// also lists done projects of past years, which are not on the board) with its actual cost.
export const CAPITAL_PLAN_QUERY = graphql(
  `
    query CapitalPlan {
      capitalPlan {
        currentFiscalYear
        total
        columns {
          fiscalYear
          label
          total
          reserveFunded
          projectedReserve
          shortfall
          underfunded
          projects {
            ...CapitalProjectFields
          }
        }
      }
      capitalProjects {
        ...CapitalProjectFields
        actualCost
      }
    }
  `,
  [CAPITAL_PROJECT_FIELDS],
);

export type CapitalPlan = ResultOf<typeof CAPITAL_PLAN_QUERY>['capitalPlan'];
export type CapitalPlanColumn = CapitalPlan['columns'][number];
export type CapitalProjectRow = ResultOf<typeof CAPITAL_PLAN_QUERY>['capitalProjects'][number];

export const CAPITAL_PROJECT_QUERY = graphql(
  `
    query CapitalProject($id: ID!) {
      capitalProject(id: $id) {
        ...CapitalProjectFields
        actualCost
        entries {
          id
          number
          date
          memo
          total
          reversedById
          reversesId
        }
      }
    }
  `,
  [CAPITAL_PROJECT_FIELDS],
);

export type CapitalProjectDetail = ResultOf<typeof CAPITAL_PROJECT_QUERY>['capitalProject'];
export type LinkedEntry = CapitalProjectDetail['entries'][number];

export const RESERVE_COMPONENT_OPTIONS_QUERY = graphql(`
  query CapitalProjectReserveComponents {
    reserveComponents {
      id
      name
    }
  }
`);

export const CREATE_CAPITAL_PROJECT_MUTATION = graphql(
  `
    mutation CreateCapitalProject($input: CreateCapitalProjectInput!) {
      createCapitalProject(input: $input) {
        ...CapitalProjectFields
      }
    }
  `,
  [CAPITAL_PROJECT_FIELDS],
);

export const UPDATE_CAPITAL_PROJECT_MUTATION = graphql(
  `
    mutation UpdateCapitalProject($id: ID!, $input: UpdateCapitalProjectInput!) {
      updateCapitalProject(id: $id, input: $input) {
        ...CapitalProjectFields
      }
    }
  `,
  [CAPITAL_PROJECT_FIELDS],
);

export const DELETE_CAPITAL_PROJECT_MUTATION = graphql(`
  mutation DeleteCapitalProject($id: ID!) {
    deleteCapitalProject(id: $id) {
      id
    }
  }
`);

export const MOVE_CAPITAL_PROJECT_MUTATION = graphql(
  `
    mutation MoveCapitalProject($id: ID!, $targetYear: Int, $position: Int!) {
      moveCapitalProject(id: $id, targetYear: $targetYear, position: $position) {
        ...CapitalProjectFields
      }
    }
  `,
  [CAPITAL_PROJECT_FIELDS],
);

export const LINK_CAPITAL_PROJECT_ENTRY_MUTATION = graphql(`
  mutation LinkCapitalProjectEntry($projectId: ID!, $entryId: ID!) {
    linkCapitalProjectEntry(projectId: $projectId, entryId: $entryId) {
      id
    }
  }
`);

export const UNLINK_CAPITAL_PROJECT_ENTRY_MUTATION = graphql(`
  mutation UnlinkCapitalProjectEntry($projectId: ID!, $entryId: ID!) {
    unlinkCapitalProjectEntry(projectId: $projectId, entryId: $entryId) {
      id
    }
  }
`);

// Entries to link, found by number or memo (the journal's own search).
export const ENTRY_SEARCH_QUERY = graphql(`
  query CapitalProjectEntrySearch($filter: JournalEntryFilter) {
    journalEntries(filter: $filter, first: 20) {
      edges {
        node {
          id
          number
          date
          memo
          total
        }
      }
    }
  }
`);
