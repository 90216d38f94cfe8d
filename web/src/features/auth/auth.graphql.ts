import { graphql, type ResultOf } from '@/graphql';
import { LOGIN_SESSION_FIELDS } from '@/apollo/session.graphql';

export const REQUEST_PASSWORD_RESET_MUTATION = graphql(`
  mutation RequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email)
  }
`);

export const RESET_PASSWORD_MUTATION = graphql(`
  mutation ResetPassword($token: String!, $newPassword: String!) {
    resetPassword(token: $token, newPassword: $newPassword)
  }
`);

export const INVITATION_QUERY = graphql(`
  query Invitation($token: String!) {
    invitation(token: $token) {
      email
      organizationName
      role
      userExists
    }
  }
`);

export type InvitationInfo = ResultOf<typeof INVITATION_QUERY>['invitation'];

export const ACCEPT_INVITATION_MUTATION = graphql(
  `
    mutation AcceptInvitation($token: String!, $password: String!, $name: String) {
      acceptInvitation(token: $token, password: $password, name: $name) {
        ...LoginSession
      }
    }
  `,
  [LOGIN_SESSION_FIELDS],
);

// An existing account accepts while signed in as the invited email.
export const JOIN_ORGANIZATION_MUTATION = graphql(`
  mutation JoinOrganization($token: String!) {
    joinOrganization(token: $token) {
      id
      name
      role
    }
  }
`);

export const CHANGE_PASSWORD_MUTATION = graphql(`
  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {
    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)
  }
`);

// Signing in with a passkey, no email typed: the API's options for the browser's prompt, then the
// signed answer, which opens a session like `login` (no authenticator-app step follows).
export const BEGIN_PASSKEY_SIGN_IN_MUTATION = graphql(`
  mutation BeginPasskeySignIn {
    beginPasskeySignIn {
      challengeId
      options
    }
  }
`);
