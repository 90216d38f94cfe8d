import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { conflict, notFound } from '../../core/errors/app-error.js';
import { isId } from '../../core/ids.js';
import { displayMoney } from '../../core/money/money.js';
import { diff, recordTenantAudit } from '../audit/index.js';
import { accountBalances, EntrySource, postJournalEntry } from '../journal/index.js';
import { Account, AccountType, FundType } from './accounts.entity.js';
import type { CreateAccountInput, UpdateAccountInput } from './accounts.inputs.js';
import { lockAccountForArchive, selectAccounts } from './accounts.repository.js';

// Reads go straight to SQL (the repository) and come back as plain objects; writes use the ORM.
export function listAccounts(
  em: EntityManager,
  opts: { includeArchived?: boolean } = {},
): Promise<Account[]> {
  return selectAccounts(em, opts);
}

const DEBIT_NORMAL = new Set([AccountType.ASSET, AccountType.EXPENSE]);

// Each fund's opening-balance equity account, created the first time an opening balance needs it.
const OPENING_EQUITY: Record<FundType, { number: string; name: string }> = {
  [FundType.OPERATING]: { number: 'OBE-OPERATING', name: 'Opening Balance Equity (Operating)' },
  [FundType.RESERVE]: { number: 'OBE-RESERVE', name: 'Opening Balance Equity (Reserve)' },
};

async function openingEquityAccount(em: EntityManager, fund: FundType): Promise<Account> {
  const spec = OPENING_EQUITY[fund];
  const existing = await em.findOne(Account, { number: spec.number });
  if (existing) return existing;
  const account = em.create(Account, {
    ...spec,
    type: AccountType.EQUITY,
    fundType: fund,
    description: 'Balancing account of opening balances',
  });
  await em.flush();
  return account;
}

function uniqueNumber(err: unknown, number: string): never {
  if (err instanceof UniqueConstraintViolationException) {
    const message = `Account number ${number} already exists`;
    throw conflict(message, [{ field: 'number', message }]);
  }
  throw err;
}

// The account and, with an initial balance, its opening-balance entry: one transaction, so there
// is never an account without the entry it was created with.
export async function createAccount(
  em: EntityManager,
  input: CreateAccountInput,
  actor: AuthInfo | null = null,
): Promise<Account> {
  // Field checks (blank name, opening balance without a date) are on CreateAccountInput.
  const name = input.name.trim();
  const number = input.number.trim();
  try {
    return await em.transactional(async (tx) => {
      const account = tx.create(Account, {
        number,
        name,
        type: input.type,
        fundType: input.fundType,
        description: input.description?.trim() || null,
      });
      await tx.flush();
      await recordTenantAudit(tx, actor, {
        entityType: 'Account',
        entityId: account.id,
        action: 'create',
        changes: { number, name, type: input.type, fundType: input.fundType },
      });
      const amount = input.initialBalance ?? 0;
      if (amount !== 0) {
        const equity = await openingEquityAccount(tx, input.fundType);
        // Positive = the account's normal side (debit for assets and expenses).
        const debitAccount = DEBIT_NORMAL.has(input.type) === amount > 0;
        const abs = Math.abs(amount);
        await postJournalEntry(
          tx,
          actor,
          {
            date: input.openingDate!,
            memo: `Opening balance of ${number} ${name}`,
            lines: [
              { accountId: account.id, ...(debitAccount ? { debit: abs } : { credit: abs }) },
              { accountId: equity.id, ...(debitAccount ? { credit: abs } : { debit: abs }) },
            ],
          },
          { source: EntrySource.OPENING_BALANCE },
        );
      }
      return account;
    });
  } catch (err) {
    return uniqueNumber(err, number);
  }
}

export async function findAccount(em: EntityManager, id: string): Promise<Account> {
  const account = isId(id) ? await em.findOne(Account, id) : null;
  if (!account) throw notFound('Account');
  return account;
}

const EDITABLE = ['number', 'name', 'type', 'fundType', 'description'] as const;

export async function updateAccount(
  em: EntityManager,
  id: string,
  patch: UpdateAccountInput,
  actor: AuthInfo | null,
): Promise<Account> {
  const account = await findAccount(em, id);
  const before = { ...account };
  if (patch.number != null) account.number = patch.number.trim();
  if (patch.name != null) account.name = patch.name.trim();
  if (patch.type != null) account.type = patch.type;
  if (patch.fundType != null) account.fundType = patch.fundType;
  if (patch.description !== undefined) account.description = patch.description?.trim() || null;
  const changes = diff(before, account, [...EDITABLE]);
  if (!Object.keys(changes).length) return account;
  try {
    await em.transactional(async (tx) => {
      tx.persist(account);
      await tx.flush();
      await recordTenantAudit(tx, actor, {
        entityType: 'Account',
        entityId: id,
        action: 'update',
        changes,
      });
    });
  } catch (err) {
    return uniqueNumber(err, account.number);
  }
  return account;
}

export async function setArchived(
  em: EntityManager,
  id: string,
  archived: boolean,
  actor: AuthInfo | null,
): Promise<Account> {
  const account = await findAccount(em, id);
  if (account.archived === archived) return account;
  await em.transactional(async (tx) => {
    if (archived) {
      // Every posting counts, dated later ones too: an archived account leaves the visible chart,
      // so whatever it still holds would drop out of the books' totals.
      await lockAccountForArchive(tx, id);
      const [row] = await accountBalances(tx, { accountId: id });
      if (row && row.balance !== 0n) {
        throw conflict(
          `${account.name} has a balance of ${displayMoney(row.balance)}: post the closing entry first`,
        );
      }
    }
    account.archived = archived;
    tx.persist(account);
    await tx.flush();
    await recordTenantAudit(tx, actor, {
      entityType: 'Account',
      entityId: id,
      action: archived ? 'archive' : 'restore',
      changes: { archived: { before: !archived, after: archived } },
    });
  });
  return account;
}
