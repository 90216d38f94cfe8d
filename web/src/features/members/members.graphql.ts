import { gql } from '@apollo/client/core';
import type { TypedDocumentNode } from '@apollo/client/core';
import type { Member, Role } from '@/apollo/types';

export const MEMBER_FIELDS = gql`
  fragment MemberFields on Member {
    userId
    email
    name
    role
    status
    joinedAt
  }
`;

export const MEMBERS_QUERY: TypedDocumentNode<{ members: Member[] }, Record<string, never>> = gql`
  query Members {
    members {
      ...MemberFields
    }
  }
  ${MEMBER_FIELDS}
`;

export const INVITE_MEMBER_MUTATION: TypedDocumentNode<
  { inviteMember: Member },
  { email: string; role: Role }
> = gql`
  mutation InviteMember($email: String!, $role: Role!) {
    inviteMember(email: $email, role: $role) {
      ...MemberFields
    }
  }
  ${MEMBER_FIELDS}
`;

export const UPDATE_MEMBER_ROLE_MUTATION: TypedDocumentNode<
  { updateMemberRole: Member },
  { userId: string; role: Role }
> = gql`
  mutation UpdateMemberRole($userId: ID!, $role: Role!) {
    updateMemberRole(userId: $userId, role: $role) {
      ...MemberFields
    }
  }
  ${MEMBER_FIELDS}
`;

export const REMOVE_MEMBER_MUTATION: TypedDocumentNode<
  { removeMember: boolean },
  { userId: string }
> = gql`
  mutation RemoveMember($userId: ID!) {
    removeMember(userId: $userId)
  }
`;
