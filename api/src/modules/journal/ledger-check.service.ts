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
import { invoicesBelowZero, receivablesByDate } from './ledger-check.repository.js';

export interface ControlAccountDifference {
  role: string;
  account: string;
  // Debits − credits on the account, what its subledger says, and the difference.
  ledger: Total;
  subledger: Total;
  difference: Total;
}

// The receivables on a date: the receivable account and Prepaid Assessments from the ledger, and
// what the aging report totals (owed; owners' credit, positive) from the subledger.
export interface ReceivablesOnDate {
  date: string;
  receivable: Total;
  aging: Total;
  prepaid: Total;
  credit: Total;
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
  // Every date the receivables change on (a posting to the receivable account or Prepaid
  // Assessments, or a receivables document's date or void date), and those where the receivable
  // or Prepaid Assessments is below zero or differs from what the aging report totals that day.
  receivablesDatesChecked: number;
  receivablesDateProblems: ReceivablesOnDate[];
  // Invoices whose open amount is below zero on some date.
  invoicesBelowZero: number;
}

// Recomputes the monthly totals (per account, month and line classification) from the lines and
// compares; re-checks every entry's balance, overall and per fund (each line's own fund); checks
// each line's type and fund against its account's history of reclassifications; and compares each
// control account with its subledger (the receivable account with the open invoices less the
// unapplied payments, as the aging report totals them; each investment holding account with the
// carrying amounts of its investments).
//
// The receivables are held to the same on every date, not only today: the receivable account is
// never below zero, nor Prepaid Assessments, and each equals what the aging report of that day
// totals (a backdated write-off or void could otherwise balance today and be wrong in between).
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
    const days = (await receivablesByDate(c)).map((r) => ({
      date: r.date,
      receivable: toTotal(r.receivable),
      aging: toTotal(r.aging),
      prepaid: toTotal(r.prepaid),
      credit: toTotal(r.credit),
    }));
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
      receivablesDatesChecked: days.length,
      receivablesDateProblems: days.filter(
        (d) =>
          d.receivable < 0n || d.prepaid < 0n || d.receivable !== d.aging || d.prepaid !== d.credit,
      ),
      invoicesBelowZero: await invoicesBelowZero(c),
    };
  });
}

// Whether the books pass: no drift, every entry balanced (per fund once interfund accounts
// exist), every control account equal to its subledger, the receivables right on every date.
export function ledgerCheckPasses(r: LedgerCheck): boolean {
  return (
    r.driftRows === 0 &&
    r.unbalancedEntries === 0 &&
    (!r.interfund || r.fundUnbalancedEntries === 0) &&
    r.misclassifiedLines === 0 &&
    r.controlDifferences.length === 0 &&
    r.receivablesDateProblems.length === 0 &&
    r.invoicesBelowZero === 0
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
  const [first] = r.receivablesDateProblems;
  parts.push(
    first
      ? `receivables wrong on ${r.receivablesDateProblems.length} of ${r.receivablesDatesChecked} dates (first ${first.date}: receivable ${formatMoney(first.receivable)}, aging ${formatMoney(first.aging)}, Prepaid Assessments ${formatMoney(first.prepaid)}, owners' credit ${formatMoney(first.credit)})`
      : `receivables right on all ${r.receivablesDatesChecked} dates`,
  );
  if (r.invoicesBelowZero) {
    parts.push(`${r.invoicesBelowZero} invoices owe below zero on some date`);
  }
  return parts.join(', ');
}
