import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, conflict } from '../../core/errors/app-error.js';
import { Account, type AccountType, type FundType } from './account.entity.js';
import type { CreateAccountInput } from './account.inputs.js';

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

export async function createAccount(
  em: EntityManager,
  input: CreateAccountInput,
): Promise<Account> {
  const name = input.name.trim();
  if (!name) throw badInput([{ field: 'name', message: 'Name is required' }]);
  const account = em.create(Account, {
    number: input.number.trim(),
    name,
    type: input.type,
    fundType: input.fundType,
    description: input.description?.trim() || null,
  });
  try {
    await em.persistAndFlush(account);
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) {
      const message = `Account number ${account.number} already exists`;
      throw conflict(message, [{ field: 'number', message }]);
    }
    throw err;
  }
  return account;
}
