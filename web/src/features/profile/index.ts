// What other features may use of the profile: saving one's own name (the owner portal's profile
// page does too). The router reads routes.ts.
export { UPDATE_PROFILE_MUTATION } from './profile.graphql';
