import { gql } from '@apollo/client/core';
import type { TypedDocumentNode } from '@apollo/client/core';
import type { OrganizationMembership, User } from '@/apollo/types';

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
  }
`;

export interface LoginPayload {
  accessToken: string;
  hasSeenIntro: boolean;
  user: User;
  organizations: OrganizationMembership[];
  organization: OrganizationMembership | null;
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

export interface MeResult {
  user: User;
  organization: OrganizationMembership | null;
  organizations: OrganizationMembership[];
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
    }
  }
  ${SESSION_FIELDS}
`;
