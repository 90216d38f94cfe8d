import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { badInput, conflict, notFound } from '../../core/errors/app-error.js';
import { isId } from '../../core/ids.js';
import type { Cents } from '../../core/money/money.js';
import { TENANT_TEXT_LIMITS as L } from '@covenant/shared/text-limits';
import { recordTenantAudit } from '../audit/index.js';
import { accountLedger } from './ledger-port.service.js';
import { Account, AccountType } from './accounts.entity.js';
import { selectLastPostingDates } from './accounts.repository.js';
import { openingEquityAccount } from './accounts.service.js';

// The opening balance of an account that is already in the chart (the standard chart's accounts
// are created without one): the same entry createAccount posts with an initial balance — the
// account against its fund's opening balance equity, source OPENING_BALANCE — for an account
// with no postings yet. Later balances are journal entries; control accounts get theirs from
// their subledger (the units' opening balances). A new name (the bank's, as the setup wizard
// asks for it) is saved in the same transaction.

const DEBIT_NORMAL = new Set([AccountType.ASSET, AccountType.EXPENSE]);

export async function setAccountOpeningBalance(
  em: EntityManager,
  actor: AuthInfo | null,
  input: { accountId: string; amount: Cents; date: string; name?: string | null },
): Promise<Account> {
  if (!isId(input.accountId)) throw notFound('Account');
  if (input.amount === 0) {
    const message = 'Enter the opening balance (not zero)';
    throw badInput([{ field: 'amount', message }], message);
  }
  const name = input.name?.trim() ?? null;
  if (input.name !== undefined && input.name !== null && (!name || name.length > L.accounts.name)) {
    const message = `Name must be 1 to ${L.accounts.name} characters`;
    throw badInput([{ field: 'name', message }], message);
  }
  return em.transactional(async (tx) => {
    // Locked, so that two opening balances never both find it without postings.
    const account = await tx.findOne(Account, input.accountId, {
      lockMode: LockMode.PESSIMISTIC_WRITE,
      refresh: true,
    });
    if (!account) throw notFound('Account');
    const label = `${account.number} ${account.name}`;
    if (account.archived) {
      const message = `${label} is archived: restore it first`;
      throw badInput([{ field: 'accountId', message }], message);
    }
    const keeper = await accountLedger().keeperOf(tx, account.id);
    if (keeper) {
      const message = `${label} is kept by ${keeper.keptBy}: its balance comes from them`;
      throw badInput([{ field: 'accountId', message }], message);
    }
    const last = (await selectLastPostingDates(tx, [account.id])).get(account.id);
    if (last) {
      const message = `${label} has postings already (the latest on ${last}): record a journal entry instead`;
      throw conflict(message, [{ field: 'accountId', message }]);
    }
    if (name && name !== account.name) {
      await recordTenantAudit(tx, actor, {
        entityType: 'Account',
        entityId: account.id,
        action: 'update',
        changes: { name: { before: account.name, after: name } },
      });
      account.name = name;
      await tx.flush();
    }
    const equity = await openingEquityAccount(tx, account.fundType);
    // Positive = the account's normal side (debit for assets and expenses).
    const debitAccount = DEBIT_NORMAL.has(account.type) === input.amount > 0;
    const abs = Math.abs(input.amount);
    await accountLedger().post(
      tx,
      actor,
      {
        date: input.date,
        memo: `Opening balance of ${account.number} ${account.name}`,
        lines: [
          { accountId: account.id, ...(debitAccount ? { debit: abs } : { credit: abs }) },
          { accountId: equity.id, ...(debitAccount ? { credit: abs } : { debit: abs }) },
        ],
      },
      { source: 'opening_balance' },
    );
    return account;
  });
}
