import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../core/dates.js';
import { withDatabase } from '../../db/connection.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

type Res = { body: { errors?: { message: string; extensions?: Record<string, any> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;
const message = (res: Res) => res.body.errors?.[0]?.message ?? '';
const details = (res: Res) => res.body.errors?.[0]?.extensions?.details;

const PERIODS = `closedThrough nextToClose
  months { month status entries closable reopenable close { closedBy overrideReason unreconciled }
    bankAccounts { name reconciled reconciledThrough } }
  years { fiscalYear status closable close { kind } }
  history { kind start end closedBy overrideReason reopenedAt reopenedBy reopenReason }`;
const READ = `{ periods { ${PERIODS} } }`;
const CLOSE = `mutation ($input: ClosePeriodInput!) { closeMonth(input: $input) { ${PERIODS} } }`;
const CLOSE_YEAR = `mutation ($y: Int!) { closeFiscalYear(fiscalYear: $y) { ${PERIODS} } }`;
const REOPEN = `mutation ($input: ReopenPeriodInput!) { reopenMonth(input: $input) { ${PERIODS} } }`;
const REVERSE = `mutation ($id: ID!, $date: LocalDate!) { reverseJournalEntry(id: $id, date: $date) { id date } }`;
const POST = `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id } }`;
const PAY = `mutation ($input: RecordPaymentInput!) { recordPayment(input: $input) { id } }`;
const VOID_PAYMENT = `mutation ($id: ID!, $date: LocalDate) { voidPayment(id: $id, date: $date) { id } }`;
const SET_BANK = `mutation ($input: SetBankAccountInput!) { setBankAccount(input: $input) { accountId } }`;
const IMPORT = `mutation ($accountId: ID!, $file: Upload!) {
  importBankStatement(accountId: $accountId, file: $file, dryRun: false, saveMapping: false) { imported } }`;

const JOURNAL_IMPORT = `mutation ($file: Upload!) { importJournalEntries(file: $file, dryRun: false) {
  committed errors { row field message } } }`;

const ofx = (lines: [string, string, string][]) => `OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD
<BANKACCTFROM><BANKID>121000248<ACCTID>00004821<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20261101<DTEND>20270131
${lines
  .map(
    ([date, amount, name], i) =>
      `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${date}<TRNAMT>${amount}<FITID>P${date}${i}<NAME>${name}</STMTTRN>`,
  )
  .join('\n')}
</BANKTRANLIST><LEDGERBAL><BALAMT>100.00<DTASOF>20270131</LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`;

describe('closed periods', () => {
  let app: TestApp;
  let t: Tenant;
  let o: Tenant;
  const a: Record<string, string> = {};
  const e: Record<string, string> = {};

  const upload = async (accountId: string | null, text: string) => {
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify(
        accountId
          ? { query: IMPORT, variables: { accountId, file: null } }
          : { query: JOURNAL_IMPORT, variables: { file: null } },
      ),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([text]), accountId ? 'statement.ofx' : 'journal.csv');
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.admin}`, 'apollo-require-preflight': 'true' },
      body: form,
    });
    return { body: (await res.json()) as any };
  };

  const counts = async () => {
    const c = new pg.Client({
      connectionString: withDatabase(app.services.clusterUrl('default'), t.org.dbName),
    });
    await c.connect();
    try {
      const r = await c.query(
        `SELECT (SELECT count(*)::int FROM journal_entries) AS entries,
                (SELECT count(*)::int FROM payments) AS payments,
                (SELECT count(*)::int FROM bank_lines) AS lines`,
      );
      return r.rows[0];
    } finally {
      await c.end();
    }
  };

  const line = (accountId: string, debit: string | null, credit: string | null) => ({
    accountId,
    debit,
    credit,
  });

  beforeAll(async () => {
    setClock(() => new Date('2027-02-10T16:00:00Z'));
    app = await startTestApp();
    [t, o] = await Promise.all([createTenant(app, 'Closing HOA'), createTenant(app, 'Open HOA')]);
    a.cash = await t.account('1010', 'ASSET', { name: 'Operating Checking' });
    a.income = await t.account('4010', 'INCOME');
    a.expense = await t.account('5010', 'EXPENSE');
    a.house = await t.propertyType('House');
    a.group = await t.group({
      name: 'Monthly',
      regularIncomeAccountId: a.income,
      rates: [{ propertyTypeId: a.house, regular: '100.00' }],
    });
    a.unit = await t.unit('A-1', { groupId: a.group, propertyTypeId: a.house });
    e.nov = await t.post('2026-11-05', [
      [a.cash, '500.00', null],
      [a.income, null, '500.00'],
    ]);
    e.dec = await t.post('2026-12-05', [
      [a.expense, '80.00', null],
      [a.cash, null, '80.00'],
    ]);
    e.jan = await t.post('2027-01-05', [
      [a.cash, '20.00', null],
      [a.income, null, '20.00'],
    ]);
    a.pay = await t.payment(a.unit, '2026-11-20', '100.00', { depositAccountId: a.cash });
    await t.ok(SET_BANK, {
      input: { accountId: a.cash, institution: 'First Citizens', maskedNumber: '4821' },
    });
    a.otherCash = await o.account('1010', 'ASSET');
    a.otherIncome = await o.account('4010', 'INCOME');
  });
  afterAll(async () => {
    setClock();
    await app?.close();
  });

  it('starts with nothing closed, and lets only admins close', async () => {
    const p = (await t.ok(READ, {}, t.viewer)).periods;
    expect(p.closedThrough).toBeNull();
    expect(p.months[0]).toMatchObject({ month: '2027-02', status: 'OPEN', closable: false });
    const nov = p.months.find((m: any) => m.month === '2026-11');
    expect(nov).toMatchObject({ status: 'OPEN', entries: 2, closable: true });
    expect(nov.bankAccounts).toEqual([
      { name: '1010 Operating Checking (…4821)', reconciled: false, reconciledThrough: null },
    ]);
    for (const token of [t.user, t.viewer]) {
      expect(code(await t.gql(CLOSE, { input: { month: '2026-11' } }, token))).toBe('FORBIDDEN');
    }
    expect(code(await t.gql(CLOSE, { input: { month: '2027-02' } }))).toBe('BAD_USER_INPUT');
    expect(code(await t.gql(CLOSE, { input: { month: '2026-13' } }))).toBe('BAD_USER_INPUT');
  });

  it('refuses a month whose bank account is not reconciled, unless overridden with a reason', async () => {
    const refused = await t.gql(CLOSE, { input: { month: '2026-11' } });
    expect(code(refused)).toBe('CONFLICT');
    expect(message(refused)).toMatch(
      /1010 Operating Checking .* reconcile it through Nov 30, 2026/,
    );
    expect(details(refused)).toHaveLength(1);
    expect(code(await t.gql(CLOSE, { input: { month: '2026-11', overrideReason: 'x' } }))).toBe(
      'BAD_USER_INPUT',
    );
    const p = (
      await t.ok(CLOSE, {
        input: { month: '2026-11', overrideReason: 'Statement arrives late; reviewed online' },
      })
    ).closeMonth;
    expect(p.closedThrough).toBe('2026-11-30');
    expect(p.nextToClose).toBe('2026-12');
    const nov = p.months.find((m: any) => m.month === '2026-11');
    expect(nov).toMatchObject({ status: 'CLOSED', reopenable: true, closable: false });
    expect(nov.close).toMatchObject({
      overrideReason: 'Statement arrives late; reviewed online',
      unreconciled: ['1010 Operating Checking (…4821)'],
    });
    expect(nov.close.closedBy).toBeTruthy();
    expect(code(await t.gql(CLOSE, { input: { month: '2026-11' } }))).toBe('CONFLICT');
    // The dashboard names the months that have ended and are still open.
    const { dashboard } = await t.ok(
      `{ dashboard { attention { kind title detail count route { name } } } }`,
    );
    expect(dashboard.attention.find((a: any) => a.kind === 'MONTH_NOT_CLOSED')).toEqual({
      kind: 'MONTH_NOT_CLOSED',
      title: 'Months are not closed',
      detail: expect.stringMatching(/^December 2026 and January 2027 have ended: close them/),
      count: 2,
      route: { name: 'periods' },
    });
    // Months close in order.
    const skip = await t.gql(CLOSE, { input: { month: '2027-01', overrideReason: 'skip' } });
    expect(code(skip)).toBe('BAD_USER_INPUT');
    expect(message(skip)).toMatch(/close December 2026 first/);
  });

  it('refuses every posting path dated in the closed month, and writes nothing', async () => {
    const before = await counts();
    const post = await t.gql(POST, {
      input: {
        date: '2026-11-30',
        lines: [line(a.cash, '1.00', null), line(a.income, null, '1.00')],
      },
    });
    expect(code(post)).toBe('BAD_USER_INPUT');
    expect(details(post)).toEqual([{ field: 'date', message: expect.any(String) }]);
    expect(message(post)).toBe(
      'November 2026 is closed (the books are closed through Nov 30, 2026): date this on or after Dec 1, 2026, or have an admin reopen November 2026',
    );
    const pay = await t.gql(PAY, {
      input: {
        unitId: a.unit,
        date: '2026-11-28',
        amount: '10.00',
        method: 'CHECK',
        depositAccountId: a.cash,
      },
    });
    expect(code(pay)).toBe('BAD_USER_INPUT');
    expect(message(pay)).toMatch(/November 2026 is closed/);
    expect(code(await t.gql(REVERSE, { id: e.nov, date: '2026-11-30' }))).toBe('BAD_USER_INPUT');
    expect(code(await t.gql(VOID_PAYMENT, { id: a.pay, date: '2026-11-25' }))).toBe(
      'BAD_USER_INPUT',
    );
    const imported = await upload(
      a.cash,
      ofx([
        ['20261130', '-5.00', 'Bank fee'],
        ['20261203', '-80.00', 'Check 101'],
      ]),
    );
    expect(imported.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(imported.body.errors?.[0]?.extensions?.details[0].field).toMatch(/^rows\.\d+\.date$/);
    const journal = await upload(
      null,
      [
        'Date,Reference,Account,Debit,Credit,Memo',
        '2026-11-15,GJ-9,1010,10.00,,Late deposit',
        '2026-11-15,GJ-9,4010,,10.00,Late deposit',
      ].join('\n'),
    );
    expect(journal.body.data?.importJournalEntries, JSON.stringify(journal.body.errors)).toEqual({
      committed: false,
      errors: [
        {
          row: 2,
          field: 'date',
          message: expect.stringMatching(/^November 2026 is closed/),
        },
      ],
    });
    expect(await counts()).toEqual(before);

    // The database refuses too, whatever path would write.
    const c = new pg.Client({
      connectionString: withDatabase(app.services.clusterUrl('default'), t.org.dbName),
    });
    await c.connect();
    try {
      await expect(
        c.query(
          `INSERT INTO journal_entries (id, entry_date, memo, source) VALUES (gen_random_uuid(), '2026-11-15', 'x', 'manual')`,
        ),
      ).rejects.toMatchObject({ code: 'CV002' });
    } finally {
      await c.end();
    }

    // The open period takes them: a reversal dated after the close, another association's books.
    expect((await t.ok(REVERSE, { id: e.nov, date: '2026-12-01' })).reverseJournalEntry.date).toBe(
      '2026-12-01',
    );
    await o.post('2026-11-15', [
      [a.otherCash, '1.00', null],
      [a.otherIncome, null, '1.00'],
    ]);
    expect((await o.ok(READ)).periods.closedThrough).toBeNull();
  });

  it('closes a fiscal year once its months are, and reopens from the latest with a reason', async () => {
    expect(code(await t.gql(CLOSE_YEAR, { y: 2026 }))).toBe('CONFLICT');
    await t.ok(CLOSE, { input: { month: '2026-12', overrideReason: 'Year-end review done' } });
    expect(code(await t.gql(CLOSE_YEAR, { y: 2026 }, t.user))).toBe('FORBIDDEN');
    const closed = (await t.ok(CLOSE_YEAR, { y: 2026 })).closeFiscalYear;
    expect(closed.years.find((y: any) => y.fiscalYear === 2026)).toMatchObject({
      status: 'CLOSED',
      closable: false,
    });
    expect(code(await t.gql(CLOSE_YEAR, { y: 2026 }))).toBe('CONFLICT');

    const input = { month: '2026-12', reason: 'Insurance invoice booked late' };
    expect(code(await t.gql(REOPEN, { input }, t.user))).toBe('FORBIDDEN');
    expect(code(await t.gql(REOPEN, { input: { ...input, reason: ' ' } }))).toBe('BAD_USER_INPUT');
    const early = await t.gql(REOPEN, { input: { ...input, month: '2026-11' } });
    expect(code(early)).toBe('BAD_USER_INPUT');
    expect(message(early)).toMatch(/reopen December 2026 first/);
    const p = (await t.ok(REOPEN, { input })).reopenMonth;
    expect(p.closedThrough).toBe('2026-11-30');
    expect(p.years.find((y: any) => y.fiscalYear === 2026)).toMatchObject({ status: 'OPEN' });
    expect(p.history[0]).toMatchObject({
      reopenReason: 'Insurance invoice booked late',
      reopenedBy: expect.any(String),
    });
    // December takes postings again; November does not.
    await t.post('2026-12-31', [
      [a.expense, '45.00', null],
      [a.cash, null, '45.00'],
    ]);
    expect(
      code(
        await t.gql(POST, {
          input: {
            date: '2026-11-01',
            lines: [line(a.cash, '1.00', null), line(a.income, null, '1.00')],
          },
        }),
      ),
    ).toBe('BAD_USER_INPUT');
    // Reopening the first close opens everything.
    const all = (await t.ok(REOPEN, { input: { month: '2026-11', reason: 'Audit adjustments' } }))
      .reopenMonth;
    expect(all.closedThrough).toBeNull();
    expect(all.history.filter((h: any) => h.reopenedAt)).toHaveLength(3);
  });
});
