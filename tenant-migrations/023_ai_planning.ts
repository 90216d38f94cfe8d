import { Migration } from '@mikro-orm/migrations';

// Investment planning (issue #17).
// - planning_rates: the rates the planner may assume for new money, one row per kind, term and
//   (optionally) institution. There is no live market feed: the association's admins keep the
//   table to their banks' quotes, and the page says when it was last changed. A new association
//   starts from example rows (no institution) that say so.
// - ai_recommendations: the recommendation log. One row per request: its status (one pending at a
//   time per association), the snapshot of the figures the planner used, the plan it produced,
//   who asked, which provider and model wrote the words (or the planner's own), any error, and
//   how long it took.
// - planned_investments: draft investments on the Investments page ("Add to plan"); buying one
//   goes through the ordinary purchase and links the investment it became.
export class Migration023AiPlanning extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE planning_rates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL CHECK (kind IN ('cd', 'treasury', 'money_market', 'savings')),
        term_months int CHECK (term_months BETWEEN 1 AND 120),
        apy numeric(6, 3) NOT NULL CHECK (apy >= 0 AND apy < 100),
        institution text CHECK (length(institution) BETWEEN 1 AND 120),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((kind IN ('cd', 'treasury')) = (term_months IS NOT NULL))
      )`);
    this.addSql(`
      CREATE UNIQUE INDEX planning_rates_key_idx
        ON planning_rates (kind, coalesce(term_months, 0), lower(coalesce(institution, '')))`);
    this.addSql(`
      INSERT INTO planning_rates (kind, term_months, apy) VALUES
        ('cd', 3, 4.050), ('cd', 6, 4.150), ('cd', 12, 4.000), ('cd', 18, 3.900), ('cd', 24, 3.800),
        ('treasury', 3, 4.100), ('treasury', 6, 4.050), ('treasury', 12, 3.950),
        ('treasury', 24, 3.850), ('money_market', NULL, 3.600), ('savings', NULL, 0.450)`);

    this.addSql(`
      CREATE TABLE ai_recommendations (
        id uuid PRIMARY KEY,
        status text NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
        -- NULL: not a person (the demo's seed).
        requested_by uuid,
        requested_by_email text,
        requested_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        inputs jsonb,
        output jsonb,
        provider text NOT NULL CHECK (length(provider) BETWEEN 1 AND 200),
        model text CHECK (length(model) <= 200),
        narrative_source text CHECK (narrative_source IN ('planner', 'provider')),
        error text CHECK (length(error) <= 2000),
        response_ms int CHECK (response_ms >= 0),
        CHECK ((status = 'pending') = (completed_at IS NULL)),
        CHECK (status <> 'done' OR (output IS NOT NULL AND narrative_source IS NOT NULL))
      )`);
    // A second request while one is pending gets the pending one.
    this.addSql(`
      CREATE UNIQUE INDEX ai_recommendations_one_pending_idx
        ON ai_recommendations ((true)) WHERE status = 'pending'`);
    this.addSql(
      `CREATE INDEX ai_recommendations_requested_idx ON ai_recommendations (requested_at DESC, id)`,
    );

    this.addSql(`
      CREATE TABLE planned_investments (
        id uuid PRIMARY KEY,
        fund_type text NOT NULL CHECK (fund_type IN ('operating', 'reserve')),
        kind text NOT NULL CHECK (kind IN ('cd', 'treasury', 'money_market', 'savings')),
        institution text CHECK (length(institution) BETWEEN 1 AND 120),
        amount bigint NOT NULL CHECK (amount > 0),
        term_months int CHECK (term_months BETWEEN 1 AND 120),
        apy numeric(6, 3) NOT NULL CHECK (apy >= 0 AND apy < 100),
        recommendation_id uuid REFERENCES ai_recommendations (id),
        recommendation_item text CHECK (length(recommendation_item) <= 20),
        rung int NOT NULL DEFAULT 0,
        note text CHECK (length(note) <= 500),
        status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'purchased', 'discarded')),
        investment_id uuid REFERENCES investments (id),
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'purchased') = (investment_id IS NOT NULL)),
        CHECK ((kind IN ('cd', 'treasury')) = (term_months IS NOT NULL))
      )`);
    this.addSql(`
      CREATE UNIQUE INDEX planned_investments_source_idx
        ON planned_investments (recommendation_id, recommendation_item, rung)
        WHERE recommendation_id IS NOT NULL`);
  }
}
