import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput } from '../../core/errors/app-error.js';
import { pageSize } from '../../core/graphql/connection.js';
import { sumCents, toTotal, type Total } from '../../core/money/money.js';
import { AccountType, findAccount } from '../accounts/index.js';
import {
  balanceSums,
  ledgerCursor,
  ledgerPage,
  MAX_LEDGER_ROWS,
  totalsBefore,
  totalsThrough,
} from './journal.repository.js';
import type { AccountLedger } from './journal.types.js';

// One account's lines in ledger order, a page at a time, with a running balance in the account's
// normal direction. Every page's running balance starts from the balance before its first row
// (read from the monthly totals and the lines of the cursor's month, not from earlier pages), and
// the closing balance is the account's at the end of the period whichever page this is. `first`
// out of 1…5000 is refused, never clamped. The ledger is the account's whole: every line whatever
// type and fund it was posted in (a reclassification's two lines cancel out here), with balances
// in the normal direction of the type the account had at the end of the period, so a ledger that
// ends before a reclassification reads as it did before it.
export async function accountLedger(
  em: EntityManager,
  accountId: string,
  opts: { from?: string | null; to?: string | null; first: number; after?: string | null },
): Promise<AccountLedger> {
  pageSize(opts.first, MAX_LEDGER_ROWS, 'rows');
  const position = opts.after ? ledgerCursor.decode(opts.after) : null;
  if (opts.after && !position) throw badInput([{ field: 'after', message: 'Invalid cursor' }]);
  const account = await findAccount(em, accountId);
  // Per classification, the one the account had on `to` first.
  const closing = await balanceSums(em, { asOf: opts.to, accountId: account.id, keep: 'sums' });
  const type = closing[0]?.type ?? account.type;
  const sign = type === AccountType.ASSET || type === AccountType.EXPENSE ? 1n : -1n;
  const net = (t: { debit: Total; credit: Total }) => sign * (t.debit - t.credit);

  const opening = opts.from ? net(await totalsBefore(em, account.id, opts.from)) : 0n;
  const pageOpening = position ? net(await totalsThrough(em, account.id, position)) : opening;

  let running = pageOpening;
  const page = await ledgerPage(em, account.id, {
    from: opts.from,
    to: opts.to,
    first: opts.first,
    after: opts.after,
    balance: (debit, credit) => (running += sign * (debit - credit)),
  });
  return {
    accountId: account.id,
    openingBalance: opening,
    closingBalance: net({
      debit: sumCents(closing.map((r) => toTotal(r.d))),
      credit: sumCents(closing.map((r) => toTotal(r.c))),
    }),
    pageOpeningBalance: pageOpening,
    rows: page.edges.map((e) => e.node),
    pageInfo: page.pageInfo,
    truncated: page.pageInfo.hasNextPage,
  };
}
