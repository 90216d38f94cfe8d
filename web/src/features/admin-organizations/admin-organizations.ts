// Labels and checks of the admin Organizations pages, kept out of the pages so they are tested on
// their own.

export type OrganizationStatus = 'ACTIVE' | 'SUSPENDED' | 'ARCHIVED';
export type PlanLevel = 'TRIAL' | 'STARTER' | 'STANDARD' | 'PROFESSIONAL' | 'ENTERPRISE';

export const STATUS_LABELS: Record<OrganizationStatus, string> = {
  ACTIVE: 'Active',
  SUSPENDED: 'Suspended',
  ARCHIVED: 'Archived',
};

export const PLAN_LABELS: Record<PlanLevel, string> = {
  TRIAL: 'Trial',
  STARTER: 'Starter',
  STANDARD: 'Standard',
  PROFESSIONAL: 'Professional',
  ENTERPRISE: 'Enterprise',
};

export const STATUS_OPTIONS = (Object.keys(STATUS_LABELS) as OrganizationStatus[]).map((value) => ({
  value,
  label: STATUS_LABELS[value],
}));

export const PLAN_OPTIONS = (Object.keys(PLAN_LABELS) as PlanLevel[]).map((value) => ({
  value,
  label: PLAN_LABELS[value],
}));

export function statusSeverity(status: OrganizationStatus): 'success' | 'warn' | 'secondary' {
  if (status === 'ACTIVE') return 'success';
  if (status === 'SUSPENDED') return 'warn';
  return 'secondary';
}

/** What a status change does, in the words the confirmation shows. */
export function statusConsequence(name: string, to: OrganizationStatus): string {
  if (to === 'ACTIVE') return `Members of ${name} can sign in and work in it again.`;
  const verb = to === 'SUSPENDED' ? 'Suspending' : 'Archiving';
  return `${verb} ${name} signs its members out of it at once: they cannot sign in to it or switch to it until it is reactivated.`;
}

/** The status changes offered from a status: every other one. */
export function statusActions(
  status: OrganizationStatus,
): { to: OrganizationStatus; label: string }[] {
  const labels: Record<OrganizationStatus, string> = {
    ACTIVE: 'Reactivate',
    SUSPENDED: 'Suspend',
    ARCHIVED: 'Archive',
  };
  return (Object.keys(labels) as OrganizationStatus[])
    .filter((to) => to !== status)
    .map((to) => ({ to, label: labels[to] }));
}

/** 123456789 → "117.7 MB" (binary units, one decimal from KB up). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes) || bytes < 0) return 'Unknown';
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

export interface PlanForm {
  planLevel: PlanLevel;
  contractNumber: string;
  paymentDate: string | null;
  confirmationNumber: string;
  renewalDate: string | null;
}

export type PlanField = keyof PlanForm;

const REFERENCE_MAX = 100;

/** The checks the API makes too, shown before sending (the API's answer still wins). */
export function checkPlan(form: PlanForm): Partial<Record<PlanField, string>> {
  const errors: Partial<Record<PlanField, string>> = {};
  for (const field of ['contractNumber', 'confirmationNumber'] as const) {
    if (form[field].trim().length > REFERENCE_MAX) {
      errors[field] = `Keep it to ${REFERENCE_MAX} characters`;
    }
  }
  if (form.paymentDate && form.renewalDate && form.renewalDate < form.paymentDate) {
    errors.renewalDate = 'The renewal date cannot be before the payment date';
  }
  return errors;
}

export interface SettingsForm {
  ideationEnabled: boolean;
  onboardingComplete: boolean;
  locale: string;
  currency: string;
}

export type SettingsField = keyof SettingsForm;

export function checkSettings(form: SettingsForm): Partial<Record<SettingsField, string>> {
  const errors: Partial<Record<SettingsField, string>> = {};
  const locale = form.locale.trim();
  if (locale) {
    try {
      Intl.getCanonicalLocales(locale);
    } catch {
      errors.locale = 'Use a locale like en-US';
    }
  }
  const currency = form.currency.trim();
  if (currency && !/^[A-Za-z]{3}$/.test(currency)) {
    errors.currency = 'Use a currency code like USD';
  }
  return errors;
}

export type MoveStatus = 'COPYING' | 'AWAITING_CONFIRMATION' | 'CONFIRMED' | 'FAILED';

export const MOVE_STATUS_LABELS: Record<MoveStatus, string> = {
  COPYING: 'Copying',
  AWAITING_CONFIRMATION: 'Awaiting confirmation',
  CONFIRMED: 'Confirmed',
  FAILED: 'Failed',
};

export function moveSeverity(status: MoveStatus): 'info' | 'warn' | 'success' | 'danger' {
  return { COPYING: 'info', AWAITING_CONFIRMATION: 'warn', CONFIRMED: 'success', FAILED: 'danger' }[
    status
  ] as 'info' | 'warn' | 'success' | 'danger';
}

/** How long a move froze writes: "850 ms", "1.9 s", "2 min 5 s"; "—" when not recorded. */
export function formatFreeze(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}
