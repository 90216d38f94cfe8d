import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';

// Every SQL statement of organizations (the rule: top of modules/journal/journal.repository.ts).
// Organizations are created and their status set through the `Organization` entity.

// The settings document, its row locked for the transaction (two changes apply one after the other).
export async function lockSettings(
  em: EntityManager,
  orgId: string,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await sql(em).all<{ settings: Record<string, unknown> }>(
    'SELECT settings FROM organizations WHERE id = ? FOR UPDATE',
    [orgId],
  );
  return row?.settings;
}

// Sets the given keys of the settings document and removes `remove`, in one statement; the new
// document.
export async function mergeSettings(
  em: EntityManager,
  orgId: string,
  set: Record<string, unknown>,
  remove: readonly string[] = [],
): Promise<Record<string, unknown>> {
  const [row] = await sql(em).all<{ settings: Record<string, unknown> }>(
    `UPDATE organizations
        SET settings = (settings || ?::jsonb) - ARRAY(SELECT jsonb_array_elements_text(?::jsonb)),
            updated_at = now()
      WHERE id = ? RETURNING settings`,
    [JSON.stringify(set), JSON.stringify(remove), orgId],
  );
  return row.settings;
}
