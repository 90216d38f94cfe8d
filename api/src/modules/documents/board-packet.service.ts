import type { EntityManager } from '@mikro-orm/postgresql';
import type { Context } from '../../core/context.js';
import {
  addDays,
  DEFAULT_LOCALE,
  fiscalYear,
  fiscalYearOf,
  monthInWords,
  todayIn,
} from '../../core/dates.js';
import { badInput, notFound } from '../../core/errors/app-error.js';
import { isId } from '../../core/ids.js';
import type { TenantEntry } from '../../core/tenancy/tenant-directory.js';
import { TENANT_TEXT_LIMITS } from '@covenant/shared/text-limits';
import { AccountForecastRole, AccountType, FundType, listAccounts } from '../accounts/index.js';
import { recordTenantAudit } from '../audit/index.js';
import { listBankAccounts, listReconciliations, reconciliationReport } from '../banking/index.js';
import { capitalProjectActualCosts, listCapitalProjects } from '../capital-projects/index.js';
import { listInvestments } from '../investments/index.js';
import { agingReport } from '../invoices/index.js';
import { type PacketPayables, payablesForPacket } from '../payables/index.js';
import { balanceSheet, incomeStatement } from '../reports/index.js';
import { percentFunded } from '../reserves/index.js';
import { renderBoardPacket, withPayee } from './board-packet.pdf.js';
import {
  accountExists,
  cashAccountIds,
  deleteVarianceNote,
  selectComponentAccounts,
  selectDisbursements,
  selectDocumentSettings,
  selectLedgerLines,
  selectLedgerOpenings,
  selectReopenings,
  selectReserveSpending,
  selectUnits,
  selectVarianceNotes,
  updateDocumentSettings,
  upsertVarianceNote,
} from './board-packet.repository.js';
import type { BooksState } from './documents.repository.js';
import {
  type DocumentRecord,
  documentVersions,
  generatedByLabels,
  queueDocument,
  registerDocumentRenderer,
} from './documents.service.js';
import { DocumentKind, DocumentStatus } from './documents.types.js';

// The board's monthly packet: one PDF of the month's financials (California Civil Code §5500's
// monthly review, and what management companies add), generated in the background and kept with
// the month. Its figures come from the reports' own services (balance sheet, income statement,
// aging, reserves, investments, capital projects, reconciliations), so the packet reads exactly
// what the reports read; the few listings no report serves (cash disbursements, the month's
// general ledger, reopenings of closed months) are read here.

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function monthPeriod(month: string, field = 'month') {
  if (typeof month !== 'string' || !MONTH.test(month)) {
    throw badInput([{ field, message: 'Use a month like 2026-03' }], 'Use a month like 2026-03');
  }
  const from = `${month}-01`;
  const to = addDays(`${addDays(from, 32).slice(0, 7)}-01`, -1);
  return { from, to };
}

type BalanceSheetData = Awaited<ReturnType<typeof balanceSheet>>;
type IncomeStatementData = Awaited<ReturnType<typeof incomeStatement>>;
type AgingData = Awaited<ReturnType<typeof agingReport>>;
type ReconciliationData = Awaited<ReturnType<typeof reconciliationReport>>;
type InvestmentData = Awaited<ReturnType<typeof listInvestments>>[number];
type ProjectData = Awaited<ReturnType<typeof listCapitalProjects>>[number];
type StudyData = Awaited<ReturnType<typeof percentFunded>>;

export interface ActivityLine {
  label: string;
  amount: bigint;
}

export interface ReserveActivity {
  opening: bigint;
  contributions: ActivityLine[];
  interest: ActivityLine[];
  otherIncome: ActivityLine[];
  // By capital project or reserve component (else the expense account).
  disbursements: ActivityLine[];
  transfersOut: ActivityLine[];
  // What else moved the fund balance (an opening balance, an equity entry): closing less the rest.
  otherChanges: bigint;
  closing: bigint;
  study: StudyData;
}

export interface PacketReconciliation {
  accountLabel: string;
  institution: string;
  maskedNumber: string;
  reconciledBy: string | null;
  reconciledAt: Date;
  report: ReconciliationData;
}

export interface Disbursement {
  date: string;
  entryNumber: number;
  // A vendor payment's check number or method ("1001", "ACH", "Card"; "void" after it when voided).
  reference: string | null;
  payee: string | null;
  memo: string | null;
  account: string;
  amount: bigint;
}

export interface DelinquentUnit {
  unitId: string;
  unit: string;
  owner: string | null;
  days1to30: bigint;
  days31to60: bigint;
  days61to90: bigint;
  over90: bigint;
  pastDue: bigint;
  owed: bigint;
}

export interface Reopening {
  period: string;
  closedAt: Date;
  closedBy: string | null;
  reopenedAt: Date;
  reopenedBy: string | null;
  reason: string;
}

export interface LedgerLine {
  date: string;
  entryNumber: number;
  memo: string | null;
  debit: bigint;
  credit: bigint;
  // On the account's normal side (debits for assets and expenses, credits otherwise).
  balance: bigint;
}

export interface LedgerAccount {
  accountId: string;
  number: string;
  name: string;
  type: string;
  fund: string;
  opening: bigint;
  lines: LedgerLine[];
  debits: bigint;
  credits: bigint;
  closing: bigint;
}

export interface BoardPacketData {
  association: string;
  month: string;
  monthLabel: string;
  from: string;
  to: string;
  fiscalYear: number;
  fiscalYearStart: string;
  locale: string;
  timeZone: string;
  draft: boolean;
  books: BooksState | null;
  generatedBy: string | null;
  generatedAt: Date;
  balanceSheet: BalanceSheetData;
  incomeMonth: IncomeStatementData;
  incomeYearToDate: IncomeStatementData;
  notes: Map<string, string>;
  reserve: ReserveActivity;
  reconciliations: PacketReconciliation[];
  disbursements: Disbursement[];
  aging: AgingData;
  delinquent: DelinquentUnit[];
  ownerNames: boolean;
  // Null until the association has entered a bill: the section is left out.
  payables: PacketPayables | null;
  investments: { held: InvestmentData[]; maturing: InvestmentData[] };
  projects: { project: ProjectData; spent: bigint }[];
  reopenings: { since: Date | null; sinceLabel: string | null; rows: Reopening[] };
  ledger: LedgerAccount[];
}

export interface BoardPacketInput {
  em: EntityManager;
  platformEm: EntityManager;
  org: Pick<TenantEntry, 'name' | 'fiscalYearStartMonth' | 'timeZone'>;
  month: string;
  locale?: string;
  draft: boolean;
  books?: BooksState | null;
  generatedBy?: string | null;
  generatedAt?: Date;
  ownerNames: boolean;
}

const sumOf = (xs: { amount: bigint }[]) => xs.reduce((s, x) => s + x.amount, 0n);

// Everything the packet prints, read from the reports' services.
export async function boardPacketData(input: BoardPacketInput): Promise<BoardPacketData> {
  const { em, platformEm, month } = input;
  const { from, to } = monthPeriod(month);
  const start = input.org.fiscalYearStartMonth;
  const fyear = fiscalYearOf(to, start);
  const fy = fiscalYear(fyear, start);
  const cal = { today: to, fiscalYearStartMonth: start };
  const locale = input.locale ?? DEFAULT_LOCALE;

  const sheet = await balanceSheet(em, { asOf: to, fiscalYearStartMonth: start });
  const incomeMonth = await incomeStatement(em, { from, to, fiscalYearStartMonth: start });
  const incomeYearToDate = await incomeStatement(em, {
    from: fy.from,
    to,
    fiscalYearStartMonth: start,
  });
  const notes = new Map(
    (await selectVarianceNotes(em, from)).map((n) => [n.account_id, n.note] as const),
  );
  const accounts = await listAccounts(em, { includeArchived: true });
  const userIds: (string | null)[] = [];

  // Reserve activity: the month's reserve-fund lines of the income statement, spending by project
  // or component, and the balance sheet's reserve fund balance at both ends.
  const opening = (await balanceSheet(em, { asOf: addDays(from, -1), fiscalYearStartMonth: start }))
    .fundBalance.total.reserve;
  const closing = sheet.fundBalance.total.reserve;
  const roleOf = new Map(accounts.map((a) => [a.id, a.forecastRole ?? null]));
  const reserveLines = incomeMonth.lines.filter(
    (l) => l.fundType === FundType.RESERVE && l.actual !== 0n,
  );
  const label = (l: { number: string; name: string }) => `${l.number} ${l.name}`;
  const line = (l: (typeof reserveLines)[number]) => ({ label: label(l), amount: l.actual });
  const income = reserveLines.filter((l) => l.type === AccountType.INCOME);
  const contributions = income
    .filter(
      (l) => l.transfer || roleOf.get(l.accountId) === AccountForecastRole.RESERVE_CONTRIBUTION,
    )
    .map(line);
  const interest = income
    .filter((l) => !l.transfer && roleOf.get(l.accountId) === AccountForecastRole.INTEREST_INCOME)
    .map(line);
  const otherIncome = income
    .filter(
      (l) =>
        !l.transfer &&
        roleOf.get(l.accountId) !== AccountForecastRole.INTEREST_INCOME &&
        roleOf.get(l.accountId) !== AccountForecastRole.RESERVE_CONTRIBUTION,
    )
    .map(line);
  const transfersOut = reserveLines
    .filter((l) => l.type === AccountType.EXPENSE && l.transfer)
    .map(line);
  const components = new Map<string, string[]>();
  for (const c of await selectComponentAccounts(em)) {
    components.set(c.account_id, [...(components.get(c.account_id) ?? []), c.name]);
  }
  const accountOf = new Map(accounts.map((a) => [a.id, a]));
  const spending = new Map<string, bigint>();
  for (const r of await selectReserveSpending(em, from, to)) {
    const a = accountOf.get(r.account_id);
    const key = r.project
      ? `Project: ${r.project}`
      : (components.get(r.account_id)?.join(', ') ?? (a ? label(a) : 'Other'));
    spending.set(key, (spending.get(key) ?? 0n) + BigInt(r.net));
  }
  const disbursements = [...spending.entries()]
    .filter(([, v]) => v !== 0n)
    .map(([k, v]) => ({ label: k, amount: v }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const explained =
    opening +
    sumOf(contributions) +
    sumOf(interest) +
    sumOf(otherIncome) -
    sumOf(disbursements) -
    sumOf(transfersOut);
  const reserve: ReserveActivity = {
    opening,
    contributions,
    interest,
    otherIncome,
    disbursements,
    transfersOut,
    otherChanges: closing - explained,
    closing,
    study: await percentFunded(em, cal),
  };

  // Each reconciliation finished for a statement ending in the month, with its statement's lines.
  const reconciliations: PacketReconciliation[] = [];
  for (const bank of await listBankAccounts(em, to)) {
    const a = accountOf.get(bank.accountId);
    for (const r of await listReconciliations(em, bank.accountId, to)) {
      if (r.status !== 'finished' || r.statementDate < from || r.statementDate > to) continue;
      userIds.push(r.finishedBy);
      reconciliations.push({
        accountLabel: a ? label(a) : bank.accountId,
        institution: bank.institution,
        maskedNumber: bank.maskedNumber,
        reconciledBy: r.finishedBy,
        reconciledAt: r.finishedAt,
        report: await reconciliationReport(em, r.id),
      });
    }
  }
  reconciliations.sort(
    (a, b) =>
      a.accountLabel.localeCompare(b.accountLabel) ||
      a.report.statementDate.localeCompare(b.report.statementDate),
  );

  // Payables: the aging at the month's end and the month's vendor payments (checks, ACH, card),
  // whose check numbers the check register shows beside their entries.
  const payables = await payablesForPacket(em, from, to);
  const references = new Map(
    (payables?.register ?? []).map((p) => {
      const ref = p.checkNumber ?? (p.method === 'ach' ? 'ACH' : 'Card');
      return [p.journalEntryId, p.voidDate ? `${ref} void` : ref] as const;
    }),
  );
  const cash = await cashAccountIds(em);
  const disbursed = (cash.length ? await selectDisbursements(em, from, to, cash) : []).map((r) => ({
    date: r.entry_date,
    entryNumber: Number(r.number),
    reference: references.get(r.entry_id) ?? null,
    payee: r.vendor,
    memo: r.memo,
    account: `${r.account_number} ${r.account_name}`,
    amount: BigInt(r.amount),
  }));

  // Receivables: the aging as of the month's end, and the units with anything past due.
  const aging = await agingReport(em, to);
  const late = aging.rows.filter(
    (r) =>
      r.buckets.days1to30 + r.buckets.days31to60 + r.buckets.days61to90 + r.buckets.over90 > 0n,
  );
  const units = new Map(
    (late.length
      ? await selectUnits(
          em,
          late.map((r) => r.unitId),
        )
      : []
    ).map((u) => [u.id, u]),
  );
  const delinquent = late.map((r) => {
    const b = r.buckets;
    const u = units.get(r.unitId);
    return {
      unitId: r.unitId,
      unit: u?.number ?? '',
      owner: input.ownerNames ? (u?.owner_name ?? null) : null,
      days1to30: b.days1to30,
      days31to60: b.days31to60,
      days61to90: b.days61to90,
      over90: b.over90,
      pastDue: b.days1to30 + b.days31to60 + b.days61to90 + b.over90,
      owed: b.total,
    };
  });
  delinquent.sort((a, b) =>
    a.pastDue === b.pastDue
      ? a.unit.localeCompare(b.unit, 'en', { numeric: true })
      : a.pastDue > b.pastDue
        ? -1
        : 1,
  );

  // Investments held at the month's end, and those maturing within a year of it.
  const all = await listInvestments(em, to);
  const held = all
    .filter((i) => i.purchaseDate <= to && (!i.closedOn || i.closedOn > to))
    .sort(
      (a, b) =>
        (a.maturityDate ?? '9999').localeCompare(b.maturityDate ?? '9999') ||
        a.institution.localeCompare(b.institution),
    );
  const yearOut = addDays(to, 365);
  const maturing = held.filter((i) => i.maturityDate && i.maturityDate <= yearOut);

  const projectList = await listCapitalProjects(em, cal);
  const spent = await capitalProjectActualCosts(
    em,
    projectList.map((p) => p.id),
  );
  const projects = projectList
    .filter((p) => p.status !== 'done' || (spent.get(p.id) ?? 0n) !== 0n || p.boardYear === fyear)
    .map((p) => ({ project: p, spent: spent.get(p.id) ?? 0n }));

  // Changes to closed periods: reopenings since the previous month's packet.
  const previous = monthPeriod(addDays(from, -1).slice(0, 7));
  const prior = (
    await documentVersions(em, DocumentKind.BOARD_PACKET, previous.from, previous.to)
  ).find((d) => d.status === DocumentStatus.READY);
  const since = prior?.createdAt ?? null;
  const reopenRows = await selectReopenings(em, since);
  for (const r of reopenRows) userIds.push(r.closed_by, r.reopened_by);

  const labels = await generatedByLabels(platformEm, userIds);
  const who = (id: string | null) => (id ? (labels.get(id) ?? 'A former member') : null);
  for (const r of reconciliations) r.reconciledBy = who(r.reconciledBy);
  const reopenings = {
    since,
    sinceLabel: prior ? `${monthInWords(previous.from, locale)} (version ${prior.version})` : null,
    rows: reopenRows.map((r) => ({
      period:
        r.kind === 'year'
          ? `FY ${fiscalYearOf(r.period_end, start)}`
          : monthInWords(r.period_start, locale),
      closedAt: new Date(r.closed_at),
      closedBy: who(r.closed_by),
      reopenedAt: new Date(r.reopened_at),
      reopenedBy: who(r.reopened_by),
      reason: r.reopen_reason,
    })),
  };

  return {
    association: input.org.name,
    month,
    monthLabel: monthInWords(from, locale),
    from,
    to,
    fiscalYear: fyear,
    fiscalYearStart: fy.from,
    locale,
    timeZone: input.org.timeZone,
    draft: input.draft,
    books: input.books ?? null,
    generatedBy: input.generatedBy ?? null,
    generatedAt: input.generatedAt ?? new Date(),
    balanceSheet: sheet,
    incomeMonth,
    incomeYearToDate,
    notes,
    reserve,
    reconciliations,
    disbursements: disbursed,
    aging,
    delinquent,
    ownerNames: input.ownerNames,
    payables,
    investments: { held, maturing },
    projects,
    reopenings,
    ledger: await generalLedger(em, from, to),
  };
}

const DEBIT_NORMAL = new Set(['asset', 'expense']);

// The month's general ledger: each account with lines in it, its opening balance, every line with
// the running balance, and its closing balance (on the account's normal side).
export async function generalLedger(em: EntityManager, from: string, to: string) {
  const openings = new Map(
    (await selectLedgerOpenings(em, from, to)).map((r) => [r.account_id, BigInt(r.net)]),
  );
  const out: LedgerAccount[] = [];
  let current: LedgerAccount | null = null;
  let sign = 1n;
  for (const r of await selectLedgerLines(em, from, to)) {
    if (!current || current.accountId !== r.account_id) {
      sign = DEBIT_NORMAL.has(r.account_type) ? 1n : -1n;
      const opening = sign * (openings.get(r.account_id) ?? 0n);
      current = {
        accountId: r.account_id,
        number: r.account_number,
        name: r.account_name,
        type: r.account_type,
        fund: r.fund_type,
        opening,
        lines: [],
        debits: 0n,
        credits: 0n,
        closing: opening,
      };
      out.push(current);
    }
    const debit = BigInt(r.debit);
    const credit = BigInt(r.credit);
    current.closing += sign * (debit - credit);
    current.debits += debit;
    current.credits += credit;
    current.lines.push({
      date: r.entry_date,
      entryNumber: Number(r.number),
      memo: withPayee(r.vendor, r.memo),
      debit,
      credit,
      balance: current.closing,
    });
  }
  return out;
}

// The packet's renderer: the data as the document's books state was queued, laid out as a PDF.
registerDocumentRenderer(DocumentKind.BOARD_PACKET, async (input) => {
  const d = input.document;
  const data = await boardPacketData({
    em: input.em,
    platformEm: input.services.platformOrm.em.fork() as EntityManager,
    org: input.org,
    month: d.periodStart.slice(0, 7),
    locale: input.locale,
    draft: d.draft,
    books: d.booksState as BooksState,
    generatedBy: input.generatedBy,
    generatedAt: d.createdAt,
    ownerNames: d.options.ownerNames === true,
  });
  return { bytes: await renderBoardPacket(data, { version: d.version }) };
});

// Generates the month's packet: a queued document (a new version, or while the month's close
// stands, the version made under it). A month that has not begun has nothing to show.
export async function generateBoardPacket(
  ctx: Pick<Context, 'em' | 'auth' | 'org' | 'services'>,
  month: string,
): Promise<DocumentRecord> {
  const { from, to } = monthPeriod(month);
  const today = todayIn(ctx.org!.timeZone);
  if (from > today) {
    throw badInput(
      [{ field: 'month', message: 'Choose a month that has begun' }],
      'Choose a month that has begun',
    );
  }
  const settings = await selectDocumentSettings(ctx.em);
  return queueDocument(ctx, {
    kind: DocumentKind.BOARD_PACKET,
    periodStart: from,
    periodEnd: to,
    fileName: `board-packet-${month}-v{version}.pdf`,
    options: { ownerNames: settings.packet_owner_names },
  });
}

export async function boardPacketVersions(
  em: EntityManager,
  month: string,
): Promise<DocumentRecord[]> {
  const { from, to } = monthPeriod(month);
  return documentVersions(em, DocumentKind.BOARD_PACKET, from, to);
}

export interface VarianceNote {
  month: string;
  accountId: string;
  note: string;
  updatedById: string | null;
  updatedAt: Date;
}

export async function varianceNotes(em: EntityManager, month: string): Promise<VarianceNote[]> {
  const { from } = monthPeriod(month);
  return (await selectVarianceNotes(em, from)).map((n) => ({
    month,
    accountId: n.account_id,
    note: n.note,
    updatedById: n.updated_by,
    updatedAt: new Date(n.updated_at),
  }));
}

const NOTE_MAX = TENANT_TEXT_LIMITS.variance_notes.note;

// The treasurer's note on a line of the month's income statement; an empty note removes it.
// Returns the note, or null once removed.
export async function setVarianceNote(
  ctx: Context,
  month: string,
  accountId: string,
  note: string,
): Promise<VarianceNote | null> {
  const { from } = monthPeriod(month);
  if (!isId(accountId) || !(await accountExists(ctx.em, accountId))) throw notFound('Account');
  const text = note.trim();
  if (text.length > NOTE_MAX) {
    throw badInput([{ field: 'note', message: `At most ${NOTE_MAX} characters` }]);
  }
  await ctx.em.transactional(async (tx) => {
    if (text) {
      await upsertVarianceNote(tx, {
        month: from,
        accountId,
        note: text,
        userId: ctx.auth?.userId ?? null,
      });
    } else await deleteVarianceNote(tx, from, accountId);
    await recordTenantAudit(tx, ctx.auth, {
      entityType: 'Account',
      entityId: accountId,
      action: text ? 'variance_note' : 'variance_note_removed',
      changes: { month, note: text || null },
    });
  });
  if (!text) return null;
  return (await varianceNotes(ctx.em, month)).find((n) => n.accountId === accountId) ?? null;
}

export interface BoardPacketSettings {
  ownerNames: boolean;
}

export async function boardPacketSettings(em: EntityManager): Promise<BoardPacketSettings> {
  return { ownerNames: (await selectDocumentSettings(em)).packet_owner_names };
}

export async function updateBoardPacketSettings(
  ctx: Context,
  ownerNames: boolean,
): Promise<BoardPacketSettings> {
  await ctx.em.transactional(async (tx) => {
    const before = await selectDocumentSettings(tx);
    await updateDocumentSettings(tx, { ownerNames, userId: ctx.auth?.userId ?? null });
    if (before.packet_owner_names !== ownerNames) {
      await recordTenantAudit(tx, ctx.auth, {
        entityType: 'DocumentSettings',
        entityId: '00000000-0000-0000-0000-000000000001',
        action: 'update',
        changes: { packetOwnerNames: { before: before.packet_owner_names, after: ownerNames } },
      });
    }
  });
  return boardPacketSettings(ctx.em);
}
