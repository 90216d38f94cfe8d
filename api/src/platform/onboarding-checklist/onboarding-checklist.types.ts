import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';

// The stored key of each step is its value (the completions table's `step`): never rename one.
export enum OnboardingStepKey {
  BANK_ACCOUNTS = 'bank_accounts',
  ASSESSMENT_GROUP = 'assessment_group',
  UNITS = 'units',
  BUDGET = 'budget',
  INVITE_MEMBER = 'invite_member',
  MFA = 'mfa',
  FIRST_ENTRY = 'first_entry',
}
registerEnumType(OnboardingStepKey, {
  name: 'OnboardingStepKey',
  description: "A step of the onboarding checklist (the list's order is the suggested order)",
  valuesConfig: {
    BANK_ACCOUNTS: {
      description:
        'A bank account (an asset account that is not a control account) with an opening balance: an entry with a line on it and a line on an equity account (createAccount with initialBalance, or balances brought forward)',
    },
    ASSESSMENT_GROUP: { description: 'At least one assessment group' },
    UNITS: { description: 'At least one unit' },
    BUDGET: {
      description:
        'A budget with an amount for the current fiscal year or a later one (a past year alone does not set this year up)',
    },
    INVITE_MEMBER: {
      description:
        'The organization has a member other than you, or a pending invitation (any status counts)',
    },
    MFA: { description: 'Personal: you have two-step sign-in on' },
    FIRST_ENTRY: {
      description:
        'A journal entry posted by hand (source MANUAL), not counting balances brought forward (an entry with an equity line)',
    },
  },
});

@ObjectType({ description: 'One step of the onboarding checklist' })
export class OnboardingStep {
  @Field(() => OnboardingStepKey)
  key: OnboardingStepKey;

  @Field(() => String)
  title: string;

  @Field(() => String, { description: 'One sentence on what the step asks for' })
  description: string;

  @Field(() => Boolean, {
    description:
      "Personal: each member does it for themselves (one member's doing it does not tick it for another)",
  })
  personal: boolean;

  @Field(() => Boolean, {
    description: 'Done once its thing was done; it stays done when the thing is undone later',
  })
  done: boolean;

  @Field(() => Date, { nullable: true, description: 'When the step was first seen done' })
  completedAt: Date | null;
}

@ObjectType({
  description:
    "Setting up the current organization, for the caller: organization steps are the association's, personal steps the caller's. Steps complete by themselves when their thing is done",
})
export class OnboardingChecklist {
  @Field(() => [OnboardingStep])
  steps: OnboardingStep[];

  @Field(() => Int)
  completedCount: number;

  @Field(() => Int)
  totalCount: number;

  @Field(() => Boolean, { description: 'Every step is done' })
  complete: boolean;

  @Field(() => Boolean, {
    description: 'The caller hid the card in this organization (their own choice)',
  })
  dismissed: boolean;

  @Field(() => Boolean, {
    description: 'Whether the dashboard shows the card: not complete and not dismissed',
  })
  visible: boolean;
}

@InputType({ description: "The caller's own choice about the checklist card" })
export class UpdateOnboardingChecklistInput {
  @Field(() => Boolean, { description: 'true hides the card, false brings it back' })
  dismissed: boolean;
}
