import { graphql, type ResultOf } from '@/graphql';

export const ONBOARDING_CHECKLIST_FIELDS = graphql(`
  fragment OnboardingChecklistFields on OnboardingChecklist {
    steps {
      key
      title
      description
      personal
      done
      completedAt
    }
    completedCount
    totalCount
    complete
    dismissed
    visible
  }
`);

export type OnboardingChecklistData = ResultOf<typeof ONBOARDING_CHECKLIST_FIELDS>;
export type OnboardingStepData = OnboardingChecklistData['steps'][number];

// The caller's checklist of the current organization: steps tick themselves on the server as their
// things get done, so the card asks afresh each time it shows.
export const ONBOARDING_CHECKLIST_QUERY = graphql(
  `
    query OnboardingChecklist {
      onboardingChecklist {
        ...OnboardingChecklistFields
      }
    }
  `,
  [ONBOARDING_CHECKLIST_FIELDS],
);

// Hides (or brings back) the caller's own card; the answer is the whole checklist, written over
// the query's in the cache so the card and the Profile page's way back follow at once.
export const UPDATE_ONBOARDING_CHECKLIST_MUTATION = graphql(
  `
    mutation UpdateOnboardingChecklist($input: UpdateOnboardingChecklistInput!) {
      updateOnboardingChecklist(input: $input) {
        ...OnboardingChecklistFields
      }
    }
  `,
  [ONBOARDING_CHECKLIST_FIELDS],
);
