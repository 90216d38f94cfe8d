import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { onboardingChecklist, updateOnboardingChecklist } from './onboarding-checklist.service.js';
import {
  OnboardingChecklist,
  UpdateOnboardingChecklistInput,
} from './onboarding-checklist.types.js';

@Resolver()
export class OnboardingChecklistResolver {
  @Query(() => OnboardingChecklist, {
    description:
      "Setting up the current organization: the association's steps and your own, each ticked by itself the first time its thing is seen done (and done for good after)",
  })
  onboardingChecklist(@Ctx() ctx: Context): Promise<OnboardingChecklist> {
    return onboardingChecklist(ctx);
  }

  @Mutation(() => OnboardingChecklist, {
    description:
      'Hide (dismissed: true) or bring back your checklist card in the current organization. Your own choice: viewers too; refused while impersonating',
  })
  updateOnboardingChecklist(
    @Arg('input', () => UpdateOnboardingChecklistInput) input: UpdateOnboardingChecklistInput,
    @Ctx() ctx: Context,
  ): Promise<OnboardingChecklist> {
    return updateOnboardingChecklist(ctx, input);
  }
}
