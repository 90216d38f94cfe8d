// What other features use of sign-in through identity providers.
export { SsoResolver } from './sso.resolver.js';
export { ssoCallback } from './sso.http.js';
