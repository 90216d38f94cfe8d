import type { EntityManager } from '@mikro-orm/postgresql';

// Every SQL statement of the login history (the rule: top of
// modules/journal/journal.repository.ts).

// Outside any transaction of the caller, on purpose: a sign-in attempt stays recorded even when
// the work around it rolls back (a failed sign-in is exactly what must not vanish).
export function insertLogin(
  em: EntityManager,
  row: {
    userId: string | null;
    email: string | null;
    organizationId: string | null;
    ip: string;
    userAgent: string | null;
    method: string;
    success: boolean;
    failureReason: string | null;
    impersonatedBy: string | null;
    reason: string | null;
  },
) {
  return em.getConnection().execute(
    `INSERT INTO login_history
         (user_id, email, organization_id, ip, user_agent, method, success, failure_reason,
          impersonated_by, reason)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      row.userId,
      row.email,
      row.organizationId,
      row.ip,
      row.userAgent,
      row.method,
      row.success,
      row.failureReason,
      row.impersonatedBy,
      row.reason,
    ],
    'run',
  );
}
