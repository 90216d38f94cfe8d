// What other features use of the onboarding checklist (the demo seed of api/src/platform/onboarding
// is another thing: sample associations, not this checklist).
export { OnboardingChecklistResolver } from './onboarding-checklist.resolver.js';
export { OnboardingStepKey } from './onboarding-checklist.types.js';
