import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, conflict } from '../../core/errors/app-error.js';
import { Account } from './account.entity.js';
import type { CreateAccountInput } from './account.inputs.js';

export function listAccounts(em: EntityManager, opts: { includeArchived?: boolean } = {}) {
  return em.find(Account, opts.includeArchived ? {} : { archived: false }, {
    orderBy: { number: 'asc' },
  });
}

export async function createAccount(em: EntityManager, input: CreateAccountInput): Promise<Account> {
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
