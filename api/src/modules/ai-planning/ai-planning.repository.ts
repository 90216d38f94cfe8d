import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

// Every SQL statement of investment planning: the rate table and the recommendation log.

export interface RateRow {
  id: string;
  kind: string;
  term_months: number | null;
  apy: string;
  institution: string | null;
  updated_at: Date;
}

export function selectRates(em: EntityManager): Promise<RateRow[]> {
  return sql(em).all<RateRow>(
    `SELECT id, kind, term_months, apy::text AS apy, institution, updated_at
       FROM planning_rates
      ORDER BY CASE kind WHEN 'cd' THEN 0 WHEN 'treasury' THEN 1 WHEN 'money_market' THEN 2 ELSE 3 END,
               term_months NULLS LAST, institution NULLS FIRST`,
  );
}

export interface NewRate {
  kind: string;
  termMonths: number | null;
  apy: string;
  institution: string | null;
}

// The whole table replaced at once (the page edits it as one grid).
export async function replaceRates(em: EntityManager, rates: NewRate[], at: Date): Promise<void> {
  await sql(em).run(`DELETE FROM planning_rates`);
  for (const r of rates) {
    await sql(em).run(
      `INSERT INTO planning_rates (kind, term_months, apy, institution, updated_at)
       VALUES (?, ?, ?::numeric, ?, ?)`,
      [r.kind, r.termMonths, r.apy, r.institution, at.toISOString()],
    );
  }
}

export interface RecommendationRow {
  id: string;
  status: string;
  requested_by: string | null;
  requested_by_email: string | null;
  requested_at: Date;
  completed_at: Date | null;
  inputs: unknown;
  output: unknown;
  provider: string;
  model: string | null;
  narrative_source: string | null;
  error: string | null;
  response_ms: number | null;
}

const COLUMNS = `id, status, requested_by, requested_by_email, requested_at, completed_at, inputs,
  output, provider, model, narrative_source, error, response_ms`;

// A request left pending by a process that stopped (a restart mid-run) would block every later one.
export function failStalePending(em: EntityManager, olderThanSeconds: number) {
  return sql(em).run(
    `UPDATE ai_recommendations
        SET status = 'failed', completed_at = now(),
            error = 'Interrupted: the server stopped before the recommendation was finished'
      WHERE status = 'pending' AND requested_at < now() - make_interval(secs => ?)`,
    [olderThanSeconds],
  );
}

// The new pending request, or nothing when one is already pending (the partial unique index).
export async function insertPending(
  em: EntityManager,
  row: {
    id: string;
    requestedBy: string | null;
    email: string | null;
    provider: string;
    model: string | null;
  },
): Promise<boolean> {
  const inserted = await sql(em).all<{ id: string }>(
    `INSERT INTO ai_recommendations (id, status, requested_by, requested_by_email, provider, model)
     VALUES (?, 'pending', ?, ?, ?, ?)
     ON CONFLICT ((true)) WHERE status = 'pending' DO NOTHING
     RETURNING id`,
    [row.id, row.requestedBy, row.email, row.provider, row.model],
  );
  return inserted.length === 1;
}

export async function selectPending(em: EntityManager): Promise<RecommendationRow | null> {
  const [row] = await sql(em).all<RecommendationRow>(
    `SELECT ${COLUMNS} FROM ai_recommendations WHERE status = 'pending'`,
  );
  return row ?? null;
}

export async function selectRecommendation(
  em: EntityManager,
  id: string,
): Promise<RecommendationRow | null> {
  const [row] = await sql(em).all<RecommendationRow>(
    `SELECT ${COLUMNS} FROM ai_recommendations WHERE id = ?`,
    [id],
  );
  return row ?? null;
}

export function selectRecommendations(
  em: EntityManager,
  limit: number,
  status: string | null,
): Promise<RecommendationRow[]> {
  return sql(em).all<RecommendationRow>(
    `SELECT ${COLUMNS} FROM ai_recommendations
      WHERE (?::text IS NULL OR status = ?)
      ORDER BY requested_at DESC, id DESC LIMIT ?`,
    [status, status, limit],
  );
}

export function completeRecommendation(
  em: EntityManager,
  id: string,
  done: {
    status: 'done' | 'failed';
    inputs: string | null;
    output: string | null;
    model: string | null;
    narrativeSource: 'planner' | 'provider' | null;
    error: string | null;
    responseMs: number;
  },
) {
  return sql(em).run(
    `UPDATE ai_recommendations
        SET status = ?, completed_at = now(), inputs = ?::jsonb, output = ?::jsonb, model = ?,
            narrative_source = ?, error = ?, response_ms = ?
      WHERE id = ? AND status = 'pending'`,
    [
      done.status,
      done.inputs,
      done.output,
      done.model,
      done.narrativeSource,
      done.error?.slice(0, 2000) ?? null,
      done.responseMs,
      id,
    ],
  );
}

// Users' emails, from the platform database (`platformEm` is the platform's EntityManager).
export function selectUserEmails(platformEm: EntityManager, ids: string[]) {
  return sql(platformEm).all<{ id: string; email: string }>(
    `SELECT id, email FROM users WHERE id = ${anyOf('uuid')}`,
    [ids],
  );
}

// The locale of the association's settings (platform database), or null when none is set.
export async function selectOrganizationLocale(
  platformEm: EntityManager,
  orgId: string,
): Promise<string | null> {
  const [row] = await sql(platformEm).all<{ locale: string | null }>(
    `SELECT nullif(settings ->> 'locale', '') AS locale FROM organizations WHERE id = ?`,
    [orgId],
  );
  return row?.locale ?? null;
}
