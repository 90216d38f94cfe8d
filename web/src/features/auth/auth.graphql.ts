import { gql } from '@apollo/client/core';
import type { TypedDocumentNode } from '@apollo/client/core';
import type { InvitationInfo, OrganizationMembership, SessionPayload, User } from '@/apollo/types';

const SESSION_FIELDS = gql`
  fragment SessionUser on User {
    id
    email
    name
    isSuperadmin
    isPlatformOwner
    hasSeenIntro
  }
  fragment SessionMembership on OrganizationMembership {
    id
    name
    role
    status
    settings
  }
`;

export interface LoginPayload extends SessionPayload {
  hasSeenIntro: boolean;
}

export const LOGIN_MUTATION: TypedDocumentNode<
  { login: LoginPayload },
  { email: string; password: string }
> = gql`
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      accessToken
      hasSeenIntro
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
  }
  ${SESSION_FIELDS}
`;

// POSTed to /auth/graphql (see AUTH_ENDPOINT_OPERATIONS): the refresh cookie only goes there.
export const REFRESH_SESSION_MUTATION: TypedDocumentNode<
  { refreshSession: SessionPayload },
  { organizationId?: string | null }
> = gql`
  mutation RefreshSession($organizationId: ID) {
    refreshSession(organizationId: $organizationId) {
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
  }
  ${SESSION_FIELDS}
`;

export const LOGOUT_MUTATION: TypedDocumentNode<{ logout: boolean }, Record<string, never>> = gql`
  mutation Logout {
    logout
  }
`;

export const SWITCH_ORGANIZATION_MUTATION: TypedDocumentNode<
  { switchOrganization: SessionPayload },
  { organizationId: string }
> = gql`
  mutation SwitchOrganization($organizationId: ID!) {
    switchOrganization(organizationId: $organizationId) {
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
  }
  ${SESSION_FIELDS}
`;

export const STOP_IMPERSONATING_MUTATION: TypedDocumentNode<
  { stopImpersonating: SessionPayload },
  Record<string, never>
> = gql`
  mutation StopImpersonating {
    stopImpersonating {
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
  }
  ${SESSION_FIELDS}
`;

export interface MeResult {
  user: User;
  organization: OrganizationMembership | null;
  organizations: OrganizationMembership[];
  /** The super admin behind an impersonation session; null otherwise. */
  impersonatedBy: Pick<User, 'id' | 'email' | 'name'> | null;
}

export const ME_QUERY: TypedDocumentNode<{ me: MeResult }, Record<string, never>> = gql`
  query Me {
    me {
      user {
        ...SessionUser
      }
      organization {
        ...SessionMembership
      }
      organizations {
        ...SessionMembership
      }
      impersonatedBy {
        id
        email
        name
      }
    }
  }
  ${SESSION_FIELDS}
`;

export const REQUEST_PASSWORD_RESET_MUTATION: TypedDocumentNode<
  { requestPasswordReset: boolean },
  { email: string }
> = gql`
  mutation RequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email)
  }
`;

export const RESET_PASSWORD_MUTATION: TypedDocumentNode<
  { resetPassword: boolean },
  { token: string; newPassword: string }
> = gql`
  mutation ResetPassword($token: String!, $newPassword: String!) {
    resetPassword(token: $token, newPassword: $newPassword)
  }
`;

export const INVITATION_QUERY: TypedDocumentNode<
  { invitation: InvitationInfo },
  { token: string }
> = gql`
  query Invitation($token: String!) {
    invitation(token: $token) {
      email
      organizationName
      role
      userExists
    }
  }
`;

export const ACCEPT_INVITATION_MUTATION: TypedDocumentNode<
  { acceptInvitation: LoginPayload },
  { token: string; password: string; name?: string | null }
> = gql`
  mutation AcceptInvitation($token: String!, $password: String!, $name: String) {
    acceptInvitation(token: $token, password: $password, name: $name) {
      accessToken
      hasSeenIntro
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
  }
  ${SESSION_FIELDS}
`;

export const CHANGE_PASSWORD_MUTATION: TypedDocumentNode<
  { changePassword: boolean },
  { currentPassword: string; newPassword: string }
> = gql`
  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {
    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)
  }
`;
