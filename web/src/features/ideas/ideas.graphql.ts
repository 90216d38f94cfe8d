import { graphql, type ResultOf } from '@/graphql';

// What members see of an idea: never the admin note (the API refuses it to them).
export const IDEA_FIELDS = graphql(`
  fragment IdeaFields on Idea {
    id
    title
    description
    status
    submittedBy
    createdAt
  }
`);

export type TenantIdea = ResultOf<typeof IDEA_FIELDS>;

export const IDEAS_QUERY = graphql(
  `
    query Ideas($first: Int, $after: String) {
      ideas(first: $first, after: $after) {
        totalCount
        edges {
          cursor
          node {
            ...IdeaFields
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  `,
  [IDEA_FIELDS],
);

export const SUBMIT_IDEA_MUTATION = graphql(
  `
    mutation SubmitIdea($input: SubmitIdeaInput!) {
      submitIdea(input: $input) {
        ...IdeaFields
      }
    }
  `,
  [IDEA_FIELDS],
);

// The platform team's view: every organization, with the private note.
export const ADMIN_IDEA_FIELDS = graphql(`
  fragment AdminIdeaFields on Idea {
    id
    organizationId
    organizationName
    title
    description
    status
    submittedBy
    adminNote
    createdAt
    updatedAt
  }
`);

export type AdminIdea = ResultOf<typeof ADMIN_IDEA_FIELDS>;

export const ADMIN_IDEAS_QUERY = graphql(
  `
    query AdminIdeas(
      $status: IdeaStatus
      $organizationId: ID
      $search: String
      $first: Int
      $after: String
    ) {
      adminIdeas(
        status: $status
        organizationId: $organizationId
        search: $search
        first: $first
        after: $after
      ) {
        totalCount
        statusCounts {
          status
          count
        }
        edges {
          cursor
          node {
            ...AdminIdeaFields
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  `,
  [ADMIN_IDEA_FIELDS],
);

export const ADMIN_IDEA_ORGANIZATIONS_QUERY = graphql(`
  query AdminIdeaOrganizations {
    adminIdeaOrganizations {
      id
      name
      ideaCount
    }
  }
`);

export const SET_IDEA_STATUS_MUTATION = graphql(
  `
    mutation SetIdeaStatus($id: ID!, $status: IdeaStatus!) {
      setIdeaStatus(id: $id, status: $status) {
        ...AdminIdeaFields
      }
    }
  `,
  [ADMIN_IDEA_FIELDS],
);

export const SET_IDEA_ADMIN_NOTE_MUTATION = graphql(
  `
    mutation SetIdeaAdminNote($id: ID!, $note: String!) {
      setIdeaAdminNote(id: $id, note: $note) {
        ...AdminIdeaFields
      }
    }
  `,
  [ADMIN_IDEA_FIELDS],
);
