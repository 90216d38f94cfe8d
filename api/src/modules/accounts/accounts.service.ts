import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { badInput, conflict, notFound } from '../../core/errors/app-error.js';
import { isId } from '../../core/ids.js';
import { diff, recordTenantAudit } from '../audit/audit.service.js';
import { postJournalEntry } from '../journal/journal.service.js';
import { EntrySource } from '../journal/journal.types.js';
import { Account, AccountType, FundType } from './account.entity.js';
import type { CreateAccountInput, UpdateAccountInput } from './account.inputs.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

interface AccountRow {
  id: string;
  number: string;
  name: string;
  type: AccountType;
  fund_type: FundType;
  description: string | null;
  archived: boolean;
  // Timestamps arrive as text: MikroORM sets the pg driver's parsers that way.
  created_at: string;
  updated_at: string;
}

const COLUMNS = 'id, number, name, type, fund_type, description, archived, created_at, updated_at';

// Reads go straight to SQL and come back as plain objects: entity hydration and identity-map
// bookkeeping cost more than the query itself on this hot path (see bench/). Writes use the ORM.
export async function listAccounts(
  em: EntityManager,
  opts: { includeArchived?: boolean } = {},
): Promise<Account[]> {
  const where = opts.includeArchived ? '' : 'WHERE NOT archived';
  const rows = await em
    .getConnection()
    .execute<AccountRow[]>(`SELECT ${COLUMNS} FROM accounts ${where} ORDER BY number`);
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    name: r.name,
    type: r.type,
    fundType: r.fund_type,
    description: r.description,
    archived: r.archived,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  }));
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
  const name = input.name.trim();
  if (!name) throw badInput([{ field: 'name', message: 'Name is required' }]);
  const number = input.number.trim();
  if (input.initialBalance && !DATE.test(input.openingDate ?? '')) {
    throw badInput([{ field: 'openingDate', message: 'Give the date of the opening balance' }]);
  }
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
  if (patch.name != null) {
    if (!patch.name.trim()) throw badInput([{ field: 'name', message: 'Name is required' }]);
    account.name = patch.name.trim();
  }
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
