// What other features may use of onboarding-checklist; the router reads routes.ts.
export { default as OnboardingChecklistCard } from './components/OnboardingChecklistCard.vue';
export { default as OnboardingChecklistRestore } from './components/OnboardingChecklistRestore.vue';
