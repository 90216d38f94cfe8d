import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput } from '../../core/errors/app-error.js';
import type { Cents } from '../../core/money/money.js';
import { accountSummary, AccountType, FundType } from '../accounts/index.js';
import { assertYear } from '../budgets/index.js';
import { type BvaRow, budgetAndLedgerByMonth } from './budget-vs-actual.repository.js';
import type {
  BudgetVsActual,
  BudgetVsActualFigures,
  BudgetVsActualMonth,
  BudgetVsActualRow,
} from './budget-vs-actual.types.js';

export interface BudgetVsActualOptions {
  year: number;
  // The period: the whole year without a month; the month alone, or January through it (yearToDate).
  month?: number | null;
  yearToDate?: boolean;
  fundType?: FundType | null;
}

export function figures(
  budget: Cents,
  actual: Cents,
  type: AccountType | 'net',
): BudgetVsActualFigures {
  const variance = actual - budget;
  return {
    budget,
    actual,
    variance,
    variancePercent: budget === 0 ? null : Math.round((variance / Math.abs(budget)) * 1000) / 10,
    favourable: type === AccountType.EXPENSE ? variance <= 0 : variance >= 0,
  };
}

const FUND_ORDER = [FundType.OPERATING, FundType.RESERVE];
const TYPE_ORDER = [AccountType.INCOME, AccountType.EXPENSE];

export async function budgetVsActual(
  em: EntityManager,
  opts: BudgetVsActualOptions,
): Promise<BudgetVsActual> {
  const { year } = opts;
  assertYear(year);
  const month = opts.month ?? null;
  if (month !== null && (!Number.isInteger(month) || month < 1 || month > 12)) {
    throw badInput(
      [{ field: 'month', message: 'Use a month from 1 to 12' }],
      'Use a month from 1 to 12',
    );
  }
  const fromMonth = month === null || opts.yearToDate ? 1 : month;
  const toMonth = month ?? 12;
  const fund = opts.fundType ?? null;
  const rows = await budgetAndLedgerByMonth(em, year, fund);

  const months: BudgetVsActualMonth[] = Array.from({ length: 12 }, (_, i) => ({
    month: i + 1,
    incomeBudget: 0,
    incomeActual: 0,
    expenseBudget: 0,
    expenseActual: 0,
  }));
  const accounts = new Map<string, { row: BvaRow; budget: Cents; actual: Cents; any: boolean }>();
  for (const r of rows) {
    const acc = accounts.get(r.id) ?? { row: r, budget: 0, actual: 0, any: false };
    accounts.set(r.id, acc);
    if (r.month === null) continue;
    const budget = Number(r.budget);
    const net = Number(r.debit) - Number(r.credit);
    const actual = r.type === AccountType.EXPENSE ? net : -net;
    const m = months[r.month - 1];
    if (r.type === AccountType.INCOME) {
      m.incomeBudget += budget;
      m.incomeActual += actual;
    } else {
      m.expenseBudget += budget;
      m.expenseActual += actual;
    }
    if (r.month >= fromMonth && r.month <= toMonth) {
      acc.budget += budget;
      acc.actual += actual;
      acc.any ||= budget !== 0 || actual !== 0;
    }
  }
  const out: BudgetVsActualRow[] = [...accounts.values()]
    .filter((a) => !a.row.archived || a.any)
    .map(({ row: r, budget, actual }) => ({
      accountId: r.id,
      ...accountSummary(r),
      ...figures(budget, actual, r.type),
    }))
    .sort(
      (a, b) =>
        FUND_ORDER.indexOf(a.fundType) - FUND_ORDER.indexOf(b.fundType) ||
        TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type) ||
        a.number.localeCompare(b.number),
    );
  const sum = (xs: BudgetVsActualRow[]) =>
    xs.reduce((s, r) => ({ b: s.b + r.budget, a: s.a + r.actual }), { b: 0, a: 0 });
  const subtotals = FUND_ORDER.flatMap((fundType) =>
    TYPE_ORDER.flatMap((type) => {
      const xs = out.filter((r) => r.fundType === fundType && r.type === type);
      if (!xs.length) return [];
      const s = sum(xs);
      return [{ fundType, type, ...figures(s.b, s.a, type) }];
    }),
  );
  const income = sum(out.filter((r) => r.type === AccountType.INCOME));
  const expense = sum(out.filter((r) => r.type === AccountType.EXPENSE));
  return {
    year,
    fromMonth,
    toMonth,
    fundType: fund,
    rows: out,
    subtotals,
    totalIncome: figures(income.b, income.a, AccountType.INCOME),
    totalExpense: figures(expense.b, expense.a, AccountType.EXPENSE),
    net: figures(income.b - expense.b, income.a - expense.a, 'net'),
    months,
  };
}
