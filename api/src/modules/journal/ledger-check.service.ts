import { withClient } from '../../db/connection.js';
import { formatMoney, toTotal, type Total } from '../../core/money/money.js';
import {
  controlAccountTotals,
  countFundUnbalancedEntries,
  countMisclassifiedLines,
  countTotalsDrift,
  countUnbalancedEntries,
  hasInterfundAccounts,
} from './journal.repository.js';

export interface ControlAccountDifference {
  role: string;
  account: string;
  // Debits − credits on the account, what its subledger says, and the difference.
  ledger: Total;
  subledger: Total;
  difference: Total;
}

export interface LedgerCheck {
  driftRows: number;
  unbalancedEntries: number;
  // Entries that do not balance within each fund, and of those the ones that balance overall
  // (they cross funds without interfund lines).
  fundUnbalancedEntries: number;
  crossFundEntries: number;
  // Whether the books keep interfund accounts: then every entry must balance per fund.
  interfund: boolean;
  // Lines whose type and fund are not their account's on their date (outside reclassification
  // entries): a report grouping by them would not match the chart's history.
  misclassifiedLines: number;
  // Every control account compared with its subledger ("1620 Reserve CDs (investment)"), so a
  // check that passes shows what it covered; and those that differ.
  controlAccountsChecked: string[];
  controlDifferences: ControlAccountDifference[];
}

// Recomputes the monthly totals (per account, month and line classification) from the lines and
// compares; re-checks every entry's balance, overall and per fund (each line's own fund); checks
// each line's type and fund against its account's history of reclassifications; and compares each
// control account with its subledger (the receivable account with the open invoices less the
// unapplied payments, as the aging report totals them; each investment holding account with the
// carrying amounts of its investments).
//
// Fund balancing: books posted before the ledger added interfund lines may hold entries that
// cross funds and balance only overall. Until the books keep interfund accounts (a control
// account of an `interfund…` role), such entries are counted and reported but do not fail the
// check; once they exist, any entry unbalanced in a fund fails it.
//
// This connects by URL on purpose, not through the tenant door (core/tenancy/tenant-door.ts): the
// maintenance CLI (`npm run ledger:check`) checks every tenant database whatever the
// organization's status — a suspended or archived association's books must stay checkable, and
// the door opens active organizations only. It reads, never writes, and runs outside any request.
export async function checkLedger(tenantUrl: string): Promise<LedgerCheck> {
  return withClient(tenantUrl, async (c) => {
    const funds = await countFundUnbalancedEntries(c);
    const controls = await controlAccountTotals(c);
    return {
      driftRows: await countTotalsDrift(c),
      unbalancedEntries: await countUnbalancedEntries(c),
      fundUnbalancedEntries: funds.unbalanced,
      crossFundEntries: funds.crossFund,
      interfund: await hasInterfundAccounts(c),
      misclassifiedLines: await countMisclassifiedLines(c),
      controlAccountsChecked: controls.map((r) => `${r.number} ${r.name} (${r.role})`),
      controlDifferences: controls
        .map((r) => {
          const ledger = toTotal(r.ledger);
          const subledger = toTotal(r.subledger);
          return {
            role: r.role,
            account: `${r.number} ${r.name}`,
            ledger,
            subledger,
            difference: ledger - subledger,
          };
        })
        .filter((d) => d.difference !== 0n),
    };
  });
}

// Whether the books pass: no drift, every entry balanced (per fund once interfund accounts
// exist), every control account equal to its subledger.
export function ledgerCheckPasses(r: LedgerCheck): boolean {
  return (
    r.driftRows === 0 &&
    r.unbalancedEntries === 0 &&
    (!r.interfund || r.fundUnbalancedEntries === 0) &&
    r.misclassifiedLines === 0 &&
    r.controlDifferences.length === 0
  );
}

// One line per finding, for the CLI.
export function describeLedgerCheck(r: LedgerCheck): string {
  const parts = [
    `${r.driftRows} monthly-total rows differ`,
    `${r.unbalancedEntries} unbalanced entries`,
    `${r.fundUnbalancedEntries} entries unbalanced in a fund${
      r.interfund
        ? ''
        : ` (${r.crossFundEntries} cross funds without interfund lines; no interfund accounts yet, not failing)`
    }`,
    `${r.misclassifiedLines} lines classified unlike their account`,
  ];
  for (const d of r.controlDifferences) {
    parts.push(
      `control account ${d.account} (${d.role}) is ${formatMoney(d.ledger)}, its subledger ${formatMoney(d.subledger)} (difference ${formatMoney(d.difference)})`,
    );
  }
  if (!r.controlDifferences.length) {
    parts.push(`${r.controlAccountsChecked.length} control accounts equal their subledgers`);
  }
  return parts.join(', ');
}
