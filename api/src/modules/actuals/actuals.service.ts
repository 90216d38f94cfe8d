import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { badInput, type FieldDetail, notFound } from '../../core/errors/app-error.js';
import { isId, newIds } from '../../core/ids.js';
import { formatMoney, sumCents, toCents, type Cents } from '../../core/money/money.js';
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
  deleteMonthEntries,
  insertMonth,
  insertMonthEntry,
  lockActuals,
  replaceMonthAmounts,
  selectAmounts,
  selectCashAccountSetting,
  selectCashAccountSettings,
  selectLiveEntries,
  selectMonthAmounts,
  selectMonthEntries,
  selectMonthId,
  selectMonths,
  touchMonth,
  upsertCashAccountSetting,
} from './actuals.repository.js';
import type { MonthlyActualsMonthInput } from './actuals.inputs.js';
import type { ActualsCashAccount, MonthlyActuals } from './actuals.types.js';

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

// Each fund's cash account: the one set in the settings, else the fund's first cash-like asset
// account (by number), else its first asset account.
export async function cashAccounts(
  em: EntityManager,
  accounts?: LedgerAccount[],
): Promise<ActualsCashAccount[]> {
  const all = accounts ?? (await loadAccounts(em));
  const byId = new Map(all.map((a) => [a.id, a]));
  const set = await selectCashAccountSettings(em);
  // A control account (the receivable account) takes only its subledger's postings.
  const control = await controlAccountMessages(em);
  return FUNDS.map((fundType) => {
    const chosen = byId.get(set.find((s) => s.fund_type === fundType)?.account_id ?? '');
    const assets = all.filter(
      (a) =>
        a.type === AccountType.ASSET &&
        a.fundType === fundType &&
        !a.archived &&
        !control.has(a.id),
    );
    const account =
      chosen ?? assets.find((a) => /cash|checking|bank|operating/i.test(a.name)) ?? assets[0];
    return {
      fundType,
      accountId: account?.id ?? null,
      number: account?.number ?? null,
      name: account?.name ?? null,
      isDefault: !chosen,
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

export async function getMonthlyActuals(em: EntityManager, year: number): Promise<MonthlyActuals> {
  assertYear(year);
  const from = monthDate(year, 1);
  const to = monthDate(year + 1, 1);
  const months = await selectMonths(em, from, to);
  const amounts = await selectAmounts(em, from, to);
  const live = await selectLiveEntries(em, from, to);
  const entries = await findJournalEntries(
    em,
    live.map((l) => l.entry_id),
  );
  const lines = new Map<string, Cents[]>();
  for (const a of amounts) {
    const row = lines.get(a.account_id) ?? Array(12).fill(0);
    row[a.month - 1] = toCents(a.amount);
    lines.set(a.account_id, row);
  }
  return {
    year,
    lines: [...lines].map(([accountId, xs]) => ({
      accountId,
      amounts: xs,
      total: sumCents(xs),
    })),
    months: MONTH_LABELS.map((_, i) => {
      const m = months.find((x) => x.month === i + 1);
      return {
        month: i + 1,
        saved: !!m,
        entries: live.filter((l) => l.month === i + 1).map((l) => entries.get(l.entry_id)!),
        updatedAt: m ? new Date(m.updated_at) : null,
      };
    }),
    cashAccounts: await cashAccounts(em),
  };
}

// The entry of one fund for one month: each account on its natural side (income credit, expense
// debit; a negative amount on the other side) and the net against the fund's cash account.
function fundEntryLines(
  amounts: Map<string, Cents>,
  accounts: Map<string, LedgerAccount>,
  cashAccountId: string,
): JournalLineInput[] {
  const lines: JournalLineInput[] = [];
  let net = 0; // debit − credit of the account lines; cash takes the opposite
  const ordered = [...amounts].sort((a, b) =>
    accounts.get(a[0])!.number.localeCompare(accounts.get(b[0])!.number),
  );
  for (const [accountId, amount] of ordered) {
    if (amount === 0) continue;
    const debit = accounts.get(accountId)!.type === AccountType.EXPENSE ? amount : -amount;
    net += debit;
    lines.push(debit > 0 ? { accountId, debit } : { accountId, credit: -debit });
  }
  if (net > 0) lines.push({ accountId: cashAccountId, credit: net });
  if (net < 0) lines.push({ accountId: cashAccountId, debit: -net });
  return lines;
}

interface MonthPlan {
  month: number;
  monthId: string;
  created: boolean;
  changes: { number: string; before: string; after: string }[];
  upserts: { accountId: string; amount: Cents }[];
  reverse: { fund: FundType; entryId: string }[];
  post: { fund: FundType; lines: JournalLineInput[] }[];
}

// Saves the months given. For each fund whose amounts changed in a month: the live entry is
// reversed and a new one posted (dated the month's last day, reconciled), in one transaction with
// the amounts, so the ledger's history stays intact and the month holds exactly the new amounts.
export async function saveMonthlyActuals(
  em: EntityManager,
  actor: AuthInfo | null,
  year: number,
  input: MonthlyActualsMonthInput[],
): Promise<{ actuals: MonthlyActuals; posted: JournalEntry[] }> {
  assertYear(year);
  const allAccounts = await loadAccounts(em);
  const accounts = new Map(allAccounts.map((a) => [a.id, a]));
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
      const problem = plAccountProblem(account, [l.amount]);
      if (problem) details.push({ field, message: problem });
      if (seen.has(l.accountId)) {
        details.push({ field, message: `Account ${account.number} is listed twice for the month` });
      }
      seen.add(l.accountId);
    });
  });
  if (missing.length) throw notFound('Account', missing);
  if (details.length) throw badInput(details, details[0].message);

  const cash = await cashAccounts(em, allAccounts);
  const posted = await em.transactional(async (tx) => {
    // One save at a time per association: two people saving the same month must not both
    // reverse the same entry.
    await lockActuals(tx);
    const plans: MonthPlan[] = [];
    for (const m of [...input].sort((a, b) => a.month - b.month)) {
      const found = await selectMonthId(tx, monthDate(year, m.month));
      const row = found ? { id: found, created: false } : { id: newIds(1)[0], created: true };
      const current = new Map(
        (found ? await selectMonthAmounts(tx, row.id) : []).map((r) => [
          r.account_id,
          toCents(r.amount),
        ]),
      );
      const liveEntries = await selectMonthEntries(tx, row.id);
      const next = new Map(current);
      const plan: MonthPlan = {
        month: m.month,
        monthId: row.id,
        created: row.created,
        changes: [],
        upserts: [],
        reverse: [],
        post: [],
      };
      for (const l of m.lines) {
        const before = current.get(l.accountId) ?? 0;
        if (before === l.amount) continue;
        next.set(l.accountId, l.amount);
        plan.upserts.push({ accountId: l.accountId, amount: l.amount });
        plan.changes.push({
          number: accounts.get(l.accountId)!.number,
          before: formatMoney(before),
          after: formatMoney(l.amount),
        });
      }
      const changedFunds = new Set(plan.upserts.map((u) => accounts.get(u.accountId)!.fundType));
      if (!plan.upserts.length) continue;
      if (row.created) {
        await insertMonth(tx, row.id, monthDate(year, m.month));
      }
      for (const fund of FUNDS.filter((f) => changedFunds.has(f))) {
        const live = liveEntries.find((e) => e.fund_type === fund);
        if (live) plan.reverse.push({ fund, entryId: live.entry_id });
        const fundAmounts = new Map(
          [...next].filter(([id, v]) => v !== 0 && accounts.get(id)!.fundType === fund),
        );
        if (!fundAmounts.size) continue;
        const cashAccount = cash.find((c) => c.fundType === fund)!;
        if (!cashAccount.accountId) {
          const message = `The ${FUND_LABEL[fund]} has no asset account to post actuals against; create one or choose one in the settings`;
          throw badInput([{ field: `cashAccount.${fund.toUpperCase()}`, message }], message);
        }
        if (accounts.get(cashAccount.accountId)!.archived) {
          const message = `The ${FUND_LABEL[fund]}'s cash account ${cashAccount.number} is archived; choose another one`;
          throw badInput([{ field: `cashAccount.${fund.toUpperCase()}`, message }], message);
        }
        plan.post.push({
          fund,
          lines: fundEntryLines(fundAmounts, accounts, cashAccount.accountId),
        });
      }
      plans.push(plan);
    }

    // Reversals mirror the posted lines, in the same month, reconciled like the entries.
    const reverseIds = plans.flatMap((p) => p.reverse.map((r) => r.entryId));
    const originals = await findJournalEntries(tx, reverseIds);
    const postings: Posting[] = [];
    const targets: { plan: MonthPlan; fund: FundType; kind: 'reverse' | 'post' }[] = [];
    for (const plan of plans) {
      const date = lastDay(year, plan.month);
      for (const r of plan.reverse) {
        const original = originals.get(r.entryId)!;
        // Reversed by hand before the ledger refused it: the month's entry is already undone.
        if (original.reversedById) continue;
        postings.push({
          input: {
            date,
            memo: `Reversal of JE-${original.number}: ${original.memo ?? ''}`.slice(0, 500),
            lines: original.lines.map((l) => ({
              accountId: l.accountId,
              debit: l.credit || null,
              credit: l.debit || null,
            })),
          },
          opts: {
            source: EntrySource.REVERSAL,
            reconciled: true,
            reversesId: original.id,
            owner: { type: EntryOwnerType.MONTHLY_ACTUALS, id: plan.monthId },
          },
        });
        targets.push({ plan, fund: r.fund, kind: 'reverse' });
      }
      for (const p of plan.post) {
        postings.push({
          input: {
            date,
            memo: `Monthly actuals, ${monthLabel(year, plan.month)} (${FUND_LABEL[p.fund]})`,
            lines: p.lines,
          },
          // The month owns its entries: only a save of the month reverses them.
          opts: {
            source: EntrySource.MONTHLY_ACTUALS,
            reconciled: true,
            owner: { type: EntryOwnerType.MONTHLY_ACTUALS, id: plan.monthId },
          },
        });
        targets.push({ plan, fund: p.fund, kind: 'post' });
      }
    }
    const ids = postings.length ? await postJournalEntries(tx, actor, postings) : [];

    for (const plan of plans) {
      await replaceMonthAmounts(tx, plan.monthId, plan.upserts);
      const reversedFunds = plan.reverse.map((r) => r.fund);
      if (reversedFunds.length) await deleteMonthEntries(tx, plan.monthId, reversedFunds);
      const mine = targets.flatMap((t, i) =>
        t.plan === plan && t.kind === 'post' ? [{ fund: t.fund, id: ids[i] }] : [],
      );
      for (const t of mine) await insertMonthEntry(tx, plan.monthId, t.fund, t.id);
      await touchMonth(tx, plan.monthId);
      await recordTenantAudit(tx, actor, {
        entityType: 'MonthlyActuals',
        entityId: plan.monthId,
        action: plan.created ? 'create' : 'update',
        changes: {
          month: monthDate(year, plan.month).slice(0, 7),
          accounts: plan.changes,
          reversed: plan.reverse.map((r) => r.entryId),
          posted: mine.map((t) => t.id),
        },
      });
    }
    return ids;
  });
  const byId = await findJournalEntries(em, posted);
  return {
    actuals: await getMonthlyActuals(em, year),
    posted: posted.map((id) => byId.get(id)!),
  };
}
