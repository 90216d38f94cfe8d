import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';
import type { AssessmentFrequency } from '../assessments/index.js';

export interface BillableUnitRow {
  unit_id: string;
  unit_number: string;
  group_id: string;
  frequency: AssessmentFrequency;
  due_day: number;
  regular_income_account_id: string;
  special_income_account_id: string;
  regular: string | null;
  special: string | null;
}

// Every unit with its group's billing terms and the rates of its property type (null: no rate).
export function billableUnits(em: EntityManager): Promise<BillableUnitRow[]> {
  return sql(em).all<BillableUnitRow>(
    `SELECT u.id AS unit_id, u.number AS unit_number, g.id AS group_id, g.frequency, g.due_day,
            g.regular_income_account_id, g.special_income_account_id, r.regular, r.special
       FROM units u JOIN assessment_groups g ON g.id = u.assessment_group_id
       LEFT JOIN assessment_rates r ON r.group_id = g.id AND r.property_type_id = u.property_type_id
      ORDER BY lower(u.number)`,
  );
}

// The (unit, period) pairs already invoiced as assessments for any of the periods.
export function invoicedPeriods(
  em: EntityManager,
  periods: string[],
): Promise<{ unit_id: string; period: string }[]> {
  return sql(em).all<{ unit_id: string; period: string }>(
    `SELECT unit_id, period FROM invoices WHERE kind = 'assessment' AND period = ${anyOf('text')}`,
    [periods],
  );
}

// One run at a time per association, until the transaction ends; the unique index backs this up.
export async function lockAssessmentRuns(em: EntityManager): Promise<void> {
  await sql(em).run(`SELECT pg_advisory_xact_lock(hashtext('covenant.assessment-run'))`);
}
