import type { GqlResponse, TestApp } from './app.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

// A GraphQL multipart request (the upload spec the web app's client speaks): the operation with
// the variable `fileVar` left null, and the file sent beside it.
export async function gqlUpload<T = Record<string, any>>(
  app: TestApp,
  query: string,
  variables: Record<string, unknown>,
  file: { variable?: string; content: string | Uint8Array; name: string; type?: string },
  token?: string,
): Promise<GqlResponse<T>> {
  const variable = file.variable ?? 'file';
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({ query, variables: { ...variables, [variable]: null } }),
  );
  form.append('map', JSON.stringify({ 0: [`variables.${variable}`] }));
  form.append('0', new Blob([file.content as BlobPart], { type: file.type ?? '' }), file.name);
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: {
      'apollo-require-preflight': 'true',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: form,
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}
