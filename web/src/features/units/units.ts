import { print } from 'graphql';
import { UploadError, uploadErrorFrom } from '@/features/transactions/upload';
import { useAuthStore } from '@/stores/auth';
import { useOrganizationStore } from '@/stores/organization';
import type { Unit, UnitImportResult, UnitInput } from './units.graphql';
import { IMPORT_UNITS_MUTATION } from './units.graphql';

/** "Unit 12" */
export function unitLabel(unit: Pick<Unit, 'number'>): string {
  return `Unit ${unit.number}`;
}

/** "Unit 12 · Jordan Ellis" */
export function unitWithOwner(unit: Pick<Unit, 'number' | 'ownerName'>): string {
  return unit.ownerName ? `${unitLabel(unit)} · ${unit.ownerName}` : unitLabel(unit);
}

export interface UnitFormFields {
  number: string;
  address: string;
  ownerName: string;
  email: string;
  phone: string;
  propertyTypeId: string | null;
  assessmentGroupId: string | null;
}

export type UnitField = keyof UnitFormFields;

export const UNIT_FIELDS_LIST: UnitField[] = [
  'number',
  'address',
  'ownerName',
  'email',
  'phone',
  'propertyTypeId',
  'assessmentGroupId',
];

// A light check so an obvious typo is caught before the round trip; the API has the last word.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function unitInput(
  form: UnitFormFields,
): { ok: true; input: UnitInput } | { ok: false; errors: Partial<Record<UnitField, string>> } {
  const errors: Partial<Record<UnitField, string>> = {};
  if (!form.number.trim()) errors.number = 'Enter the unit number.';
  if (form.email.trim() && !EMAIL.test(form.email.trim()))
    errors.email = 'Enter an email address like owner@example.com.';
  if (!form.propertyTypeId) errors.propertyTypeId = 'Choose the property type.';
  if (!form.assessmentGroupId) errors.assessmentGroupId = 'Choose the assessment group.';
  if (Object.keys(errors).length) return { ok: false, errors };
  const optional = (s: string) => s.trim() || null;
  return {
    ok: true,
    input: {
      number: form.number.trim(),
      address: optional(form.address),
      ownerName: optional(form.ownerName),
      email: optional(form.email),
      phone: optional(form.phone),
      propertyTypeId: form.propertyTypeId!,
      assessmentGroupId: form.assessmentGroupId!,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// CSV import: the same multipart upload as attachments (XMLHttpRequest for progress, Bearer
// token, CSRF header, one renewal of an expired session).

const OFFLINE = 'We could not reach Covenant. Check your connection and try again.';
const SESSION_ENDED = 'Your session has ended. Sign in again, then import the file.';

export function sendUnitImport(request: {
  file: File;
  token: string | null;
  onProgress?: (fraction: number) => void;
  url?: string;
}): Promise<UnitImportResult> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.append(
      'operations',
      JSON.stringify({
        operationName: 'ImportUnits',
        query: print(IMPORT_UNITS_MUTATION),
        variables: { file: null },
      }),
    );
    body.append('map', JSON.stringify({ 0: ['variables.file'] }));
    body.append('0', request.file, request.file.name);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', request.url ?? '/graphql');
    if (request.token) xhr.setRequestHeader('Authorization', `Bearer ${request.token}`);
    xhr.setRequestHeader('apollo-require-preflight', 'true');
    xhr.responseType = 'text';
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0)
        request.onProgress?.(Math.min(1, event.loaded / event.total));
    });
    xhr.addEventListener('load', () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(xhr.responseText || 'null'));
      } catch {
        parsed = null;
      }
      const body = parsed as { data?: { importUnits?: UnitImportResult }; errors?: unknown[] };
      if (xhr.status >= 200 && xhr.status < 300 && body?.data?.importUnits && !body.errors) {
        request.onProgress?.(1);
        resolve(body.data.importUnits);
        return;
      }
      reject(uploadErrorFrom(parsed, xhr.status));
    });
    xhr.addEventListener('error', () => reject(new UploadError(OFFLINE, null, null, 0)));
    xhr.send(body);
  });
}

export async function importUnits(
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<UnitImportResult> {
  const auth = useAuthStore();
  const send = () => sendUnitImport({ file, token: auth.accessToken, onProgress });
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    if (error.code === 'ORG_INACTIVE') useOrganizationStore().markInactive();
    if (error.code !== 'UNAUTHENTICATED' && error.status !== 401) throw error;
    try {
      await auth.refresh();
    } catch {
      throw new UploadError(SESSION_ENDED, null, 'UNAUTHENTICATED', 401);
    }
    onProgress?.(0);
    return send();
  }
}
