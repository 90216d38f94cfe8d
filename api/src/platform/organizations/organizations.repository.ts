import type { EntityManager } from '@mikro-orm/postgresql';

// Every SQL statement of organizations (the rule: top of modules/journal/journal.repository.ts).
// Organizations are created and their status set through the `Organization` entity.

// Shallow-merges a patch into the settings document in one statement; the merged settings.
export async function mergeSettings(
  em: EntityManager,
  orgId: string,
  patch: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const [row] = await em.getConnection().execute<{ settings: Record<string, unknown> }[]>(
    `UPDATE organizations SET settings = settings || ?::jsonb, updated_at = now()
        WHERE id = ? RETURNING settings`,
    [JSON.stringify(patch), orgId],
  );
  return row.settings;
}
