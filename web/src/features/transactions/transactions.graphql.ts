import { graphql, type ResultOf, type SchemaType, type VariablesOf } from '@/graphql';

export const ATTACHMENT_FIELDS = graphql(`
  fragment AttachmentFields on Attachment {
    id
    entryId
    filename
    contentType
    size
    createdAt
    url
  }
`);

/**
 * A file attached to an entry. `contentType` is detected by the API; `url` is a signed link, valid
 * 5 minutes (`&download=1` to save instead of preview).
 */
export type Attachment = ResultOf<typeof ATTACHMENT_FIELDS>;

export const JOURNAL_ENTRY_FIELDS = graphql(
  `
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
  `,
  [ATTACHMENT_FIELDS],
);

/** A posted entry (`number` is shown as JE-1042; `total` is the sum of debits = of credits). */
export type JournalEntry = ResultOf<typeof JOURNAL_ENTRY_FIELDS>;
export type JournalLine = JournalEntry['lines'][number];
export type JournalEntryFilter = SchemaType<'JournalEntryFilter'>;

export const JOURNAL_ENTRIES_QUERY = graphql(`
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
`);

export type JournalEntryConnection = ResultOf<typeof JOURNAL_ENTRIES_QUERY>['journalEntries'];
/** A row of the transactions list: the entry without its attachments' links. */
export type JournalEntryRow = JournalEntryConnection['edges'][number]['node'];

export const JOURNAL_ENTRY_QUERY = graphql(
  `
    query JournalEntry($id: ID!) {
      journalEntry(id: $id) {
        ...JournalEntryFields
      }
    }
  `,
  [JOURNAL_ENTRY_FIELDS],
);

/** The number of a linked entry (the reversal of this one, or the one it reverses). */
export const ENTRY_NUMBER_QUERY = graphql(`
  query EntryNumber($id: ID!) {
    journalEntry(id: $id) {
      id
      number
    }
  }
`);

export const POST_JOURNAL_ENTRY_MUTATION = graphql(
  `
    mutation PostJournalEntry($input: PostJournalEntryInput!) {
      postJournalEntry(input: $input) {
        ...JournalEntryFields
      }
    }
  `,
  [JOURNAL_ENTRY_FIELDS],
);

export type PostJournalEntryInput = VariablesOf<typeof POST_JOURNAL_ENTRY_MUTATION>['input'];

export const REVERSE_JOURNAL_ENTRY_MUTATION = graphql(
  `
    mutation ReverseJournalEntry($id: ID!, $date: LocalDate!, $memo: String) {
      reverseJournalEntry(id: $id, date: $date, memo: $memo) {
        ...JournalEntryFields
      }
    }
  `,
  [JOURNAL_ENTRY_FIELDS],
);

export const DELETE_ATTACHMENT_MUTATION = graphql(`
  mutation DeleteAttachment($id: ID!) {
    deleteAttachment(id: $id)
  }
`);

/** Sent by XMLHttpRequest as a multipart request (upload.ts), for its progress events. */
export const UPLOAD_ATTACHMENT_MUTATION = graphql(
  `
    mutation UploadAttachment($entryId: ID!, $file: Upload!) {
      uploadAttachment(entryId: $entryId, file: $file) {
        ...AttachmentFields
      }
    }
  `,
  [ATTACHMENT_FIELDS],
);

export const JOURNAL_IMPORT_TEMPLATE_QUERY = graphql(`
  query JournalImportTemplate {
    journalImportTemplate
  }
`);

export const IMPORT_JOURNAL_ENTRIES_MUTATION = graphql(`
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
`);

export type JournalImportResult = ResultOf<
  typeof IMPORT_JOURNAL_ENTRIES_MUTATION
>['importJournalEntries'];
