import { graphql, type ResultOf } from '@/graphql';

// The signed-in person's personal API tokens (Security page).

export const API_TOKEN_FIELDS = graphql(`
  fragment ApiTokenFields on ApiToken {
    id
    name
    organizationId
    organizationName
    access
    prefix
    createdAt
    expiresAt
    lastUsedAt
    revokedAt
    state
  }
`);

export type ApiTokenRow = ResultOf<typeof API_TOKEN_FIELDS>;

export const API_TOKENS_QUERY = graphql(
  `
    query ApiTokens {
      apiTokens {
        ...ApiTokenFields
      }
    }
  `,
  [API_TOKEN_FIELDS],
);

export const CREATE_API_TOKEN_MUTATION = graphql(
  `
    mutation CreateApiToken($input: CreateApiTokenInput!) {
      createApiToken(input: $input) {
        token
        apiToken {
          ...ApiTokenFields
        }
      }
    }
  `,
  [API_TOKEN_FIELDS],
);

export const REVOKE_API_TOKEN_MUTATION = graphql(
  `
    mutation RevokeApiToken($id: ID!) {
      revokeApiToken(id: $id) {
        ...ApiTokenFields
      }
    }
  `,
  [API_TOKEN_FIELDS],
);
