// What other features may use of documents: the fields a document list reads, its status tag, and
// downloading one (the board packet's page lists its versions with them). The router reads
// routes.ts.
export { default as DocumentStatusTag } from './components/DocumentStatusTag.vue';
export { DOCUMENT_FIELDS, type DocumentRow } from './documents.graphql';
export { documentKindLabel, documentPeriodLabel } from './documents';
export { useDocumentDownload } from './useDocumentDownload';
