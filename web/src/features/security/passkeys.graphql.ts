import { graphql, type ResultOf } from '@/graphql';

// The signed-in person's passkeys (Security page).

export const PASSKEY_FIELDS = graphql(`
  fragment PasskeyFields on Passkey {
    id
    name
    createdAt
    lastUsedAt
    backedUp
  }
`);

export type Passkey = ResultOf<typeof PASSKEY_FIELDS>;

export const PASSKEYS_QUERY = graphql(
  `
    query Passkeys {
      passkeys {
        ...PasskeyFields
      }
    }
  `,
  [PASSKEY_FIELDS],
);

export const BEGIN_PASSKEY_REGISTRATION_MUTATION = graphql(`
  mutation BeginPasskeyRegistration {
    beginPasskeyRegistration {
      challengeId
      options
    }
  }
`);

export const FINISH_PASSKEY_REGISTRATION_MUTATION = graphql(
  `
    mutation FinishPasskeyRegistration($challengeId: ID!, $response: JSONObject!, $name: String) {
      finishPasskeyRegistration(challengeId: $challengeId, response: $response, name: $name) {
        ...PasskeyFields
      }
    }
  `,
  [PASSKEY_FIELDS],
);

export const RENAME_PASSKEY_MUTATION = graphql(
  `
    mutation RenamePasskey($id: ID!, $name: String!) {
      renamePasskey(id: $id, name: $name) {
        ...PasskeyFields
      }
    }
  `,
  [PASSKEY_FIELDS],
);

export const DELETE_PASSKEY_MUTATION = graphql(`
  mutation DeletePasskey($id: ID!) {
    deletePasskey(id: $id)
  }
`);
