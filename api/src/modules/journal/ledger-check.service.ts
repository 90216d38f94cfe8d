import { withClient } from '../../db/connection.js';
import { countTotalsDrift, countUnbalancedEntries } from './journal.repository.js';

export interface LedgerCheck {
  driftRows: number;
  unbalancedEntries: number;
}

// Recomputes the monthly totals from the lines and compares; also re-checks every entry's balance.
//
// This connects by URL on purpose, not through the tenant door (core/tenancy/tenant-door.ts): the
// maintenance CLI (`npm run ledger:check`) checks every tenant database whatever the
// organization's status — a suspended or archived association's books must stay checkable, and
// the door opens active organizations only. It reads, never writes, and runs outside any request.
export async function checkLedger(tenantUrl: string): Promise<LedgerCheck> {
  return withClient(tenantUrl, async (c) => ({
    driftRows: await countTotalsDrift(c),
    unbalancedEntries: await countUnbalancedEntries(c),
  }));
}
