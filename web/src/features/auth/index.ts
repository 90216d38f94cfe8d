// What other features may use of auth; the router reads routes.ts.
export { default as AuthShell } from './components/AuthShell.vue';
export { default as AuthStatus } from './components/AuthStatus.vue';
export { default as SsoProviderMark } from './components/SsoProviderMark.vue';
export { CHANGE_PASSWORD_MUTATION } from './auth.graphql';
export {
  isPasskeyAlreadyRegistered,
  isPasskeyPromptDismissed,
  PASSKEY_NAME_MAX,
  suggestPasskeyName,
} from './passkeys';
export { checkNewPassword, MIN_PASSWORD_LENGTH } from './passwords';
export {
  BEGIN_SSO_LINK_MUTATION,
  LINKED_IDENTITIES_QUERY,
  type LinkedIdentity,
  SSO_PROVIDERS_QUERY,
  UNLINK_IDENTITY_MUTATION,
} from './sso.graphql';
export { linkNotice, type SsoNotice } from './sso';
