import { sendMultipart, sendWithSession, UploadError } from '@/apollo/upload';
import { UPLOAD_ATTACHMENT_MUTATION, type Attachment } from './transactions.graphql';

// An attachment goes up as a multipart request with progress (apollo/upload.ts).

export { UploadError };

/** What a treasurer may attach (the API checks the bytes; this only steers the file picker). */
export const ATTACHMENT_ACCEPT = [
  'application/pdf',
  'image/*',
  '.heic',
  '.heif',
  '.xlsx',
  '.xls',
  '.ods',
  '.csv',
].join(',');

export interface UploadRequest {
  entryId: string;
  file: File;
  token: string | null;
  /** 0…1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  url?: string;
}

/** One attachment upload. Resolves with the attachment; rejects with an UploadError. */
export function sendUpload(request: UploadRequest): Promise<Attachment> {
  return sendMultipart<Attachment>({
    ...request,
    operationName: 'UploadAttachment',
    mutation: UPLOAD_ATTACHMENT_MUTATION,
    variables: { entryId: request.entryId, file: null },
    fileVariable: 'file',
    field: 'uploadAttachment',
  });
}

/** Uploads an attachment to an entry with the session's token (see sendWithSession). */
export function uploadAttachment(
  entryId: string,
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<Attachment> {
  return sendWithSession(
    (token) =>
      sendUpload({
        entryId,
        file,
        token,
        onProgress: options.onProgress,
        signal: options.signal,
      }),
    'Your session has ended. Sign in again, then attach the file.',
    () => options.onProgress?.(0),
  );
}
