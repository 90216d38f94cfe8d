// What other features use of two-step sign-in.
export { checkRequireMfaPatch, createChallenge, hasMfa, requireMfaChanged } from './mfa.service.js';
export {
  AdminUserMfaResolver,
  MemberMfaResolver,
  MembershipMfaResolver,
  MfaResolver,
  UserMfaResolver,
} from './mfa.resolver.js';
export { MfaChallenge } from './mfa.types.js';
