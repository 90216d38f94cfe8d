import type { ApolloCache } from '@apollo/client/core';
import { GraphqlUploadError, sendGraphqlUpload, withSession } from '@/apollo/multipart';
import { sendMultipart, sendWithSession } from '@/apollo/upload';
import type { ImportRowError } from '@/composables/useCsvImport';
import {
  INVITE_OWNERS_FROM_CSV_MUTATION,
  type OwnerInvitationsResult,
  PUBLISH_DOCUMENT_MUTATION,
  type PublishedDocumentRow,
} from './owners.graphql';

/** An owner's state in words, with the badge it wears. */
export function ownerStatus(status: string): { label: string; badge: string } {
  switch (status) {
    case 'ACTIVE':
      return { label: 'Signed up', badge: 'cv-badge--success' };
    case 'INVITED':
      return { label: 'Invited', badge: 'cv-badge--info' };
    case 'SUSPENDED':
      return { label: 'Suspended', badge: 'cv-badge--neutral' };
    default:
      return { label: 'No access', badge: 'cv-badge--neutral' };
  }
}

/** What owners may read, by category (the API's words in lower case). */
export const DOCUMENT_CATEGORIES = [
  { value: 'budget', label: 'Budget' },
  { value: 'minutes', label: 'Minutes' },
  { value: 'rules', label: 'Rules' },
  { value: 'financials', label: 'Financials' },
  { value: 'insurance', label: 'Insurance' },
  { value: 'other', label: 'Other' },
] as const;

export const categoryLabel = (value: string) =>
  DOCUMENT_CATEGORIES.find((c) => c.value === value)?.label ?? value;

/** The API's refusal of a file, a detail per row (`rows.3.email`), as an import's row errors. */
export function rowErrorsOf(details: readonly { field?: string; message: string }[]) {
  return details.flatMap((d): ImportRowError[] => {
    const m = /^rows\.(\d+)\.(.+)$/.exec(d.field ?? '');
    if (!m) return [];
    return [
      { row: Number(m[1]), field: m[2] ?? null, message: d.message.replace(/^Row \d+: /, '') },
    ];
  });
}

/** Owners of many units from the units CSV; `dryRun` answers what would happen. */
export function inviteOwnersFromCsv(file: File, dryRun: boolean): Promise<OwnerInvitationsResult> {
  return withSession(async (token) => {
    const data = await sendGraphqlUpload({
      mutation: INVITE_OWNERS_FROM_CSV_MUTATION,
      operationName: 'InviteOwnersFromCsv',
      variables: { file: null as never, dryRun },
      fileVariable: 'file',
      file,
      token,
      failed: 'The file could not be read. Please try again in a moment.',
    });
    return data.inviteOwnersFromCsv;
  });
}

export { GraphqlUploadError };

/** A file published to owners (minutes, the rules), sent with its title and category. */
export function publishFile(
  file: File,
  input: { title: string; category: string },
  onProgress?: (fraction: number) => void,
): Promise<PublishedDocumentRow> {
  return sendWithSession(
    (token) =>
      sendMultipart<PublishedDocumentRow>({
        operationName: 'PublishDocument',
        mutation: PUBLISH_DOCUMENT_MUTATION,
        variables: { input, file: null },
        fileVariable: 'file',
        field: 'publishDocument',
        file,
        token,
        onProgress,
      }),
    'Your session has ended. Sign in again, then publish the file.',
    () => onProgress?.(0),
  );
}

/**
 * After a publish or an unpublish: the published list and the Documents page's "shown to owners"
 * are read again (the pages on screen refetch what the cache lost).
 */
export function evictPublished(cache: ApolloCache<unknown>): void {
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'publishedDocuments' });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'documents' });
  cache.gc();
}
