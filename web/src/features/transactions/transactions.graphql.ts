import { graphql, type ResultOf, type SchemaType, type VariablesOf } from '@/graphql';
import { CSV_IMPORT_FIELDS } from '@/apollo/csv-import.graphql';
import { PAGE_INFO_FIELDS } from '@/apollo/connection.graphql';

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

// An entry's own fields, in the transactions list and on its page. `owner` names the record an
// entry belongs to (an invoice, a payment, a month of monthly actuals); `invoice` and `payment`
// follow that link for their numbers.
const JOURNAL_ENTRY_HEAD_FIELDS = graphql(`
  fragment JournalEntryHeadFields on JournalEntry {
    id
    number
    date
    memo
    source
    reconciled
    bankStatus
    reversedById
    reversesId
    total
    vendor {
      id
      name
    }
    owner {
      type
      id
    }
    invoice {
      id
      number
    }
    payment {
      id
      number
      date
    }
  }
`);

const JOURNAL_LINE_AMOUNT_FIELDS = graphql(`
  fragment JournalLineAmountFields on JournalLine {
    id
    lineNo
    accountId
    debit
    credit
  }
`);

export const JOURNAL_ENTRY_FIELDS = graphql(
  `
    fragment JournalEntryFields on JournalEntry {
      ...JournalEntryHeadFields
      createdAt
      lines {
        ...JournalLineAmountFields
        memo
      }
      attachments {
        ...AttachmentFields
      }
    }
  `,
  [JOURNAL_ENTRY_HEAD_FIELDS, JOURNAL_LINE_AMOUNT_FIELDS, ATTACHMENT_FIELDS],
);

/** A posted entry (`number` is shown as JE-1042; `total` is the sum of debits = of credits). */
export type JournalEntry = ResultOf<typeof JOURNAL_ENTRY_FIELDS>;
export type EntryOwnerType = SchemaType<'EntryOwnerType'>;
export type JournalLine = JournalEntry['lines'][number];
export type JournalEntryFilter = SchemaType<'JournalEntryFilter'>;

export const JOURNAL_ENTRIES_QUERY = graphql(
  `
    query JournalEntries($filter: JournalEntryFilter, $first: Int!, $after: String) {
      journalEntries(filter: $filter, first: $first, after: $after) {
        totalCount
        edges {
          cursor
          node {
            ...JournalEntryHeadFields
            lines {
              ...JournalLineAmountFields
            }
            attachments {
              id
            }
          }
        }
        pageInfo {
          ...PageInfoFields
        }
      }
    }
  `,
  [JOURNAL_ENTRY_HEAD_FIELDS, JOURNAL_LINE_AMOUNT_FIELDS, PAGE_INFO_FIELDS],
);

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

export const IMPORT_JOURNAL_ENTRIES_MUTATION = graphql(
  `
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
        ...CsvImportFields
      }
    }
  `,
  [CSV_IMPORT_FIELDS],
);

export type JournalImportResult = ResultOf<
  typeof IMPORT_JOURNAL_ENTRIES_MUTATION
>['importJournalEntries'];
