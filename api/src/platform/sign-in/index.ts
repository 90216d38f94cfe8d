// What the server uses of sign-in: the login and register mutations.
export { SignInResolver } from './sign-in.resolver.js';
