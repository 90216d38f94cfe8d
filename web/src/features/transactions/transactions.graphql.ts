import { gql } from '@apollo/client/core';
import type { TypedDocumentNode } from '@apollo/client/core';
import type {
  Attachment,
  JournalEntry,
  JournalEntryConnection,
  JournalEntryFilter,
  LocalDate,
  Money,
} from '@/apollo/types';
import type { PostJournalEntryInput } from './transactions';

export const ATTACHMENT_FIELDS = gql`
  fragment AttachmentFields on Attachment {
    id
    entryId
    filename
    contentType
    size
    createdAt
    url
  }
`;

export const JOURNAL_ENTRY_FIELDS = gql`
  fragment JournalEntryFields on JournalEntry {
    id
    number
    date
    memo
    source
    reconciled
    reversedById
    reversesId
    total
    createdAt
    lines {
      id
      lineNo
      accountId
      debit
      credit
      memo
    }
    attachments {
      ...AttachmentFields
    }
    vendor {
      id
      name
    }
  }
  ${ATTACHMENT_FIELDS}
`;

/** A row of the transactions list: the entry without its attachments' links. */
export type JournalEntryRow = Omit<JournalEntry, 'attachments' | 'createdAt'> & {
  attachments: Pick<Attachment, 'id'>[];
};

export const JOURNAL_ENTRIES_QUERY: TypedDocumentNode<
  {
    journalEntries: Omit<JournalEntryConnection, 'edges'> & {
      edges: { cursor: string; node: JournalEntryRow }[];
    };
  },
  { filter?: JournalEntryFilter; first: number; after?: string | null }
> = gql`
  query JournalEntries($filter: JournalEntryFilter, $first: Int!, $after: String) {
    journalEntries(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          id
          number
          date
          memo
          source
          reconciled
          reversedById
          reversesId
          total
          lines {
            id
            lineNo
            accountId
            debit
            credit
          }
          attachments {
            id
          }
          vendor {
            id
            name
          }
        }
      }
    }
  }
`;

export const JOURNAL_ENTRY_QUERY: TypedDocumentNode<
  { journalEntry: JournalEntry },
  { id: string }
> = gql`
  query JournalEntry($id: ID!) {
    journalEntry(id: $id) {
      ...JournalEntryFields
    }
  }
  ${JOURNAL_ENTRY_FIELDS}
`;

/** The number of a linked entry (the reversal of this one, or the one it reverses). */
export const ENTRY_NUMBER_QUERY: TypedDocumentNode<
  { journalEntry: Pick<JournalEntry, 'id' | 'number'> },
  { id: string }
> = gql`
  query EntryNumber($id: ID!) {
    journalEntry(id: $id) {
      id
      number
    }
  }
`;

export const POST_JOURNAL_ENTRY_MUTATION: TypedDocumentNode<
  { postJournalEntry: JournalEntry },
  { input: PostJournalEntryInput }
> = gql`
  mutation PostJournalEntry($input: PostJournalEntryInput!) {
    postJournalEntry(input: $input) {
      ...JournalEntryFields
    }
  }
  ${JOURNAL_ENTRY_FIELDS}
`;

export const REVERSE_JOURNAL_ENTRY_MUTATION: TypedDocumentNode<
  { reverseJournalEntry: JournalEntry },
  { id: string; date: LocalDate; memo?: string | null }
> = gql`
  mutation ReverseJournalEntry($id: ID!, $date: LocalDate!, $memo: String) {
    reverseJournalEntry(id: $id, date: $date, memo: $memo) {
      ...JournalEntryFields
    }
  }
  ${JOURNAL_ENTRY_FIELDS}
`;

export const DELETE_ATTACHMENT_MUTATION: TypedDocumentNode<
  { deleteAttachment: boolean },
  { id: string }
> = gql`
  mutation DeleteAttachment($id: ID!) {
    deleteAttachment(id: $id)
  }
`;

/** Sent by XMLHttpRequest as a multipart request (upload.ts), for its progress events. */
export const UPLOAD_ATTACHMENT_MUTATION: TypedDocumentNode<
  { uploadAttachment: Attachment },
  { entryId: string; file: null }
> = gql`
  mutation UploadAttachment($entryId: ID!, $file: Upload!) {
    uploadAttachment(entryId: $entryId, file: $file) {
      ...AttachmentFields
    }
  }
  ${ATTACHMENT_FIELDS}
`;

export interface JournalImportResult {
  committed: boolean;
  entryCount: number;
  lineCount: number;
  totalDebit: Money;
  from: LocalDate | null;
  to: LocalDate | null;
  entries: {
    reference: string;
    date: LocalDate | null;
    memo: string | null;
    lineCount: number;
    total: Money;
  }[];
  errors: { row: number; field: string | null; message: string }[];
}

export const JOURNAL_IMPORT_TEMPLATE_QUERY: TypedDocumentNode<{ journalImportTemplate: string }> =
  gql`
    query JournalImportTemplate {
      journalImportTemplate
    }
  `;

export const IMPORT_JOURNAL_ENTRIES_MUTATION: TypedDocumentNode<
  { importJournalEntries: JournalImportResult },
  { file: null; dryRun: boolean }
> = gql`
  mutation ImportJournalEntries($file: Upload!, $dryRun: Boolean!) {
    importJournalEntries(file: $file, dryRun: $dryRun) {
      committed
      entryCount
      lineCount
      totalDebit
      from
      to
      entries {
        reference
        date
        memo
        lineCount
        total
      }
      errors {
        row
        field
        message
      }
    }
  }
`;
