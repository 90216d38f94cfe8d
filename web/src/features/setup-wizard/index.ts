// What the rest of the app may use of the setup wizard; the router reads routes.ts.
export { needsSetupWizard } from './setup-wizard';
