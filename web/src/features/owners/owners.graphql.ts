import { graphql, type ResultOf } from '@/graphql';

// Owners of units as the treasurer manages them, the contact details owners see, and what the
// association publishes to them.

export const UNIT_OWNER_FIELDS = graphql(`
  fragment UnitOwnerFields on UnitOwner {
    userId
    email
    name
    status
    invitedAt
    invitationId
    invitationExpiresAt
  }
`);
export type UnitOwnerRow = ResultOf<typeof UNIT_OWNER_FIELDS>;

export const UNIT_OWNERS_QUERY = graphql(
  `
    query UnitOwners($unitId: ID!) {
      emailDeliveryConfigured
      unitOwners(unitId: $unitId) {
        ...UnitOwnerFields
      }
    }
  `,
  [UNIT_OWNER_FIELDS],
);

// The owners list without emailDeliveryConfigured (admins only): for members who are not admins.
export const UNIT_OWNERS_ONLY_QUERY = graphql(
  `
    query UnitOwnersOnly($unitId: ID!) {
      unitOwners(unitId: $unitId) {
        ...UnitOwnerFields
      }
    }
  `,
  [UNIT_OWNER_FIELDS],
);

export const INVITE_OWNER_MUTATION = graphql(
  `
    mutation InviteOwner($unitId: ID!, $email: String!) {
      inviteOwner(unitId: $unitId, email: $email) {
        ...UnitOwnerFields
      }
    }
  `,
  [UNIT_OWNER_FIELDS],
);

export const REMOVE_UNIT_OWNER_MUTATION = graphql(`
  mutation RemoveUnitOwner($unitId: ID!, $userId: ID!) {
    removeUnitOwner(unitId: $unitId, userId: $userId)
  }
`);

// An owner's pending invitation: the members' resend and link (each issues a new link).
export const RESEND_OWNER_INVITATION_MUTATION = graphql(`
  mutation ResendOwnerInvitation($id: ID!) {
    resendInvitation(id: $id) {
      id
      email
      expiresAt
    }
  }
`);

export const ISSUE_OWNER_INVITATION_LINK_MUTATION = graphql(`
  mutation IssueOwnerInvitationLink($id: ID!) {
    issueInvitationLink(id: $id) {
      url
      invitation {
        id
        expiresAt
      }
    }
  }
`);

export const INVITE_OWNERS_FROM_CSV_MUTATION = graphql(`
  mutation InviteOwnersFromCsv($file: Upload!, $dryRun: Boolean) {
    inviteOwnersFromCsv(file: $file, dryRun: $dryRun) {
      invited
      alreadyInvited
      emailsSent
      skipped {
        unitNumber
        email
        reason
      }
    }
  }
`);
export type OwnerInvitationsResult = ResultOf<
  typeof INVITE_OWNERS_FROM_CSV_MUTATION
>['inviteOwnersFromCsv'];

const PORTAL_SETTINGS_FIELDS = graphql(`
  fragment OwnerPortalSettingsFields on OwnerPortalSettings {
    contactName
    contactEmail
    contactPhone
    mailingAddress
    paymentInstructions
  }
`);
export type OwnerPortalSettings = ResultOf<typeof PORTAL_SETTINGS_FIELDS>;

export const OWNER_PORTAL_SETTINGS_QUERY = graphql(
  `
    query OwnerPortalSettings {
      ownerPortalSettings {
        ...OwnerPortalSettingsFields
      }
    }
  `,
  [PORTAL_SETTINGS_FIELDS],
);

export const UPDATE_OWNER_PORTAL_SETTINGS_MUTATION = graphql(
  `
    mutation UpdateOwnerPortalSettings($input: OwnerPortalSettingsInput!) {
      updateOwnerPortalSettings(input: $input) {
        ...OwnerPortalSettingsFields
      }
    }
  `,
  [PORTAL_SETTINGS_FIELDS],
);

export const PUBLISHED_DOCUMENT_FIELDS = graphql(`
  fragment PublishedDocumentFields on PublishedDocument {
    id
    title
    category
    fileName
    contentType
    size
    publishedAt
    documentId
  }
`);
export type PublishedDocumentRow = ResultOf<typeof PUBLISHED_DOCUMENT_FIELDS>;

export const PUBLISHED_DOCUMENTS_QUERY = graphql(
  `
    query PublishedDocuments {
      publishedDocuments {
        ...PublishedDocumentFields
      }
    }
  `,
  [PUBLISHED_DOCUMENT_FIELDS],
);

// A fresh link (each lives five minutes), asked for at the click.
export const PUBLISHED_DOCUMENT_LINKS_QUERY = graphql(`
  query PublishedDocumentLinks {
    publishedDocuments {
      id
      fileName
      downloadUrl
    }
  }
`);

export const PUBLISH_DOCUMENT_MUTATION = graphql(
  `
    mutation PublishDocument($input: PublishDocumentInput!, $file: Upload) {
      publishDocument(input: $input, file: $file) {
        ...PublishedDocumentFields
      }
    }
  `,
  [PUBLISHED_DOCUMENT_FIELDS],
);

export const UNPUBLISH_DOCUMENT_MUTATION = graphql(`
  mutation UnpublishDocument($id: ID!) {
    unpublishDocument(id: $id)
  }
`);
