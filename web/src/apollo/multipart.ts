import type { TypedDocumentNode } from '@apollo/client/core';
import { print, type DocumentNode } from 'graphql';
import { useAuthStore } from '@/stores/auth';
import { useOrganizationStore } from '@/stores/organization';

// A GraphQL mutation that sends a file (CSV imports): the multipart request of the GraphQL upload
// spec (operations, map, 0). Apollo's links are not on this path, so the Bearer token, the CSRF
// header and one renewal of an expired session are done here.

export interface UploadDetail {
  field?: string;
  message: string;
}

export class GraphqlUploadError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly details: UploadDetail[] = [],
  ) {
    super(message);
    this.name = 'GraphqlUploadError';
  }
}

const OFFLINE = 'We could not reach Covenant. Check your connection and try again.';

interface Reply<T> {
  data?: T | null;
  errors?: { message?: string; extensions?: { code?: string; details?: UploadDetail[] } }[];
}

/**
 * The body of a file-carrying mutation: `operations` (with the file's variable null), the `map`
 * naming that variable, and the file as part `0`. Also used by the XMLHttpRequest uploads.
 */
export function multipartBody(request: {
  mutation: DocumentNode;
  operationName: string;
  variables: Record<string, unknown>;
  fileVariable: string;
  file: File;
}): FormData {
  const body = new FormData();
  body.append(
    'operations',
    JSON.stringify({
      operationName: request.operationName,
      query: print(request.mutation),
      variables: request.variables,
    }),
  );
  body.append('map', JSON.stringify({ 0: [`variables.${request.fileVariable}`] }));
  body.append('0', request.file, request.file.name);
  return body;
}

export async function sendGraphqlUpload<T, V extends Record<string, unknown>>(
  request: {
    mutation: TypedDocumentNode<T, V>;
    operationName: string;
    // The variables, with the file's variable set to null: the file goes in its own part.
    variables: V;
    fileVariable: keyof V & string;
    file: File;
    token: string | null;
    // Said when the server fails without saying why.
    failed: string;
  },
  fetchImpl: typeof fetch = fetch,
): Promise<T> {
  const body = multipartBody(request);
  let res: Response;
  try {
    res = await fetchImpl('/graphql', {
      method: 'POST',
      headers: {
        ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
        // Apollo's CSRF check refuses multipart requests without it.
        'apollo-require-preflight': 'true',
      },
      body,
    });
  } catch {
    throw new GraphqlUploadError(OFFLINE, null);
  }
  const reply = (await res.json().catch(() => null)) as Reply<T> | null;
  const first = reply?.errors?.[0];
  if (first) {
    const code = first.extensions?.code ?? null;
    if (code === 'INTERNAL') throw new GraphqlUploadError(request.failed, code);
    throw new GraphqlUploadError(
      first.message ?? request.failed,
      code,
      first.extensions?.details ?? [],
    );
  }
  if (!res.ok || !reply?.data) throw new GraphqlUploadError(request.failed, null);
  return reply.data;
}

/** Sends with the session's token; an expired one is renewed once and the request sent again. */
export async function withSession<T>(send: (token: string | null) => Promise<T>): Promise<T> {
  const auth = useAuthStore();
  try {
    return await send(auth.accessToken);
  } catch (error) {
    if (!(error instanceof GraphqlUploadError)) throw error;
    if (error.code === 'ORG_INACTIVE') useOrganizationStore().markInactive();
    if (error.code !== 'UNAUTHENTICATED') throw error;
    await auth.refresh();
    return send(auth.accessToken);
  }
}
