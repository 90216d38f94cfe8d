import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput } from '../../core/errors/app-error.js';
import { pageSize } from '../../core/graphql/connection.js';
import type { Total } from '../../core/money/money.js';
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
// out of 1…5000 is refused, never clamped.
export async function accountLedger(
  em: EntityManager,
  accountId: string,
  opts: { from?: string | null; to?: string | null; first: number; after?: string | null },
): Promise<AccountLedger> {
  pageSize(opts.first, MAX_LEDGER_ROWS, 'rows');
  const position = opts.after ? ledgerCursor.decode(opts.after) : null;
  if (opts.after && !position) throw badInput([{ field: 'after', message: 'Invalid cursor' }]);
  const account = await findAccount(em, accountId);
  const sign =
    account.type === AccountType.ASSET || account.type === AccountType.EXPENSE ? 1n : -1n;
  const net = (t: { debit: Total; credit: Total }) => sign * (t.debit - t.credit);

  const opening = opts.from ? net(await totalsBefore(em, account.id, opts.from)) : 0n;
  const pageOpening = position ? net(await totalsThrough(em, account.id, position)) : opening;
  const [closing] = await balanceSums(em, { asOf: opts.to, accountId: account.id });

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
    closingBalance: closing ? sign * (BigInt(closing.d) - BigInt(closing.c)) : opening,
    pageOpeningBalance: pageOpening,
    rows: page.edges.map((e) => e.node),
    pageInfo: page.pageInfo,
    truncated: page.pageInfo.hasNextPage,
  };
}
