import { graphql, type ResultOf } from '@/graphql';

export const DOCUMENT_FIELDS = graphql(`
  fragment DocumentFields on AssociationDocument {
    id
    kind
    title
    periodStart
    periodEnd
    version
    status
    error
    draft
    fileName
    size
    generatedBy
    createdAt
    readyAt
    booksState {
      closedThrough
      entryCount
      lastEntryNumber
    }
  }
`);
export type DocumentRow = ResultOf<typeof DOCUMENT_FIELDS>;

export const DOCUMENTS_PAGE_SIZE = 50;

export const DOCUMENTS_QUERY = graphql(
  `
    query Documents($kind: DocumentKind, $first: Int, $after: String) {
      documents(kind: $kind, first: $first, after: $after) {
        edges {
          node {
            ...DocumentFields
            # Shown to owners in their portal (features/owners publishes it).
            published {
              id
              title
            }
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
        totalCount
      }
    }
  `,
  [DOCUMENT_FIELDS],
);

// A fresh download link (each lives five minutes), asked for when the reader clicks.
export const DOCUMENT_LINK_QUERY = graphql(`
  query DocumentLink($id: ID!) {
    document(id: $id) {
      id
      status
      url
      fileName
    }
  }
`);
