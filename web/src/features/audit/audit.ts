import type { AccountType, FundType } from '@/apollo/types';
import type { AuditLogEntry } from '@/features/audit/audit.graphql';
import { formatFileSize, formatLocalDate } from '@/format';
import { accountTypeLabel, fundLabel } from '@/features/accounts';
import { attachmentTypeLabel, sourceLabel } from '@/features/transactions';

// How one history record reads: "Edited by dana@… · Name: Checking → Operating Checking".

const ACTIONS: Record<string, string> = {
  create: 'Created',
  update: 'Edited',
  archive: 'Archived',
  restore: 'Restored',
  post: 'Posted',
  reverse: 'Posted as a reversal',
  attach: 'File attached',
  detach: 'File removed',
  reclassify: 'Reclassified',
  write_off: 'Written off',
  void: 'Voided',
  interfund_lines: 'Interfund lines added',
};

export function actionLabel(action: string): string {
  return ACTIONS[action] ?? action.charAt(0).toUpperCase() + action.slice(1);
}

const FIELDS: Record<string, string> = {
  number: 'Number',
  name: 'Name',
  type: 'Type',
  fundType: 'Fund',
  description: 'Description',
  archived: 'Archived',
  date: 'Date',
  memo: 'Memo',
  source: 'Source',
  lines: 'Lines',
  filename: 'File',
  contentType: 'File type',
  size: 'Size',
  effectiveDate: 'Effective date',
};

/** Fields kept for the machine (ids): not shown. */
const HIDDEN = new Set(['attachmentId', 'id', 'entryId']);

/** "Operating Checking", "Asset", "Mar 4, 2026", "—" for nothing. */
export function formatChangeValue(field: string, value: unknown, locale?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'type' && typeof value === 'string') {
    return accountTypeLabel(value.toUpperCase() as AccountType);
  }
  if (field === 'fundType' && typeof value === 'string') {
    return fundLabel(value.toUpperCase() as FundType);
  }
  if (field === 'source' && typeof value === 'string') return sourceLabel(value);
  if ((field === 'date' || field === 'effectiveDate') && typeof value === 'string') {
    return formatLocalDate(value, locale) || value;
  }
  if (field === 'size' && typeof value === 'number') return formatFileSize(value);
  if (field === 'contentType' && typeof value === 'string') return attachmentTypeLabel(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export interface ChangeLine {
  field: string;
  label: string;
  /** Present for edits: the value before. */
  before?: string;
  after: string;
}

function isBeforeAfter(value: unknown): value is { before: unknown; after: unknown } {
  return typeof value === 'object' && value !== null && 'before' in value && 'after' in value;
}

/** The changed fields in words, in a stable order (known fields first). */
export function describeChanges(
  entry: Pick<AuditLogEntry, 'changes'>,
  locale?: string,
): ChangeLine[] {
  const order = Object.keys(FIELDS);
  const fields = Object.keys(entry.changes ?? {})
    .filter((f) => !HIDDEN.has(f))
    .sort((a, b) => {
      const ia = order.indexOf(a);
      const ib = order.indexOf(b);
      return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.localeCompare(b);
    });
  return fields.map((field) => {
    const value = entry.changes[field];
    const label = FIELDS[field] ?? field;
    if (isBeforeAfter(value)) {
      return {
        field,
        label,
        before: formatChangeValue(field, value.before, locale),
        after: formatChangeValue(field, value.after, locale),
      };
    }
    return { field, label, after: formatChangeValue(field, value, locale) };
  });
}

/** "dana@example.com", or "dana@example.com, as impersonated by owner@example.com". */
export function actorLabel(
  entry: Pick<AuditLogEntry, 'userEmail' | 'impersonatedByEmail'>,
): string {
  const who = entry.userEmail ?? 'Covenant (automatic)';
  return entry.impersonatedByEmail
    ? `${who}, as impersonated by ${entry.impersonatedByEmail}`
    : who;
}
