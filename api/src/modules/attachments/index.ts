// What other modules may use of attachments: the signed download path of an attachment. The
// GraphQL resolvers and the HTTP route are registered by the server.
export { attachmentPath, uploadAttachment } from './attachments.service.js';
