import { setUndepositedFundsAccount } from '../../modules/banking/index.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import type { Context, Services } from '../../core/context.js';
import { toCsv } from '@covenant/shared/csv';
import { fiscalYear, fiscalYearOf } from '../../core/dates.js';
import { type Cents, formatMoney } from '../../core/money/money.js';
import type { TenantSession } from '../../core/tenancy/tenant-door.js';
import {
  type AccountForecastRole,
  AccountType,
  createAccount,
  type FundType,
} from '../../modules/accounts/index.js';
import { saveMonthlyActuals } from '../../modules/actuals/index.js';
import {
  AssessmentFrequency,
  type AssessmentGroupInput,
  createGroup,
  createPropertyType,
  receivablesSettings,
  updateGroup,
  updateReceivablesSettings,
} from '../../modules/assessments/index.js';
import { uploadAttachment } from '../../modules/attachments/index.js';
import { MONTH_LABELS, saveBudget } from '../../modules/budgets/index.js';
import {
  assessLateFees,
  createInvoice,
  generateAssessmentInvoices,
  importOpeningBalances,
  writeOffInvoice,
} from '../../modules/invoices/index.js';
import {
  type JournalLineInput,
  type Posting,
  postJournalEntries,
  reverseJournalEntry,
} from '../../modules/journal/index.js';
import {
  lockUnits,
  openInvoices,
  PaymentMethod,
  postPayment,
  voidPayment,
} from '../../modules/payments/index.js';
import { importUnits, listUnits, UNIT_CSV_COLUMNS, updateUnit } from '../../modules/units/index.js';
import { createVendor } from '../../modules/vendors/index.js';
import { generateBoardPacket } from '../../modules/documents/index.js';
import { closeFiscalYear, closeMonth } from '../../modules/periods/index.js';
import { asUpload, onePagePdf } from './demo-documents.js';
import { type DemoPayables, type DemoSeat, demoPayables, takeBillable } from './demo-payables.js';
import {
  type DemoOwnerSeat,
  type DemoPortal,
  demoOwnerPortal,
  portalMethod,
  portalUnit,
} from './demo-owner-portal.js';
import { DemoRandom } from './demo-random.js';

// Amounts of the profiles: whole dollars to cents, and cents rounded to whole dollars.
export const $ = (dollars: number): Cents => Math.round(dollars * 100);
export const toDollar = (cents: number): Cents => Math.round(cents / 100) * 100;

// The builder of a demo association's books: about eighteen months of activity, created through
// the modules' services exactly as the GraphQL resolvers call them (never a raw insert), in the
// order a treasurer would have entered it, and the same for the same "today" (a seeded generator).
// An association (demo-maple-ridge.ts, demo-harbor-point.ts) is a DemoProfile: its chart, groups,
// units, vendors, owners' habits, bills and events; this file turns a profile into books.
//
// The calendar: activity runs from the first day of the month 17 months before the current one
// through today, in the association's time zone. Each month: the assessment run on the 1st, the
// payments received before the late-fee day (one transaction), the late-fee run, the later
// payments, and the month's receivables events (a bounced check, a write-off). Bills, transfers
// and statement items do not depend on the receivables, so they are posted together at the end in
// a few multi-entry postings; then monthly actuals, reversals and attachments, which refer to them.
// Nothing is dated after today. Future modules add their demo data here (a step in `build`).

export interface DemoMonth {
  // "2026-03"
  key: string;
  year: number;
  month: number;
  // 0 is the current month, -1 the one before, … -17 the first.
  offset: number;
  days: number;
  fiscalYear: number;
}

export interface ChartRow {
  number: string;
  name: string;
  type: AccountType;
  fund: FundType;
  description?: string;
  // Said on the account, as a treasurer would set it: the forecasts never read names.
  forecastRole?: AccountForecastRole;
}

export interface DemoRate {
  propertyType: string;
  regular: Cents;
  special: Cents;
}

export interface DemoGroup {
  name: string;
  description: string;
  isDefault: boolean;
  dueDay: number;
  // Account numbers.
  regularIncome: string;
  specialIncome: string;
  lateFee: {
    graceDays: number;
    flatFee: Cents;
    percent: number;
    monthlyInterestPercent: number;
    income: string;
  };
  // The rates in force in a month: a change is saved as an edit of the group before that month's
  // assessment run (a new fiscal year's dues, a special assessment).
  rates(m: DemoMonth, b: DemoBooks): DemoRate[];
}

export interface DemoUnit {
  number: string;
  address: string;
  ownerName: string;
  email: string;
  phone: string;
  propertyType: string;
  group: string;
}

export interface DemoVendor {
  key: string;
  name: string;
  contactName?: string;
  email?: string;
  phone?: string;
  address?: string;
  taxId?: string;
  is1099: boolean;
  // Number of its default expense account.
  account: string;
}

// How an owner pays: the usual day, the method, and how they pay ahead (quarterly or yearly
// owners send several months at once; their credit pays the next invoices as they are issued).
export interface OwnerHabit {
  day: number;
  method: PaymentMethod;
  ahead: 'monthly' | 'quarterly' | 'annual';
  // Chance, each month, of paying after the late-fee run, and of missing the month altogether.
  lateChance: number;
  skipChance: number;
}

// One payment of an owner in a month: on a day, of the unit's open balance (plus `extra` paid
// ahead) or of a fixed amount. A balance of zero pays nothing.
export interface PaymentPlan {
  day: number;
  amount?: Cents;
  extra?: Cents;
}

export interface DemoLine {
  account: string;
  debit?: Cents;
  credit?: Cents;
  memo?: string;
}

export interface DemoPosting {
  date: string;
  memo: string;
  vendor?: string;
  lines: DemoLine[];
  // Names the entry for a later step (a reversal, an attachment).
  tag?: string;
}

// A receivables event of a month (a bounced check, a write-off): it runs after the payments dated
// before it, in date order with the late-fee run.
export interface DemoEvent {
  offset: number;
  day: number;
  run(b: DemoBooks, date: string): Promise<void>;
}

// A statement figure (interest earned, bank charges): entered as a manual entry in older months,
// through Monthly Actuals in the months of `actualsOffsets`, and not yet in the months after them
// (the latest statement is still to enter: something the dashboard can point at).
export interface StatementItem {
  account: string;
  // Where the money went (older months' manual entries; Monthly Actuals posts against the fund's
  // cash account).
  cash: string;
  amount: Cents;
}

export interface DemoProfile {
  key: string;
  name: string;
  admin: string;
  timeZone: string;
  fiscalYearStartMonth: number;
  seed: number;
  chart: ChartRow[];
  // The account payments go into (the receivables settings' default).
  depositAccount: string;
  // Undeposited Funds: where payments wait until a deposit takes them to the bank (see
  // demo-banking.ts, which makes the deposits as the bank statements show them).
  undepositedAccount?: string;
  // Cash and fund balances brought forward on the first day.
  opening(first: string): DemoPosting;
  propertyTypes: string[];
  groups: DemoGroup[];
  // What owners still owed the prior management company on the first day (unit → amount).
  arrears: Record<string, Cents>;
  units(rng: DemoRandom): DemoUnit[];
  vendors: DemoVendor[];
  // Bills, approvals and payment runs of the recent months (demo-payables.ts).
  payables?: DemoPayables;
  // Owners who sign in to the owner portal, and what they read there (demo-owner-portal.ts).
  portal?: DemoPortal;
  // The day of the month the treasurer runs late fees.
  lateFeeDay: number;
  habit(unit: DemoUnit, rng: DemoRandom): OwnerHabit;
  // Owners whose months are scripted (delinquent, partial, caught up…): the plans of a month, or
  // undefined for their usual habit that month.
  scripts: Record<string, (m: DemoMonth, b: DemoBooks) => PaymentPlan[] | undefined>;
  events: DemoEvent[];
  journal(m: DemoMonth, rng: DemoRandom, b: DemoBooks): DemoPosting[];
  statement(m: DemoMonth, rng: DemoRandom): StatementItem[];
  // Months (by offset) whose statement figures were entered through Monthly Actuals.
  actualsOffsets: number[];
  // Twelve amounts per account, in the order of the fiscal year's months.
  budget(fy: number, months: { year: number; month: number }[], b: DemoBooks): BudgetLine[];
  // After the journal: reversals of mistaken entries and attachments.
  finish(b: DemoBooks): Promise<void>;
}

export interface BudgetLine {
  account: string;
  amounts: Cents[];
}

export interface DemoSummary {
  organization: string;
  today: string;
  from: string;
  units: number;
  payments: number;
  // Entries the builder posted itself: bills, transfers, statements, reversals.
  entries: number;
  ms: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

export const monthLabel = (m: Pick<DemoMonth, 'year' | 'month'>) =>
  `${MONTH_LABELS[m.month - 1]} ${m.year}`;

// The 18 months ending with today's, oldest first.
export function demoMonths(today: string, fiscalStartMonth: number, count = 18): DemoMonth[] {
  const y = Number(today.slice(0, 4));
  const mo = Number(today.slice(5, 7));
  return Array.from({ length: count }, (_, i) => {
    const offset = i - (count - 1);
    const index = y * 12 + (mo - 1) + offset;
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    const key = `${year}-${pad(month)}`;
    return {
      key,
      year,
      month,
      offset,
      days: new Date(Date.UTC(year, month, 0)).getUTCDate(),
      fiscalYear: fiscalYearOf(`${key}-01`, fiscalStartMonth),
    };
  });
}

// A date of the month (clamped to its last day).
export const dayOf = (m: DemoMonth, day: number) => `${m.key}-${pad(Math.min(day, m.days))}`;

// A tagged entry: its id, date and first line's amount.
export interface TaggedEntry {
  id: string;
  date: string;
  amount: Cents;
}

interface UnitRecord extends DemoUnit {
  id: string;
}

interface PaymentDraft {
  unit: UnitRecord;
  date: string;
  day: number;
  amount?: Cents;
  extra?: Cents;
  method: PaymentMethod;
}

export class DemoBooks {
  readonly em: EntityManager;
  readonly months: DemoMonth[];
  readonly currentFiscalYear: number;
  private readonly rng: DemoRandom;
  private readonly accounts = new Map<string, string>();
  private readonly vendors = new Map<string, string>();
  private readonly propertyTypes = new Map<string, string>();
  private readonly groups = new Map<string, { id: string; spec: DemoGroup; rates: string }>();
  private readonly units = new Map<string, UnitRecord>();
  private readonly habits = new Map<string, OwnerHabit>();
  private readonly checkNumbers = new Map<string, number>();
  // Payment ids by `${unit}|${date}`, and entry ids by tag.
  private readonly payments = new Map<string, string>();
  private readonly tagged = new Map<string, TaggedEntry>();
  private paymentCount = 0;
  private entryCount = 0;

  constructor(
    readonly services: Services,
    private readonly tenant: TenantSession,
    readonly actor: AuthInfo | null,
    readonly profile: DemoProfile,
    readonly today: string,
    // The board's seats (the treasurer's among them), for the payables' approvals.
    private readonly board: DemoSeat[] = [],
    // The owner portal's sign-ins, bound to their units once the units exist.
    private readonly owners: DemoOwnerSeat[] = [],
  ) {
    this.em = tenant.em;
    this.rng = new DemoRandom(profile.seed);
    this.months = demoMonths(today, profile.fiscalYearStartMonth);
    this.currentFiscalYear = fiscalYearOf(today, profile.fiscalYearStartMonth);
  }

  get first(): string {
    return `${this.months[0].key}-01`;
  }

  // The association: its name and time zone.
  get org() {
    return this.tenant.org;
  }

  // What seals small secrets at rest (the bank account number checks print).
  get secrets() {
    return this.services.secrets;
  }

  account(number: string): string {
    const id = this.accounts.get(number);
    if (!id) throw new Error(`Demo chart has no account ${number}`);
    return id;
  }

  vendor(key: string): string {
    const id = this.vendors.get(key);
    if (!id) throw new Error(`Demo has no vendor ${key}`);
    return id;
  }

  unit(number: string): UnitRecord {
    const u = this.units.get(number);
    if (!u) throw new Error(`Demo has no unit ${number}`);
    return u;
  }

  // The month `offset` months from the current one (0 = current).
  month(offset: number): DemoMonth {
    return this.months[this.months.length - 1 + offset];
  }

  // The latest month before the current one whose calendar month is one of `months`.
  latest(months: number[]): DemoMonth {
    const found = [...this.months].reverse().find((m) => m.offset < 0 && months.includes(m.month));
    return found ?? this.months[0];
  }

  // Dues and contracts of the current fiscal year are a few percent above the year before's.
  growth(m: { fiscalYear: number }, rate = 0.04): number {
    return m.fiscalYear >= this.currentFiscalYear ? 1 + rate : 1;
  }

  // The unit's monthly charge in a month: its group's regular and special rates for its type.
  charge(unit: string, m: DemoMonth): Cents {
    const u = this.unit(unit);
    const spec = this.profile.groups.find((g) => g.name === u.group)!;
    const rate = spec.rates(m, this).find((r) => r.propertyType === u.propertyType)!;
    return rate.regular + rate.special;
  }

  async build(): Promise<DemoSummary> {
    const started = performance.now();
    await this.setUp();
    for (const m of this.months) await this.receivablesMonth(m);
    await this.postJournal();
    await this.enterActuals();
    await this.profile.finish(this);
    await demoOwnerPortal(this, this.profile.portal, this.owners);
    await this.closePeriods();
    return {
      organization: this.profile.name,
      today: this.today,
      from: this.first,
      units: this.units.size,
      payments: this.paymentCount,
      entries: this.entryCount,
      ms: Math.round(performance.now() - started),
    };
  }

  // Every month before the current one closed in order, as the treasurer closes each after its
  // reconciliations (no override: the demo reconciles every closed month), and every fiscal year
  // those months complete. The current month stays open.
  private async closePeriods() {
    const cal = { today: this.today, fiscalYearStartMonth: this.profile.fiscalYearStartMonth };
    for (const m of this.months) {
      if (m.offset >= 0) continue;
      await closeMonth(this.em, this.actor, cal, { month: m.key });
    }
    const current = this.currentFiscalYear;
    for (const fy of new Set(this.months.map((m) => m.fiscalYear))) {
      if (fy < current) await closeFiscalYear(this.em, this.actor, cal, fy);
    }
    // The board packets of the last three closed months, rendered by the job queue in the
    // background as a treasurer's would be.
    const ctx = { em: this.em, auth: this.actor, org: this.tenant.org, services: this.services };
    for (const m of this.months.filter((x) => x.offset >= -3 && x.offset < 0)) {
      await generateBoardPacket(ctx, m.key);
    }
  }

  // ------------------------------------------------------------------------------------------
  // Set-up: chart, opening balances, receivables settings, groups, units, vendors, budgets.

  private async setUp() {
    const { em, actor, profile } = this;
    for (const a of profile.chart) {
      const account = await createAccount(
        em,
        {
          number: a.number,
          name: a.name,
          type: a.type,
          fundType: a.fund,
          description: a.description,
          forecastRole: a.forecastRole ?? null,
        },
        actor,
      );
      this.accounts.set(a.number, account.id);
    }
    const settings = await receivablesSettings(em, actor);
    await updateReceivablesSettings(em, actor, {
      receivableAccountId: settings.receivableAccountId,
      prepaidAccountId: settings.prepaidAccountId,
      depositAccountId: this.account(profile.depositAccount),
    });
    await this.post([profile.opening(this.first)]);
    if (profile.undepositedAccount) {
      await setUndepositedFundsAccount(em, actor, this.account(profile.undepositedAccount));
    }

    for (const name of profile.propertyTypes) {
      this.propertyTypes.set(name, (await createPropertyType(em, actor, name)).id);
    }
    for (const spec of profile.groups) {
      const input = this.groupInput(spec, this.months[0]);
      const group = await createGroup(em, actor, input);
      this.groups.set(spec.name, { id: group.id, spec, rates: JSON.stringify(input.rates) });
    }

    const units = profile.units(this.rng.fork('units')).map((u) => portalUnit(profile.portal, u));
    const imported = await importUnits(
      em,
      actor,
      toCsv([
        [...UNIT_CSV_COLUMNS],
        ...units.map((u) => [
          u.number,
          u.address,
          u.ownerName,
          u.email,
          u.phone,
          u.propertyType,
          u.group,
        ]),
      ]),
    );
    if (imported.errors.length) {
      throw new Error(`Demo units refused: ${imported.errors.map((e) => e.message).join('; ')}`);
    }
    let after: string | null = null;
    do {
      const page = await listUnits(em, {}, 200, after);
      for (const { node } of page.edges) {
        const spec = units.find((u) => u.number === node.number)!;
        this.units.set(node.number, { ...spec, id: node.id });
      }
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    const owners = this.rng.fork('owners');
    for (const u of units) {
      const habit = profile.habit(u, owners);
      // An owner of the portal pays online every month, by card or on AutoPay (on the 1st).
      const online = portalMethod(profile.portal, u.number);
      // A scripted owner pays by check, a month at a time, and never strays on their own.
      this.habits.set(
        u.number,
        profile.scripts[u.number]
          ? {
              ...habit,
              method: PaymentMethod.CHECK,
              ahead: 'monthly',
              lateChance: 0,
              skipChance: 0,
            }
          : online
            ? {
                ...habit,
                method: online,
                day: online === PaymentMethod.ACH ? 1 : habit.day,
                ahead: 'monthly',
                lateChance: 0,
                skipChance: 0,
              }
            : habit,
      );
      this.checkNumbers.set(u.number, owners.int(1001, 4800));
    }
    await this.openingBalances(units);

    for (const v of profile.vendors) {
      const vendor = await createVendor(
        em,
        {
          name: v.name,
          contactName: v.contactName,
          email: v.email,
          phone: v.phone,
          address: v.address,
          taxId: v.taxId,
          is1099: v.is1099,
          defaultExpenseAccountId: this.account(v.account),
        },
        actor,
        this.services.secrets,
      );
      this.vendors.set(v.key, vendor.id);
    }

    // Last fiscal year's budget and this one's.
    for (const fy of [this.currentFiscalYear - 1, this.currentFiscalYear]) {
      const months = fiscalYear(fy, profile.fiscalYearStartMonth).months;
      const lines = profile.budget(fy, months, this);
      await saveBudget(
        em,
        actor,
        fy,
        lines.map((l) => ({ accountId: this.account(l.account), amounts: l.amounts })),
        profile.fiscalYearStartMonth,
      );
    }
  }

  // The units' balances brought from the prior system on the first day, through the opening
  // balances import: what some owners owed, and the credit of those who had paid ahead (the rest
  // of the quarter, or of the year).
  private async openingBalances(units: DemoUnit[]) {
    const first = this.months[0];
    const rows: [string, Cents][] = Object.entries(this.profile.arrears);
    for (const u of units) {
      if (u.number in this.profile.arrears) continue;
      const ahead = this.habits.get(u.number)!.ahead;
      const months =
        ahead === 'annual'
          ? first.month === 1
            ? 0
            : 13 - first.month
          : ahead === 'quarterly' && (first.month - 1) % 3 !== 0
            ? 3 - ((first.month - 1) % 3)
            : 0;
      if (months) rows.push([u.number, -months * this.charge(u.number, first)]);
    }
    if (!rows.length) return;
    const result = await importOpeningBalances(
      this.em,
      this.actor,
      toCsv([
        ['unit_number', 'amount', 'memo'],
        ...rows.map(([unit, amount]) => [
          unit,
          formatMoney(amount),
          amount < 0 ? 'Paid ahead (prior management company)' : 'Balance carried over',
        ]),
      ]),
      this.first,
    );
    if (result.errors.length) {
      throw new Error(
        `Demo opening balances refused: ${result.errors.map((e) => e.message).join('; ')}`,
      );
    }
  }

  private groupInput(spec: DemoGroup, m: DemoMonth): AssessmentGroupInput {
    return {
      name: spec.name,
      description: spec.description,
      frequency: AssessmentFrequency.MONTHLY,
      isDefault: spec.isDefault,
      dueDay: spec.dueDay,
      regularIncomeAccountId: this.account(spec.regularIncome),
      specialIncomeAccountId: this.account(spec.specialIncome),
      rates: spec.rates(m, this).map((r) => ({
        propertyTypeId: this.propertyTypes.get(r.propertyType)!,
        regular: r.regular,
        special: r.special,
      })),
      lateFee: {
        graceDays: spec.lateFee.graceDays,
        flatFee: spec.lateFee.flatFee,
        percent: spec.lateFee.percent,
        monthlyInterestPercent: spec.lateFee.monthlyInterestPercent,
        incomeAccountId: this.account(spec.lateFee.income),
      },
    };
  }

  // ------------------------------------------------------------------------------------------
  // Receivables, month by month.

  private async receivablesMonth(m: DemoMonth) {
    const { em, actor, profile, today } = this;
    for (const g of this.groups.values()) {
      const input = this.groupInput(g.spec, m);
      const rates = JSON.stringify(input.rates);
      if (rates !== g.rates) {
        await updateGroup(em, actor, g.id, input);
        g.rates = rates;
      }
    }
    await generateAssessmentInvoices(em, actor, m.key);
    const drafts = this.paymentDrafts(m);
    const events = profile.events
      .filter((e) => e.offset === m.offset && dayOf(m, e.day) <= today)
      .sort((a, b) => a.day - b.day);
    const lateDay = profile.lateFeeDay;
    await this.receive(drafts.filter((d) => d.day < lateDay));
    for (const e of events.filter((e) => e.day < lateDay)) await e.run(this, dayOf(m, e.day));
    const lateDate = dayOf(m, lateDay);
    if (lateDate <= today) await assessLateFees(em, actor, lateDate, today);
    await this.receive(drafts.filter((d) => d.day >= lateDay));
    for (const e of events.filter((e) => e.day >= lateDay)) await e.run(this, dayOf(m, e.day));
  }

  // Every owner's payments of the month (dated today or earlier).
  private paymentDrafts(m: DemoMonth): PaymentDraft[] {
    const drafts: PaymentDraft[] = [];
    for (const unit of this.units.values()) {
      const habit = this.habits.get(unit.number)!;
      const rng = this.rng.fork(`pay:${m.key}:${unit.number}`);
      const plans = this.profile.scripts[unit.number]?.(m, this) ?? this.usual(unit, habit, m, rng);
      for (const p of plans) {
        const date = dayOf(m, p.day);
        if (date > this.today) continue;
        drafts.push({
          unit,
          date,
          day: Math.min(p.day, m.days),
          amount: p.amount,
          extra: p.extra,
          method: habit.method,
        });
      }
    }
    return drafts;
  }

  private usual(unit: UnitRecord, habit: OwnerHabit, m: DemoMonth, rng: DemoRandom): PaymentPlan[] {
    const jitter = rng.int(-2, 3);
    const day = Math.max(1, Math.min(habit.day + jitter, this.profile.lateFeeDay - 1));
    const ahead =
      habit.ahead === 'quarterly' && (m.month - 1) % 3 === 0
        ? 2
        : habit.ahead === 'annual' && m.month === 1
          ? 11
          : 0;
    if (ahead) return [{ day, extra: ahead * this.charge(unit.number, m) }];
    if (rng.chance(habit.skipChance)) return [];
    if (rng.chance(habit.lateChance)) return [{ day: rng.int(this.profile.lateFeeDay + 1, 28) }];
    return [{ day }];
  }

  // One transaction per batch: the units locked, their open invoices read once, each payment
  // posted through the payments subledger (as recordPayment and the opening-balance import do).
  private async receive(drafts: PaymentDraft[]) {
    if (!drafts.length) return;
    drafts.sort(
      (a, b) => a.date.localeCompare(b.date) || a.unit.number.localeCompare(b.unit.number),
    );
    const depositAccountId = this.account(
      this.profile.undepositedAccount ?? this.profile.depositAccount,
    );
    await this.em.transactional(async (tx) => {
      const unitIds = [...new Set(drafts.map((d) => d.unit.id))];
      await lockUnits(tx, unitIds);
      const open = await openInvoices(tx, { unitIds });
      for (const d of drafts) {
        // Each draft's own unit's invoices, as they stand after its earlier payments.
        const targets = open.filter((i) => i.unit_id === d.unit.id && i.balance > 0);
        const balance = targets.reduce((s, i) => s + i.balance, 0);
        const amount = d.amount ?? balance + (d.extra ?? 0);
        if (amount <= 0) continue;
        const check = this.checkNumbers.get(d.unit.number)!;
        if (d.method === PaymentMethod.CHECK) this.checkNumbers.set(d.unit.number, check + 1);
        const id = await postPayment(tx, this.actor, {
          unitId: d.unit.id,
          unitNumber: d.unit.number,
          date: d.date,
          amount,
          method: d.method,
          reference:
            d.method === PaymentMethod.CHECK
              ? `Check ${check}`
              : d.method === PaymentMethod.ACH
                ? 'Autopay'
                : null,
          depositAccountId,
          targets,
        });
        // What it paid is no longer open for a later payment of the batch.
        let left = amount;
        for (const t of targets) {
          const paid = Math.min(t.balance, left);
          t.balance -= paid;
          left -= paid;
        }
        this.payments.set(`${d.unit.number}|${d.date}`, id);
        this.paymentCount++;
      }
    });
  }

  // Receivables events use these.

  paymentOf(unit: string, date: string): string {
    const id = this.payments.get(`${unit}|${date}`);
    if (!id) throw new Error(`Demo unit ${unit} made no payment on ${date}`);
    return id;
  }

  async voidPayment(unit: string, paidOn: string, date: string) {
    await voidPayment(this.em, this.actor, this.paymentOf(unit, paidOn), date);
  }

  async chargeFee(unit: string, date: string, account: string, amount: Cents, description: string) {
    await createInvoice(this.em, this.actor, {
      unitId: this.unit(unit).id,
      issueDate: date,
      dueDate: date,
      memo: description,
      lines: [{ description, accountId: this.account(account), amount }],
    });
  }

  // Writes off everything the unit still owes (each open invoice) to the bad-debt account.
  async writeOffUnit(unit: string, date: string, account: string, memo: string) {
    const open = await openInvoices(this.em, { unitIds: [this.unit(unit).id] });
    for (const inv of open) {
      await writeOffInvoice(this.em, this.actor, {
        invoiceId: inv.id,
        accountId: this.account(account),
        date,
        memo,
      });
    }
  }

  async changeOwner(unit: string, owner: Pick<DemoUnit, 'ownerName' | 'email' | 'phone'>) {
    const u = this.unit(unit);
    Object.assign(u, owner);
    await updateUnit(this.em, this.actor, u.id, {
      number: u.number,
      address: u.address,
      ownerName: u.ownerName,
      email: u.email,
      phone: u.phone,
      propertyTypeId: this.propertyTypes.get(u.propertyType)!,
      assessmentGroupId: this.groups.get(u.group)!.id,
    });
  }

  // ------------------------------------------------------------------------------------------
  // The journal: bills, transfers and statement items, posted in multi-entry batches.

  private async postJournal() {
    const postings: DemoPosting[] = [];
    for (const m of this.months) {
      postings.push(...this.profile.journal(m, this.rng.fork(`journal:${m.key}`), this));
      if (m.offset < Math.min(...this.profile.actualsOffsets)) {
        postings.push(...this.statementEntries(m));
      }
    }
    // Vendors' bills of the recent months went through payables (demo-payables.ts), the rest
    // through the journal as they were paid.
    const { journal, bills } = takeBillable(this, postings);
    const due = journal.filter((p) => p.date <= this.today);
    due.sort((a, b) => a.date.localeCompare(b.date));
    // A few hundred entries per posting keeps each statement's parameters small.
    for (let i = 0; i < due.length; i += 250) await this.post(due.slice(i, i + 250));
    await demoPayables(this, bills, this.board);
  }

  private statementEntries(m: DemoMonth): DemoPosting[] {
    const items = this.profile.statement(m, this.rng.fork(`statement:${m.key}`));
    const byCash = new Map<string, StatementItem[]>();
    for (const item of items) byCash.set(item.cash, [...(byCash.get(item.cash) ?? []), item]);
    return [...byCash].map(([cash, list]) => {
      const lines: DemoLine[] = [];
      let net = 0;
      for (const item of list) {
        const expense =
          this.profile.chart.find((a) => a.number === item.account)!.type === AccountType.EXPENSE;
        lines.push(
          expense
            ? { account: item.account, debit: item.amount }
            : { account: item.account, credit: item.amount },
        );
        net += expense ? -item.amount : item.amount;
      }
      lines.push(net >= 0 ? { account: cash, debit: net } : { account: cash, credit: -net });
      return {
        date: dayOf(m, 31),
        memo: `Bank statement ${monthLabel(m)}: interest and charges`,
        lines: lines.filter((l) => (l.debit ?? l.credit) !== 0),
      };
    });
  }

  // Posts through the journal service in one transaction; the entries' ids by tag.
  async post(postings: DemoPosting[]): Promise<string[]> {
    if (!postings.length) return [];
    const ids = await postJournalEntries(
      this.em,
      this.actor,
      postings.map((p): Posting => ({
        input: {
          date: p.date,
          memo: p.memo,
          vendorId: p.vendor ? this.vendor(p.vendor) : null,
          lines: p.lines.map((l): JournalLineInput => ({
            accountId: this.account(l.account),
            debit: l.debit || null,
            credit: l.credit || null,
            memo: l.memo ?? null,
          })),
        },
      })),
    );
    postings.forEach((p, i) => {
      if (p.tag) {
        const first = p.lines[0];
        this.tagged.set(p.tag, {
          id: ids[i],
          date: p.date,
          amount: first.debit || first.credit || 0,
        });
      }
    });
    this.entryCount += ids.length;
    return ids;
  }

  // The statement figures of the recent months, saved through Monthly Actuals (one save per
  // calendar year, as the grid saves them).
  private async enterActuals() {
    const months = this.months.filter((m) => this.profile.actualsOffsets.includes(m.offset));
    const years = [...new Set(months.map((m) => m.year))];
    for (const year of years) {
      const input = months
        .filter((m) => m.year === year)
        .map((m) => ({
          month: m.month,
          lines: this.profile
            .statement(m, this.rng.fork(`statement:${m.key}`))
            .map((s) => ({ accountId: this.account(s.account), amount: s.amount })),
        }));
      await saveMonthlyActuals(this.em, this.actor, year, input);
    }
  }

  // ------------------------------------------------------------------------------------------
  // Finishing touches the profile asks for.

  tag(tag: string): TaggedEntry | null {
    return this.tagged.get(tag) ?? null;
  }

  async reverse(tag: string, date: string, memo: string) {
    const entry = this.tag(tag);
    if (!entry || date > this.today) return;
    await reverseJournalEntry(this.em, this.actor, entry.id, date, memo);
    this.entryCount++;
  }

  async attach(tag: string, filename: string, title: string, lines: string[]) {
    const entry = this.tag(tag);
    if (!entry) return;
    // The attachments service takes the request's context: the tenant, the caller and the
    // services, as a GraphQL upload would give it.
    const ctx = {
      em: this.em,
      org: this.tenant.org,
      auth: this.actor,
      services: this.services,
    } as Pick<Context, 'em' | 'org' | 'auth' | 'services'> as Context;
    await uploadAttachment(ctx, entry.id, asUpload(filename, onePagePdf(title, lines)));
  }
}
