import type { EntityManager } from '@mikro-orm/postgresql';
import type { ClientMeta } from '../../core/auth/refresh-tokens.js';

export type LoginMethod = 'password' | 'switch' | 'invitation' | 'register' | 'impersonation';

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
    meta: ClientMeta;
  },
) {
  await em.getConnection().execute(
    `INSERT INTO login_history
         (user_id, email, organization_id, ip, user_agent, method, success, failure_reason,
          impersonated_by)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      entry.userId ?? null,
      entry.email ?? null,
      entry.organizationId ?? null,
      entry.meta.ip,
      entry.meta.userAgent,
      entry.method,
      entry.success,
      entry.failureReason ?? null,
      entry.impersonatedBy ?? null,
    ],
    'run',
  );
}
