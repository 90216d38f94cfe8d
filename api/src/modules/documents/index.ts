// What other modules may use of documents: register how a kind of document is made, queue one for
// a period (rendered in the background, versioned, kept in the association's storage), read a
// period's versions, and a ready document's download link. The PDF engine itself is
// core/documents (renderPdf and the table helpers). The GraphQL resolvers, the download route and
// the job are registered by the server.
export {
  defineDocumentJobs,
  type DocumentRecord,
  type DocumentRenderer,
  documentPath,
  documentUrl,
  documentVersions,
  findDocument,
  periodInWords,
  queueDocument,
  type QueueDocumentInput,
  registerDocumentRenderer,
  settleDocuments,
  type RenderedDocument,
  type RenderInput,
} from './documents.service.js';
export {
  AssociationDocument,
  DocumentBooksState,
  DocumentKind,
  DocumentStatus,
} from './documents.types.js';
// The board packet of a month, queued (the demo seed's packets of its closed months).
export { generateBoardPacket } from './board-packet.service.js';
