// What other features use of passkeys.
export { PasskeysResolver } from './passkeys.resolver.js';
export { relyingParty } from './passkeys.service.js';
