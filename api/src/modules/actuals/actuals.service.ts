import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { badInput, type FieldDetail, notFound } from '../../core/errors/app-error.js';
import { isId, newIds } from '../../core/ids.js';
import { formatMoney, MAX_AMOUNT, sumCents, toTotal, type Total } from '../../core/money/money.js';
import { AccountType, FundType } from '../accounts/index.js';
import { recordTenantAudit } from '../audit/index.js';
import {
  assertYear,
  type LedgerAccount,
  loadAccounts,
  MONTH_LABELS,
  plAccountProblem,
} from '../budgets/index.js';
import {
  controlAccountMessages,
  EntryOwnerType,
  EntrySource,
  findJournalEntries,
  type JournalEntry,
  type JournalLineInput,
  postJournalEntries,
  type Posting,
} from '../journal/index.js';
import {
  insertMonth,
  lockActuals,
  type MonthSumRow,
  selectActualsMonths,
  selectCashAccountSetting,
  selectCashAccountSettings,
  selectLedgerMonths,
  selectMonthEntries,
  selectMonthId,
  selectMonths,
  touchMonth,
  upsertCashAccountSetting,
} from './actuals.repository.js';
import type { MonthlyActualsMonthInput } from './actuals.inputs.js';
import type { ActualsCashAccount, MonthlyActualLine, MonthlyActuals } from './actuals.types.js';

// Monthly Actuals is a view of the ledger, not a second set of books.
// - A cell is the ledger's figure for the account and month: every posting to the account dated
//   in the month, from any source (manual entries, invoices, payments, imports, these adjustments),
//   net of reversals, on the account's natural side (expense debit − credit, income credit −
//   debit). It comes from the journal's monthly totals, so the grid never holds a figure the
//   ledger does not, and a posting made after a save shows up in it.
// - A save brings each figure given to the ledger: per month and fund it posts ONE NEW entry with
//   only the differences (target − the ledger's figure, read under the save lock) against the
//   fund's cash account, dated the month's last day, reconciled, source MONTHLY_ACTUALS, owned by
//   the month. Nothing is reversed: the journal stays append-only and the month's list of entries
//   grows by one per fund per save that changed it. Figures the ledger already holds post nothing.
//   Entries of earlier versions (a month's entry and the reversal of it at each re-save) stay in
//   the ledger and are simply part of its figures.
// - The owned entries cannot be reversed by hand (the journal refuses, naming the month): the way
//   to change a month is to type the figure it should hold, which posts the difference.
// - Totals are additive: a posting from elsewhere that commits while a save runs lands on top of
//   the save's figure, as if it had been posted just after it, and is then what the grid shows.

const FUNDS = [FundType.OPERATING, FundType.RESERVE];
const FUND_LABEL: Record<FundType, string> = {
  [FundType.OPERATING]: 'operating fund',
  [FundType.RESERVE]: 'reserve fund',
};

const monthDate = (year: number, month: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
const lastDay = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
const monthLabel = (year: number, month: number) => `${MONTH_LABELS[month - 1]} ${year}`;

// A ledger sum on the account's natural side: expense debit − credit, income credit − debit.
const natural = (type: AccountType, r: Pick<MonthSumRow, 'debit' | 'credit'>): Total => {
  const net = toTotal(r.debit) - toTotal(r.credit);
  return type === AccountType.EXPENSE ? net : -net;
};

// Each fund's cash account: the one set in the settings, else the fund's first cash-like asset
// account (by number), else its first asset account. Control accounts (the receivable account,
// the interfund accounts the ledger keeps) are never candidates.
export async function cashAccounts(
  em: EntityManager,
  accounts?: LedgerAccount[],
): Promise<ActualsCashAccount[]> {
  const all = accounts ?? (await loadAccounts(em));
  const byId = new Map(all.map((a) => [a.id, a]));
  const set = await selectCashAccountSettings(em);
  const control = await controlAccountMessages(em);
  return FUNDS.map((fundType) => {
    const chosen = byId.get(set.find((s) => s.fund_type === fundType)?.account_id ?? '');
    const assets = all
      .filter(
        (a) =>
          a.type === AccountType.ASSET &&
          a.fundType === fundType &&
          !a.archived &&
          !control.has(a.id),
      )
      .sort((a, b) => a.number.localeCompare(b.number));
    const account =
      chosen ?? assets.find((a) => /cash|checking|bank|operating/i.test(a.name)) ?? assets[0];
    return {
      fundType,
      accountId: account?.id ?? null,
      number: account?.number ?? null,
      name: account?.name ?? null,
      isDefault: !chosen,
      candidateIds: assets.map((a) => a.id),
    };
  });
}

export async function setCashAccount(
  em: EntityManager,
  actor: AuthInfo | null,
  fundType: FundType,
  accountId: string,
): Promise<ActualsCashAccount[]> {
  const accounts = await loadAccounts(em);
  const account = isId(accountId) ? accounts.find((a) => a.id === accountId) : undefined;
  if (!account) throw notFound('Account');
  const problem =
    (await controlAccountMessages(em)).get(account.id) ??
    (account.type !== AccountType.ASSET
      ? `Account ${account.number} ${account.name} is not an asset account`
      : account.fundType !== fundType
        ? `Account ${account.number} ${account.name} belongs to the ${FUND_LABEL[account.fundType]}`
        : account.archived
          ? `Account ${account.number} ${account.name} is archived`
          : null);
  if (problem) throw badInput([{ field: 'accountId', message: problem }], problem);
  await em.transactional(async (tx) => {
    const before = await selectCashAccountSetting(tx, fundType);
    await upsertCashAccountSetting(tx, fundType, accountId);
    await recordTenantAudit(tx, actor, {
      entityType: 'ActualsCashAccount',
      entityId: accountId,
      action: 'set',
      changes: {
        fundType,
        accountId: { before, after: accountId },
      },
    });
  });
  return cashAccounts(em, accounts);
}

// The ledger's figure of every income/expense account and month of the year with postings, on
// the account's natural side, keyed `${accountId}:${month}`.
async function ledgerFigures(
  em: EntityManager,
  year: number,
  accounts: Map<string, LedgerAccount>,
  read: typeof selectLedgerMonths,
): Promise<Map<string, Total>> {
  const rows = await read(em, monthDate(year, 1), monthDate(year + 1, 1));
  const out = new Map<string, Total>();
  for (const r of rows) {
    const account = accounts.get(r.account_id);
    if (account) out.set(`${r.account_id}:${r.month}`, natural(account.type, r));
  }
  return out;
}

export async function getMonthlyActuals(em: EntityManager, year: number): Promise<MonthlyActuals> {
  assertYear(year);
  const from = monthDate(year, 1);
  const to = monthDate(year + 1, 1);
  const allAccounts = await loadAccounts(em);
  const accounts = new Map(allAccounts.map((a) => [a.id, a]));
  const ledger = await ledgerFigures(em, year, accounts, selectLedgerMonths);
  const own = await ledgerFigures(em, year, accounts, selectActualsMonths);
  const months = await selectMonths(em, from, to);
  const owned = await selectMonthEntries(em, from, to);
  const entries = await findJournalEntries(
    em,
    owned.map((l) => l.entry_id),
  );
  const ids = new Set([...ledger.keys(), ...own.keys()].map((k) => k.split(':')[0]));
  const lines: MonthlyActualLine[] = [...ids]
    .map((id) => accounts.get(id)!)
    .sort((a, b) => a.number.localeCompare(b.number))
    .flatMap((account) => {
      const cell = (m: Map<string, Total>, i: number) => m.get(`${account.id}:${i + 1}`) ?? 0n;
      const amounts = MONTH_LABELS.map((_, i) => cell(ledger, i));
      const fromActuals = MONTH_LABELS.map((_, i) => cell(own, i));
      if (![...amounts, ...fromActuals].some((x) => x !== 0n)) return [];
      return [
        {
          accountId: account.id,
          amounts,
          fromActuals,
          fromOtherSources: amounts.map((x, i) => x - fromActuals[i]),
          total: sumCents(amounts),
        },
      ];
    });
  return {
    year,
    lines,
    months: MONTH_LABELS.map((_, i) => {
      const m = months.find((x) => x.month === i + 1);
      return {
        month: i + 1,
        saved: !!m,
        entries: owned.filter((l) => l.month === i + 1).map((l) => entries.get(l.entry_id)!),
        updatedAt: m ? new Date(m.updated_at) : null,
      };
    }),
    cashAccounts: await cashAccounts(em, allAccounts),
  };
}

// `amount` on a debit (positive) or a credit (negative), in lines of at most MAX_AMOUNT (the
// largest single amount): a difference is a sum and may exceed it.
function linesOf(accountId: string, amount: Total): JournalLineInput[] {
  const out: JournalLineInput[] = [];
  let rest = amount < 0n ? -amount : amount;
  while (rest > 0n) {
    const part = Number(rest > BigInt(MAX_AMOUNT) ? BigInt(MAX_AMOUNT) : rest);
    out.push(amount > 0n ? { accountId, debit: part } : { accountId, credit: part });
    rest -= BigInt(part);
  }
  return out;
}

// The adjustment of one fund for one month: each account's difference on its natural side
// (income credit, expense debit; a decrease on the other side), by account number, and the net
// against the fund's cash account.
function adjustmentLines(
  differences: Map<string, Total>,
  accounts: Map<string, LedgerAccount>,
  cashAccountId: string,
): JournalLineInput[] {
  const lines: JournalLineInput[] = [];
  let net = 0n; // debit − credit of the account lines; cash takes the opposite
  const ordered = [...differences].sort((a, b) =>
    accounts.get(a[0])!.number.localeCompare(accounts.get(b[0])!.number),
  );
  for (const [accountId, difference] of ordered) {
    const debit = accounts.get(accountId)!.type === AccountType.EXPENSE ? difference : -difference;
    net += debit;
    lines.push(...linesOf(accountId, debit));
  }
  lines.push(...linesOf(cashAccountId, -net));
  return lines;
}

interface MonthPlan {
  month: number;
  monthId: string;
  created: boolean;
  changes: { number: string; before: string; after: string }[];
  post: { fund: FundType; lines: JournalLineInput[] }[];
}

// Where a save posts: the accounts by id, each fund's cash account, and the control accounts
// (with the message refusing a posting to each).
interface SaveContext {
  accounts: Map<string, LedgerAccount>;
  cash: ActualsCashAccount[];
  control: Map<string, string>;
}

// Brings the figures given to the ledger: per month and fund, one new entry with the differences.
export async function saveMonthlyActuals(
  em: EntityManager,
  actor: AuthInfo | null,
  year: number,
  input: MonthlyActualsMonthInput[],
): Promise<{ actuals: MonthlyActuals; posted: JournalEntry[] }> {
  assertYear(year);
  const allAccounts = await loadAccounts(em);
  const accounts = new Map(allAccounts.map((a) => [a.id, a]));
  checkActualsInput(year, input, accounts);
  const context: SaveContext = {
    accounts,
    cash: await cashAccounts(em, allAccounts),
    control: await controlAccountMessages(em),
  };
  const posted = await em.transactional(async (tx) => {
    // One save at a time per association, and the ledger read after the lock: a save's
    // differences are taken against what the previous save left.
    await lockActuals(tx);
    const ledger = await ledgerFigures(tx, year, accounts, selectLedgerMonths);
    const plans = await planMonths(tx, year, input, ledger, context);
    const { ids, targets } = await postAdjustments(tx, actor, year, plans);
    await recordMonths(tx, actor, year, plans, targets, ids);
    return ids;
  });
  const byId = await findJournalEntries(em, posted);
  return {
    actuals: await getMonthlyActuals(em, year),
    posted: posted.map((id) => byId.get(id)!),
  };
}

// Step 1, before the lock: each month a month of the year and listed once, each line an income
// or expense account listed once in its month.
function checkActualsInput(
  year: number,
  input: MonthlyActualsMonthInput[],
  accounts: Map<string, LedgerAccount>,
): void {
  const details: FieldDetail[] = [];
  const missing: FieldDetail[] = [];
  const seenMonths = new Set<number>();
  input.forEach((m, k) => {
    if (!Number.isInteger(m.month) || m.month < 1 || m.month > 12) {
      details.push({ field: `months.${k}.month`, message: 'Use a month from 1 to 12' });
    } else if (seenMonths.has(m.month)) {
      details.push({
        field: `months.${k}.month`,
        message: `${monthLabel(year, m.month)} is listed twice`,
      });
    }
    seenMonths.add(m.month);
    const seen = new Set<string>();
    m.lines.forEach((l, i) => {
      const field = `months.${k}.lines.${i}.accountId`;
      const account = isId(l.accountId) ? accounts.get(l.accountId) : undefined;
      if (!account) return void missing.push({ field, message: 'Account not found' });
      // The type only: an archived account is refused below when its figure would change.
      const problem = plAccountProblem(account, []);
      if (problem) details.push({ field, message: problem });
      if (seen.has(l.accountId)) {
        details.push({ field, message: `Account ${account.number} is listed twice for the month` });
      }
      seen.add(l.accountId);
    });
  });
  if (missing.length) throw notFound('Account', missing);
  if (details.length) throw badInput(details, details[0].message);
}

// Step 2, under the lock: what each month changes against the ledger's figures, in month order,
// and the adjustment lines of each fund that changes. Refused as a whole when an archived account's
// figure would change or a fund has no cash account it can post to.
async function planMonths(
  tx: EntityManager,
  year: number,
  input: MonthlyActualsMonthInput[],
  ledger: Map<string, Total>,
  context: SaveContext,
): Promise<MonthPlan[]> {
  const problems: FieldDetail[] = [];
  const plans: MonthPlan[] = [];
  const order = input.map((m, k) => ({ m, k })).sort((a, b) => a.m.month - b.m.month);
  for (const { m, k } of order) {
    const { differences, changes } = monthDifferences(m, k, ledger, context.accounts, problems);
    if (!changes.length) continue;
    const post: MonthPlan['post'] = [];
    for (const fund of FUNDS.filter((f) => differences.has(f))) {
      const cashAccountId = postableCashAccount(fund, context, problems);
      if (cashAccountId) {
        post.push({
          fund,
          lines: adjustmentLines(differences.get(fund)!, context.accounts, cashAccountId),
        });
      }
    }
    const found = await selectMonthId(tx, monthDate(year, m.month));
    plans.push({
      month: m.month,
      monthId: found ?? newIds(1)[0],
      created: !found,
      changes,
      post,
    });
  }
  if (problems.length) throw badInput(problems, problems[0].message);
  return plans;
}

// A month's figures against the ledger's: the difference of each account that changes, by fund,
// and the change in words for the audit trail. An archived account's change is a problem.
function monthDifferences(
  m: MonthlyActualsMonthInput,
  k: number,
  ledger: Map<string, Total>,
  accounts: Map<string, LedgerAccount>,
  problems: FieldDetail[],
): { differences: Map<FundType, Map<string, Total>>; changes: MonthPlan['changes'] } {
  const differences = new Map<FundType, Map<string, Total>>();
  const changes: MonthPlan['changes'] = [];
  m.lines.forEach((l, i) => {
    const account = accounts.get(l.accountId)!;
    const before = ledger.get(`${l.accountId}:${m.month}`) ?? 0n;
    const difference = toTotal(l.amount) - before;
    if (difference === 0n) return;
    if (account.archived) {
      problems.push({
        field: `months.${k}.lines.${i}.accountId`,
        message: `Account ${account.number} ${account.name} is archived and takes no new postings`,
      });
    }
    const fund = differences.get(account.fundType) ?? new Map<string, Total>();
    fund.set(l.accountId, difference);
    differences.set(account.fundType, fund);
    changes.push({
      number: account.number,
      before: formatMoney(before),
      after: formatMoney(l.amount),
    });
  });
  return { differences, changes };
}

// The fund's cash account when actuals can post against it; otherwise null, and the reason is a
// problem (once per fund, however many months need it).
function postableCashAccount(
  fund: FundType,
  context: SaveContext,
  problems: FieldDetail[],
): string | null {
  const cashAccount = context.cash.find((c) => c.fundType === fund)!;
  const field = `cashAccount.${fund.toUpperCase()}`;
  const chosen = cashAccount.accountId ? context.accounts.get(cashAccount.accountId) : undefined;
  const problem = !chosen
    ? `The ${FUND_LABEL[fund]} has no asset account to post actuals against; create one or choose one in the settings`
    : chosen.archived
      ? `The ${FUND_LABEL[fund]}'s cash account ${chosen.number} is archived; choose another one`
      : context.control.has(chosen.id)
        ? `The ${FUND_LABEL[fund]}'s cash account ${chosen.number} is a control account (${context.control.get(chosen.id)}); choose another one`
        : null;
  if (!problem) return chosen!.id;
  if (!problems.some((p) => p.field === field)) problems.push({ field, message: problem });
  return null;
}

// Step 3: the months new to the books are created, and every fund's adjustment is posted as one
// entry dated the month's last day, owned by the month (only Monthly Actuals changes what they
// hold). `targets[i]` is what `ids[i]` was posted for.
async function postAdjustments(
  tx: EntityManager,
  actor: AuthInfo | null,
  year: number,
  plans: MonthPlan[],
): Promise<{ ids: string[]; targets: { plan: MonthPlan; fund: FundType }[] }> {
  const postings: Posting[] = [];
  const targets: { plan: MonthPlan; fund: FundType }[] = [];
  for (const plan of plans) {
    if (plan.created) await insertMonth(tx, plan.monthId, monthDate(year, plan.month));
    for (const p of plan.post) {
      postings.push({
        input: {
          date: lastDay(year, plan.month),
          memo: `Monthly actuals, ${monthLabel(year, plan.month)} (${FUND_LABEL[p.fund]}): adjustment to the figures entered`,
          lines: p.lines,
        },
        opts: {
          source: EntrySource.MONTHLY_ACTUALS,
          reconciled: true,
          owner: { type: EntryOwnerType.MONTHLY_ACTUALS, id: plan.monthId },
        },
      });
      targets.push({ plan, fund: p.fund });
    }
  }
  const ids = postings.length ? await postJournalEntries(tx, actor, postings) : [];
  return { ids, targets };
}

// Step 4: each saved month is touched and audited with what changed and the entries it posted.
async function recordMonths(
  tx: EntityManager,
  actor: AuthInfo | null,
  year: number,
  plans: MonthPlan[],
  targets: { plan: MonthPlan; fund: FundType }[],
  ids: string[],
): Promise<void> {
  for (const plan of plans) {
    await touchMonth(tx, plan.monthId);
    await recordTenantAudit(tx, actor, {
      entityType: 'MonthlyActuals',
      entityId: plan.monthId,
      action: plan.created ? 'create' : 'update',
      changes: {
        month: monthDate(year, plan.month).slice(0, 7),
        accounts: plan.changes,
        posted: targets.flatMap((t, i) => (t.plan === plan ? [ids[i]] : [])),
      },
    });
  }
}
