import type { SchemaType } from '@/graphql';

export type IdeaStatus = SchemaType<'IdeaStatus'>;

/** Every status in the order an idea moves through them, with its label and tag colour. */
export const IDEA_STATUSES: { value: IdeaStatus; label: string; severity: string }[] = [
  { value: 'SUBMITTED', label: 'Submitted', severity: 'secondary' },
  { value: 'UNDER_REVIEW', label: 'Under review', severity: 'info' },
  { value: 'PLANNED', label: 'Planned', severity: 'contrast' },
  { value: 'IN_PROGRESS', label: 'In progress', severity: 'warn' },
  { value: 'DONE', label: 'Done', severity: 'success' },
  { value: 'DECLINED', label: 'Declined', severity: 'danger' },
];

export function ideaStatusLabel(status: IdeaStatus): string {
  return IDEA_STATUSES.find((s) => s.value === status)?.label ?? status;
}

export function ideaStatusSeverity(status: IdeaStatus): string {
  return IDEA_STATUSES.find((s) => s.value === status)?.severity ?? 'secondary';
}

/** Whether an organization's settings turn the Ideas page on (only a JSON true does). */
export function ideationEnabled(settings: Record<string, unknown> | null | undefined): boolean {
  return settings?.ideationEnabled === true;
}
