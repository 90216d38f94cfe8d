import type { Role } from '@/apollo/types';
import type { Member } from '@/features/members/members.graphql';
import { roleLabel } from '@/stores/organization';

export interface RoleOption {
  value: Role;
  label: string;
  description: string;
}

export const ROLE_OPTIONS: RoleOption[] = [
  {
    value: 'ADMIN',
    label: roleLabel('ADMIN'),
    description: 'Everything a member can do, plus inviting people and changing their roles.',
  },
  {
    value: 'USER',
    label: roleLabel('USER'),
    description: 'Records and edits the books: accounts, budgets, transactions.',
  },
  {
    value: 'VIEWER',
    label: roleLabel('VIEWER'),
    description: 'Read-only: sees the books and reports, changes nothing.',
  },
];

/** The name a person goes by here: their name, or their email until they have set one. */
export function memberDisplayName(member: Pick<Member, 'name' | 'email'>): string {
  return member.name?.trim() || member.email;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base' });

/** By name as people read it (email for those without one yet). */
export function sortMembers<T extends Pick<Member, 'name' | 'email'>>(members: readonly T[]): T[] {
  return [...members].sort((a, b) => collator.compare(memberDisplayName(a), memberDisplayName(b)));
}

/** "6 members · 1 suspended · 1 invitation pending" */
export function membersSummary(members: readonly Pick<Member, 'status'>[]): string {
  const count = (status: Member['status']) => members.filter((m) => m.status === status).length;
  const active = count('ACTIVE');
  const suspended = count('SUSPENDED');
  const invited = count('INVITED');
  const parts = [`${active} ${active === 1 ? 'member' : 'members'}`];
  if (suspended > 0) parts.push(`${suspended} suspended`);
  if (invited > 0) parts.push(`${invited} ${invited === 1 ? 'invitation' : 'invitations'} pending`);
  return parts.join(' · ');
}

const STATUS_LABELS: Record<Member['status'], string> = {
  ACTIVE: 'Active',
  INVITED: 'Invited',
  SUSPENDED: 'Suspended',
};

export const statusLabel = (status: Member['status']): string => STATUS_LABELS[status];

/** A membership status's colors: active green, invited amber, suspended red. */
export const STATUS_COLORS: Record<Member['status'], { color: string; background: string }> = {
  ACTIVE: { color: '#067647', background: '#ecfdf3' },
  INVITED: { color: '#b54708', background: '#fffaeb' },
  SUSPENDED: { color: '#b42318', background: '#fef3f2' },
};
