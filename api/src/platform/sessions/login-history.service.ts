import type { EntityManager } from '@mikro-orm/postgresql';
import type { ClientMeta } from '../../core/auth/refresh-tokens.js';
import { insertLogin } from './login-history.repository.js';

// How a sign-in was made: the method column of the login history (admins read it on a user's page).
export type LoginMethod =
  | 'password'
  // A password and then the second step (#19): a code from the authenticator app, or a recovery code.
  | 'password+totp'
  | 'password+recovery-code'
  | 'passkey'
  | 'sso:google'
  | 'sso:microsoft'
  | 'switch'
  | 'invitation'
  | 'register'
  | 'impersonation';

// One row for every sign-in attempt and organization switch, successful or not.
export async function recordLogin(
  em: EntityManager,
  entry: {
    userId?: string | null;
    email?: string | null;
    organizationId?: string | null;
    method: LoginMethod;
    success: boolean;
    failureReason?: string;
    impersonatedBy?: string | null;
    // An impersonation's reason, as the super admin gave it.
    reason?: string;
    meta: ClientMeta;
  },
) {
  await insertLogin(em, {
    userId: entry.userId ?? null,
    email: entry.email ?? null,
    organizationId: entry.organizationId ?? null,
    ip: entry.meta.ip,
    userAgent: entry.meta.userAgent,
    method: entry.method,
    success: entry.success,
    failureReason: entry.failureReason ?? null,
    impersonatedBy: entry.impersonatedBy ?? null,
    reason: entry.reason ?? null,
  });
}
