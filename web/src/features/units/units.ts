import { sendMultipart, sendWithSession } from '@/features/transactions/upload';
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

export function sendUnitImport(request: {
  file: File;
  token: string | null;
  onProgress?: (fraction: number) => void;
  url?: string;
}): Promise<UnitImportResult> {
  return sendMultipart<UnitImportResult>({
    ...request,
    operationName: 'ImportUnits',
    mutation: IMPORT_UNITS_MUTATION,
    variables: { file: null },
    fileVariable: 'file',
    field: 'importUnits',
  });
}

export function importUnits(
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<UnitImportResult> {
  return sendWithSession(
    (token) => sendUnitImport({ file, token, onProgress }),
    'Your session has ended. Sign in again, then import the file.',
    () => onProgress?.(0),
  );
}
