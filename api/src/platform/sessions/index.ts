// What other platform features use of sessions: starting a signed-in session (every way in ends
// there), the sign-in history, and the payloads that carry a session.
export { startSession } from './sessions.service.js';
export { type LoginMethod, recordLogin } from './login-history.service.js';
export { LoginPayload, SessionPayload } from './sessions.types.js';
export { SessionsResolver } from './sessions.resolver.js';
