import { graphql, type ResultOf } from '@/graphql';

export const MEMBER_FIELDS = graphql(`
  fragment MemberFields on Member {
    userId
    email
    name
    role
    status
    joinedAt
    mfaEnabled
  }
`);

/** A person in the current organization (or invited to it), as tenant admins see them. */
export type Member = ResultOf<typeof MEMBER_FIELDS>;

export const MEMBERS_QUERY = graphql(
  `
    query Members {
      members {
        ...MemberFields
      }
    }
  `,
  [MEMBER_FIELDS],
);

export const INVITE_MEMBER_MUTATION = graphql(
  `
    mutation InviteMember($email: String!, $role: Role!) {
      inviteMember(email: $email, role: $role) {
        ...MemberFields
      }
    }
  `,
  [MEMBER_FIELDS],
);

export const UPDATE_MEMBER_ROLE_MUTATION = graphql(
  `
    mutation UpdateMemberRole($userId: ID!, $role: Role!) {
      updateMemberRole(userId: $userId, role: $role) {
        ...MemberFields
      }
    }
  `,
  [MEMBER_FIELDS],
);

export const SUSPEND_MEMBER_MUTATION = graphql(
  `
    mutation SuspendMember($userId: ID!) {
      suspendMember(userId: $userId) {
        ...MemberFields
      }
    }
  `,
  [MEMBER_FIELDS],
);

export const REINSTATE_MEMBER_MUTATION = graphql(
  `
    mutation ReinstateMember($userId: ID!) {
      reinstateMember(userId: $userId) {
        ...MemberFields
      }
    }
  `,
  [MEMBER_FIELDS],
);

export const REMOVE_MEMBER_MUTATION = graphql(`
  mutation RemoveMember($userId: ID!) {
    removeMember(userId: $userId)
  }
`);

/** Pending invitations, and whether this server emails them at all (admins). */
const PENDING_INVITATION_FIELDS = graphql(`
  fragment PendingInvitationFields on PendingInvitation {
    id
    email
    role
    sentAt
    expiresAt
    expired
  }
`);

export const PENDING_INVITATIONS_QUERY = graphql(
  `
    query PendingInvitations {
      emailDeliveryConfigured
      pendingInvitations {
        ...PendingInvitationFields
      }
    }
  `,
  [PENDING_INVITATION_FIELDS],
);

export type PendingInvitationRow = ResultOf<
  typeof PENDING_INVITATIONS_QUERY
>['pendingInvitations'][number];

export const RESEND_INVITATION_MUTATION = graphql(
  `
    mutation ResendInvitation($id: ID!) {
      resendInvitation(id: $id) {
        ...PendingInvitationFields
      }
    }
  `,
  [PENDING_INVITATION_FIELDS],
);

export const ISSUE_INVITATION_LINK_MUTATION = graphql(
  `
    mutation IssueInvitationLink($id: ID!) {
      issueInvitationLink(id: $id) {
        url
        invitation {
          ...PendingInvitationFields
        }
      }
    }
  `,
  [PENDING_INVITATION_FIELDS],
);
