// What other features use of personal API tokens.
export { ApiTokenDirectory } from './api-tokens.directory.js';
export { ApiTokensResolver } from './api-tokens.resolver.js';
// The demo seed gives its sample users their tokens through this.
export { insertToken } from './api-tokens.repository.js';
