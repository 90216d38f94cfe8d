import { canWrite as roleCanWrite, ROLE_LABELS } from '@covenant/shared/roles';
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { OrganizationMembership, Role } from '@/apollo/types';

/** Why a viewer's write buttons are disabled (their tooltip). */
export const READ_ONLY_REASON =
  'Your role in this association is Viewer (read-only). Ask an association admin to give you edit access.';

export function roleLabel(role: Role): string {
  return ROLE_LABELS[role];
}

// Which association this tab was in, so a reload resumes there (refreshSession(organizationId))
// rather than in the user's first one. Only the id: the access token itself never leaves memory.
const LAST_ORGANIZATION_KEY = 'covenant.organizationId';

function remember(id: string | null): void {
  try {
    if (id) globalThis.sessionStorage?.setItem(LAST_ORGANIZATION_KEY, id);
    else globalThis.sessionStorage?.removeItem(LAST_ORGANIZATION_KEY);
  } catch {
    // Storage disabled (privacy mode): a reload then opens the first association.
  }
}

/** The association this tab was last in (survives a reload), if any. */
export function lastOrganizationId(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(LAST_ORGANIZATION_KEY) ?? null;
  } catch {
    return null;
  }
}

/** An association's calendar: the zone its "today" is read in, and its fiscal-year start. */
export interface OrganizationCalendar {
  /** IANA time zone name, e.g. "America/Chicago". */
  timeZone: string;
  /** 1 (January) to 12; a fiscal year is named by the calendar year it ends in. */
  fiscalYearStartMonth: number;
}

/** What the API gives an association that has not chosen (api/src/core/dates.ts). */
export const DEFAULT_CALENDAR: OrganizationCalendar = {
  timeZone: 'America/New_York',
  fiscalYearStartMonth: 1,
};

function calendarOf(value: unknown): OrganizationCalendar | null {
  const v = value as Partial<OrganizationCalendar> | null | undefined;
  return typeof v?.timeZone === 'string' && typeof v.fiscalYearStartMonth === 'number'
    ? { timeZone: v.timeZone, fiscalYearStartMonth: v.fiscalYearStartMonth }
    : null;
}

/**
 * Which organization the session is for (the access token's orgId) and whether it has been found
 * suspended. Session state only: everything else about the organization comes from the API.
 */
export const useOrganizationStore = defineStore('organization', () => {
  const current = ref<OrganizationMembership | null>(null);
  const memberships = ref<OrganizationMembership[]>([]);
  /** Set when the API refused a request with ORG_INACTIVE (suspended or archived). */
  const inactive = ref(false);
  /** The calendar as last read or saved (useOrganizationToday loads it), with its organization. */
  const loadedCalendar = ref<(OrganizationCalendar & { organizationId: string }) | null>(null);

  const hasOrganization = computed(() => current.value !== null);
  const role = computed<Role | null>(() => current.value?.role ?? null);
  const canWrite = computed(() => roleCanWrite(role.value));
  const isAdmin = computed(() => role.value === 'ADMIN');
  /** Active associations other than the current one: where the switcher can go. */
  const others = computed(() =>
    memberships.value.filter((m) => m.id !== current.value?.id && m.status === 'ACTIVE'),
  );

  function setOrganizations(
    organization: OrganizationMembership | null,
    all: OrganizationMembership[],
  ): void {
    current.value = organization;
    memberships.value = all;
    inactive.value = organization !== null && organization.status !== 'ACTIVE';
    remember(organization?.id ?? null);
  }

  /** The signed-in user's own role changed (an admin edited their own membership). */
  function setCurrentRole(newRole: Role): void {
    const org = current.value;
    if (!org) return;
    current.value = { ...org, role: newRole };
    memberships.value = memberships.value.map((m) =>
      m.id === org.id ? { ...m, role: newRole } : m,
    );
  }

  /** The current association's settings changed (the settings page, the setup wizard's finish). */
  function setCurrentSettings(settings: OrganizationMembership['settings']): void {
    const org = current.value;
    if (!org) return;
    current.value = { ...org, settings };
    memberships.value = memberships.value.map((m) => (m.id === org.id ? { ...m, settings } : m));
  }

  /**
   * The current association's calendar: the one last saved, else the membership's own fields
   * (the session carries them, so every page's first "today" is already the association's); null
   * only for a session without them, until useOrganizationToday has read it.
   */
  const calendar = computed<OrganizationCalendar | null>(() => {
    const org = current.value;
    if (!org) return null;
    const loaded = loadedCalendar.value;
    if (loaded?.organizationId === org.id) return calendarOf(loaded);
    return calendarOf(org);
  });

  function setCalendar(organizationId: string, value: OrganizationCalendar): void {
    loadedCalendar.value = { organizationId, ...calendarOf(value)! };
  }

  function markInactive(): void {
    inactive.value = true;
  }

  function reset(): void {
    current.value = null;
    memberships.value = [];
    inactive.value = false;
    loadedCalendar.value = null;
    remember(null);
  }

  return {
    current,
    memberships,
    inactive,
    hasOrganization,
    role,
    canWrite,
    isAdmin,
    others,
    calendar,
    setCalendar,
    setOrganizations,
    setCurrentRole,
    setCurrentSettings,
    markInactive,
    reset,
  };
});
