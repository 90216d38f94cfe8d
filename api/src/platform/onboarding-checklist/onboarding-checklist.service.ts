import type { AuthInfo } from '../../core/auth/tokens.js';
import type { Context } from '../../core/context.js';
import { fiscalYearOf, orgToday } from '../../core/dates.js';
import { forbidden, unauthenticated } from '../../core/errors/app-error.js';
import type { TenantEntry } from '../../core/tenancy/tenant-directory.js';
import { hasMfa } from '../mfa/index.js';
import {
  deleteDismissal,
  hasOtherMember,
  insertCompletion,
  insertDismissal,
  isDismissed,
  selectCompletions,
  selectTenantFacts,
} from './onboarding-checklist.repository.js';
import {
  type OnboardingChecklist,
  type OnboardingStep,
  OnboardingStepKey,
} from './onboarding-checklist.types.js';

// The onboarding checklist (spec: "guided onboarding checklist with server-side progress").
//
// Steps complete by themselves: reading the checklist checks, live, each step not yet recorded,
// and records the ones now done (insert … ON CONFLICT DO NOTHING). A step once done stays done:
// deleting the only unit later does not un-tick it, so the card never goes backwards and a
// finished checklist stays finished. Recorded steps are not checked again, so a finished
// association's card costs two platform reads and no tenant query.

interface StepSpec {
  key: OnboardingStepKey;
  title: string;
  description: string;
  personal: boolean;
}

// In the order the card lists them (the order a new treasurer would go).
export const ONBOARDING_STEPS: readonly StepSpec[] = [
  {
    key: OnboardingStepKey.BANK_ACCOUNTS,
    title: 'Add your bank accounts with opening balances',
    description: 'Each checking, savings and reserve account, with its balance on your start date.',
    personal: false,
  },
  {
    key: OnboardingStepKey.ASSESSMENT_GROUP,
    title: 'Create an assessment group',
    description: 'What owners pay and how often, and the income account it goes to.',
    personal: false,
  },
  {
    key: OnboardingStepKey.UNITS,
    title: 'Add your units',
    description: 'Every home or lot with its owner; import them from a spreadsheet.',
    personal: false,
  },
  {
    key: OnboardingStepKey.BUDGET,
    title: 'Import a budget',
    description: "This fiscal year's budget, so reports compare actuals with it.",
    personal: false,
  },
  {
    key: OnboardingStepKey.INVITE_MEMBER,
    title: 'Invite a board member',
    description: 'Share the books with another board member or your manager.',
    personal: false,
  },
  {
    key: OnboardingStepKey.MFA,
    title: 'Turn on two-step sign-in',
    description: 'A code from an authenticator app each time you sign in.',
    personal: true,
  },
  {
    key: OnboardingStepKey.FIRST_ENTRY,
    title: 'Post your first journal entry',
    description: 'Record a check, a deposit or a transfer by hand.',
    personal: false,
  },
];

const TENANT_STEPS = new Set<OnboardingStepKey>([
  OnboardingStepKey.BANK_ACCOUNTS,
  OnboardingStepKey.ASSESSMENT_GROUP,
  OnboardingStepKey.UNITS,
  OnboardingStepKey.BUDGET,
  OnboardingStepKey.FIRST_ENTRY,
]);

function caller(ctx: Context): { auth: AuthInfo; org: TenantEntry } {
  if (!ctx.auth) throw unauthenticated();
  if (!ctx.org) throw forbidden('No organization selected');
  return { auth: ctx.auth, org: ctx.org };
}

// Whether each step not yet recorded is done now.
async function liveSteps(
  ctx: Context,
  org: TenantEntry,
  userId: string,
  open: readonly OnboardingStepKey[],
): Promise<Set<OnboardingStepKey>> {
  const done = new Set<OnboardingStepKey>();
  if (open.some((k) => TENANT_STEPS.has(k))) {
    // The budget of the fiscal year the association is in, or of a later one (a treasurer
    // setting up in November may import next year's first); a past year's alone is history.
    const year = fiscalYearOf(orgToday(ctx), org.fiscalYearStartMonth);
    const facts = await selectTenantFacts(ctx.em, year);
    if (facts.bank_accounts) done.add(OnboardingStepKey.BANK_ACCOUNTS);
    if (facts.assessment_group) done.add(OnboardingStepKey.ASSESSMENT_GROUP);
    if (facts.units) done.add(OnboardingStepKey.UNITS);
    if (facts.budget) done.add(OnboardingStepKey.BUDGET);
    if (facts.first_entry) done.add(OnboardingStepKey.FIRST_ENTRY);
  }
  if (
    open.includes(OnboardingStepKey.INVITE_MEMBER) &&
    (await hasOtherMember(ctx.platformEm, org.orgId, userId))
  ) {
    done.add(OnboardingStepKey.INVITE_MEMBER);
  }
  if (open.includes(OnboardingStepKey.MFA) && (await hasMfa(ctx.platformEm, userId))) {
    done.add(OnboardingStepKey.MFA);
  }
  return done;
}

// The caller's checklist of the current organization (while impersonating: the user's).
export async function onboardingChecklist(ctx: Context): Promise<OnboardingChecklist> {
  const { auth, org } = caller(ctx);
  const userId = auth.userId;
  // Personal rows are the caller's own: another member's row for the same step never counts.
  const recordedAt = async () => {
    const rows = await selectCompletions(ctx.platformEm, org.orgId, userId);
    const byStep = new Map<string, Date>();
    for (const r of rows) {
      const personal = ONBOARDING_STEPS.find((s) => s.key === r.step)?.personal ?? false;
      if ((r.user_id !== null) === personal) byStep.set(r.step, r.completed_at);
    }
    return byStep;
  };
  let recorded = await recordedAt();
  const open = ONBOARDING_STEPS.filter((s) => !recorded.has(s.key)).map((s) => s.key);
  if (open.length) {
    const nowDone = await liveSteps(ctx, org, userId, open);
    if (nowDone.size) {
      for (const s of ONBOARDING_STEPS) {
        if (nowDone.has(s.key)) {
          await insertCompletion(ctx.platformEm, org.orgId, s.personal ? userId : null, s.key);
        }
      }
      recorded = await recordedAt();
    }
  }
  const steps: OnboardingStep[] = ONBOARDING_STEPS.map((s) => {
    const completedAt = recorded.get(s.key) ?? null;
    return { ...s, done: completedAt !== null, completedAt };
  });
  const completedCount = steps.filter((s) => s.done).length;
  const complete = completedCount === steps.length;
  const dismissed = await isDismissed(ctx.platformEm, org.orgId, userId);
  return {
    steps,
    completedCount,
    totalCount: steps.length,
    complete,
    dismissed,
    visible: !complete && !dismissed,
  };
}

// Hides or brings back the caller's card in the current organization. A preference of the user
// themselves: viewers may set it, an impersonating admin may not (they would change what the
// user sees behind their back), as the profile refuses impersonated edits.
export async function updateOnboardingChecklist(
  ctx: Context,
  input: { dismissed: boolean },
): Promise<OnboardingChecklist> {
  const { auth, org } = caller(ctx);
  if (auth.impersonatedBy) {
    throw forbidden('The setup checklist cannot be dismissed or restored while impersonating');
  }
  if (input.dismissed) await insertDismissal(ctx.platformEm, org.orgId, auth.userId);
  else await deleteDismissal(ctx.platformEm, org.orgId, auth.userId);
  return onboardingChecklist(ctx);
}
