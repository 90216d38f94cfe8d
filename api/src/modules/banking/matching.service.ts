import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { daysBetween } from '../../core/dates.js';
import { badInput, conflict, notFound } from '../../core/errors/app-error.js';
import { assertId, isId, newIds } from '../../core/ids.js';
import { formatMoney, toCents } from '../../core/money/money.js';
import { recordTenantAudit } from '../audit/index.js';
import { EntrySource, postJournalEntry } from '../journal/index.js';
import type { MatchBankLinesInput, PostBankLineInput } from './banking.inputs.js';
import {
  type BankLineRow,
  bankLineRows,
  bankLinesOf,
  type BookLineRow,
  bookLineRows,
  bookLinesOfMatches,
  candidateBookLines,
  deleteMatch,
  insertMatch,
  insertMatches,
  journalLinesOnAccount,
  linesOfMatches,
  lockBankAccount,
  matchRow,
  type RuleRow,
  ruleRows,
} from './banking.repository.js';
import {
  type BankLine,
  BankLineStatus,
  type BankMatch,
  type BookLine,
  type MatchSuggestion,
  type RulePreview,
} from './banking.types.js';
import { toRule } from './rules.service.js';

// How far apart (days) a bank line and a book line may be dated and still be suggested.
export const MATCH_WINDOW_DAYS = 7;

export function toBankLine(r: BankLineRow): BankLine {
  return {
    id: r.id,
    accountId: r.account_id,
    statementId: r.statement_id,
    date: r.posted_on,
    amount: toCents(r.amount),
    description: r.description,
    payee: r.payee,
    checkNumber: r.check_number,
    bankRef: r.bank_ref,
    status: r.reconciliation_id
      ? BankLineStatus.RECONCILED
      : r.match_id
        ? BankLineStatus.MATCHED
        : BankLineStatus.UNMATCHED,
    matchId: r.match_id,
  };
}

// A check number an entry names: a payment's reference ("Check 1042", "#1042", "1042"), or a
// memo like "Check #1042".
function checkNumberOf(r: BookLineRow): string | null {
  for (const text of [r.reference, r.memo]) {
    const m =
      text?.match(/(?:check|chk|ck)\s*(?:no\.?|number)?\s*#?\s*(\d{1,10})\b/i) ??
      text?.match(/^#?(\d{1,10})$/);
    if (m) return m[1].replace(/^0+/, '');
  }
  return null;
}

export function toBookLine(r: BookLineRow): BookLine {
  return {
    journalLineId: r.journal_line_id,
    entryId: r.entry_id,
    entryNumber: Number(r.entry_number),
    date: r.entry_date,
    amount: toCents(r.amount),
    memo: r.memo,
    source: r.source as EntrySource,
    payee: r.payee,
    checkNumber: checkNumberOf(r),
    matchId: r.match_id,
    reconciled: !!r.reconciliation_id,
  };
}

const norm = (s: string | null | undefined) =>
  (s ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

// Whether the bank line names the book line's payee: the vendor's name (or its first word of
// four letters or more) appears in the bank's description or payee.
function samePayee(line: BankLineRow, book: BookLineRow): boolean {
  const payee = norm(book.payee);
  if (!payee) return false;
  const text = ` ${norm(line.description)} ${norm(line.payee)} `;
  if (text.includes(` ${payee} `)) return true;
  const first = payee.split(' ')[0];
  return first.length >= 4 && text.includes(` ${first} `);
}

// Ranks one candidate for a bank line, or null when it is not one.
function rankOf(
  line: BankLineRow,
  book: BookLineRow,
): { rank: number; days: number; reason: string } | null {
  if (book.amount !== line.amount) return null;
  const days = Math.abs(daysBetween(line.posted_on, book.entry_date));
  if (days > MATCH_WINDOW_DAYS) return null;
  const when = days === 0 ? 'on the same day' : `${days} day${days === 1 ? '' : 's'} apart`;
  if (line.bank_ref && (book.bank_ref === line.bank_ref || book.reference === line.bank_ref)) {
    return { rank: 1, days, reason: `The bank's transaction id ${line.bank_ref} is in the books` };
  }
  const check = line.check_number?.replace(/^0+/, '');
  if (check && checkNumberOf(book) === check) {
    return { rank: 2, days, reason: `Check ${check}, same amount, ${when}` };
  }
  if (samePayee(line, book)) {
    return { rank: 2, days, reason: `${book.payee}, same amount, ${when}` };
  }
  return { rank: 3, days, reason: `Same amount, ${when}` };
}

// Suggestions for the given (unmatched) bank lines, best first per line, at most three each.
export async function suggestionsFor(
  em: EntityManager,
  accountId: string,
  lines: BankLineRow[],
): Promise<MatchSuggestion[]> {
  const open = lines.filter((l) => !l.match_id);
  if (!open.length) return [];
  const dates = open.map((l) => l.posted_on).sort();
  const amounts = [...new Set(open.map((l) => Number(l.amount)))];
  const candidates = await candidateBookLines(
    em,
    accountId,
    amounts,
    dates[0],
    dates[dates.length - 1],
  );
  const byAmount = new Map<string, BookLineRow[]>();
  for (const c of candidates) {
    const list = byAmount.get(c.amount) ?? [];
    list.push(c);
    byAmount.set(c.amount, list);
  }
  const out: MatchSuggestion[] = [];
  for (const line of open) {
    const ranked = (byAmount.get(line.amount) ?? [])
      .map((book) => ({ book, r: rankOf(line, book) }))
      .filter((x): x is { book: BookLineRow; r: NonNullable<ReturnType<typeof rankOf>> } => !!x.r)
      .sort(
        (a, b) =>
          a.r.rank - b.r.rank ||
          a.r.days - b.r.days ||
          Number(a.book.entry_number) - Number(b.book.entry_number),
      )
      .slice(0, 3);
    for (const { book, r } of ranked) {
      out.push({ bankLineId: line.id, bookLines: [toBookLine(book)], ...r });
    }
  }
  return out;
}

export async function bankLineSuggestions(
  em: EntityManager,
  accountId: string,
  lineIds?: string[] | null,
): Promise<MatchSuggestion[]> {
  const lines = lineIds?.length
    ? (await bankLineRows(em, lineIds.filter(isId))).filter((l) => l.account_id === accountId)
    : await bankLinesOf(em, { accountId, unmatchedOnly: true });
  return suggestionsFor(em, accountId, lines);
}

// Accepts the suggestions that leave no doubt: for each unmatched line (oldest first), the best
// candidate when it is the only one at its rank (and, at rank 3, the only candidate at all), and
// no earlier line took it. Call inside a transaction holding the bank account's lock. Answers how
// many lines were matched.
export async function autoMatchLines(
  tx: EntityManager,
  actor: AuthInfo | null,
  accountId: string,
  lines: BankLineRow[],
): Promise<number> {
  const suggestions = await suggestionsFor(tx, accountId, lines);
  const byLine = new Map<string, MatchSuggestion[]>();
  for (const s of suggestions) byLine.set(s.bankLineId, [...(byLine.get(s.bankLineId) ?? []), s]);
  const taken = new Set<string>();
  const chosen: { id: string; bankLineId: string; journalLineId: string; entryId: string }[] = [];
  const ids = newIds(lines.length);
  for (const line of lines) {
    const list = (byLine.get(line.id) ?? []).filter(
      (s) => !taken.has(s.bookLines[0].journalLineId),
    );
    if (!list.length) continue;
    const [best, next] = list;
    if (next && next.rank === best.rank) continue;
    if (best.rank === 3 && list.length > 1) continue;
    const book = best.bookLines[0];
    taken.add(book.journalLineId);
    chosen.push({
      id: ids[chosen.length],
      bankLineId: line.id,
      journalLineId: book.journalLineId,
      entryId: book.entryId,
    });
  }
  await insertMatches(tx, accountId, 'suggested', actor?.userId ?? null, chosen);
  return chosen.length;
}

export async function autoMatch(
  em: EntityManager,
  actor: AuthInfo | null,
  accountId: string,
): Promise<number> {
  let n = 0;
  await em.transactional(async (tx) => {
    if (!(await lockBankAccount(tx, accountId))) throw notFound('Bank account');
    const lines = await bankLinesOf(tx, { accountId, unmatchedOnly: true, limit: 100000 });
    n = await autoMatchLines(tx, actor, accountId, lines);
  });
  return n;
}

export async function findMatch(em: EntityManager, id: string): Promise<BankMatch> {
  assertId(id, 'Match');
  const m = await matchRow(em, id);
  if (!m) throw notFound('Match');
  return {
    id,
    bankLines: (await linesOfMatches(em, [id])).map(toBankLine),
    bookLines: (await bookLinesOfMatches(em, [id])).map(toBookLine),
  };
}

// Ties bank lines to book lines of the same sum: one bank line to several entries (a deposit the
// books split), several bank lines to one entry, or book lines alone that cancel out (an entry
// and its reversal). Every id must be the account's; none may be matched already.
export async function matchBankLines(
  em: EntityManager,
  actor: AuthInfo | null,
  input: MatchBankLinesInput,
): Promise<BankMatch> {
  assertId(input.accountId, 'Bank account');
  const bad = [
    ...input.bankLineIds.map((id, i) => ({ id, field: `bankLineIds.${i}` })),
    ...input.journalLineIds.map((id, i) => ({ id, field: `journalLineIds.${i}` })),
  ].filter((x) => !isId(x.id));
  if (bad.length)
    throw notFound(
      'Line',
      bad.map((b) => ({ field: b.field, message: 'Line not found' })),
    );
  if (!input.journalLineIds.length) {
    const message = 'Choose the book side: the entries this bank line is';
    throw badInput([{ field: 'journalLineIds', message }], message);
  }
  const [id] = newIds(1);
  await em.transactional(async (tx) => {
    if (!(await lockBankAccount(tx, input.accountId))) throw notFound('Bank account');
    const bank = input.bankLineIds.length ? await bankLineRows(tx, input.bankLineIds) : [];
    const missingBank = input.bankLineIds
      .map((lid, i) => ({ lid, i }))
      .filter(({ lid }) => !bank.some((b) => b.id === lid && b.account_id === input.accountId));
    const book = await journalLinesOnAccount(tx, input.accountId, input.journalLineIds);
    const missingBook = input.journalLineIds
      .map((lid, i) => ({ lid, i }))
      .filter(({ lid }) => !book.some((b) => b.id === lid));
    if (missingBank.length || missingBook.length) {
      throw notFound('Line', [
        ...missingBank.map(({ i }) => ({
          field: `bankLineIds.${i}`,
          message: 'Bank line not found',
        })),
        ...missingBook.map(({ i }) => ({
          field: `journalLineIds.${i}`,
          message: "Not a line on this bank account's ledger account",
        })),
      ]);
    }
    const matchedBank = bank.filter((b) => b.match_id);
    const bookRows = await bookLineRows(
      tx,
      book.map((b) => b.id),
    );
    const matchedBook = bookRows.filter((b) => b.match_id);
    if (matchedBank.length || matchedBook.length) {
      throw conflict('A line is matched already: undo its match first');
    }
    const bankSum = bank.reduce((s, b) => s + BigInt(b.amount), 0n);
    const bookSum = book.reduce((s, b) => s + BigInt(b.amount), 0n);
    if (bankSum !== bookSum) {
      const message = bank.length
        ? `The bank lines total ${formatMoney(bankSum)} and the book lines ${formatMoney(bookSum)}: they must be equal`
        : `Book lines matched without a bank line must cancel out; they total ${formatMoney(bookSum)}`;
      throw badInput([{ field: 'journalLineIds', message }], message);
    }
    await insertMatch(
      tx,
      {
        id,
        accountId: input.accountId,
        kind: bank.length ? 'manual' : 'offset',
        createdBy: actor?.userId ?? null,
      },
      bank.map((b) => b.id),
      book.map((b) => ({ journalLineId: b.id, entryId: b.entry_id })),
    );
  });
  return findMatch(em, id);
}

// Undoes a match that no finished reconciliation has cleared.
export async function unmatchBankLines(
  em: EntityManager,
  _actor: AuthInfo | null,
  matchId: string,
): Promise<boolean> {
  assertId(matchId, 'Match');
  await em.transactional(async (tx) => {
    const m = await matchRow(tx, matchId);
    if (!m) throw notFound('Match');
    await lockBankAccount(tx, m.account_id);
    if (m.reconciliation_id) {
      throw conflict(
        'This match is part of a finished reconciliation; an admin must undo the reconciliation first',
      );
    }
    await deleteMatch(tx, matchId);
  });
  return true;
}

// Posts the entry a bank line stands for (a fee, interest, or what a rule says) and matches them:
// money in debits the bank account and credits `accountId`; money out the other way round. Call
// inside a transaction holding the bank account's lock.
export async function postForLine(
  tx: EntityManager,
  actor: AuthInfo | null,
  line: BankLineRow,
  p: { accountId: string; vendorId: string | null; memo: string | null; kind: 'posted' | 'rule' },
): Promise<string> {
  const amount = Number(line.amount);
  const cents = Math.abs(amount);
  const memo = (p.memo?.trim() || line.description).slice(0, 500);
  const entry = await postJournalEntry(
    tx,
    actor,
    {
      date: line.posted_on,
      memo,
      vendorId: p.vendorId,
      lines:
        amount > 0
          ? [
              { accountId: line.account_id, debit: cents },
              { accountId: p.accountId, credit: cents },
            ]
          : [
              { accountId: p.accountId, debit: cents },
              { accountId: line.account_id, credit: cents },
            ],
    },
    {
      source: EntrySource.BANK,
      lineFields: amount > 0 ? [null, 'accountId'] : ['accountId', null],
    },
  );
  const bankLine = entry.lines.find((l) => l.accountId === line.account_id)!;
  const [id] = newIds(1);
  await insertMatch(
    tx,
    { id, accountId: line.account_id, kind: p.kind, createdBy: actor?.userId ?? null },
    [line.id],
    [{ journalLineId: bankLine.id, entryId: entry.id }],
  );
  return entry.id;
}

export async function postBankLine(
  em: EntityManager,
  actor: AuthInfo | null,
  input: PostBankLineInput,
): Promise<BankMatch> {
  assertId(input.bankLineId, 'Bank line');
  assertId(input.accountId, 'Account');
  let matchId = '';
  await em.transactional(async (tx) => {
    const [line] = await bankLineRows(tx, [input.bankLineId]);
    if (!line)
      throw notFound('Bank line', [{ field: 'bankLineId', message: 'Bank line not found' }]);
    await lockBankAccount(tx, line.account_id);
    const [fresh] = await bankLineRows(tx, [input.bankLineId]);
    if (fresh.match_id) throw conflict('This bank line is matched already');
    if (input.accountId === line.account_id) {
      const message = 'Choose the other side of the entry, not the bank account itself';
      throw badInput([{ field: 'accountId', message }], message);
    }
    await postForLine(tx, actor, fresh, {
      accountId: input.accountId,
      vendorId: input.vendorId ?? null,
      memo: input.memo ?? null,
      kind: 'posted',
    });
    const [after] = await bankLineRows(tx, [input.bankLineId]);
    matchId = after.match_id!;
    await recordTenantAudit(tx, actor, {
      entityType: 'BankLine',
      entityId: line.id,
      action: 'post',
      changes: { accountId: input.accountId, amount: Number(line.amount) },
    });
  });
  return findMatch(em, matchId);
}

// The first rule (in the treasurer's order) a line meets.
export function ruleFor(rules: RuleRow[], line: BankLineRow): RuleRow | null {
  const text = `${line.description} ${line.payee ?? ''}`.toLowerCase();
  const amount = Number(line.amount);
  return (
    rules.find(
      (r) =>
        (!r.bank_account_id || r.bank_account_id === line.account_id) &&
        (r.direction === 'any' || (r.direction === 'in' ? amount > 0 : amount < 0)) &&
        text.includes(r.contains.toLowerCase()),
    ) ?? null
  );
}

// What the rules would post for the account's unmatched lines.
export async function rulePreview(em: EntityManager, accountId: string): Promise<RulePreview[]> {
  const rules = await ruleRows(em);
  if (!rules.length) return [];
  const lines = await bankLinesOf(em, { accountId, unmatchedOnly: true });
  return lines.flatMap((l) => {
    const r = ruleFor(rules, l);
    return r ? [{ bankLine: toBankLine(l), rule: toRule(r) }] : [];
  });
}

// Posts what the rules say for these unmatched lines (only automatic rules when `autoOnly`).
// Call inside a transaction holding the bank account's lock. Answers how many were posted.
export async function applyRulesTo(
  tx: EntityManager,
  actor: AuthInfo | null,
  lines: BankLineRow[],
  autoOnly: boolean,
): Promise<number> {
  const rules = (await ruleRows(tx)).filter((r) => !autoOnly || r.auto_apply);
  let n = 0;
  for (const line of lines) {
    if (line.match_id) continue;
    const rule = ruleFor(rules, line);
    if (!rule) continue;
    await postForLine(tx, actor, line, {
      accountId: rule.account_id,
      vendorId: rule.vendor_id,
      memo: rule.memo ? `${rule.memo} — ${line.description}` : line.description,
      kind: 'rule',
    });
    n++;
  }
  return n;
}

export async function applyBankRules(
  em: EntityManager,
  actor: AuthInfo | null,
  accountId: string,
  lineIds?: string[] | null,
): Promise<number> {
  assertId(accountId, 'Bank account');
  let n = 0;
  await em.transactional(async (tx) => {
    if (!(await lockBankAccount(tx, accountId))) throw notFound('Bank account');
    const lines = lineIds?.length
      ? (await bankLineRows(tx, lineIds.filter(isId))).filter((l) => l.account_id === accountId)
      : await bankLinesOf(tx, { accountId, unmatchedOnly: true });
    if (lineIds?.length && lines.length !== lineIds.length) {
      throw notFound('Bank line', [{ field: 'lineIds', message: 'Bank line not found' }]);
    }
    n = await applyRulesTo(tx, actor, lines, false);
  });
  return n;
}

// Matches known to be right (the demo seed's bank lines, made from the books): each group's bank
// and book lines must be the account's, unmatched, and of equal sum. Call inside a transaction.
export async function matchExact(
  tx: EntityManager,
  actor: AuthInfo | null,
  accountId: string,
  groups: { bankLineIds: string[]; journalLineIds: string[] }[],
): Promise<void> {
  const book = await journalLinesOnAccount(
    tx,
    accountId,
    groups.flatMap((g) => g.journalLineIds),
  );
  const byId = new Map(book.map((b) => [b.id, b]));
  const bank = await bankLineRows(
    tx,
    groups.flatMap((g) => g.bankLineIds),
  );
  const bankById = new Map(bank.map((b) => [b.id, b]));
  for (const g of groups) {
    const bs = g.bankLineIds.map((id) => bankById.get(id));
    const js = g.journalLineIds.map((id) => byId.get(id));
    if (bs.some((b) => !b || b.account_id !== accountId || b.match_id) || js.some((j) => !j)) {
      throw new Error('A demo match names a line it cannot match');
    }
    const bankSum = bs.reduce((s, b) => s + BigInt(b!.amount), 0n);
    const bookSum = js.reduce((s, j) => s + BigInt(j!.amount), 0n);
    if (bankSum !== bookSum)
      throw new Error(`A demo match does not balance: ${bankSum} ≠ ${bookSum}`);
    const [id] = newIds(1);
    await insertMatch(
      tx,
      { id, accountId, kind: bs.length ? 'manual' : 'offset', createdBy: actor?.userId ?? null },
      g.bankLineIds,
      js.map((j) => ({ journalLineId: j!.id, entryId: j!.entry_id })),
    );
  }
}
