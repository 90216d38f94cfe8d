import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../core/dates.js';
import { withDatabase } from '../../db/connection.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { hledgerJournal, readHledgerBalances, requireHledger } from '../../test/hledger.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { checkLedger } from '../journal/ledger-check.service.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

type Res = { body: { errors?: { message: string; extensions?: Record<string, any> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;

// An OFX 1.02 statement as a US bank sends it: SGML, no closing tags on values.
function ofx(acct: string, balance: string, lines: [string, string, string, string?, string?][]) {
  const trns = lines
    .map(
      ([date, amount, name, fitid, check]) => `<STMTTRN>
<TRNTYPE>${amount.startsWith('-') ? (check ? 'CHECK' : 'DEBIT') : 'CREDIT'}
<DTPOSTED>${date.replaceAll('-', '')}120000.000[-5:EST]
<TRNAMT>${amount}
<FITID>${fitid ?? `${date}${amount}`}
${check ? `<CHECKNUM>${check}\n` : ''}<NAME>${name}
</STMTTRN>`,
    )
    .join('\n');
  return `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260301120000<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>053000196<ACCTID>${acct}<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20260201<DTEND>20260228
${trns}
</BANKTRANLIST>
<LEDGERBAL><BALAMT>${balance}<DTASOF>20260228</LEDGERBAL>
<AVAILBAL><BALAMT>${balance}<DTASOF>20260228</AVAILBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`;
}

const ACCOUNT = `accountId institution maskedNumber kind statementDay bookBalance reconciledThrough
  unmatchedLines account { number name }`;
const IMPORT = `mutation ($accountId: ID!, $file: Upload!, $dryRun: Boolean!, $mapping: CsvMappingInput, $saveMapping: Boolean!) {
  importBankStatement(accountId: $accountId, file: $file, dryRun: $dryRun, mapping: $mapping, saveMapping: $saveMapping) {
    statement { id periodStart periodEnd openingBalance closingBalance lineCount skipped }
    format imported skipped matched posted lines { row date amount description duplicate rule } } }`;
const LINES = `query ($accountId: ID!) { bankLines(accountId: $accountId) {
  id date amount description checkNumber status matchId } }`;
const SUGGEST = `query ($accountId: ID!) { bankLineSuggestions(accountId: $accountId) {
  bankLineId rank days reason bookLines { journalLineId entryNumber amount } } }`;
const WORKSHEET = `query ($input: StatementPeriodInput!) { reconciliationWorksheet(input: $input) {
  periodStart statementDate openingBalance closingBalance clearedBalance difference clearedDeposits
  clearedPayments depositsInTransit outstandingPayments adjustedBankBalance bookBalance
  unrecordedBankItems adjustedBookBalance canFinish
  bankLines { id amount status } clearedBookLines { entryNumber amount }
  outstandingBookLines { entryNumber amount checkNumber } reconciliation { id status } } }`;
const FINISH = `mutation ($input: StatementPeriodInput!) { finishReconciliation(input: $input) {
  id statementDate openingBalance closingBalance bookBalance status } }`;
const UNDO = `mutation ($input: UndoReconciliationInput!) { undoReconciliation(input: $input) { id status undoReason } }`;
const REVERSE = `mutation ($id: ID!, $date: LocalDate!) { reverseJournalEntry(id: $id, date: $date) { id } }`;

describe('banking: import, match, rules, reconcile, lock', () => {
  let app: TestApp;
  let t: Tenant;
  let o: Tenant;
  const a: Record<string, string> = {};
  const e: Record<string, string> = {};
  let duke = '';
  let dir = '';

  const upload = async (
    accountId: string,
    text: string,
    name: string,
    opts: { dryRun?: boolean; mapping?: unknown; saveMapping?: boolean; token?: string } = {},
  ) => {
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query: IMPORT,
        variables: {
          accountId,
          file: null,
          dryRun: opts.dryRun ?? false,
          mapping: opts.mapping ?? null,
          saveMapping: opts.saveMapping ?? false,
        },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([text]), name);
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${opts.token ?? t.admin}`,
        'apollo-require-preflight': 'true',
      },
      body: form,
    });
    return { body: (await res.json()) as any };
  };
  const imported = async (accountId: string, text: string, name = 'feb.ofx') => {
    const res = await upload(accountId, text, name);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data.importBankStatement;
  };
  const lines = async () => (await t.ok(LINES, { accountId: a.cash })).bankLines as any[];
  const line = async (description: string) =>
    (await lines()).find((l) => l.description.includes(description));
  const worksheet = async (input: Record<string, unknown> = {}) =>
    (await t.ok(WORKSHEET, { input: { accountId: a.cash, ...input } })).reconciliationWorksheet;

  beforeAll(async () => {
    setClock(() => new Date('2026-03-15T16:00:00Z'));
    app = await startTestApp();
    t = await createTenant(app, 'Bayview HOA');
    o = await createTenant(app, 'Other HOA');
    a.cash = await t.account('1000', 'ASSET', {
      name: 'Operating Checking',
      initialBalance: '10000.00',
      openingDate: '2026-01-01',
    });
    a.income = await t.account('4000', 'INCOME', { name: 'Assessments' });
    a.electric = await t.account('5020', 'EXPENSE', { name: 'Utilities: Electric' });
    a.fees = await t.account('5900', 'EXPENSE', { name: 'Bank Fees' });
    a.interest = await t.account('4900', 'INCOME', { name: 'Interest Income' });
    a.repairs = await t.account('5100', 'EXPENSE', { name: 'Repairs' });
    a.otherCash = await o.account('1000', 'ASSET', { name: 'Their Checking' });
    duke = await t.vendor('Duke Energy');
    e.check = await t.post(
      '2026-02-03',
      [
        [a.electric, '230.15', null],
        [a.cash, null, '230.15'],
      ],
      {
        memo: 'Check 1042 — January electric',
        vendorId: duke,
      },
    );
    e.deposit = await t.post(
      '2026-02-10',
      [
        [a.cash, '1500.00', null],
        [a.income, null, '1500.00'],
      ],
      {
        memo: 'Deposit of assessments',
      },
    );
    e.outstanding = await t.post(
      '2026-02-27',
      [
        [a.repairs, '400.00', null],
        [a.cash, null, '400.00'],
      ],
      {
        memo: 'Check 1043 — gate repair',
      },
    );
  });
  afterAll(async () => {
    setClock();
    await app?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('marks a cash account as a bank account, and refuses other accounts, foreign ids and viewers', async () => {
    const set = `mutation ($input: SetBankAccountInput!) { setBankAccount(input: $input) { ${ACCOUNT} } }`;
    const input = { accountId: a.cash, institution: 'First Citizens', maskedNumber: '4821' };
    expect(code(await t.gql(set, { input }, t.viewer))).toBe('FORBIDDEN');
    expect(code(await t.gql(set, { input: { ...input, accountId: a.fees } }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(code(await t.gql(set, { input: { ...input, accountId: a.otherCash } }))).toBe(
      'NOT_FOUND',
    );
    const bad = await t.gql(set, { input: { ...input, maskedNumber: '48-21 x' } });
    expect(code(bad)).toBe('BAD_USER_INPUT');
    const acct = (await t.ok(set, { input })).setBankAccount;
    expect(acct).toMatchObject({
      institution: 'First Citizens',
      maskedNumber: '4821',
      kind: 'CHECKING',
      statementDay: 31,
      bookBalance: '10869.85',
      reconciledThrough: null,
      account: { number: '1000' },
    });
    expect(
      code(
        await o.gql(`query ($id: ID!) { bankAccount(accountId: $id) { accountId } }`, {
          id: a.cash,
        }),
      ),
    ).toBe('NOT_FOUND');
  });

  const FEB: [string, string, string, string?, string?][] = [
    ['2026-02-05', '-230.15', 'CHECK 1042', 'FIT1', '1042'],
    ['2026-02-11', '1500.00', 'DEPOSIT', 'FIT2'],
    ['2026-02-15', '-120.00', 'DUKE ENERGY PAYMENT', 'FIT3'],
    ['2026-02-28', '-12.00', 'MONTHLY SERVICE FEE', 'FIT4'],
    ['2026-02-28', '3.21', 'INTEREST PAID', 'FIT5'],
  ];

  it('refuses a statement of another account and hostile files, writing nothing', async () => {
    const wrong = await upload(a.cash, ofx('000099999999', '11141.06', FEB), 'feb.ofx');
    expect(code(wrong)).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(wrong.body.errors[0].extensions.details)).toMatch(/ending 9999/);
    const entity = await upload(
      a.cash,
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><Document>&a;</Document>',
      'x.xml',
    );
    expect(code(entity)).toBe('BAD_USER_INPUT');
    expect(code(await upload(a.cash, 'x'.repeat(70_000), 'long.csv'))).toBe('BAD_USER_INPUT');
    expect(code(await upload(a.otherCash, ofx('4821', '1.00', FEB), 'feb.ofx'))).toBe('NOT_FOUND');
    expect(
      code(await upload(a.cash, ofx('4821', '1.00', FEB), 'feb.ofx', { token: t.viewer })),
    ).toBe('FORBIDDEN');
    expect(await lines()).toEqual([]);
  });

  it('imports an OFX statement: a dry run writes nothing, unique suggestions match, a second import skips every line', async () => {
    const file = ofx('000012344821', '11141.06', FEB);
    const dry = (await upload(a.cash, file, 'feb.ofx', { dryRun: true })).body.data
      .importBankStatement;
    expect(dry).toMatchObject({ statement: null, format: 'OFX', imported: 5, skipped: 0 });
    expect(await lines()).toEqual([]);
    const res = await imported(a.cash, file);
    expect(res).toMatchObject({
      format: 'OFX',
      imported: 5,
      skipped: 0,
      // The check by its number (rank 2) and the deposit, the only one of its amount (rank 3).
      matched: 2,
      posted: 0,
      statement: {
        periodStart: '2026-02-01',
        periodEnd: '2026-02-28',
        closingBalance: '11141.06',
        lineCount: 5,
      },
    });
    const again = await imported(a.cash, file);
    expect(again).toMatchObject({ imported: 0, skipped: 5, statement: null });
    expect(again.lines.every((l: any) => l.duplicate)).toBe(true);
    expect((await line('CHECK 1042')).status).toBe('MATCHED');
    expect((await line('DUKE')).status).toBe('UNMATCHED');
  });

  it('keeps two identical lines of one file as two, and skips both on the second import (CSV with a saved mapping)', async () => {
    const csv = 'Date,Description,Amount\n02/20/2026,COFFEE,-4.50\n02/20/2026,COFFEE,-4.50\n';
    const mapping = {
      headerRows: 1,
      dateColumn: 0,
      descriptionColumn: 1,
      amountColumn: 2,
      sign: 'DEPOSITS_POSITIVE',
      dateFormat: 'US',
    };
    const acct = await t.account('1010', 'ASSET', { name: 'Petty Checking' });
    await t.ok(
      `mutation ($input: SetBankAccountInput!) { setBankAccount(input: $input) { accountId } }`,
      {
        input: { accountId: acct, institution: 'Credit Union', maskedNumber: '77' },
      },
    );
    const first = await upload(acct, csv, 'cu.csv', { mapping, saveMapping: true });
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.importBankStatement).toMatchObject({ imported: 2, skipped: 0 });
    // The saved mapping serves the next file of this bank.
    const second = await upload(acct, csv, 'cu.csv');
    expect(second.body.data.importBankStatement).toMatchObject({ imported: 0, skipped: 2 });
    const bad = await upload(acct, 'Date,Description,Amount\n02/30/2026,X,1.00\n', 'cu.csv');
    expect(code(bad)).toBe('BAD_USER_INPUT');
  });

  it('suggests, ranks and explains; matches by hand only lines of equal sum', async () => {
    // Nothing in the books for the rest yet.
    expect((await t.ok(SUGGEST, { accountId: a.cash })).bankLineSuggestions).toEqual([]);
    const fee = await line('SERVICE FEE');
    const match = `mutation ($input: MatchBankLinesInput!) { matchBankLines(input: $input) { id } }`;
    const [checkLine] = (
      await t.ok(`query ($id: ID!) { journalEntry(id: $id) { lines { id accountId } } }`, {
        id: e.outstanding,
      })
    ).journalEntry.lines.filter((l: any) => l.accountId === a.cash);
    const unequal = await t.gql(match, {
      input: { accountId: a.cash, bankLineIds: [fee.id], journalLineIds: [checkLine.id] },
    });
    expect(code(unequal)).toBe('BAD_USER_INPUT');
    const foreign = await o.gql(match, {
      input: { accountId: a.otherCash, bankLineIds: [fee.id], journalLineIds: [checkLine.id] },
    });
    expect(code(foreign)).toBe('NOT_FOUND');
  });

  it('a rule posts the unmatched Duke Energy line to Utilities: Electric with the vendor, after a preview', async () => {
    const rule = (
      await t.ok(
        `mutation ($input: BankRuleInput!) { createBankRule(input: $input) { id position account { number } vendor { name } } }`,
        {
          input: {
            name: 'Duke Energy',
            contains: 'duke energy',
            direction: 'OUT',
            accountId: a.electric,
            vendorId: duke,
          },
        },
      )
    ).createBankRule;
    expect(rule).toMatchObject({
      position: 1,
      account: { number: '5020' },
      vendor: { name: 'Duke Energy' },
    });
    const preview = (
      await t.ok(
        `query ($id: ID!) { bankRulePreview(accountId: $id) { bankLine { description } rule { name } } }`,
        {
          id: a.cash,
        },
      )
    ).bankRulePreview;
    expect(preview).toEqual([
      { bankLine: { description: 'DUKE ENERGY PAYMENT' }, rule: { name: 'Duke Energy' } },
    ]);
    expect(
      (await t.ok(`mutation ($id: ID!) { applyBankRules(accountId: $id) }`, { id: a.cash }))
        .applyBankRules,
    ).toBe(1);
    expect((await line('DUKE')).status).toBe('MATCHED');
  });

  it('posts the bank fee and the interest from the reconciliation screen; the difference reaches 0.00', async () => {
    const post = `mutation ($input: PostBankLineInput!) { postBankLine(input: $input) {
      id bookLines { entryNumber amount source } } }`;
    const before = await worksheet();
    expect(before).toMatchObject({
      statementDate: '2026-02-28',
      openingBalance: '10000.00',
      difference: '-8.79',
    });
    const fee = await line('SERVICE FEE');
    const self = await t.gql(post, { input: { bankLineId: fee.id, accountId: a.cash } });
    expect(code(self)).toBe('BAD_USER_INPUT');
    const posted = (await t.ok(post, { input: { bankLineId: fee.id, accountId: a.fees } }))
      .postBankLine;
    expect(posted.bookLines).toMatchObject([{ amount: '-12.00', source: 'BANK' }]);
    expect(code(await t.gql(post, { input: { bankLineId: fee.id, accountId: a.fees } }))).toBe(
      'CONFLICT',
    );
    await t.ok(post, { input: { bankLineId: (await line('INTEREST')).id, accountId: a.interest } });
    const w = await worksheet();
    expect(w).toMatchObject({
      periodStart: '2026-02-01',
      statementDate: '2026-02-28',
      openingBalance: '10000.00',
      closingBalance: '11141.06',
      clearedBalance: '11141.06',
      difference: '0.00',
      clearedDeposits: '1503.21',
      clearedPayments: '362.15',
      // Check 1043 of 02-27 has not reached the bank.
      depositsInTransit: '0.00',
      outstandingPayments: '400.00',
      adjustedBankBalance: '10741.06',
      bookBalance: '10741.06',
      unrecordedBankItems: '0.00',
      adjustedBookBalance: '10741.06',
      canFinish: true,
      reconciliation: null,
    });
    expect(w.outstandingBookLines).toMatchObject([{ amount: '-400.00', checkNumber: '1043' }]);
  });

  it('the reconciled balance is the ledger balance of the account on the statement date, as hledger computes it', async () => {
    requireHledger('the reconciliation cross-check');
    const d: any = await t.ok(`{ journalLines(first: 1000) { edges { node {
      entryId entryNumber date accountNumber accountType fundType debit credit } } } }`);
    dir = mkdtempSync(join(tmpdir(), 'covenant-bank-'));
    const file = join(dir, 'books.journal');
    writeFileSync(
      file,
      hledgerJournal(
        d.journalLines.edges.map((x: any) => x.node),
        new Set(),
      ),
    );
    const balances = readHledgerBalances(file, ['-e', '2026-03-01']);
    const w = await worksheet();
    expect(balances.get('operating:asset:1000')).toBe(1_074_106n);
    expect(w.adjustedBankBalance).toBe('10741.06');
    expect(w.bookBalance).toBe('10741.06');
  });

  it('finishes at 0.00 only; what it cleared is locked until an admin undoes it with a reason', async () => {
    expect(code(await t.gql(FINISH, { input: { accountId: a.cash } }, t.viewer))).toBe('FORBIDDEN');
    const wrong = await t.gql(FINISH, { input: { accountId: a.cash, closingBalance: '11000.00' } });
    expect(code(wrong), JSON.stringify(wrong.body)).toBe('BAD_USER_INPUT');
    const r = (await t.ok(FINISH, { input: { accountId: a.cash } })).finishReconciliation;
    expect(r).toMatchObject({
      statementDate: '2026-02-28',
      openingBalance: '10000.00',
      closingBalance: '11141.06',
      bookBalance: '10741.06',
      status: 'FINISHED',
    });
    expect((await line('CHECK 1042')).status).toBe('RECONCILED');
    // The next period has no statement yet.
    expect(
      (await t.ok(WORKSHEET, { input: { accountId: a.cash } })).reconciliationWorksheet,
    ).toBeNull();
    const report = (
      await t.ok(
        `query ($id: ID!) { reconciliationReport(id: $id) { difference outstandingPayments
        clearedBookLines { entryNumber } reconciliation { id } } }`,
        { id: r.id },
      )
    ).reconciliationReport;
    expect(report).toMatchObject({
      difference: '0.00',
      outstandingPayments: '400.00',
      reconciliation: { id: r.id },
    });
    expect(report.clearedBookLines).toHaveLength(5);

    // Locked: the cleared check cannot be reversed or unmatched, in the API and in the database.
    const rev = await t.gql(REVERSE, { id: e.check, date: '2026-03-10' });
    expect(code(rev)).toBe('CONFLICT');
    expect(rev.body.errors?.[0].message).toMatch(/reconciliation/);
    const matchId = (await line('CHECK 1042')).matchId;
    expect(
      code(await t.gql(`mutation ($id: ID!) { unmatchBankLines(matchId: $id) }`, { id: matchId })),
    ).toBe('CONFLICT');
    const client = new pg.Client({
      connectionString: withDatabase(app.services.clusterUrl('default'), t.org.dbName),
    });
    await client.connect();
    try {
      await expect(
        client.query(`UPDATE bank_lines SET match_id = NULL WHERE match_id = $1`, [matchId]),
      ).rejects.toThrow(/reconciled/);
      await expect(
        client.query(`DELETE FROM bank_matches WHERE id = $1`, [matchId]),
      ).rejects.toThrow(/reconciled/);
    } finally {
      await client.end();
    }
    // An outstanding check is not locked.
    expect(code(await t.gql(REVERSE, { id: e.outstanding, date: '2026-02-27' }))).toBeUndefined();

    // Undo: admins only, with a reason; then the entry can be reversed.
    const undo = { reconciliationId: r.id, reason: 'Wrong statement' };
    expect(code(await t.gql(UNDO, { input: undo }, t.user))).toBe('FORBIDDEN');
    expect(code(await t.gql(UNDO, { input: { ...undo, reason: ' ' } }))).toBe('BAD_USER_INPUT');
    expect(code(await o.gql(UNDO, { input: undo }))).toBe('NOT_FOUND');
    expect((await t.ok(UNDO, { input: undo })).undoReconciliation).toMatchObject({
      status: 'UNDONE',
      undoReason: 'Wrong statement',
    });
    expect((await line('CHECK 1042')).status).toBe('MATCHED');
    expect(
      code(await t.gql(`mutation ($id: ID!) { unmatchBankLines(matchId: $id) }`, { id: matchId })),
    ).toBeUndefined();
    expect(code(await t.gql(REVERSE, { id: e.check, date: '2026-03-10' }))).toBeUndefined();
  });

  it("answers NOT_FOUND to another association for every banking operation on this one's ids", async () => {
    const l = await line('CHECK 1042');
    const matched = (await lines()).find((x) => x.matchId);
    const [rule] = (await t.ok(`{ bankRules { id } }`)).bankRules;
    const [rec] = (
      await t.ok(`query ($id: ID!) { reconciliations(accountId: $id) { id } }`, { id: a.cash })
    ).reconciliations;
    const journalLineId = (
      await t.ok(`query ($id: ID!) { journalEntry(id: $id) { lines { id accountId } } }`, {
        id: e.check,
      })
    ).journalEntry.lines.find((x: any) => x.accountId === a.cash).id;
    const calls: [string, Record<string, unknown>][] = [
      [`query ($id: ID!) { bankAccount(accountId: $id) { accountId } }`, { id: a.cash }],
      [`query ($id: ID!) { bankStatements(accountId: $id) { id } }`, { id: a.cash }],
      [`query ($id: ID!) { bankLines(accountId: $id) { id } }`, { id: a.cash }],
      [`query ($id: ID!) { bankLineSuggestions(accountId: $id) { rank } }`, { id: a.cash }],
      [`query ($id: ID!) { bankRulePreview(accountId: $id) { rule { id } } }`, { id: a.cash }],
      [`query ($id: ID!) { reconciliations(accountId: $id) { id } }`, { id: a.cash }],
      [`query ($id: ID!) { reconciliationReport(id: $id) { difference } }`, { id: rec.id }],
      [WORKSHEET, { input: { accountId: a.cash } }],
      [
        `mutation ($input: SetBankAccountInput!) { setBankAccount(input: $input) { accountId } }`,
        { input: { accountId: a.cash, institution: 'X', maskedNumber: '4821' } },
      ],
      [`mutation ($id: ID!) { removeBankAccount(accountId: $id) }`, { id: a.cash }],
      [
        `mutation ($input: MatchBankLinesInput!) { matchBankLines(input: $input) { id } }`,
        { input: { accountId: a.cash, bankLineIds: [l.id], journalLineIds: [journalLineId] } },
      ],
      [`mutation ($id: ID!) { unmatchBankLines(matchId: $id) }`, { id: matched.matchId }],
      [`mutation ($id: ID!) { autoMatchBankLines(accountId: $id) }`, { id: a.cash }],
      [`mutation ($id: ID!) { applyBankRules(accountId: $id) }`, { id: a.cash }],
      [
        `mutation ($input: PostBankLineInput!) { postBankLine(input: $input) { id } }`,
        { input: { bankLineId: l.id, accountId: a.cash } },
      ],
      [
        `mutation ($id: ID!, $input: BankRuleInput!) { updateBankRule(id: $id, input: $input) { id } }`,
        { id: rule.id, input: { name: 'X', contains: 'XX', accountId: a.fees } },
      ],
      [`mutation ($id: ID!) { deleteBankRule(id: $id) }`, { id: rule.id }],
      [
        FINISH,
        { input: { accountId: a.cash, statementDate: '2026-02-28', closingBalance: '1.00' } },
      ],
      [UNDO, { input: { reconciliationId: rec.id, reason: 'Not ours' } }],
    ];
    for (const [query, variables] of calls) {
      expect(code(await o.gql(query, variables)), query).toBe('NOT_FOUND');
    }
  });

  it('keeps the ledger and its control accounts clean', async () => {
    const report = await checkLedger(
      withDatabase(app.services.clusterUrl('default'), t.org.dbName),
    );
    expect(report).toMatchObject({ driftRows: 0, unbalancedEntries: 0, controlDifferences: [] });
  });
});
