import type { DocumentNode } from 'graphql';
import { useAuthStore } from '@/stores/auth';
import { useOrganizationStore } from '@/stores/organization';
import { multipartBody } from './multipart';

// A file-carrying mutation (an attachment, a CSV import) goes up as a GraphQL multipart request
// (operations, map, 0) sent with XMLHttpRequest: fetch cannot report upload progress. Apollo's
// links are not on this path, so the Bearer token, the CSRF header and the one renewal of an
// expired session are done here.

export class UploadError extends Error {
  constructor(
    message: string,
    /** The API's wider explanation, when it said more than the headline. */
    readonly detail: string | null = null,
    readonly code: string | null = null,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'UploadError';
  }

  /** Worth sending again: the network or the server failed, rather than the file being refused. */
  get retryable(): boolean {
    return this.code === null || this.code === 'INTERNAL' || this.code === 'RATE_LIMITED';
  }
}

const OFFLINE = 'We could not reach Covenant. Check your connection and try again.';
const FAILED = 'The file could not be attached. Please try again in a moment.';

interface ApiError {
  message?: unknown;
  extensions?: { code?: unknown; details?: unknown };
}

function asErrors(body: unknown): ApiError[] {
  if (typeof body !== 'object' || body === null) return [];
  const errors = (body as { errors?: unknown }).errors;
  return Array.isArray(errors) ? (errors as ApiError[]) : [];
}

/** The API's refusal in words: the `file` detail first ("Files are limited to 20 MB"). */
export function uploadErrorFrom(body: unknown, status: number): UploadError {
  const [first] = asErrors(body);
  if (!first) {
    // No GraphQL body: a proxy in front of the API answered (413 from nginx, a 502…).
    if (status === 413)
      return new UploadError('This file is too large to attach.', null, 'TOO_LARGE', status);
    return new UploadError(FAILED, null, null, status);
  }
  const code = typeof first.extensions?.code === 'string' ? first.extensions.code : null;
  const message = typeof first.message === 'string' ? first.message : FAILED;
  if (code === 'INTERNAL') return new UploadError(FAILED, null, code, status);
  const details = Array.isArray(first.extensions?.details) ? first.extensions.details : [];
  const fileDetail = details.find(
    (d): d is { field: string; message: string } =>
      typeof d === 'object' &&
      d !== null &&
      typeof (d as { message?: unknown }).message === 'string',
  );
  if (fileDetail && fileDetail.message !== message) {
    // "This type of file cannot be attached" + "Attach a PDF, an image (…) or a spreadsheet (…)"
    return new UploadError(fileDetail.message, message, code, status);
  }
  return new UploadError(message, null, code, status);
}

/** A file-carrying mutation, sent as one multipart POST. */
export interface MultipartRequest {
  operationName: string;
  mutation: DocumentNode;
  /** The variables, with the file's variable null: the file goes in its own part. */
  variables: Record<string, unknown>;
  fileVariable: string;
  /** The mutation's field in `data`, which the promise resolves with. */
  field: string;
  file: File;
  token: string | null;
  /** 0…1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  url?: string;
}

/** One multipart POST. Resolves with `data[field]`; rejects with an UploadError. */
export function sendMultipart<T>(request: MultipartRequest): Promise<T> {
  return new Promise((resolve, reject) => {
    const body = multipartBody(request);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', request.url ?? '/graphql');
    if (request.token) xhr.setRequestHeader('Authorization', `Bearer ${request.token}`);
    // Apollo's CSRF check refuses multipart requests without it.
    xhr.setRequestHeader('apollo-require-preflight', 'true');
    xhr.responseType = 'text';

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        request.onProgress?.(Math.min(1, event.loaded / event.total));
      }
    });
    xhr.addEventListener('load', () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(xhr.responseText || 'null'));
      } catch {
        parsed = null;
      }
      const data = (parsed as { data?: Record<string, unknown> | null } | null)?.data;
      const answer = data?.[request.field];
      if (xhr.status >= 200 && xhr.status < 300 && answer && !asErrors(parsed).length) {
        request.onProgress?.(1);
        resolve(answer as T);
        return;
      }
      reject(uploadErrorFrom(parsed, xhr.status));
    });
    xhr.addEventListener('error', () => reject(new UploadError(OFFLINE, null, null, 0)));
    xhr.addEventListener('abort', () =>
      reject(new UploadError('Upload canceled', null, 'ABORTED')),
    );
    request.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}

/**
 * Sends with the session's token. An expired token is renewed once (the same shared
 * refreshSession the Apollo links use) and the request sent again, after `restart` (progress
 * back to 0); a suspended association is reported to the organization store like any other
 * request. `sessionEnded` is said when the session cannot be renewed.
 */
export async function sendWithSession<T>(
  send: (token: string | null) => Promise<T>,
  sessionEnded: string,
  restart?: () => void,
): Promise<T> {
  const auth = useAuthStore();
  try {
    return await send(auth.accessToken);
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    if (error.code === 'ORG_INACTIVE') useOrganizationStore().markInactive();
    if (error.code !== 'UNAUTHENTICATED' && error.status !== 401) throw error;
    try {
      await auth.refresh();
    } catch {
      throw new UploadError(sessionEnded, null, 'UNAUTHENTICATED', 401);
    }
    restart?.();
    return send(auth.accessToken);
  }
}
