// What other features use of personal API tokens.
export { ApiTokenDirectory } from './api-tokens.directory.js';
export { ApiTokensResolver } from './api-tokens.resolver.js';
