// What other features may use of transactions; the router reads routes.ts.
export { default as ReconciledBadge } from './components/ReconciledBadge.vue';
export { attachmentTypeLabel } from './attachments';
export { entryNumber, sourceLabel } from './transactions';
export { UploadError, uploadAttachment } from './upload';
