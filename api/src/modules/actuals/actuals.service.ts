import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { AppError, badInput, type FieldDetail, notFound } from '../../core/errors/app-error.js';
import { isId, newIds } from '../../core/ids.js';
import { formatMoney, type Cents } from '../../core/money/money.js';
import { sql } from '../../db/sql.js';
import { AccountType, FundType } from '../accounts/account.entity.js';
import { recordTenantAudit } from '../audit/audit.service.js';
import {
  assertYear,
  type LedgerAccount,
  loadAccounts,
  plAccountProblem,
} from '../budgets/budgets.service.js';
import { MONTH_LABELS } from '../budgets/budget-csv.js';
import {
  ENTRY_COLUMNS,
  postJournalEntries,
  type Posting,
  toEntry,
  toLine,
} from '../journal/journal.service.js';
import type { JournalLineInput } from '../journal/journal.inputs.js';
import { EntrySource, type JournalEntry } from '../journal/journal.types.js';
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
  const set = await sql(em).all<{ fund_type: FundType; account_id: string }>(
    'SELECT fund_type, account_id FROM actuals_cash_accounts',
  );
  return FUNDS.map((fundType) => {
    const chosen = byId.get(set.find((s) => s.fund_type === fundType)?.account_id ?? '');
    const assets = all.filter(
      (a) => a.type === AccountType.ASSET && a.fundType === fundType && !a.archived,
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
    account.type !== AccountType.ASSET
      ? `Account ${account.number} ${account.name} is not an asset account`
      : account.fundType !== fundType
        ? `Account ${account.number} ${account.name} belongs to the ${FUND_LABEL[account.fundType]}`
        : account.archived
          ? `Account ${account.number} ${account.name} is archived`
          : null;
  if (problem) throw badInput([{ field: 'accountId', message: problem }], problem);
  await em.transactional(async (tx) => {
    const [before] = await sql(tx).all<{ account_id: string }>(
      'SELECT account_id FROM actuals_cash_accounts WHERE fund_type = ?',
      [fundType],
    );
    await sql(tx).run(
      `INSERT INTO actuals_cash_accounts (fund_type, account_id) VALUES (?, ?)
       ON CONFLICT (fund_type) DO UPDATE SET account_id = excluded.account_id, updated_at = now()`,
      [fundType, accountId],
    );
    await recordTenantAudit(tx, actor, {
      entityType: 'ActualsCashAccount',
      entityId: accountId,
      action: 'set',
      changes: {
        fundType,
        accountId: { before: before?.account_id ?? null, after: accountId },
      },
    });
  });
  return cashAccounts(em, accounts);
}

async function entriesById(em: EntityManager, ids: string[]): Promise<Map<string, JournalEntry>> {
  if (!ids.length) return new Map();
  const db = sql(em);
  const marks = ids.map(() => '?').join(', ');
  const rows = await db.all<Parameters<typeof toEntry>[0]>(
    `SELECT ${ENTRY_COLUMNS} FROM journal_entries e WHERE e.id IN (${marks})`,
    ids,
  );
  const lines = await db.all<Parameters<typeof toLine>[0]>(
    `SELECT id, entry_id, line_no, account_id, debit, credit, memo FROM journal_lines
      WHERE entry_id IN (${marks}) ORDER BY entry_id, line_no`,
    ids,
  );
  return new Map(
    rows.map((r) => [r.id, toEntry(r, lines.filter((l) => l.entry_id === r.id).map(toLine))]),
  );
}

export async function getMonthlyActuals(em: EntityManager, year: number): Promise<MonthlyActuals> {
  assertYear(year);
  const db = sql(em);
  const from = monthDate(year, 1);
  const to = monthDate(year + 1, 1);
  const months = await db.all<{ id: string; month: number; updated_at: string }>(
    `SELECT id, extract(month FROM month)::int AS month, updated_at FROM actuals_months
      WHERE month >= ? AND month < ?`,
    [from, to],
  );
  const amounts = await db.all<{ account_id: string; month: number; amount: string }>(
    `SELECT x.account_id, extract(month FROM m.month)::int AS month, x.amount
       FROM actuals_amounts x JOIN actuals_months m ON m.id = x.month_id
       JOIN accounts a ON a.id = x.account_id
      WHERE m.month >= ? AND m.month < ? ORDER BY a.number`,
    [from, to],
  );
  const live = await db.all<{ month: number; entry_id: string }>(
    `SELECT extract(month FROM m.month)::int AS month, x.entry_id
       FROM actuals_entries x JOIN actuals_months m ON m.id = x.month_id
      WHERE m.month >= ? AND m.month < ? ORDER BY x.fund_type`,
    [from, to],
  );
  const entries = await entriesById(
    em,
    live.map((l) => l.entry_id),
  );
  const lines = new Map<string, Cents[]>();
  for (const a of amounts) {
    const row = lines.get(a.account_id) ?? Array(12).fill(0);
    row[a.month - 1] = Number(a.amount);
    lines.set(a.account_id, row);
  }
  return {
    year,
    lines: [...lines].map(([accountId, xs]) => ({
      accountId,
      amounts: xs,
      total: xs.reduce((s, x) => s + x, 0),
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
  if (missing.length) throw new AppError('NOT_FOUND', 'Account not found', missing);
  if (details.length) throw badInput(details, details[0].message);

  const cash = await cashAccounts(em, allAccounts);
  const posted = await em.transactional(async (tx) => {
    const db = sql(tx);
    // One save at a time per association: two people saving the same month must not both
    // reverse the same entry.
    await db.all(`SELECT pg_advisory_xact_lock(hashtext('covenant.monthly_actuals'))`);
    const plans: MonthPlan[] = [];
    for (const m of [...input].sort((a, b) => a.month - b.month)) {
      const [found] = await db.all<{ id: string }>(
        'SELECT id FROM actuals_months WHERE month = ?',
        [monthDate(year, m.month)],
      );
      const row = found ? { id: found.id, created: false } : { id: newIds(1)[0], created: true };
      const current = new Map(
        (found
          ? await db.all<{ account_id: string; amount: string }>(
              'SELECT account_id, amount FROM actuals_amounts WHERE month_id = ?',
              [row.id],
            )
          : []
        ).map((r) => [r.account_id, Number(r.amount)]),
      );
      const liveEntries = await db.all<{ fund_type: FundType; entry_id: string }>(
        'SELECT fund_type, entry_id FROM actuals_entries WHERE month_id = ?',
        [row.id],
      );
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
        await db.run('INSERT INTO actuals_months (id, month) VALUES (?, ?)', [
          row.id,
          monthDate(year, m.month),
        ]);
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
    const originals = await entriesById(tx, reverseIds);
    const postings: Posting[] = [];
    const targets: { plan: MonthPlan; fund: FundType; kind: 'reverse' | 'post' }[] = [];
    for (const plan of plans) {
      const date = lastDay(year, plan.month);
      for (const r of plan.reverse) {
        const original = originals.get(r.entryId)!;
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
          opts: { source: EntrySource.REVERSAL, reconciled: true, reversesId: original.id },
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
          opts: { source: EntrySource.MONTHLY_ACTUALS, reconciled: true },
        });
        targets.push({ plan, fund: p.fund, kind: 'post' });
      }
    }
    const ids = postings.length ? await postJournalEntries(tx, actor, postings) : [];

    for (const plan of plans) {
      const marks = plan.upserts.map(() => '?').join(', ');
      await db.run(`DELETE FROM actuals_amounts WHERE month_id = ? AND account_id IN (${marks})`, [
        plan.monthId,
        ...plan.upserts.map((u) => u.accountId),
      ]);
      const keep = plan.upserts.filter((u) => u.amount !== 0);
      if (keep.length) {
        await db.bulk(
          `INSERT INTO actuals_amounts (month_id, account_id, amount)
           SELECT ?::uuid, a, v FROM jsonb_to_recordset(?::jsonb) AS t(a uuid, v bigint)`,
          [plan.monthId, JSON.stringify(keep.map((u) => ({ a: u.accountId, v: u.amount })))],
        );
      }
      const reversedFunds = plan.reverse.map((r) => r.fund);
      if (reversedFunds.length) {
        await db.run(
          `DELETE FROM actuals_entries WHERE month_id = ? AND fund_type IN (${reversedFunds.map(() => '?').join(', ')})`,
          [plan.monthId, ...reversedFunds],
        );
      }
      const mine = targets.flatMap((t, i) =>
        t.plan === plan && t.kind === 'post' ? [{ fund: t.fund, id: ids[i] }] : [],
      );
      for (const t of mine) {
        await db.run(
          'INSERT INTO actuals_entries (month_id, fund_type, entry_id) VALUES (?, ?, ?)',
          [plan.monthId, t.fund, t.id],
        );
      }
      await db.run('UPDATE actuals_months SET updated_at = now() WHERE id = ?', [plan.monthId]);
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
  const byId = await entriesById(em, posted);
  return {
    actuals: await getMonthlyActuals(em, year),
    posted: posted.map((id) => byId.get(id)!),
  };
}
