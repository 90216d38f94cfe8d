import { BankAccountKind } from '../../modules/banking/index.js';
import { demoBanking, demoDeposits } from './demo-banking.js';
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
import { HARBOR_POINT_PAYABLES } from './demo-payables.js';
import { demoOwners } from './demo-people.js';
import type { DemoRandom } from './demo-random.js';

// Harbor Point Condominium Association: one 40-unit building on the waterfront in one assessment
// group (rates by unit size), a fiscal year starting in July, a Pacific time zone, an elevator
// modernization paid from the reserves and partly funded by a special assessment billed to the
// reserve fund, and a short list of vendors of its own. Its receivable and prepaid accounts are
// the ones the receivables settings create on first use (1200 and 2100).

const CHART: ChartRow[] = [
  { number: '1000', name: 'Operating Cash', type: A.ASSET, fund: F.OPERATING },
  { number: '1050', name: 'Undeposited Funds', type: A.ASSET, fund: F.OPERATING },
  { number: '1600', name: 'Reserve Savings', type: A.ASSET, fund: F.RESERVE },
  { number: '1610', name: 'Reserve Certificate of Deposit', type: A.ASSET, fund: F.RESERVE },
  { number: '3000', name: 'Operating Fund Equity', type: A.EQUITY, fund: F.OPERATING },
  { number: '3600', name: 'Reserve Fund Equity', type: A.EQUITY, fund: F.RESERVE },
  { number: '4000', name: 'Regular Assessments', type: A.INCOME, fund: F.OPERATING },
  { number: '4050', name: 'Special Assessments', type: A.INCOME, fund: F.OPERATING },
  // Ordinary income, no role: its "Interest" is charged on late dues, not earned on investments.
  { number: '4100', name: 'Late Charges and Interest', type: A.INCOME, fund: F.OPERATING },
  {
    number: '4600',
    name: 'Reserve Contributions',
    type: A.INCOME,
    fund: F.RESERVE,
    forecastRole: R.RESERVE_CONTRIBUTION,
  },
  {
    number: '4650',
    name: 'Special Assessment: Elevator Project',
    type: A.INCOME,
    fund: F.RESERVE,
    description: 'Billed with the monthly dues since the board approved the elevator modernization',
  },
  {
    number: '4660',
    name: 'Reserve Interest',
    type: A.INCOME,
    fund: F.RESERVE,
    forecastRole: R.INTEREST_INCOME,
  },
  { number: '5100', name: 'Management', type: A.EXPENSE, fund: F.OPERATING },
  { number: '5200', name: 'Janitorial', type: A.EXPENSE, fund: F.OPERATING },
  { number: '5300', name: 'Elevator Maintenance', type: A.EXPENSE, fund: F.OPERATING },
  { number: '5400', name: 'Electricity', type: A.EXPENSE, fund: F.OPERATING },
  { number: '5410', name: 'Water and Sewer', type: A.EXPENSE, fund: F.OPERATING },
  { number: '5500', name: 'Insurance', type: A.EXPENSE, fund: F.OPERATING },
  { number: '5600', name: 'Building Repairs', type: A.EXPENSE, fund: F.OPERATING },
  { number: '5650', name: 'Fire and Life Safety', type: A.EXPENSE, fund: F.OPERATING },
  { number: '5700', name: 'Trash Removal', type: A.EXPENSE, fund: F.OPERATING },
  { number: '5900', name: 'Bank Fees', type: A.EXPENSE, fund: F.OPERATING },
  {
    number: '5950',
    name: 'Transfer to Reserves',
    type: A.EXPENSE,
    fund: F.OPERATING,
    forecastRole: R.RESERVE_TRANSFER,
  },
  { number: '6600', name: 'Reserve: Elevator Modernization', type: A.EXPENSE, fund: F.RESERVE },
];

// Monthly dues by unit size: last fiscal year's and this one's; and the elevator special
// assessment, billed from the month the board approved it.
const DUES: Record<string, [Cents, Cents]> = {
  'One-bedroom': [$(395), $(410)],
  'Two-bedroom': [$(485), $(505)],
  Penthouse: [$(680), $(705)],
};
const SPECIAL: Record<string, Cents> = {
  'One-bedroom': $(45),
  'Two-bedroom': $(55),
  Penthouse: $(75),
};
const SPECIAL_FROM = -8;
const TYPES = Object.keys(DUES);

// Floors 2 to 8: units 01 and 05 have one bedroom, 02 to 04 two; floor 9 is five penthouses.
function units(rng: DemoRandom): DemoUnit[] {
  const owners = demoOwners(rng, 40);
  const out: DemoUnit[] = [];
  for (let floor = 2; floor <= 9; floor++) {
    for (let k = 1; k <= 5; k++) {
      const number = `${floor}0${k}`;
      out.push({
        number,
        address: `200 Wharf Street, Unit ${number}`,
        propertyType:
          floor === 9 ? 'Penthouse' : k === 1 || k === 5 ? 'One-bedroom' : 'Two-bedroom',
        group: 'Harbor Point Residences',
        ...owners[out.length],
      });
    }
  }
  return out;
}

const count = (type: string) => (type === 'Penthouse' ? 5 : type === 'One-bedroom' ? 14 : 21);

function habit(_u: DemoUnit, rng: DemoRandom): OwnerHabit {
  const r = rng.next();
  if (r < 0.5) {
    return {
      day: 1,
      method: PaymentMethod.ACH,
      ahead: 'monthly',
      lateChance: 0,
      skipChance: 0.004,
    };
  }
  if (r < 0.95) {
    return {
      day: rng.int(2, 10),
      method: PaymentMethod.CHECK,
      ahead: 'monthly',
      lateChance: 0.03,
      skipChance: 0.01,
    };
  }
  return {
    day: rng.int(3, 12),
    method: PaymentMethod.CARD,
    ahead: 'monthly',
    lateChance: 0.05,
    skipChance: 0.01,
  };
}

const ELECTRIC = [1.05, 1.0, 0.95, 0.9, 0.95, 1.05, 1.15, 1.2, 1.1, 0.95, 0.95, 1.05];
const REPAIRS = [
  'Replace lobby door closer',
  'Repair garage gate operator',
  'Re-caulk fourth-floor windows',
  'Fix corridor light fixtures',
  'Unclog trash chute',
  'Repair intercom panel',
];

const contribution = (b: DemoBooks, m: { fiscalYear: number }) =>
  m.fiscalYear >= b.currentFiscalYear ? $(4400) : $(4200);
const specialTotal = TYPES.reduce((s, t) => s + SPECIAL[t] * count(t), 0);
const ELEVATOR = $(92_400);
const DEPOSIT = toDollar(ELEVATOR * 0.4);

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
    { account: '1000', credit: amount },
  ],
});

function journal(m: DemoMonth, rng: DemoRandom, b: DemoBooks): DemoPosting[] {
  const g = b.growth(m, 0.035);
  const cm = m.month - 1;
  const label = monthLabel(m);
  const out: DemoPosting[] = [];
  out.push(
    paid(
      m,
      1,
      'harborview',
      '5100',
      toDollar($(2600) * g),
      `Harborview Property Management: ${label}`,
    ),
  );
  out.push(
    paid(
      m,
      4,
      'bayside',
      '5200',
      toDollar($(2150) * g),
      `Bayside Janitorial: common areas, ${label}`,
    ),
  );
  out.push(
    paid(
      m,
      6,
      'elevator',
      '5300',
      toDollar($(1180) * g),
      `Coastal Elevator: maintenance contract, ${label}`,
    ),
  );
  const electric = rng.around($(1750) * ELECTRIC[cm] * g, 0.05);
  const water = rng.around($(1450) * g, 0.07);
  if (m.offset === -5) {
    // Keyed to Electricity by mistake; reversed and entered again under Water (see finish).
    out.push(paid(m, 14, 'water', '5400', water, `Harbor City Water: ${label}`, 'misposted-water'));
  } else {
    out.push(paid(m, 14, 'water', '5410', water, `Harbor City Water: ${label}`));
  }
  out.push(paid(m, 11, 'electric', '5400', electric, `Harbor City Electric: ${label}`));
  out.push(paid(m, 19, 'disposal', '5700', toDollar($(720) * g), `Bayshore Disposal: ${label}`));
  if (m.month === 7) {
    out.push(
      paid(
        m,
        8,
        'insurance',
        '5500',
        toDollar($(41_600) * g),
        `Pacific Shore Insurance: master policy ${m.year}-${m.year + 1}`,
      ),
    );
  }
  if (m.month === 10) {
    out.push(
      paid(
        m,
        21,
        'fire',
        '5650',
        toDollar($(1950) * g),
        'Seaside Fire Protection: annual fire alarm and sprinkler inspection',
      ),
    );
  }
  const jobs = rng.int(0, 2);
  for (let j = 0; j < jobs; j++) {
    const amount = rng.aroundDollars($(rng.pick([220, 360, 540, 880, 1400])), 0.1);
    out.push(
      paid(
        m,
        rng.int(3, 27),
        'marina',
        '5600',
        amount,
        `Marina Building Services: ${rng.pick(REPAIRS).toLowerCase()}`,
      ),
    );
  }

  const c = contribution(b, m);
  out.push({
    date: dayOf(m, 16),
    memo: `Reserve contribution ${label}`,
    lines: [
      { account: '5950', debit: c },
      { account: '1000', credit: c },
      { account: '1600', debit: c },
      { account: '4600', credit: c },
    ],
  });
  if (m.offset >= SPECIAL_FROM) {
    // The special assessment is reserve income billed through the operating receivable: the
    // money collected moves to the reserve savings (the ledger adds the interfund lines).
    out.push({
      date: dayOf(m, 26),
      memo: `Elevator special assessment collected in ${label}: transfer to Reserve Savings`,
      lines: [
        { account: '1600', debit: specialTotal },
        { account: '1000', credit: specialTotal },
      ],
    });
  }
  if (m.offset === -6) {
    out.push({
      date: dayOf(m, 10),
      memo: 'Coastal Elevator: elevator modernization, 40 % deposit on signing (reserve project)',
      vendor: 'elevator',
      tag: 'elevator-deposit',
      lines: [
        { account: '6600', debit: DEPOSIT },
        { account: '1600', credit: DEPOSIT },
      ],
    });
  }
  if (m.offset === -1) {
    out.push({
      date: dayOf(m, 18),
      memo: 'Coastal Elevator: elevator modernization, balance on completion (reserve project)',
      vendor: 'elevator',
      lines: [
        { account: '6600', debit: ELEVATOR - DEPOSIT },
        { account: '1600', credit: ELEVATOR - DEPOSIT },
      ],
    });
  }
  return out;
}

function statement(m: DemoMonth, rng: DemoRandom) {
  const n = m.offset + 17;
  return [
    { account: '4660', cash: '1600', amount: rng.around($(430) + $(11) * n, 0.04) },
    { account: '5900', cash: '1000', amount: rng.around($(22), 0.2) },
  ];
}

function budget(fy: number, months: { year: number; month: number }[], b: DemoBooks): BudgetLine[] {
  const g = b.growth({ fiscalYear: fy }, 0.035);
  const current = fy >= b.currentFiscalYear ? 1 : 0;
  const dues = TYPES.reduce((s, t) => s + DUES[t][current] * count(t), 0);
  const specialFrom = b.month(SPECIAL_FROM);
  const each = (amount: (year: number, month: number) => number): Cents[] =>
    months.map(({ year, month }) => toDollar(amount(year, month)));
  const elevator = b.month(-6);
  return [
    { account: '4000', amounts: each(() => dues) },
    {
      account: '4650',
      amounts: each((y, mo) =>
        y * 12 + mo >= specialFrom.year * 12 + specialFrom.month ? specialTotal : 0,
      ),
    },
    { account: '4100', amounts: each(() => $(120)) },
    { account: '4600', amounts: each(() => contribution(b, { fiscalYear: fy })) },
    { account: '4660', amounts: each(() => (current ? $(560) : $(420))) },
    { account: '5100', amounts: each(() => $(2600) * g) },
    { account: '5200', amounts: each(() => $(2150) * g) },
    { account: '5300', amounts: each(() => $(1180) * g) },
    { account: '5400', amounts: each((_y, mo) => $(1750) * ELECTRIC[mo - 1] * g) },
    { account: '5410', amounts: each(() => $(1450) * g) },
    { account: '5500', amounts: each((_y, mo) => (mo === 7 ? $(41_600) * g : 0)) },
    { account: '5600', amounts: each(() => $(700) * g) },
    { account: '5650', amounts: each((_y, mo) => (mo === 10 ? $(1950) * g : 0)) },
    { account: '5700', amounts: each(() => $(720) * g) },
    { account: '5900', amounts: each(() => $(25)) },
    { account: '5950', amounts: each(() => contribution(b, { fiscalYear: fy })) },
    {
      account: '6600',
      amounts: each((y, mo) =>
        elevator.fiscalYear === fy && y === elevator.year && mo === elevator.month ? ELEVATOR : 0,
      ),
    },
  ];
}

export const HARBOR_POINT: DemoProfile = {
  key: 'harbor-point',
  name: 'Harbor Point Condominium Association',
  admin: 'treasurer@harbor-point.example',
  timeZone: 'America/Los_Angeles',
  fiscalYearStartMonth: 7,
  seed: 19_870_702,
  chart: CHART,
  depositAccount: '1000',
  portal: {
    rules: {
      title: 'House rules',
      lines: [
        'Harbor Point Condominium Association house rules.',
        '1. Assessments are due on the 1st of each month.',
        '2. Move-ins and deliveries use the service elevator, booked at the front desk.',
        '3. Balconies hold furniture and plants only; no grills.',
        '4. Pets are leashed in the common areas.',
        '5. The roof deck closes at 10 pm.',
      ],
    },
    contact: {
      name: 'Harbor Point Board Treasurer',
      email: 'treasurer@harbor-point.example',
      phone: '555-0133',
      address:
        'Harbor Point Condominium Association, 200 Wharf Street, Suite 100, Bayview, CA 94001',
      instructions:
        'Checks payable to Harbor Point Condominium Association, with your unit number, left at the front desk or mailed to 200 Wharf Street, Suite 100.',
    },
    owners: [
      {
        name: 'Mei Tanaka',
        email: 'owner@harbor-point.example',
        phone: '555-0164',
        units: [{ number: '604', method: 'card' }],
      },
    ],
  },
  undepositedAccount: '1050',
  opening: (first) => ({
    date: first,
    memo: 'Opening balances from the association’s audited statements',
    lines: [
      { account: '1000', debit: $(61_300) },
      { account: '3000', credit: $(61_300) },
      { account: '1600', debit: $(148_000) },
      { account: '1610', debit: $(100_000) },
      { account: '3600', credit: $(248_000) },
    ],
  }),
  propertyTypes: TYPES,
  arrears: { '405': $(970) },
  groups: [
    {
      name: 'Harbor Point Residences',
      description: 'All 40 units of 200 Wharf Street, by size',
      isDefault: true,
      dueDay: 1,
      regularIncome: '4000',
      specialIncome: '4650',
      lateFee: {
        graceDays: 10,
        flatFee: $(20),
        percent: 0,
        monthlyInterestPercent: 1.5,
        income: '4100',
      },
      rates: (m, b) =>
        TYPES.map((t) => ({
          propertyType: t,
          regular: DUES[t][m.fiscalYear >= b.currentFiscalYear ? 1 : 0],
          special: m.offset >= SPECIAL_FROM ? SPECIAL[t] : 0,
        })),
    },
  ],
  units,
  payables: HARBOR_POINT_PAYABLES,
  vendors: [
    {
      key: 'harborview',
      name: 'Harborview Property Management',
      contactName: 'Renee Castillo',
      email: 'renee@harborviewpm.example',
      phone: '555-0121',
      address: '75 Embarcadero Plaza, Suite 410',
      taxId: '94-3318207',
      is1099: true,
      account: '5100',
    },
    {
      key: 'elevator',
      name: 'Coastal Elevator Company',
      contactName: 'Martin Hale',
      email: 'service@coastalelevator.example',
      phone: '555-0188',
      taxId: '68-0457731',
      is1099: true,
      account: '5300',
    },
    {
      key: 'bayside',
      name: 'Bayside Janitorial Services',
      contactName: 'Alma Reyes',
      phone: '555-0104',
      taxId: '77-2045519',
      is1099: true,
      account: '5200',
    },
    {
      key: 'marina',
      name: 'Marina Building Services',
      contactName: 'Kenji Watanabe',
      phone: '555-0156',
      taxId: '604-18-2297',
      is1099: true,
      account: '5600',
    },
    {
      key: 'fire',
      name: 'Seaside Fire Protection',
      email: 'inspections@seasidefire.example',
      taxId: '33-9012276',
      is1099: true,
      account: '5650',
    },
    { key: 'electric', name: 'Harbor City Electric', is1099: false, account: '5400' },
    { key: 'water', name: 'Harbor City Water', is1099: false, account: '5410' },
    { key: 'insurance', name: 'Pacific Shore Insurance', is1099: false, account: '5500' },
    { key: 'disposal', name: 'Bayshore Disposal', is1099: false, account: '5700' },
  ],
  lateFeeDay: 15,
  habit,
  scripts: {
    // This month's dues not paid yet.
    '502': (m) => (m.offset === 0 ? [] : undefined),
    // Two months behind.
    '704': (m) => (m.offset >= -1 ? [] : undefined),
    // Four months behind, with one partial payment.
    '303': (m) =>
      m.offset >= -4 ? (m.offset === -2 ? [{ day: 8, amount: $(300) }] : []) : undefined,
  },
  events: [],
  journal,
  statement,
  actualsOffsets: [-3, -2],
  budget,
  async finish(b) {
    await demoDeposits(b, '1000');
    const wrong = b.tag('misposted-water');
    if (wrong) {
      const m = b.month(-5);
      await b.reverse('misposted-water', dayOf(m, 17), 'Reversal: water bill keyed to Electricity');
      await b.post([
        paid(
          m,
          17,
          'water',
          '5410',
          wrong.amount,
          `Harbor City Water: ${monthLabel(m)} (re-entered)`,
        ),
      ]);
    }
    const deposit = b.month(-6);
    await b.attach(
      'elevator-deposit',
      'coastal-elevator-contract.pdf',
      'Coastal Elevator Company - Modernization Agreement',
      [
        'Owner: Harbor Point Condominium Association, 200 Wharf Street',
        `Agreement date: ${dayOf(deposit, 3)}`,
        'Scope: modernize both traction elevators (controllers, machines, door operators,',
        'car and hall fixtures), code upgrades, permits and state inspection.',
        '',
        `Contract price: ${displayMoney(ELEVATOR)}`,
        `Deposit on signing (40 %): ${displayMoney(DEPOSIT)}`,
        `Balance on completion: ${displayMoney(ELEVATOR - DEPOSIT)}`,
        '',
        'Funded from the reserve fund and the elevator special assessment.',
      ],
    );
    await demoBanking(
      b,
      [
        {
          account: '1000',
          institution: 'Harbor Community Bank',
          masked: '3306',
          kind: BankAccountKind.CHECKING,
        },
        {
          account: '1600',
          institution: 'Harbor Community Bank',
          masked: '9152',
          kind: BankAccountKind.SAVINGS,
        },
      ],
      {
        fee: 2200,
        autopay: {
          description: 'HARBOR CITY ELECTRIC AUTOPAY GARAGE',
          amount: 41237,
          account: '5400',
          vendor: 'electric',
        },
      },
    );
  },
};
