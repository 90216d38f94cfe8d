import { graphql, type ResultOf } from '@/graphql';

// Signing in with an identity provider (Google, Microsoft): which ones the server offers, and the
// start of the round trip (the API answers the provider's URL and sets a cookie for the way back).

export const SSO_PROVIDERS_QUERY = graphql(`
  query SsoProviders {
    ssoProviders {
      id
      name
    }
  }
`);

export type SsoProvider = ResultOf<typeof SSO_PROVIDERS_QUERY>['ssoProviders'][number];

export const BEGIN_SSO_SIGN_IN_MUTATION = graphql(`
  mutation BeginSsoSignIn($provider: String!, $redirect: String) {
    beginSsoSignIn(provider: $provider, redirect: $redirect) {
      authorizationUrl
    }
  }
`);

export const LINKED_IDENTITIES_QUERY = graphql(`
  query LinkedIdentities {
    linkedIdentities {
      id
      provider
      providerName
      email
      createdAt
      lastUsedAt
    }
  }
`);

export type LinkedIdentity = ResultOf<typeof LINKED_IDENTITIES_QUERY>['linkedIdentities'][number];

export const BEGIN_SSO_LINK_MUTATION = graphql(`
  mutation BeginSsoLink($provider: String!) {
    beginSsoLink(provider: $provider) {
      authorizationUrl
    }
  }
`);

export const UNLINK_IDENTITY_MUTATION = graphql(`
  mutation UnlinkIdentity($id: ID!) {
    unlinkIdentity(id: $id)
  }
`);
