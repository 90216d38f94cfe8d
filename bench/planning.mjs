// Planning on the ledger bench's tenant (1,000,000 lines, 200 accounts, the Budget vs Actual
// bench's budget) with a realistic plan on top: 40 reserve components, 30 investments (a quarter of
// them with reinvested interest, some matured) and 60 capital projects (three with paid work),
// assessment rates on 300 units, accounts with forecast roles, a planner's rate table and two
// what-if scenarios, all entered through the services. Each read through Covenant's services is
// timed against raw SQL reading the same figures, same data, same run. The projection's
// arithmetic (30 years, two funding goals found by binary search), the investments' interest to
// date, the cash forecast's months, the planner's recommendations and the scenarios' projections
// are computed in JavaScript by the services; the raw-SQL side reads the inputs those figures
// come from, so the ratio counts that arithmetic as Covenant's cost. The figures both sides read
// are compared first, so a fast wrong answer cannot pass.

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
        WHERE b.year = $1 AND a.forecast_role = 'reserve_contribution'`,
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

// The cash forecast's inputs, from the month of today on (its first month).
const FIRST = '2024-06-01';
const OPENING_CASH_ON = '2024-05-31';

// Cash by fund on a date: asset accounts that are not control accounts (the dashboard's rule).
const CASH_BY_FUND = `
  SELECT fund_type, sum(net)::text AS balance FROM (
    SELECT account_id, fund_type, debit - credit AS net FROM account_month_totals
     WHERE account_type = 'asset' AND month < date_trunc('month', $1::date)
    UNION ALL
    SELECT account_id, fund_type, debit - credit FROM journal_lines
     WHERE account_type = 'asset' AND entry_date >= date_trunc('month', $1::date)::date
       AND entry_date <= $1::date) x
   WHERE NOT EXISTS (SELECT 1 FROM control_accounts k WHERE k.account_id = x.account_id)
   GROUP BY 1`;

// Standing assessments billed and payments applied to them over [from, until).
const COLLECTIONS = `
  SELECT (SELECT coalesce(sum(i.total), 0) FROM invoices i
           WHERE i.kind = 'assessment' AND i.void_entry_id IS NULL
             AND i.issue_date >= $1::date AND i.issue_date < $2::date)::text AS billed,
         (SELECT coalesce(sum(a.amount), 0) FROM payment_applications a
            JOIN payments p ON p.id = a.payment_id JOIN invoices i ON i.id = a.invoice_id
           WHERE i.kind = 'assessment' AND i.void_entry_id IS NULL AND p.void_entry_id IS NULL
             AND a.applied_on >= $1::date AND a.applied_on < $2::date)::text AS applied`;

// Each group's rates with the units of that type and the funds of its income accounts.
const RATES = `
  SELECT g.frequency, r.regular::text, r.special::text, ra.fund_type AS regular_fund,
         sa.fund_type AS special_fund,
         (SELECT count(*)::int FROM units u
           WHERE u.assessment_group_id = r.group_id AND u.property_type_id = r.property_type_id) AS units
    FROM assessment_groups g JOIN assessment_rates r ON r.group_id = g.id
    JOIN accounts ra ON ra.id = g.regular_income_account_id
    LEFT JOIN accounts sa ON sa.id = g.special_income_account_id`;

// Every budget's monthly lines by fund in the forecast's buckets, by the accounts' roles: the
// transfer expense and interest income are left out, the contribution is its own bucket, and
// assessment income accounts come from the rates.
const BUDGET_BUCKETS = `
  SELECT b.year, l.month, a.fund_type,
         CASE WHEN a.type = 'expense' THEN 'expense'
              WHEN a.forecast_role = 'reserve_contribution' THEN 'contribution'
              ELSE 'other_income' END AS bucket,
         sum(l.amount)::text AS amount
    FROM budget_lines l JOIN budgets b ON b.id = l.budget_id JOIN accounts a ON a.id = l.account_id
   WHERE (a.type = 'expense' AND a.forecast_role IS DISTINCT FROM 'reserve_transfer')
      OR (a.type = 'income' AND a.forecast_role IS DISTINCT FROM 'interest_income'
          AND NOT EXISTS (SELECT 1 FROM assessment_groups g
                           WHERE a.id IN (g.regular_income_account_id, g.special_income_account_id)))
   GROUP BY 1, 2, 3, 4`;

// Projects that spend cash (not done, reserve or operating funded) with their actual cost: net
// debits to expense accounts of linked entries, neither reversed nor a reversal.
const SPENDING_PROJECTS = `
  SELECT p.id, p.estimated_cost::text, p.funding_source, p.target_year,
         coalesce((SELECT sum(l.debit - l.credit)
                     FROM capital_project_entries pe
                     JOIN journal_entries e ON e.id = pe.entry_id
                     JOIN journal_lines l ON l.entry_id = e.id
                     JOIN accounts a ON a.id = l.account_id
                    WHERE pe.project_id = p.id AND e.reverses_id IS NULL
                      AND NOT EXISTS (SELECT 1 FROM journal_entries r WHERE r.reverses_id = e.id)
                      AND a.type = 'expense'), 0)::text AS actual
    FROM capital_projects p
   WHERE p.status <> 'done' AND p.funding_source IN ('reserve', 'operating')`;

const rawForecastInputs = async (raw) => {
  const cash = await raw.query(CASH_BY_FUND, [OPENING_CASH_ON]);
  const collections = await raw.query(COLLECTIONS, ['2023-06-01', FIRST]);
  const rates = await raw.query(RATES);
  const budget = await raw.query(BUDGET_BUCKETS);
  const investments = await rawInvestments(raw);
  const projects = await raw.query(SPENDING_PROJECTS);
  return {
    cash: new Map(cash.rows.map((r) => [r.fund_type, BigInt(r.balance)])),
    collections: collections.rows[0],
    rates: rates.rows,
    budget: budget.rows,
    investments,
    projects: projects.rows,
  };
};

// The planner adds the rate table and the reserve study to the forecast's inputs.
const rawPlannerInputs = async (raw) => {
  const forecast = await rawForecastInputs(raw);
  const rates = await raw.query('SELECT * FROM planning_rates');
  return { forecast, rates: rates.rows, study: await rawStudy(raw) };
};

// A comparison reads the scenarios and the books once (the forecast's inputs, the reserve
// projection's) and projects three times from them.
const rawComparisonInputs = async (raw, ids) => {
  const scenarios = await raw.query('SELECT * FROM scenarios WHERE id = ANY($1)', [ids]);
  const forecast = await rawForecastInputs(raw);
  return { scenarios: scenarios.rows, forecast, projection: await rawProjectionInputs(raw) };
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
  const projects = [];
  for (let i = 0; i < PROJECTS; i++) {
    // Two years back (overdue or done) to six ahead (past the board: Future), and some undated.
    const offset = (i % 10) - 2;
    const project = await createCapitalProject(em(), null, CAL, {
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
    projects.push(project);
  }
  // Work already paid on the first three (overdue, last year's, this year's): the forecast
  // spends what is left of their estimates. Two entries of this year each.
  const { linkCapitalProjectEntry } = await load('modules/capital-projects/index.js');
  const paid = await raw.query(
    `SELECT e.id FROM journal_entries e
      WHERE e.entry_date >= '2024-01-01' AND e.entry_date < '2024-06-01'
        AND EXISTS (SELECT 1 FROM journal_lines l WHERE l.entry_id = e.id AND l.account_type = 'expense')
      ORDER BY e.entry_date, e.number LIMIT 6`,
  );
  for (const [k, r] of paid.rows.entries()) {
    await linkCapitalProjectEntry(em(), null, CAL, projects[k % 3].id, r.id);
  }

  // What the cash forecast reads beyond the ledger: accounts' forecast roles (a reserve
  // contribution, its operating transfer, interest income; all budgeted), assessment rates on
  // 300 units in two groups, and the planner's rate table.
  const { updateAccount } = await load('modules/accounts/accounts.service.js');
  const byNumber = async (n) =>
    (await raw.query('SELECT id FROM accounts WHERE number = $1', [n])).rows[0].id;
  // 1003: reserve income, 1004: operating expense, 1008: operating income (the bench's chart).
  for (const [n, forecastRole] of [
    ['1003', 'reserve_contribution'],
    ['1004', 'reserve_transfer'],
    ['1008', 'interest_income'],
  ]) {
    await updateAccount(em(), await byNumber(n), { forecastRole }, null);
  }
  const { createPropertyType, createGroup } = await load('modules/assessments/index.js');
  const { importUnits } = await load('modules/units/index.js');
  const types = [];
  for (const name of ['Single family', 'Townhome', 'Condo']) {
    types.push(await createPropertyType(em(), null, name));
  }
  const regular = await byNumber('1013'); // operating income
  const special = await byNumber('1023'); // reserve income
  for (const [name, frequency, base] of [
    ['Monthly dues', 'monthly', 35_000],
    ['Quarterly dues', 'quarterly', 96_000],
  ]) {
    await createGroup(em(), null, {
      name,
      frequency,
      isDefault: frequency === 'monthly',
      dueDay: 1,
      regularIncomeAccountId: regular,
      specialIncomeAccountId: special,
      rates: types.map((t, k) => ({
        propertyTypeId: t.id,
        regular: base - k * 5_000,
        special: k === 0 ? 2_500 : 0,
      })),
    });
  }
  const units = Array.from({ length: 300 }, (_, i) =>
    [
      `U${i + 1}`,
      `${i + 1} Bench Way`,
      `Owner ${i + 1}`,
      '',
      '',
      types[i % 3].name,
      i < 200 ? 'Monthly dues' : 'Quarterly dues',
    ].join(','),
  );
  const imported = await importUnits(
    em(),
    null,
    ['unit_number,address,owner_name,email,phone,property_type,assessment_group', ...units].join(
      '\n',
    ),
  );
  if (imported.errors.length)
    throw new Error(`planning: units refused: ${imported.errors[0].message}`);
  const { setPlanningRates } = await load('modules/ai-planning/index.js');
  const { createScenario } = await load('modules/scenarios/index.js');
  await setPlanningRates(em(), null, [
    { kind: 'cd', termMonths: 6, apy: '4.40' },
    { kind: 'cd', termMonths: 12, apy: '4.60' },
    { kind: 'cd', termMonths: 24, apy: '4.25', institution: 'Summit National' },
    { kind: 'treasury', termMonths: 3, apy: '5.10' },
    { kind: 'treasury', termMonths: 12, apy: '4.80' },
    { kind: 'money_market', apy: '4.00' },
    { kind: 'savings', apy: '3.10' },
  ]);

  // Two what-ifs for the comparison: dues up 5 % from January; this year's reserve project
  // (in progress) moved two years out and a 12-month CD bought in September with the money.
  const scenarios = [
    await createScenario(em(), null, CAL.today, {
      name: 'Dues +5% from 2025',
      assumptions: { assessmentChanges: [{ fromMonth: '2025-01', percent: '5' }] },
    }),
    await createScenario(em(), null, CAL.today, {
      name: 'Defer a project, buy a CD',
      assumptions: {
        projectMoves: [{ projectId: projects[2].id, targetYear: FY + 2 }],
        plannedInvestments: [
          {
            fund: 'reserve',
            kind: 'cd',
            institution: 'First Federal',
            amount: 5_000_000,
            termMonths: 12,
            apy: '4.60',
            month: '2024-09',
          },
        ],
      },
    }),
  ];
  await raw.query(
    `ANALYZE reserve_components, investments, investment_entries, capital_projects,
             capital_project_entries, assessment_groups, assessment_rates, units, planning_rates, scenarios`,
  );
  return { scenarioIds: scenarios.map((x) => x.id) };
}

export async function planningBench({ raw, em, load, paired }) {
  const { percentFunded, reserveProjection } = await load('modules/reserves/index.js');
  const { investmentSummary } = await load('modules/investments/index.js');
  const { capitalPlan } = await load('modules/capital-projects/capital-projects.service.js');
  const { cashForecast } = await load('modules/forecast/index.js');
  const { gatherInputs, investmentPlan } = await load('modules/ai-planning/index.js');
  const { scenarioComparison } = await load('modules/scenarios/index.js');
  const { scenarioIds } = await seed(raw, em, load);

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

  // The forecast: opening cash per fund, the budget's expenses and other income month by month
  // (a fiscal year without a budget takes the latest one's month), the assessments at the
  // collection rate, and what is left of the projects' estimates in the window.
  const forecastOf = (fund, months = 24) => cashForecast(em(), { ...CAL, fund, months });
  const forecast = await forecastOf('all');
  const rf = await rawForecastInputs(raw);
  const total = (rows, key) => rows.reduce((s, m) => s + m[key], 0n);
  const cashOf = (fund) => rf.cash.get(fund) ?? 0n;
  if (forecast.months.length !== 24 || forecast.months[0].month !== FIRST.slice(0, 7)) {
    fail('forecast months');
  }
  if (forecast.months[0].opening !== cashOf('operating') + cashOf('reserve')) fail('opening cash');
  const byFund = {};
  for (const fund of ['operating', 'reserve']) {
    byFund[fund] = await forecastOf(fund, 60);
    if (byFund[fund].months[0].opening !== cashOf(fund)) fail(`${fund} opening cash`);
  }
  const years = [...new Set(rf.budget.map((r) => r.year))].sort((a, b) => a - b);
  const budgeted = (bucket) =>
    forecast.months.reduce((s, m) => {
      const [y, mo] = m.month.split('-').map(Number);
      const year = years.includes(y) ? y : years.at(-1); // fiscal year = calendar year here
      const lines = rf.budget.filter(
        (r) => r.year === year && r.month === mo && r.bucket === bucket,
      );
      return s + lines.reduce((t, r) => t + BigInt(r.amount), 0n);
    }, 0n);
  if (total(forecast.months, 'expenses') !== budgeted('expense')) fail('budgeted expenses');
  if (total(forecast.months, 'otherIncome') !== budgeted('other_income')) fail('other income');
  if (total(forecast.months, 'transfers') !== 0n) fail('transfers');
  const halfUp = (n, d) => (2n * n + d) / (2n * d);
  const billed = BigInt(rf.collections.billed);
  const ratio = billed === 0n ? 1000n : halfUp(BigInt(rf.collections.applied) * 1000n, billed);
  const tenths = ratio > 1000n ? 1000n : ratio;
  // A rate (cents a period) as a monthly amount, half-up to the cent.
  const monthly = (rate, frequency) =>
    halfUp(BigInt(rate), { monthly: 1n, quarterly: 3n, annual: 12n }[frequency]);
  const dues = { operating: 0n, reserve: 0n };
  for (const r of rf.rates) {
    dues[r.regular_fund] += BigInt(r.units) * monthly(r.regular, r.frequency);
    if (r.special_fund) dues[r.special_fund] += BigInt(r.units) * monthly(r.special, r.frequency);
  }
  const collected = halfUp(dues.operating * tenths, 1000n) + halfUp(dues.reserve * tenths, 1000n);
  if (dues.operating === 0n || forecast.months[0].assessments !== collected) fail('assessments');
  const windowEnds = Number(forecast.months.at(-1).month.slice(0, 4));
  const spend = rf.projects
    .filter((p) => p.target_year !== null && p.target_year <= windowEnds)
    .reduce((s, p) => {
      const left = BigInt(p.estimated_cost) - BigInt(p.actual);
      return s + (left > 0n ? left : 0n);
    }, 0n);
  if (!rf.projects.some((p) => p.actual !== '0')) fail('project actual costs');
  if (total(forecast.months, 'capitalProjects') !== spend) fail('capital project spending');

  // The plan: each fund's cash is the raw opening cash; every rate and holding is read.
  const planFor = async () => investmentPlan(await gatherInputs(em(), CAL, 'America/New_York'));
  const invPlan = await planFor();
  const rp = await rawPlannerInputs(raw);
  for (const f of invPlan.funds) if (f.cash !== cashOf(f.fund)) fail(`plan ${f.fund} cash`);
  if (invPlan.funds.length !== 2 || rp.rates.length !== 7) fail('plan funds and rates');

  // The comparison: today's books equal the forecast's closings month for month; the dues
  // change leaves the months before January alone and raises those from it.
  const compare = () => scenarioComparison(em(), CAL, scenarioIds);
  const comparison = await compare();
  const rc = await rawComparisonInputs(raw, scenarioIds);
  const names = (rows) =>
    rows
      .map((x) => x.name)
      .sort()
      .join();
  if (names(comparison.scenarios) !== names(rc.scenarios)) fail('scenario names');
  comparison.baseline.months.forEach((m, i) => {
    if (m.operatingCash !== byFund.operating.months[i].closing) fail(`baseline ${m.month}`);
    if (m.reserveCash !== byFund.reserve.months[i].closing) fail(`baseline ${m.month}`);
  });
  // The planned CD is held at cost from September: 50,000.00 more invested than today's books.
  const invested = (m) => m.reserveBalance - m.reserveCash;
  const deferred = comparison.scenarios.find((x) => x.name.startsWith('Defer')).months[3];
  const baseSept = comparison.baseline.months[3];
  if (deferred.month !== '2024-09' || invested(deferred) - invested(baseSept) !== 5_000_000n) {
    fail('planned CD');
  }
  const dues5 = comparison.scenarios.find((x) => x.name.startsWith('Dues'));
  dues5.months.forEach((m, i) => {
    const base = comparison.baseline.months[i].operatingCash;
    if (m.month < '2025-01' ? m.operatingCash !== base : m.operatingCash <= base) {
      fail(`dues scenario ${m.month}`);
    }
  });

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
  const [fcMs, fcRaw] = await paired(
    () => forecastOf('all'),
    () => rawForecastInputs(raw),
  );
  const [ipMs, ipRaw] = await paired(planFor, () => rawPlannerInputs(raw));
  const [cmpMs, cmpRaw] = await paired(compare, () => rawComparisonInputs(raw, scenarioIds));
  const pad = (s, n) => String(s).padEnd(n);
  const row = (name, c, r) =>
    `${pad(name, 60)} ${pad(c.toFixed(2) + ' ms', 10)} ${pad(r.toFixed(2) + ' ms', 10)} ${(c / r).toFixed(2)}×`;
  console.log(
    `\nplanning (${COMPONENTS} components, ${summary.count} active of ${INVESTMENTS} investments, ${PROJECTS} projects)`,
  );
  console.log(row(`reserve study (percent funded) as of ${CAL.today}`, studyMs, studyRaw));
  console.log(row('reserve projection, 30 years and both goals', projMs, projRaw));
  console.log(row('investment summary (funds, institutions, ladder)', invMs, invRaw));
  console.log(row('capital plan (board with the projection)', planMs, planRaw));
  console.log(row('cash forecast, 24 months, both funds', fcMs, fcRaw));
  console.log(row('investment plan (planner on the forecast)', ipMs, ipRaw));
  console.log(row("what-if comparison, 2 scenarios + today's books, 60 months", cmpMs, cmpRaw));
  console.log('(a comparison reads the books once and projects three times from them)');
}
