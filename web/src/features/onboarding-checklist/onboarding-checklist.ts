import type { RouteLocationRaw } from 'vue-router';
import type { SchemaType } from '@/graphql';

export type OnboardingStepKey = SchemaType<'OnboardingStepKey'>;

/** Who may do a step where it is done: anyone signed in, members who write, or admins only. */
export type StepAccess = 'anyone' | 'writer' | 'admin';

export interface StepPlace {
  /** The page where the step is done. */
  to: RouteLocationRaw;
  /** The link's words, for those who may do the step there ("Add accounts"). */
  action: string;
  /** The page's name, shown as plain text to those who may not. */
  page: string;
  access: StepAccess;
}

// Where each step is done (the steps' titles and order come from the API).
export const STEP_PLACES: Record<OnboardingStepKey, StepPlace> = {
  BANK_ACCOUNTS: {
    to: { name: 'accounts' },
    action: 'Add accounts',
    page: 'Accounts',
    access: 'writer',
  },
  ASSESSMENT_GROUP: {
    to: { name: 'new-assessment-group' },
    action: 'Create a group',
    page: 'Assessment groups',
    access: 'writer',
  },
  UNITS: { to: { name: 'units' }, action: 'Add units', page: 'Units', access: 'writer' },
  BUDGET: { to: { name: 'budgets' }, action: 'Import a budget', page: 'Budget', access: 'writer' },
  INVITE_MEMBER: { to: { name: 'members' }, action: 'Invite', page: 'Members', access: 'admin' },
  MFA: { to: { name: 'security' }, action: 'Set it up', page: 'Security', access: 'anyone' },
  FIRST_ENTRY: {
    to: { name: 'new-transaction' },
    action: 'New entry',
    page: 'Transactions',
    access: 'writer',
  },
};

export function canDoStep(
  access: StepAccess,
  member: { canWrite: boolean; isAdmin: boolean },
): boolean {
  if (access === 'anyone') return true;
  return access === 'admin' ? member.isAdmin : member.canWrite;
}
