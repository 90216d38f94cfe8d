import { vi } from 'vitest';
import type { TestApp } from './app.js';

// A paid checkout's association is provisioned by a job after the webhook answered: waits until
// its sign-up is ready (or failed) and answers which.
export function provisioned(app: TestApp, checkoutSessionId: string): Promise<string> {
  return vi.waitFor(
    async () => {
      const [row] = await app.services.platformOrm.em
        .fork()
        .getConnection()
        .execute<{ status: string }[]>(`SELECT status FROM signups WHERE checkout_session_id = ?`, [
          checkoutSessionId,
        ]);
      if (!row || row.status === 'pending_payment' || row.status === 'provisioning') {
        throw new Error(`sign-up of ${checkoutSessionId}: ${row?.status ?? 'none'}`);
      }
      return row.status;
    },
    { timeout: 30_000, interval: 100 },
  );
}
