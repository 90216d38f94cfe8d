// Planning on the ledger bench's tenant (1,000,000 lines, 200 accounts, the Budget vs Actual
// bench's budget) with a realistic plan on top: 40 reserve components, 30 investments (a quarter of
// them with reinvested interest, some matured) and 60 capital projects, all entered through the
// services. Each read through Covenant's services is timed against raw SQL reading the same
// figures, same data, same run. The projection's arithmetic (30 years, two funding goals found by
// binary search) and the investments' interest to date are computed in JavaScript by the
// services; the raw-SQL side reads the inputs those figures come from, so the ratio counts that
// arithmetic as Covenant's cost. The figures both sides read are compared first, so a fast wrong
// answer cannot pass.

const CAL = { today: '2024-06-15', fiscalYearStartMonth: 1 };
const FY = 2024;
const OPENING_AS_OF = '2023-12-31';
const COMPONENTS = 40;
const INVESTMENTS = 30;
const PROJECTS = 60;

// The reserve fund balance on a date, as the balance sheet totals it (equity plus net income of
// the reserve fund: credits less debits): monthly totals before the month, lines within it.
const RESERVE_BALANCE = `
  SELECT (-coalesce(sum(d), 0))::text AS balance FROM (
    SELECT debit - credit AS d FROM account_month_totals
     WHERE fund_type = 'reserve' AND account_type IN ('equity', 'income', 'expense')
       AND month < date_trunc('month', $1::date)
    UNION ALL
    SELECT debit - credit FROM journal_lines
     WHERE fund_type = 'reserve' AND account_type IN ('equity', 'income', 'expense')
       AND entry_date >= date_trunc('month', $1::date)::date AND entry_date <= $1::date) x`;

// The components with their fully funded balance (cost × effective age ÷ useful life, half-up;
// the bench enters remaining lives, not years placed in service).
const COMPONENT_ROWS = `
  SELECT c.*, round(c.current_replacement_cost
                    * greatest(0, least(c.useful_life_years, c.useful_life_years - c.remaining_life_years))::numeric
                    / c.useful_life_years)::bigint::text AS fully_funded
    FROM reserve_components c ORDER BY lower(c.name), c.id`;

const rawStudy = async (raw) => {
  const balance = await raw.query(RESERVE_BALANCE, [CAL.today]);
  const components = await raw.query(COMPONENT_ROWS);
  return { balance: BigInt(balance.rows[0].balance), components: components.rows };
};

// What the projection starts from: the balance before the fiscal year, the saved settings, the
// budgeted contribution and the components.
const rawProjectionInputs = async (raw) => {
  // One connection, one statement after another, as the services read.
  const opening = await raw.query(RESERVE_BALANCE, [OPENING_AS_OF]);
  const settings = await raw.query(
    'SELECT inflation_rate_bps, interest_rate_bps, annual_contribution, threshold_floor FROM reserve_settings',
  );
  const budgeted = await raw.query(
    `SELECT coalesce(sum(l.amount), 0)::text AS total FROM budget_lines l
         JOIN budgets b ON b.id = l.budget_id JOIN accounts a ON a.id = l.account_id
        WHERE b.year = $1 AND a.fund_type = 'reserve' AND a.type = 'income'
          AND a.name ILIKE '%contribution%'`,
    [FY],
  );
  const components = await raw.query(COMPONENT_ROWS);
  return {
    opening: BigInt(opening.rows[0].balance),
    settings: settings.rows[0],
    budgeted: BigInt(budgeted.rows[0].total),
    components: components.rows,
  };
};

// Active investments with their carrying amount and interest recorded, and their entries.
const rawInvestments = async (raw) => {
  const rows = await raw.query(
    `SELECT i.*, a.number, a.name AS account_name, a.fund_type,
            coalesce((SELECT sum(x.holding) FROM investment_entries x WHERE x.investment_id = i.id), 0)::text AS balance,
            coalesce((SELECT sum(x.interest) FROM investment_entries x WHERE x.investment_id = i.id), 0)::text AS interest_recorded
       FROM investments i JOIN accounts a ON a.id = i.account_id
      WHERE i.status = 'active'
      ORDER BY i.maturity_date NULLS LAST, i.purchase_date, i.institution, i.id`,
  );
  const entries = await raw.query(
    `SELECT x.*, e.number, e.entry_date FROM investment_entries x
       JOIN journal_entries e ON e.id = x.entry_id
      WHERE x.investment_id = ANY($1) ORDER BY e.entry_date, e.number`,
    [rows.rows.map((r) => r.id)],
  );
  return { rows: rows.rows, entries: entries.rows };
};

// The board's columns: this fiscal year (overdue projects too), the next four, Future; done
// projects of past years are off the board.
const rawBoard = (raw) =>
  raw.query(
    `SELECT CASE WHEN target_year IS NULL OR target_year >= $1 + 5 THEN NULL
                 WHEN target_year < $1 THEN $1 ELSE target_year END AS year,
            sum(estimated_cost)::text AS total,
            coalesce(sum(estimated_cost) FILTER (WHERE funding_source = 'reserve'), 0)::text AS reserve,
            count(*)::int AS n
       FROM capital_projects
      WHERE target_year IS NULL OR target_year >= $1 OR status <> 'done'
      GROUP BY 1`,
    [FY],
  );
const rawCapitalPlan = async (raw) => {
  const board = await rawBoard(raw);
  return { board: board.rows, inputs: await rawProjectionInputs(raw) };
};

async function seed(raw, em, load) {
  const { createReserveComponent } = await load('modules/reserves/index.js');
  const { purchaseInvestment, recordInvestmentInterest, matureInvestment } = await load(
    'modules/investments/index.js',
  );
  const { createCapitalProject } = await load('modules/capital-projects/index.js');
  // A reserve cash account of the bench's chart (1015: asset, reserve fund), a holding account
  // and an interest income account of the reserve fund, new and without postings.
  const cash = (await raw.query(`SELECT id FROM accounts WHERE number = '1015'`)).rows[0].id;
  const added = await raw.query(
    `INSERT INTO accounts (id, number, name, type, fund_type) VALUES
       (gen_random_uuid(), '1620', 'Reserve CDs', 'asset', 'reserve'),
       (gen_random_uuid(), '4910', 'Reserve Interest Income', 'income', 'reserve')
     RETURNING id, number`,
  );
  const holding = added.rows.find((r) => r.number === '1620').id;
  const income = added.rows.find((r) => r.number === '4910').id;

  const categories = ['roofing', 'paving', 'pool', 'painting', 'other'];
  for (let i = 0; i < COMPONENTS; i++) {
    const useful = 5 + (i % 26);
    await createReserveComponent(em(), null, CAL, {
      name: `Component ${String(i + 1).padStart(2, '0')}`,
      category: categories[i % categories.length],
      usefulLifeYears: useful,
      remainingLifeYears: (i * 7) % (useful + 1),
      currentReplacementCost: 500_000 + ((i * 1_234_567) % 15_000_000),
      accountId: cash,
    });
  }

  const kinds = ['cd', 'cd', 'treasury', 'money_market', 'savings'];
  const banks = ['First Federal', 'Keystone Community Bank', 'Summit National', 'Harbor Trust'];
  const bought = [];
  for (let i = 0; i < INVESTMENTS; i++) {
    const kind = kinds[i % kinds.length];
    const month = 1 + (i % 12);
    const purchaseDate = `2023-${String(month).padStart(2, '0')}-10`;
    const term = 6 + (i % 4) * 6;
    const end = new Date(Date.UTC(2023, month - 1 + term, 10)).toISOString().slice(0, 10);
    const inv = await purchaseInvestment(em(), null, CAL.today, {
      kind,
      institution: banks[i % banks.length],
      accountId: holding,
      cashAccountId: cash,
      principal: 2_500_000 + i * 100_000,
      apy: (3 + (i % 10) / 4).toFixed(3),
      purchaseDate,
      maturityDate: kind === 'cd' || kind === 'treasury' ? end : null,
      compounding: kind === 'treasury' ? 'simple' : 'monthly',
    });
    bought.push(inv);
  }
  for (const [k, inv] of bought.entries()) {
    if (k % 4 === 0) {
      await recordInvestmentInterest(em(), null, CAL.today, inv.id, {
        date: inv.maturityDate && inv.maturityDate < '2024-03-31' ? inv.maturityDate : '2024-03-31',
        amount: 25_000 + k * 100,
        reinvested: true,
        interestIncomeAccountId: income,
      });
    }
    // Some matured into cash already (the summary counts active ones only).
    if (k % 7 === 1 && inv.maturityDate && inv.maturityDate <= CAL.today) {
      await matureInvestment(em(), null, CAL.today, inv.id, {
        cashAccountId: cash,
        interestIncomeAccountId: income,
      });
    }
  }

  const funding = ['reserve', 'reserve', 'reserve', 'operating', 'special_assessment', 'loan'];
  const statuses = ['planned', 'approved', 'in_progress', 'planned', 'done'];
  const components = (await raw.query('SELECT id FROM reserve_components ORDER BY name')).rows;
  for (let i = 0; i < PROJECTS; i++) {
    // Two years back (overdue or done) to six ahead (past the board: Future), and some undated.
    const offset = (i % 10) - 2;
    await createCapitalProject(em(), null, CAL, {
      name: `Project ${String(i + 1).padStart(2, '0')}`,
      category: categories[i % categories.length],
      estimatedCost: 1_000_000 + ((i * 7_654_321) % 40_000_000),
      fundingSource: funding[i % funding.length],
      priority: 'medium',
      status: statuses[i % statuses.length],
      targetYear: i % 9 === 8 ? null : FY + offset,
      reserveComponentId: i % 2 ? components[i % components.length].id : null,
      description: null,
      notes: null,
    });
  }
  await raw.query('ANALYZE reserve_components, investments, investment_entries, capital_projects');
}

export async function planningBench({ raw, em, load, paired }) {
  const { percentFunded, reserveProjection } = await load('modules/reserves/index.js');
  const { investmentSummary } = await load('modules/investments/index.js');
  const { capitalPlan } = await load('modules/capital-projects/capital-projects.service.js');
  await seed(raw, em, load);

  // Same figures, checked once before timing.
  const fail = (what) => {
    throw new Error(`planning: ${what} differs from raw SQL`);
  };
  const study = await percentFunded(em(), CAL);
  const rs = await rawStudy(raw);
  if (study.reserveBalance !== rs.balance) fail('reserve balance');
  if (study.componentsCount !== COMPONENTS || rs.components.length !== COMPONENTS) {
    fail('component count');
  }
  const sumOf = (rows, key) => rows.reduce((s, r) => s + BigInt(r[key]), 0n);
  if (study.totalFullyFunded !== sumOf(rs.components, 'fully_funded')) fail('fully funded');
  if (study.totalReplacementCost !== sumOf(rs.components, 'current_replacement_cost')) {
    fail('replacement cost');
  }

  const projection = await reserveProjection(em(), CAL);
  const inputs = await rawProjectionInputs(raw);
  if (projection.years.length !== 30) fail('projection length');
  if (projection.assumptions.openingBalance !== inputs.opening) fail('opening balance');
  if (projection.assumptions.budgetedContribution !== inputs.budgeted) fail('contribution');

  const summary = await investmentSummary(em(), CAL.today);
  const ri = await rawInvestments(raw);
  if (summary.count !== ri.rows.length) fail('investment count');
  if (summary.principal !== sumOf(ri.rows, 'principal')) fail('investment principal');
  const carrying = sumOf(ri.rows, 'balance');
  // Value = carrying amount + interest earned not yet recorded: never below the carrying amount.
  if (summary.value < carrying) fail('investment value');

  const plan = await capitalPlan(em(), CAL);
  const rb = await rawBoard(raw);
  for (const col of plan.columns) {
    const r = rb.rows.find((x) => x.year === col.fiscalYear);
    if ((r ? BigInt(r.total) : 0n) !== col.total) fail(`board column ${col.label} total`);
    if ((r ? BigInt(r.reserve) : 0n) !== col.reserveFunded) fail(`board column ${col.label}`);
    if ((r?.n ?? 0) !== col.projects.length) fail(`board column ${col.label} count`);
  }

  const [studyMs, studyRaw] = await paired(
    () => percentFunded(em(), CAL),
    () => rawStudy(raw),
  );
  const [projMs, projRaw] = await paired(
    () => reserveProjection(em(), CAL),
    () => rawProjectionInputs(raw),
  );
  const [invMs, invRaw] = await paired(
    () => investmentSummary(em(), CAL.today),
    () => rawInvestments(raw),
  );
  const [planMs, planRaw] = await paired(
    () => capitalPlan(em(), CAL),
    () => rawCapitalPlan(raw),
  );
  const pad = (s, n) => String(s).padEnd(n);
  const row = (name, c, r) =>
    `${pad(name, 50)} ${pad(c.toFixed(2) + ' ms', 10)} ${pad(r.toFixed(2) + ' ms', 10)} ${(c / r).toFixed(2)}×`;
  console.log(
    `\nplanning (${COMPONENTS} components, ${summary.count} active of ${INVESTMENTS} investments, ${PROJECTS} projects)`,
  );
  console.log(row(`reserve study (percent funded) as of ${CAL.today}`, studyMs, studyRaw));
  console.log(row('reserve projection, 30 years and both goals', projMs, projRaw));
  console.log(row('investment summary (funds, institutions, ladder)', invMs, invRaw));
  console.log(row('capital plan (board with the projection)', planMs, planRaw));
}
