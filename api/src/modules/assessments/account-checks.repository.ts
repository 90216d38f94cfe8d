import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

export interface AccountRow {
  id: string;
  type: string;
  archived: boolean;
  number: string;
  name: string;
}

export function accountRows(em: EntityManager, ids: string[]): Promise<AccountRow[]> {
  return sql(em).all<AccountRow>(
    `SELECT id, type, archived, number, name FROM accounts WHERE id = ${anyOf('uuid')}`,
    [ids],
  );
}
