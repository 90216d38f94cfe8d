import { graphql, type ResultOf } from '@/graphql';

// The session's documents: the ones the auth store, the organization switcher and the
// impersonation band send (sign-in, renewal, switching, sign-out, \`me\`), and the fragments of a
// session every sign-in path selects. The sign-in pages' own documents are in features/auth.

export const SESSION_USER_FIELDS = graphql(`
  fragment SessionUser on User {
    id
    email
    name
    isSuperadmin
    isPlatformOwner
    hasSeenIntro
    mfaEnabled
  }
`);

/** The signed-in user. */
export type User = ResultOf<typeof SESSION_USER_FIELDS>;

export const SESSION_MEMBERSHIP_FIELDS = graphql(`
  fragment SessionMembership on OrganizationMembership {
    id
    name
    role
    status
    settings
    timeZone
    fiscalYearStartMonth
  }
`);

type SessionMembership = ResultOf<typeof SESSION_MEMBERSHIP_FIELDS>;
type CalendarFields = 'timeZone' | 'fiscalYearStartMonth';

/**
 * A user's membership of one organization; `id` is the organization id. Sessions carry its
 * calendar, so "today" is the association's from the first page; a membership without it (one
 * written by hand) has it read by useOrganizationToday.
 */
export type OrganizationMembership = Omit<SessionMembership, CalendarFields> &
  Partial<Pick<SessionMembership, CalendarFields>>;

// The session that login and accepting an invitation open (with whether to show the intro).
export const LOGIN_SESSION_FIELDS = graphql(
  `
    fragment LoginSession on LoginPayload {
      mfaRequired
      accessToken
      hasSeenIntro
      organization {
        ...SessionMembership
      }
      organizations {
        ...SessionMembership
      }
      user {
        ...SessionUser
      }
    }
  `,
  [SESSION_USER_FIELDS, SESSION_MEMBERSHIP_FIELDS],
);

// The session that refreshing, switching organization, impersonating and ending an impersonation
// return.
export const SESSION_FIELDS = graphql(
  `
    fragment Session on SessionPayload {
      accessToken
      user {
        ...SessionUser
      }
      organization {
        ...SessionMembership
      }
      organizations {
        ...SessionMembership
      }
    }
  `,
  [SESSION_USER_FIELDS, SESSION_MEMBERSHIP_FIELDS],
);

export const LOGIN_MUTATION = graphql(
  `
    mutation Login($email: String!, $password: String!) {
      login(email: $email, password: $password) {
        __typename
        ...LoginSession
        ... on MfaChallenge {
          mfaRequired
          challengeToken
          expiresAt
        }
      }
    }
  `,
  [LOGIN_SESSION_FIELDS],
);

/** A session, or (two-step sign-in on) the challenge to answer with a code. */
export type LoginResult = ResultOf<typeof LOGIN_MUTATION>['login'];
export type LoginPayload = Extract<LoginResult, { __typename: 'LoginPayload' }>;
export type MfaChallenge = Extract<LoginResult, { __typename: 'MfaChallenge' }>;

// The second step: a code from the authenticator app, or a recovery code.
export const VERIFY_MFA_MUTATION = graphql(
  `
    mutation VerifyMfa($challengeToken: String!, $code: String!) {
      verifyMfa(challengeToken: $challengeToken, code: $code) {
        ...LoginSession
      }
    }
  `,
  [LOGIN_SESSION_FIELDS],
);

// POSTed to /auth/graphql (see AUTH_ENDPOINT_OPERATIONS): the refresh cookie only goes there.
export const REFRESH_SESSION_MUTATION = graphql(
  `
    mutation RefreshSession($organizationId: ID) {
      refreshSession(organizationId: $organizationId) {
        ...Session
      }
    }
  `,
  [SESSION_FIELDS],
);

type RefreshedSession = NonNullable<ResultOf<typeof REFRESH_SESSION_MUTATION>['refreshSession']>;

/** What login, refreshSession, switchOrganization, impersonation and invitations return. */
export type SessionPayload = Omit<RefreshedSession, 'organization' | 'organizations'> & {
  organization: OrganizationMembership | null;
  organizations: OrganizationMembership[];
};

export const LOGOUT_MUTATION = graphql(`
  mutation Logout {
    logout
  }
`);

export const SWITCH_ORGANIZATION_MUTATION = graphql(
  `
    mutation SwitchOrganization($organizationId: ID!) {
      switchOrganization(organizationId: $organizationId) {
        ...Session
      }
    }
  `,
  [SESSION_FIELDS],
);

export const STOP_IMPERSONATING_MUTATION = graphql(
  `
    mutation StopImpersonating {
      stopImpersonating {
        ...Session
      }
    }
  `,
  [SESSION_FIELDS],
);

export const ME_QUERY = graphql(
  `
    query Me {
      me {
        organizations {
          ...SessionMembership
        }
        organization {
          ...SessionMembership
        }
        user {
          ...SessionUser
        }
        impersonatedBy {
          id
          email
          name
        }
      }
    }
  `,
  [SESSION_USER_FIELDS, SESSION_MEMBERSHIP_FIELDS],
);

/** `impersonatedBy`: the super admin behind an impersonation session; null otherwise. */
export type MeResult = ResultOf<typeof ME_QUERY>['me'];

// A passkey's signed answer (features/auth begins the ceremony) opens a session like `login`.
export const FINISH_PASSKEY_SIGN_IN_MUTATION = graphql(
  `
    mutation FinishPasskeySignIn($challengeId: ID!, $response: JSONObject!) {
      finishPasskeySignIn(challengeId: $challengeId, response: $response) {
        ...LoginSession
      }
    }
  `,
  [LOGIN_SESSION_FIELDS],
);
