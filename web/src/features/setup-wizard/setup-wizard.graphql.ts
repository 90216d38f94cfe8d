import { graphql } from '@/graphql';

// Everything else the wizard reads and writes goes through the documents of the features it sets
// up (accounts, assessments, units, budgets). Only its last step is its own.

/** Marks the association's onboarding complete; answers the merged settings. */
export const COMPLETE_ONBOARDING_MUTATION = graphql(`
  mutation CompleteOnboarding($patch: JSONObject!) {
    updateOrganizationSettings(patch: $patch)
  }
`);
