// What other features use of two-step sign-in.
export { checkRequireMfaPatch, createChallenge, hasMfa, requireMfaChanged } from './mfa.service.js';
export {
  AdminUserMfaResolver,
  MembershipMfaResolver,
  MfaResolver,
  UserMfaResolver,
} from './mfa.resolver.js';
export { MfaChallenge } from './mfa.types.js';
// Whether a user has two-step sign-in on (a member's `mfaEnabled`).
export { mfaEnabledLoader } from './mfa.loaders.js';
