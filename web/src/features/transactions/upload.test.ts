import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { apiError, installTestClient, sessionPayload } from '@/test/graphql';
import { freshPinia, signIn } from '@/test/mount';
import { installFakeXhr, refusedType, tooLarge } from '@/test/xhr';
import { UploadError, uploadAttachment } from './upload';

const attachment = {
  __typename: 'Attachment',
  id: 'att-1',
  entryId: 'entry-1',
  filename: 'invoice-3318.pdf',
  contentType: 'application/pdf',
  size: 18000,
  createdAt: '2026-11-22T02:13:00.000Z',
  url: '/attachments/org-1/att-1?exp=1795312732&sig=abc',
};

const pdf = () => new File(['%PDF-1.7 …'], 'invoice-3318.pdf', { type: 'application/pdf' });

describe('uploadAttachment', () => {
  beforeEach(() => {
    freshPinia();
    installTestClient(() => ({ body: { data: null } }));
    signIn(
      { email: 'treasurer@example.com' },
      { id: 'org-1', name: 'Maple Ridge HOA', role: 'ADMIN', status: 'ACTIVE' },
    );
  });

  it('sends a GraphQL multipart request with the token and the CSRF header, reporting progress', async () => {
    const { sent } = installFakeXhr();
    const progress: number[] = [];
    const done = uploadAttachment('entry-1', pdf(), { onProgress: (f) => progress.push(f) });

    const request = sent[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/graphql');
    expect(request.headers.authorization).toBe('Bearer test-token');
    expect(request.headers['apollo-require-preflight']).toBe('true');
    expect(request.operations.operationName).toBe('UploadAttachment');
    expect(request.operations.query).toContain('uploadAttachment(entryId: $entryId, file: $file)');
    expect(request.operations.variables).toEqual({ entryId: 'entry-1', file: null });
    expect(request.map).toEqual({ 0: ['variables.file'] });
    expect(request.file?.name).toBe('invoice-3318.pdf');

    request.progress(500, 1000);
    request.respond(200, { data: { uploadAttachment: attachment } });
    await expect(done).resolves.toMatchObject({ id: 'att-1', filename: 'invoice-3318.pdf' });
    expect(progress).toEqual([0.5, 1]);
  });

  it('says what the API refused: the file detail first, its explanation after', async () => {
    installFakeXhr((upload) => upload.respond(200, refusedType));
    const error = await uploadAttachment('entry-1', pdf()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).message).toBe('This type of file cannot be attached');
    expect((error as UploadError).detail).toMatch(/^Attach a PDF, an image/);
    expect((error as UploadError).retryable).toBe(false);

    installFakeXhr((upload) => upload.respond(200, tooLarge));
    const big = await uploadAttachment('entry-1', pdf()).catch((e: unknown) => e);
    expect((big as UploadError).message).toBe('Files are limited to 20 MB');
    expect((big as UploadError).detail).toBeNull();
  });

  it('says when Covenant cannot be reached, and that trying again may help', async () => {
    installFakeXhr((upload) => upload.fail());
    const error = (await uploadAttachment('entry-1', pdf()).catch(
      (e: unknown) => e,
    )) as UploadError;
    expect(error.message).toBe('We could not reach Covenant. Check your connection and try again.');
    expect(error.retryable).toBe(true);
  });

  it('renews an expired session once and sends the file again with the new token', async () => {
    installTestClient(() => ({
      body: { data: { refreshSession: sessionPayload({ accessToken: 'token-new' }) } },
    }));
    signIn(
      { email: 'treasurer@example.com' },
      { id: 'org-1', name: 'Maple Ridge HOA', role: 'ADMIN', status: 'ACTIVE' },
    );
    useAuthStore().setSession(sessionPayload({ accessToken: 'token-old' }));
    const { sent } = installFakeXhr((upload) => {
      if (upload.headers.authorization === 'Bearer token-old') {
        upload.respond(401, apiError('UNAUTHENTICATED', 'Access token expired'));
      } else {
        upload.respond(200, { data: { uploadAttachment: attachment } });
      }
    });
    await expect(uploadAttachment('entry-1', pdf())).resolves.toMatchObject({ id: 'att-1' });
    expect(sent.map((s) => s.headers.authorization)).toEqual([
      'Bearer token-old',
      'Bearer token-new',
    ]);
  });

  it('tells the person to sign in again when the session cannot be renewed', async () => {
    installTestClient(() => ({
      status: 401,
      body: apiError('UNAUTHENTICATED', 'No valid refresh token'),
    }));
    installFakeXhr((upload) =>
      upload.respond(401, apiError('UNAUTHENTICATED', 'Access token expired')),
    );
    const refresh = vi.spyOn(useAuthStore(), 'refresh');
    const error = (await uploadAttachment('entry-1', pdf()).catch(
      (e: unknown) => e,
    )) as UploadError;
    expect(refresh).toHaveBeenCalledOnce();
    expect(error.message).toBe('Your session has ended. Sign in again, then attach the file.');
  });
});
