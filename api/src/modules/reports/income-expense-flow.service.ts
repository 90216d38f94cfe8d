import type { EntityManager } from '@mikro-orm/postgresql';
import { assertPeriod } from '../../core/period.js';
import { addDays } from '../../core/dates.js';
import { maxTotal, toTotal, type Total } from '../../core/money/money.js';
import { AccountType, FundType } from '../accounts/index.js';
import {
  type FlowSumRow,
  type PeriodRanges,
  periodSums,
} from './income-expense-flow.repository.js';
import {
  type IncomeExpenseFlow,
  type IncomeExpenseFlowFund,
  type IncomeExpenseFlowLink,
  IncomeExpenseFlowLinkKind,
  type IncomeExpenseFlowNode,
  IncomeExpenseFlowNodeKind,
} from './income-expense-flow.types.js';

// The income and expense flow (a Sankey) of a period, from the ledger: not a statement of cash
// flows (it follows income and expense as posted, not cash). The rules:
// - Each income or expense posting counts in the fund it was posted in (the line's fund: an account
//   reclassified to the other fund shows in each fund with what it posted there, and the
//   reclassification entry itself moves its balance across, as in every period report). An
//   account has one node per fund it posted in, so account nodes are leaves and the graph never
//   has a cycle (the Sankey needs none).
// - Income account → its fund for the account's income (credits − debits), fund → expense account
//   for its expense (debits − credits): these are the income statement's figures, link for link.
//   A negative figure turns the flow around (refunds over income flow from the fund to the income
//   account; credits over debits from the expense account into the fund); `actual` keeps the sign.
// - Transfer accounts (interfund transfers: the operating fund's transfer to reserves, the reserve
//   fund's contribution it pays for) are neither income nor expense: what one fund sent and the
//   other received is a fund → fund flow, as the income statement shows it below the excess of
//   income over expenses. So are the ledger's interfund lines (the Due from Reserve Fund account
//   of the operating fund; the reserve's Due to Operating Fund mirrors it), money one fund
//   advanced the other. Both make one flow between the funds, their net over the period: gross
//   flows both ways would be a cycle, and the net is what changed between the funds.
// - A transfer marked on one side only (the other fund's account is ordinary income or expense)
//   cannot flow to the other fund: what is left over flows to (from) an "unmatched transfer" node
//   of its fund, so the diagram says so instead of inventing the other side.
// - Every fund balances: what flows out (expenses, a transfer out) beyond what flows in (income, a
//   transfer in) was drawn from its fund balance (a "drawn from fund balance" node flowing into it);
//   what came in beyond what went out was added to it (it flows to "added to fund balance").

const FUNDS = [FundType.OPERATING, FundType.RESERVE];
const FUND_LABEL: Record<FundType, string> = {
  [FundType.OPERATING]: 'Operating fund',
  [FundType.RESERVE]: 'Reserve fund',
};
const FUND_WORD: Record<FundType, string> = {
  [FundType.OPERATING]: 'operating',
  [FundType.RESERVE]: 'reserve',
};

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;
const firstOfNextMonth = (date: string) => {
  const d = new Date(`${firstOfMonth(date)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};

// The period [from, to] as whole months [first of the first whole month, first day after the last)
// and the days before and after them (as modules/journal's balanceSums reads a date).
export function periodRanges(from: string, to: string): PeriodRanges {
  const until = addDays(to, 1);
  const wholeFrom = from.endsWith('-01') ? from : firstOfNextMonth(from);
  const wholeUntil = until.endsWith('-01') ? until : firstOfMonth(until);
  if (wholeFrom >= wholeUntil) {
    return { months: [from, from], head: [from, until], tail: [until, until] };
  }
  return {
    months: [wholeFrom, wholeUntil],
    head: [from, wholeFrom],
    tail: [wholeUntil, until],
  };
}

// Funds first: they are what the chart is about.
const NODE_ORDER = [
  IncomeExpenseFlowNodeKind.FUND,
  IncomeExpenseFlowNodeKind.INCOME_ACCOUNT,
  IncomeExpenseFlowNodeKind.EXPENSE_ACCOUNT,
  IncomeExpenseFlowNodeKind.UNMATCHED_TRANSFER,
  IncomeExpenseFlowNodeKind.DRAWN_FROM_FUND_BALANCE,
  IncomeExpenseFlowNodeKind.ADDED_TO_FUND_BALANCE,
];

const other = (f: FundType) => (f === FundType.OPERATING ? FundType.RESERVE : FundType.OPERATING);
const minTotal = (a: Total, b: Total) => (a < b ? a : b);

const fundNode = (f: FundType) => `fund:${FUND_WORD[f]}`;

export async function incomeExpenseFlow(
  em: EntityManager,
  opts: { from: string; to: string },
): Promise<IncomeExpenseFlow> {
  const { from, to } = opts;
  assertPeriod(from, to);
  const rows = await periodSums(em, periodRanges(from, to));

  const nodes = new Map<string, IncomeExpenseFlowNode>();
  const funds = new Map<FundType, IncomeExpenseFlowFund>(
    FUNDS.map((fundType) => [
      fundType,
      {
        fundType,
        income: 0n,
        expenses: 0n,
        transfersIn: 0n,
        transfersOut: 0n,
        drawnFromFundBalance: 0n,
        addedToFundBalance: 0n,
      },
    ]),
  );
  const node = (n: Omit<IncomeExpenseFlowNode, 'amount'>) => {
    if (!nodes.has(n.id)) nodes.set(n.id, { ...n, amount: 0n });
    return n.id;
  };
  const fund = (f: FundType) =>
    node({
      id: fundNode(f),
      label: FUND_LABEL[f],
      kind: IncomeExpenseFlowNodeKind.FUND,
      accountId: null,
      accountNumber: null,
      fundType: f,
    });

  // An account in both funds (reclassified within the period) says which one each node is.
  const accountRows = rows.filter((r) => !r.interfund && !r.transfer);
  const transferRows = rows.filter((r) => !r.interfund && r.transfer);
  const fundsOf = new Map<string, Set<FundType>>();
  for (const r of accountRows) {
    const key = `${r.type}:${r.id}`;
    fundsOf.set(key, (fundsOf.get(key) ?? new Set()).add(r.fund_type));
  }
  const accountNode = (r: FlowSumRow) => {
    const income = r.type === AccountType.INCOME;
    const both = fundsOf.get(`${r.type}:${r.id}`)!.size > 1;
    return node({
      id: `${income ? 'income' : 'expense'}:${r.id}:${FUND_WORD[r.fund_type]}`,
      label: `${r.number} ${r.name}${both ? ` (${FUND_WORD[r.fund_type]})` : ''}`,
      kind: income
        ? IncomeExpenseFlowNodeKind.INCOME_ACCOUNT
        : IncomeExpenseFlowNodeKind.EXPENSE_ACCOUNT,
      accountId: r.id,
      accountNumber: r.number,
      fundType: r.fund_type,
    });
  };

  // Income and expense flows, in the order the rows come (account number, fund).
  const flows: IncomeExpenseFlowLink[] = [];
  for (const r of accountRows) {
    const income = r.type === AccountType.INCOME;
    const net = toTotal(r.d) - toTotal(r.c);
    const actual = income ? -net : net;
    const f = funds.get(r.fund_type)!;
    if (income) f.income += actual;
    else f.expenses += actual;
    const account = accountNode(r);
    const fundId = fund(r.fund_type);
    // Income flows into the fund and the fund into expenses, unless the figure is negative.
    const forward = actual > 0n === income;
    flows.push({
      source: forward ? account : fundId,
      target: forward ? fundId : account,
      kind: income ? IncomeExpenseFlowLinkKind.INCOME : IncomeExpenseFlowLinkKind.EXPENSE,
      amount: actual < 0n ? -actual : actual,
      actual,
      accountId: r.id,
      fundType: r.fund_type,
    });
  }

  // The money advanced: what the operating fund advanced to the reserve fund (debits of its Due
  // from Reserve Fund account) less what came back; negative when the reserve fund advanced it.
  const interfund = rows.find((r) => r.interfund === 'interfund_operating');
  const mirror = rows.find((r) => r.interfund === 'interfund_reserve');
  const advanced = interfund
    ? toTotal(interfund.d) - toTotal(interfund.c)
    : mirror
      ? toTotal(mirror.c) - toTotal(mirror.d)
      : 0n;
  // What each fund's transfer accounts sent out net of what they took in (expense-type transfer
  // accounts out, income-type in), and the part both funds' accounts agree on.
  const sent = new Map<FundType, Total>(FUNDS.map((f) => [f, 0n]));
  for (const r of transferRows) {
    const net = toTotal(r.d) - toTotal(r.c);
    // Debits of an expense-type transfer account left the fund; credits of an income-type one
    // came in: debits less credits is what it sent, either way.
    sent.set(r.fund_type, sent.get(r.fund_type)! + net);
  }
  const opSent = sent.get(FundType.OPERATING)!;
  const resSent = sent.get(FundType.RESERVE)!;
  const matched =
    opSent > 0n && resSent < 0n
      ? minTotal(opSent, -resSent)
      : opSent < 0n && resSent > 0n
        ? -minTotal(-opSent, resSent)
        : 0n;
  // The first transfer account of the fund that sent: a flow opens the transactions behind it.
  const firstTransfer = (f: FundType) =>
    transferRows.find((r) => r.fund_type === f && toTotal(r.d) !== toTotal(r.c))?.id ?? null;

  const transfers: IncomeExpenseFlowLink[] = [];
  const between = advanced + matched;
  if (between !== 0n) {
    const [giver, taker] =
      between > 0n
        ? [FundType.OPERATING, FundType.RESERVE]
        : [FundType.RESERVE, FundType.OPERATING];
    const amount = between > 0n ? between : -between;
    funds.get(giver)!.transfersOut += amount;
    funds.get(taker)!.transfersIn += amount;
    transfers.push({
      source: fund(giver),
      target: fund(taker),
      kind: IncomeExpenseFlowLinkKind.TRANSFER,
      amount,
      actual: amount,
      accountId: (matched !== 0n ? firstTransfer(giver) : null) ?? (interfund ?? mirror)!.id,
      fundType: giver,
    });
  }
  // Transfers the other fund's accounts do not show: to (from) the fund's unmatched-transfer node.
  for (const f of FUNDS) {
    const rest = sent.get(f)! - (f === FundType.OPERATING ? matched : -matched);
    if (rest === 0n) continue;
    const out = rest > 0n;
    const word = FUND_WORD[f];
    const id = node({
      id: `unmatched:${word}`,
      label: out
        ? `Transfer out of the ${word} fund, not received by the ${FUND_WORD[other(f)]} fund`
        : `Transfer into the ${word} fund, not sent by the ${FUND_WORD[other(f)]} fund`,
      kind: IncomeExpenseFlowNodeKind.UNMATCHED_TRANSFER,
      accountId: null,
      accountNumber: null,
      fundType: f,
    });
    const amount = out ? rest : -rest;
    if (out) funds.get(f)!.transfersOut += amount;
    else funds.get(f)!.transfersIn += amount;
    transfers.push({
      source: out ? fund(f) : id,
      target: out ? id : fund(f),
      kind: IncomeExpenseFlowLinkKind.TRANSFER,
      amount,
      actual: amount,
      accountId: firstTransfer(f),
      fundType: f,
    });
  }

  // Each fund balances through its fund balance.
  const balances: IncomeExpenseFlowLink[] = [];
  for (const f of funds.values()) {
    const net = f.income + f.transfersIn - f.expenses - f.transfersOut;
    f.addedToFundBalance = maxTotal(net, 0n);
    f.drawnFromFundBalance = maxTotal(-net, 0n);
    if (net === 0n) continue;
    const word = FUND_WORD[f.fundType];
    const drawn = net < 0n;
    const id = node({
      id: `${drawn ? 'drawn' : 'added'}:${word}`,
      label: drawn ? `Drawn from ${word} fund balance` : `Added to ${word} fund balance`,
      kind: drawn
        ? IncomeExpenseFlowNodeKind.DRAWN_FROM_FUND_BALANCE
        : IncomeExpenseFlowNodeKind.ADDED_TO_FUND_BALANCE,
      accountId: null,
      accountNumber: null,
      fundType: f.fundType,
    });
    const amount = drawn ? -net : net;
    balances.push({
      source: drawn ? id : fund(f.fundType),
      target: drawn ? fund(f.fundType) : id,
      kind: drawn
        ? IncomeExpenseFlowLinkKind.DRAWN_FROM_FUND_BALANCE
        : IncomeExpenseFlowLinkKind.ADDED_TO_FUND_BALANCE,
      amount,
      actual: amount,
      accountId: null,
      fundType: f.fundType,
    });
  }

  const byFund = (a: IncomeExpenseFlowLink, b: IncomeExpenseFlowLink) =>
    FUNDS.indexOf(a.fundType) - FUNDS.indexOf(b.fundType);
  const income = flows.filter((l) => l.kind === IncomeExpenseFlowLinkKind.INCOME).sort(byFund);
  const expenses = flows.filter((l) => l.kind === IncomeExpenseFlowLinkKind.EXPENSE).sort(byFund);
  const links = [...income, ...transfers, ...expenses, ...balances];
  // A node's throughput: what leaves it (a fund's equals what reaches it), or for a node nothing
  // leaves, what reaches it.
  const out = new Map<string, Total>();
  const into = new Map<string, Total>();
  for (const l of links) {
    out.set(l.source, (out.get(l.source) ?? 0n) + l.amount);
    into.set(l.target, (into.get(l.target) ?? 0n) + l.amount);
  }
  for (const n of nodes.values()) n.amount = out.get(n.id) ?? into.get(n.id) ?? 0n;
  const ordered = [...nodes.values()].sort(
    (a, b) =>
      NODE_ORDER.indexOf(a.kind) - NODE_ORDER.indexOf(b.kind) ||
      FUNDS.indexOf(a.fundType) - FUNDS.indexOf(b.fundType) ||
      (a.accountNumber ?? '').localeCompare(b.accountNumber ?? ''),
  );
  const fundList = [...funds.values()];
  return {
    from,
    to,
    nodes: ordered,
    links,
    funds: fundList,
    totalIncome: fundList.reduce((s, f) => s + f.income, 0n),
    totalExpenses: fundList.reduce((s, f) => s + f.expenses, 0n),
  };
}
