import type { SchemaType } from '@/graphql';

export type DocumentKind = SchemaType<'DocumentKind'>;
export type DocumentStatus = SchemaType<'DocumentStatus'>;

export const DOCUMENT_KINDS: { value: DocumentKind; label: string }[] = [
  { value: 'BOARD_PACKET', label: 'Board packets' },
  { value: 'CPA_PACKAGE', label: 'CPA packages' },
  { value: 'RECONCILIATION_REPORT', label: 'Reconciliation reports' },
  { value: 'CHECKS', label: 'Checks' },
];

const KIND_LABELS: Record<DocumentKind, string> = {
  BOARD_PACKET: 'Board packet',
  CPA_PACKAGE: 'CPA package',
  RECONCILIATION_REPORT: 'Reconciliation report',
  CHECKS: 'Checks',
};

export function documentKindLabel(kind: DocumentKind): string {
  return KIND_LABELS[kind] ?? kind;
}

/** "Mar 2026", "FY 2026" or the two dates: a document's period in the reports' words. */
export function documentPeriodLabel(start: string, end: string, locale?: string): string {
  const utc = (d: string) => new Date(`${d}T00:00:00Z`);
  const lastOfMonth = (d: string) => {
    const x = utc(d);
    x.setUTCMonth(x.getUTCMonth() + 1, 0);
    return x.toISOString().slice(0, 10);
  };
  if (start.endsWith('-01') && end === lastOfMonth(start)) {
    return new Intl.DateTimeFormat(locale, {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(utc(start));
  }
  const fmt = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  // One day: a payment run's checks.
  if (start === end) return fmt.format(utc(start));
  if (start.slice(0, 4) === end.slice(0, 4) && start.endsWith('-01-01') && end.endsWith('-12-31'))
    return `FY ${start.slice(0, 4)}`;
  return `${fmt.format(utc(start))} – ${fmt.format(utc(end))}`;
}

export const STATUS_LABELS: Record<DocumentStatus, string> = {
  QUEUED: 'Generating…',
  READY: 'Ready',
  FAILED: 'Failed',
};
