import { type Cents, displayMoney } from '../../core/money/money.js';
import {
  AccountForecastRole as R,
  AccountType as A,
  FundType as F,
} from '../../modules/accounts/index.js';
import { PaymentMethod } from '../../modules/payments/index.js';
import {
  type BudgetLine,
  type ChartRow,
  type DemoBooks,
  type DemoGroup,
  type DemoMonth,
  type DemoPosting,
  type DemoProfile,
  type DemoUnit,
  dayOf,
  monthLabel,
  type OwnerHabit,
  $,
  toDollar,
} from './demo-books.js';
import { MAPLE_RIDGE_PAYABLES } from './demo-payables.js';
import { demoOwners } from './demo-people.js';
import { mapleRidgeCapitalProjects } from './demo-capital-projects.js';
import { mapleRidgeInvestments } from './demo-investments.js';
import { demoBanking, demoDeposits } from './demo-banking.js';
import { BankAccountKind } from '../../modules/banking/index.js';
import { mapleRidgePlanning } from './demo-planning.js';
import { mapleRidgeReserves } from './demo-reserves.js';
import { mapleRidgeScenarios } from './demo-scenarios.js';
import type { DemoRandom } from './demo-random.js';

// Maple Ridge HOA: 120 homes in three assessment groups (single-family, townhomes, condos) with a
// clubhouse and a pool, a January fiscal year, dues raised at the start of this one, a clubhouse
// roof paid from the reserves, a foreclosure written off, a bounced check and a handful of
// owners behind.

const CHART: ChartRow[] = [
  { number: '1010', name: 'Operating Checking', type: A.ASSET, fund: F.OPERATING },
  { number: '1020', name: 'Operating Savings', type: A.ASSET, fund: F.OPERATING },
  { number: '1050', name: 'Undeposited Funds', type: A.ASSET, fund: F.OPERATING },
  { number: '1100', name: 'Assessments Receivable', type: A.ASSET, fund: F.OPERATING },
  { number: '1510', name: 'Reserve Money Market', type: A.ASSET, fund: F.RESERVE },
  { number: '2010', name: 'Accounts Payable', type: A.LIABILITY, fund: F.OPERATING },
  { number: '2100', name: 'Prepaid Assessments', type: A.LIABILITY, fund: F.OPERATING },
  { number: '3010', name: 'Operating Fund Balance', type: A.EQUITY, fund: F.OPERATING },
  { number: '3510', name: 'Reserve Fund Balance', type: A.EQUITY, fund: F.RESERVE },
  { number: '4010', name: 'Assessment Income', type: A.INCOME, fund: F.OPERATING },
  { number: '4020', name: 'Special Assessment Income', type: A.INCOME, fund: F.OPERATING },
  { number: '4100', name: 'Late Fees and Charges', type: A.INCOME, fund: F.OPERATING },
  {
    number: '4200',
    name: 'Interest Income',
    type: A.INCOME,
    fund: F.OPERATING,
    forecastRole: R.INTEREST_INCOME,
  },
  {
    number: '4510',
    name: 'Reserve Contributions',
    type: A.INCOME,
    fund: F.RESERVE,
    forecastRole: R.RESERVE_CONTRIBUTION,
  },
  {
    number: '4520',
    name: 'Reserve Interest Income',
    type: A.INCOME,
    fund: F.RESERVE,
    forecastRole: R.INTEREST_INCOME,
  },
  { number: '5010', name: 'Landscaping', type: A.EXPENSE, fund: F.OPERATING },
  { number: '5015', name: 'Snow Removal', type: A.EXPENSE, fund: F.OPERATING },
  { number: '5020', name: 'Utilities: Electric', type: A.EXPENSE, fund: F.OPERATING },
  { number: '5025', name: 'Utilities: Water and Sewer', type: A.EXPENSE, fund: F.OPERATING },
  { number: '5030', name: 'Insurance', type: A.EXPENSE, fund: F.OPERATING },
  { number: '5040', name: 'Management Fees', type: A.EXPENSE, fund: F.OPERATING },
  { number: '5050', name: 'Pool Maintenance', type: A.EXPENSE, fund: F.OPERATING },
  { number: '5055', name: 'Clubhouse Cleaning', type: A.EXPENSE, fund: F.OPERATING },
  { number: '5060', name: 'Trash and Recycling', type: A.EXPENSE, fund: F.OPERATING },
  { number: '5070', name: 'Repairs and Maintenance', type: A.EXPENSE, fund: F.OPERATING },
  { number: '5080', name: 'Legal and Professional', type: A.EXPENSE, fund: F.OPERATING },
  { number: '5090', name: 'Bad Debt', type: A.EXPENSE, fund: F.OPERATING },
  { number: '5100', name: 'Bank Charges', type: A.EXPENSE, fund: F.OPERATING },
  {
    number: '5900',
    name: 'Reserve Contribution',
    type: A.EXPENSE,
    fund: F.OPERATING,
    description: "The operating budget's monthly transfer to the reserve fund",
    forecastRole: R.RESERVE_TRANSFER,
  },
  {
    number: '6510',
    name: 'Reserve Repairs and Replacements',
    type: A.EXPENSE,
    fund: F.RESERVE,
  },
  { number: '6520', name: 'Reserve Paving and Sealcoating', type: A.EXPENSE, fund: F.RESERVE },
];

// Monthly dues by property type: last fiscal year's, and this one's.
const DUES: Record<string, [Cents, Cents]> = {
  'Single-family': [$(410), $(425)],
  Townhome: [$(325), $(335)],
  Condo: [$(255), $(265)],
};
const UNITS = { 'Single-family': 64, Townhome: 36, Condo: 20 };

const lateFee = {
  graceDays: 15,
  flatFee: $(25),
  percent: 0,
  monthlyInterestPercent: 0,
  income: '4100',
};

function group(name: string, type: string, description: string, isDefault = false): DemoGroup {
  return {
    name,
    description,
    isDefault,
    dueDay: 1,
    regularIncome: '4010',
    specialIncome: '4020',
    lateFee,
    // This fiscal year's dues from its first month.
    rates: (m, b) => [
      {
        propertyType: type,
        regular: DUES[type][m.fiscalYear >= b.currentFiscalYear ? 1 : 0],
        special: 0,
      },
    ],
  };
}

const STREETS = ['Maple Ridge Drive', 'Sugar Maple Lane', 'Birchwood Court', 'Hemlock Way'];

function units(rng: DemoRandom): DemoUnit[] {
  const owners = demoOwners(rng, 120);
  const out: DemoUnit[] = [];
  for (let i = 0; i < UNITS['Single-family']; i++) {
    out.push({
      number: String(101 + i),
      address: `${12 + 4 * (i % 16)} ${STREETS[Math.floor(i / 16)]}`,
      propertyType: 'Single-family',
      group: 'Single-Family Homes',
      ...owners[out.length],
    });
  }
  for (let i = 0; i < UNITS.Townhome; i++) {
    out.push({
      number: String(201 + i),
      address: `${2 + 2 * i} Ridgeview Terrace`,
      propertyType: 'Townhome',
      group: 'Townhomes',
      ...owners[out.length],
    });
  }
  for (let i = 0; i < UNITS.Condo; i++) {
    out.push({
      number: String(301 + i),
      address: `1 Ridge Commons, Unit ${301 + i}`,
      propertyType: 'Condo',
      group: 'Condominiums',
      ...owners[out.length],
    });
  }
  return out;
}

function habit(_u: DemoUnit, rng: DemoRandom): OwnerHabit {
  const r = rng.next();
  if (r < 0.3) {
    return {
      day: rng.int(1, 2),
      method: PaymentMethod.ACH,
      ahead: 'monthly',
      lateChance: 0,
      skipChance: 0.004,
    };
  }
  if (r < 0.45) {
    return {
      day: rng.int(2, 8),
      method: PaymentMethod.CHECK,
      ahead: 'quarterly',
      lateChance: 0,
      skipChance: 0,
    };
  }
  if (r < 0.7) {
    return {
      day: rng.int(3, 10),
      method: PaymentMethod.CHECK,
      ahead: 'annual',
      lateChance: 0,
      skipChance: 0,
    };
  }
  if (r < 0.92) {
    return {
      day: rng.int(3, 14),
      method: PaymentMethod.CHECK,
      ahead: 'monthly',
      lateChance: 0.03,
      skipChance: 0.01,
    };
  }
  return {
    day: rng.int(5, 17),
    method: PaymentMethod.CARD,
    ahead: 'monthly',
    lateChance: 0.04,
    skipChance: 0.01,
  };
}

// Seasons by calendar month (January first).
const ELECTRIC = [1.15, 1.1, 1.0, 0.9, 0.95, 1.2, 1.35, 1.3, 1.05, 0.9, 1.0, 1.15];
const WATER = [0.8, 0.8, 0.85, 0.95, 1.2, 1.6, 1.8, 1.7, 1.3, 1.0, 0.85, 0.8];
const LANDSCAPING = [1950, 1950, 4300, 5650, 5650, 5650, 5650, 5650, 5650, 5650, 4300, 1950];
const SNOW_BUDGET = [3200, 2800, 1200, 0, 0, 0, 0, 0, 0, 0, 0, 2000];
const POOL = [0, 0, 0, 0, 3100, 1850, 1850, 1850, 2800, 0, 0, 0];
const REPAIRS = [
  'Replace entrance light fixtures',
  'Repair clubhouse door closer',
  'Fix irrigation leak at main entrance',
  'Paint mailbox kiosks',
  'Replace damaged street sign',
  'Clubhouse plumbing repair',
  'Repair playground fence',
  'Replace pool gate latch',
  'Pressure-wash entrance monument',
];

const contribution = (b: DemoBooks, m: { fiscalYear: number }) =>
  m.fiscalYear >= b.currentFiscalYear ? $(18_500) : $(17_500);

// Months of the projects paid from the reserves: the clubhouse roof last summer or autumn, the
// streets' sealcoating the summer before.
const roofMonth = (b: DemoBooks) => b.latest([5, 6, 7, 8, 9, 10]);
const sealcoatMonth = (b: DemoBooks) =>
  b.months.filter((m) => m.offset <= -9 && [6, 7, 8].includes(m.month)).at(-1) ?? b.months[0];
const ROOF = $(48_750);
const SEALCOAT = $(14_200);

const paid = (
  m: DemoMonth,
  day: number,
  vendor: string,
  account: string,
  amount: Cents,
  memo: string,
  tag?: string,
): DemoPosting => ({
  date: dayOf(m, day),
  memo,
  vendor,
  tag,
  lines: [
    { account, debit: amount },
    { account: '1010', credit: amount },
  ],
});

function journal(m: DemoMonth, rng: DemoRandom, b: DemoBooks): DemoPosting[] {
  const g = b.growth(m);
  const cm = m.month - 1;
  const n = m.offset + 17;
  const out: DemoPosting[] = [];
  const label = monthLabel(m);

  out.push(
    paid(
      m,
      1,
      'summit',
      '5040',
      toDollar($(5100) * g),
      `Summit Community Management: management fee ${label}`,
    ),
  );
  const landscaping = toDollar($(LANDSCAPING[cm]) * g);
  const invoice = 2210 + n;
  out.push(
    paid(
      m,
      5,
      'greenscape',
      '5010',
      landscaping,
      `GreenScape invoice ${invoice}: grounds maintenance ${label}`,
    ),
  );
  if (m.offset === -3) {
    // Entered twice by mistake; reversed a few days later (see finish).
    out.push({
      ...paid(
        m,
        6,
        'greenscape',
        '5010',
        landscaping,
        `GreenScape invoice ${invoice}: grounds maintenance ${label}`,
      ),
      tag: 'duplicate-landscaping',
    });
  }
  if (SNOW_BUDGET[cm] > 0) {
    const pushes = rng.int(cm === 2 ? 0 : 1, cm === 0 || cm === 1 ? 4 : 3);
    if (pushes) {
      out.push(
        paid(
          m,
          28,
          'greenscape',
          '5015',
          $(925) * pushes + $(380),
          `GreenScape snow plowing (${pushes} pushes) and salting, ${label}`,
        ),
      );
    }
  }
  out.push(
    paid(
      m,
      12,
      'power',
      '5020',
      rng.around($(2050) * ELECTRIC[cm] * g, 0.06),
      `Ridgeline Power & Light: street lights and clubhouse, ${label}`,
    ),
  );
  out.push(
    paid(
      m,
      18,
      'water',
      '5025',
      rng.around($(1650) * WATER[cm] * g, 0.08),
      `Maple County Water Authority: irrigation and clubhouse, ${label}`,
    ),
  );
  if (cm % 3 === 0) {
    out.push({
      ...paid(
        m,
        15,
        'keystone',
        '5030',
        toDollar(($(52_800) * g) / 4),
        `Keystone Mutual: package policy installment ${Math.floor(cm / 3) + 1} of 4, ${m.year}`,
      ),
      tag: cm === 0 ? `insurance-${m.year}` : undefined,
    });
  }
  if (POOL[cm]) {
    const what =
      cm === 4
        ? 'opening and weekly service'
        : cm === 8
          ? 'weekly service and closing'
          : 'weekly service';
    out.push(
      paid(
        m,
        8,
        'bluewave',
        '5050',
        toDollar($(POOL[cm]) * g),
        `BlueWave Pool Service: ${what}, ${label}`,
      ),
    );
  }
  out.push(
    paid(
      m,
      3,
      'sparkle',
      '5055',
      toDollar($(1400) * g),
      `Sparkle Commercial Cleaning: clubhouse, ${label}`,
    ),
  );
  out.push(
    paid(m, 20, 'waste', '5060', toDollar($(1640) * g), `Ridge Valley Waste Services: ${label}`),
  );
  const jobs = rng.int(1, 3);
  for (let j = 0; j < jobs; j++) {
    const amount = rng.aroundDollars($(rng.pick([180, 240, 325, 450, 680, 920, 1350])), 0.1);
    out.push(
      paid(
        m,
        rng.int(3, 27),
        'handyman',
        '5070',
        amount,
        `Kowalski Handyman: ${rng.pick(REPAIRS).toLowerCase()}`,
      ),
    );
  }
  if (m.month === 3) {
    out.push(
      paid(
        m,
        24,
        'cpa',
        '5080',
        toDollar($(3850) * g),
        `Hartley & Cole CPAs: audit and tax returns for ${m.year - 1}`,
      ),
    );
  }
  if (m.offset === -14) {
    out.push(
      paid(m, 10, 'attorney', '5080', $(780), 'Bryant Law Group: review of amended parking rules'),
    );
  }
  if (m.offset === -4) {
    out.push(
      paid(m, 16, 'attorney', '5080', $(325), 'Bryant Law Group: collection letter, unit 312'),
    );
  }
  if (m.offset === -1) {
    out.push(paid(m, 9, 'attorney', '5080', $(650), 'Bryant Law Group: notice of lien, unit 312'));
  }

  // The month's contribution to the reserves: an operating expense and reserve income, with the
  // cash moved from operating checking to the reserve money market (each fund balances).
  const c = contribution(b, m);
  out.push({
    date: dayOf(m, 15),
    memo: `Reserve contribution ${label}: transfer to Reserve Money Market`,
    lines: [
      { account: '5900', debit: c },
      { account: '1010', credit: c },
      { account: '1510', debit: c },
      { account: '4510', credit: c },
    ],
  });

  if (m.key === roofMonth(b).key) {
    out.push({
      date: dayOf(m, 22),
      memo: 'Apex Roofing invoice 2291: clubhouse roof replacement (reserve project)',
      vendor: 'apex',
      tag: 'roof',
      lines: [
        { account: '6510', debit: ROOF },
        { account: '1510', credit: ROOF },
      ],
    });
  }
  if (m.key === sealcoatMonth(b).key) {
    out.push({
      date: dayOf(m, 14),
      memo: 'Tri-County Paving: crack fill and sealcoating, all streets (reserve project)',
      vendor: 'paving',
      lines: [
        { account: '6520', debit: SEALCOAT },
        { account: '1510', credit: SEALCOAT },
      ],
    });
  }
  return out;
}

function statement(m: DemoMonth, rng: DemoRandom) {
  const n = m.offset + 17;
  return [
    { account: '4200', cash: '1020', amount: rng.around($(46), 0.15) },
    { account: '5100', cash: '1010', amount: rng.around($(28), 0.3) },
    { account: '4520', cash: '1510', amount: rng.around($(1150) + $(42) * n, 0.03) },
  ];
}

function budget(fy: number, months: { year: number; month: number }[], b: DemoBooks): BudgetLine[] {
  const g = b.growth({ fiscalYear: fy });
  const current = fy >= b.currentFiscalYear ? 1 : 0;
  const dues = Object.entries(UNITS).reduce(
    (s, [type, count]) => s + DUES[type][current] * count,
    0,
  );
  const each = (amount: (month: number) => number): Cents[] =>
    months.map(({ month }) => toDollar(amount(month - 1)));
  const at = (m: DemoMonth, amount: Cents): Cents[] =>
    months.map(({ year, month }) => (year === m.year && month === m.month ? amount : 0));
  const roof = roofMonth(b);
  const sealcoat = sealcoatMonth(b);
  return [
    { account: '4010', amounts: each(() => dues) },
    { account: '4100', amounts: each(() => $(350)) },
    { account: '4200', amounts: each(() => $(45)) },
    { account: '4510', amounts: each(() => contribution(b, { fiscalYear: fy })) },
    { account: '4520', amounts: each(() => (current ? $(1650) : $(1250))) },
    { account: '5010', amounts: each((cm) => $(LANDSCAPING[cm]) * g) },
    { account: '5015', amounts: each((cm) => $(SNOW_BUDGET[cm]) * g) },
    { account: '5020', amounts: each((cm) => $(2050) * ELECTRIC[cm] * g) },
    { account: '5025', amounts: each((cm) => $(1650) * WATER[cm] * g) },
    { account: '5030', amounts: each((cm) => (cm % 3 === 0 ? ($(52_800) * g) / 4 : 0)) },
    { account: '5040', amounts: each(() => $(5100) * g) },
    { account: '5050', amounts: each((cm) => $(POOL[cm]) * g) },
    { account: '5055', amounts: each(() => $(1400) * g) },
    { account: '5060', amounts: each(() => $(1640) * g) },
    { account: '5070', amounts: each(() => $(1500) * g) },
    { account: '5080', amounts: each((cm) => $(150) + (cm === 2 ? $(3850) * g : 0)) },
    { account: '5090', amounts: each(() => $(100)) },
    { account: '5100', amounts: each(() => $(30)) },
    { account: '5900', amounts: each(() => contribution(b, { fiscalYear: fy })) },
    { account: '6510', amounts: roof.fiscalYear === fy ? at(roof, $(50_000)) : each(() => 0) },
    {
      account: '6520',
      amounts: sealcoat.fiscalYear === fy ? at(sealcoat, $(15_000)) : each(() => 0),
    },
  ];
}

export const MAPLE_RIDGE: DemoProfile = {
  key: 'maple-ridge',
  name: 'Maple Ridge HOA',
  admin: 'treasurer@maple-ridge.example',
  timeZone: 'America/New_York',
  fiscalYearStartMonth: 1,
  seed: 20_240_611,
  chart: CHART,
  depositAccount: '1010',
  undepositedAccount: '1050',
  opening: (first) => ({
    date: first,
    memo: "Balances brought forward from the prior management company's books",
    lines: [
      { account: '1010', debit: $(84_250) },
      { account: '1020', debit: $(60_000) },
      { account: '3010', credit: $(144_250) },
      { account: '1510', debit: $(386_400) },
      { account: '3510', credit: $(386_400) },
    ],
  }),
  propertyTypes: ['Single-family', 'Townhome', 'Condo'],
  arrears: { '160': $(820), '219': $(335) },
  groups: [
    group(
      'Single-Family Homes',
      'Single-family',
      'Detached homes on Maple Ridge Drive, Sugar Maple Lane, Birchwood Court and Hemlock Way',
      true,
    ),
    group('Townhomes', 'Townhome', 'Ridgeview Terrace townhomes'),
    group('Condominiums', 'Condo', 'Ridge Commons condominium building'),
  ],
  units,
  payables: MAPLE_RIDGE_PAYABLES,
  portal: {
    rules: {
      title: 'Rules and regulations',
      lines: [
        'Maple Ridge HOA rules and regulations, as adopted by the board.',
        '1. Assessments are due on the 1st; a $25 late fee applies after the 15th.',
        "2. Exterior changes need the architectural committee's approval first.",
        '3. Trash and recycling bins are stored out of sight except on collection days.',
        '4. Quiet hours are 10 pm to 7 am.',
        '5. The clubhouse may be reserved by owners in good standing.',
      ],
    },
    contact: {
      name: 'Maple Ridge HOA Treasurer',
      email: 'treasurer@maple-ridge.example',
      phone: '555-0110',
      address: 'Maple Ridge HOA, PO Box 1147, Maple Falls, PA 19001',
      instructions:
        'Checks payable to Maple Ridge HOA, with your unit number in the memo, mailed to PO Box 1147, Maple Falls, PA 19001.',
    },
    owners: [
      {
        // Lives in 112 and rents out the townhome 214, which pays on AutoPay.
        name: 'Daniel Okafor',
        email: 'owner@maple-ridge.example',
        phone: '555-0187',
        units: [
          { number: '112', method: 'card' },
          { number: '214', method: 'us_bank_account' },
        ],
        autopay: { unit: '214', maxAmount: 50_000, since: 3 },
      },
    ],
  },
  vendors: [
    {
      key: 'greenscape',
      name: 'GreenScape Landscaping LLC',
      contactName: 'Tony Marchetti',
      email: 'billing@greenscape.example',
      phone: '555-0142',
      address: '480 Orchard Road, Maple Falls',
      taxId: '47-3819265',
      is1099: true,
      account: '5010',
    },
    {
      key: 'summit',
      name: 'Summit Community Management LLC',
      contactName: 'Dana Whitaker',
      email: 'accounts@summitcm.example',
      phone: '555-0118',
      address: '22 Commerce Park, Suite 300, Maple Falls',
      taxId: '82-1047736',
      is1099: true,
      account: '5040',
    },
    {
      key: 'apex',
      name: 'Apex Roofing & Exteriors Inc.',
      contactName: 'Luis Ortega',
      email: 'office@apexroofing.example',
      phone: '555-0177',
      address: '9 Industrial Way, Brookfield',
      taxId: '36-5521904',
      is1099: true,
      account: '6510',
    },
    {
      key: 'handyman',
      name: 'Dan Kowalski Handyman Services',
      contactName: 'Dan Kowalski',
      email: 'dan@kowalskihandyman.example',
      phone: '555-0163',
      taxId: '512-44-7810',
      is1099: true,
      account: '5070',
    },
    {
      key: 'bluewave',
      name: 'BlueWave Pool Service LLC',
      email: 'service@bluewavepools.example',
      phone: '555-0151',
      taxId: '27-6603318',
      is1099: true,
      account: '5050',
    },
    {
      key: 'sparkle',
      name: 'Sparkle Commercial Cleaning',
      contactName: 'Irene Sokolova',
      phone: '555-0109',
      taxId: '45-2290871',
      is1099: true,
      account: '5055',
    },
    {
      key: 'cpa',
      name: 'Hartley & Cole CPAs',
      contactName: 'Margaret Hartley',
      email: 'mhartley@hartleycole.example',
      taxId: '61-3390457',
      is1099: true,
      account: '5080',
    },
    {
      key: 'attorney',
      name: 'Bryant Law Group PLLC',
      contactName: 'Stephen Bryant',
      email: 'sbryant@bryantlaw.example',
      taxId: '88-0912364',
      is1099: true,
      account: '5080',
    },
    {
      key: 'paving',
      name: 'Tri-County Paving & Sealcoating',
      phone: '555-0135',
      taxId: '23-7781420',
      is1099: true,
      account: '6520',
    },
    { key: 'power', name: 'Ridgeline Power & Light', is1099: false, account: '5020' },
    { key: 'water', name: 'Maple County Water Authority', is1099: false, account: '5025' },
    {
      key: 'keystone',
      name: 'Keystone Mutual Insurance Company',
      email: 'policyservice@keystonemutual.example',
      is1099: false,
      account: '5030',
    },
    { key: 'waste', name: 'Ridge Valley Waste Services Inc.', is1099: false, account: '5060' },
  ],
  lateFeeDay: 20,
  habit,
  scripts: {
    // This month's dues not paid yet.
    '117': (m) => (m.offset === 0 ? [] : undefined),
    // Two months behind.
    '208': (m) => (m.offset >= -1 ? [] : undefined),
    // Three months behind.
    '143': (m) => (m.offset >= -2 ? [] : undefined),
    // Stopped paying half a year ago, one partial payment since; the file went to the attorney.
    '312': (m) =>
      m.offset >= -6 ? (m.offset === -3 ? [{ day: 12, amount: $(200) }] : []) : undefined,
    // On a payment plan: about 60 % of the dues each month for the last five months.
    '226': (m, b) =>
      m.offset >= -5 ? [{ day: 9, amount: toDollar(b.charge('226', m) * 0.6) }] : undefined,
    // Fell three months behind last year, then paid everything, late fees included.
    '155': (m) =>
      m.offset >= -11 && m.offset <= -9 ? [] : m.offset === -8 ? [{ day: 24 }] : undefined,
    // A bounced check (see the events): paid on the 4th, returned on the 11th, paid again.
    '131': (m) => (m.offset === -4 ? [{ day: 4 }, { day: 23 }] : undefined),
    // The previous owner stopped paying; after the foreclosure sale the balance was written off
    // and the new owner pays from the next month.
    '149': (m) => (m.offset >= -16 && m.offset <= -11 ? [] : undefined),
  },
  events: [
    {
      offset: -4,
      day: 11,
      run: async (b, date) => {
        await b.voidPayment('131', dayOf(b.month(-4), 4), date);
        await b.chargeFee('131', date, '4100', $(35), 'Returned check fee');
      },
    },
    {
      offset: -11,
      day: 25,
      run: async (b, date) => {
        await b.writeOffUnit('149', date, '5090', 'Foreclosure sale: balance uncollectible');
        await b.changeOwner('149', {
          ownerName: 'Helen Ashworth',
          email: 'helen.ashworth@example.com',
          phone: '555-0190',
        });
      },
    },
  ],
  journal,
  statement,
  actualsOffsets: [-4, -3, -2],
  budget,
  async finish(b) {
    await demoDeposits(b, '1010');
    await b.reverse(
      'duplicate-landscaping',
      dayOf(b.month(-3), 11),
      'Reversal: GreenScape invoice entered twice',
    );
    const roof = roofMonth(b);
    await mapleRidgeReserves(b, {
      roofFiscalYear: roof.fiscalYear,
      sealcoatFiscalYear: sealcoatMonth(b).fiscalYear,
    });
    await mapleRidgeInvestments(b);
    await mapleRidgeCapitalProjects(b, { roofFiscalYear: roof.fiscalYear });
    await mapleRidgeScenarios(b);
    await mapleRidgePlanning(b);
    await demoBanking(
      b,
      [
        {
          account: '1010',
          institution: 'First Citizens Bank',
          masked: '4821',
          kind: BankAccountKind.CHECKING,
        },
        {
          account: '1510',
          institution: 'Keystone Savings Bank',
          masked: '7730',
          kind: BankAccountKind.MONEY_MARKET,
        },
      ],
      {
        fee: 2840,
        autopay: {
          description: 'RIDGELINE POWER ACH DRAFT POOL METER',
          amount: 18664,
          account: '5020',
          vendor: 'power',
        },
      },
    );
    await b.attach(
      'roof',
      'apex-roofing-invoice-2291.pdf',
      'Apex Roofing & Exteriors Inc. - Invoice 2291',
      [
        'Bill to: Maple Ridge HOA, c/o Summit Community Management LLC',
        `Invoice date: ${dayOf(roof, 15)}    Terms: due on completion`,
        'Project: clubhouse roof replacement',
        '',
        'Tear-off of existing asphalt shingles (42 squares)      $9,450.00',
        'Ice and water shield, synthetic underlayment              $6,300.00',
        'Architectural shingles, ridge vents, flashing            $28,600.00',
        'Replace 160 sq ft of rotted decking                       $2,150.00',
        'Permit, disposal and cleanup                               $2,250.00',
        '',
        'Total due                                               $48,750.00',
        '',
        'Paid from the reserve fund (Reserve Money Market).',
      ],
    );
    // The latest January whose first installment is paid (the renewal's declarations with it).
    const renewal = b.months.filter((m) => m.month === 1 && dayOf(m, 15) <= b.today).at(-1)!;
    await b.attach(
      `insurance-${renewal.year}`,
      `keystone-declarations-${renewal.year}.pdf`,
      `Keystone Mutual - Declarations ${renewal.year}`,
      [
        'Named insured: Maple Ridge HOA',
        `Policy period: ${renewal.year}-01-01 to ${renewal.year + 1}-01-01`,
        'Coverage: common property, general liability, D&O, fidelity',
        `Annual premium: ${displayMoney(toDollar($(52_800) * b.growth(renewal)))}, in four installments`,
      ],
    );
  },
};
