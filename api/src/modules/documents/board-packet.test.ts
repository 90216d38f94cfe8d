import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../core/dates.js';
import { money } from '../../core/documents/tables.js';
import { Role } from '../../core/roles.js';
import { openTenant } from '../../core/tenancy/tenant-door.js';
import type { Organization } from '../../platform/organizations/organizations.entity.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createUser, tokenFor } from '../../test/factories.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { renderBoardPacket } from './board-packet.pdf.js';
import { boardPacketData } from './board-packet.service.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

const GENERATE = `mutation ($month: String!) { generateBoardPacket(month: $month) {
  id version status draft title fileName booksState { closedThrough closeId entryCount } } }`;
const VERSIONS = `query ($month: String!) { boardPacket(month: $month) {
  id version status draft error url size generatedBy createdAt } }`;
const DOC = `query ($id: ID!) { document(id: $id) { id status error url draft version } }`;
const SET_NOTE = `mutation ($month: String!, $accountId: ID!, $note: String!) {
  setVarianceNote(month: $month, accountId: $accountId, note: $note) { accountId note updatedBy } }`;
const NOTES = `query ($month: String!) { varianceNotes(month: $month) { accountId note updatedBy } }`;
const BALANCE = `query ($asOf: LocalDate!) { balanceSheet(asOf: $asOf) {
  assets { total { operating reserve total } lines { accountId operating reserve total } }
  liabilities { total { operating reserve total } }
  fundBalance { total { operating reserve total } }
  liabilitiesAndFundBalance { operating reserve total } } }`;
const INCOME = `query ($from: LocalDate!, $to: LocalDate!) { incomeStatement(from: $from, to: $to) {
  lines { accountId actual budget } total { income { actual budget } expenses { actual budget }
  changeInFundBalance { actual } } funds { fundType changeInFundBalance { actual budget } } } }`;

const code = (r: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) =>
  r.body.errors?.[0]?.extensions?.code;
const cents = (m: string) => BigInt(m.replace('.', '').replace(/^(-?)0+(?=\d)/, '$1'));
const monthOf = (date: string, back: number) => {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - back);
  return d.toISOString().slice(0, 7);
};
const lastDay = (month: string) => {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  d.setUTCDate(0);
  return d.toISOString().slice(0, 10);
};

const dir = mkdtempSync(join(tmpdir(), 'covenant-packet-'));

// The board packet of the demo association (real postings, reconciliations, investments, capital
// projects, closed months), read back from its PDF as a reader's viewer reads it.
describe('the board packet', () => {
  let app: TestApp;
  let admin: string;
  let viewer: string;
  let orgId: string;
  let orgName: string;
  let today: string;
  let closedMonth: string;
  let openMonth: string;
  let other: Tenant;

  const gql = (q: string, v: Record<string, unknown> = {}, token = admin) => app.gql(q, v, token);
  async function ok(q: string, v: Record<string, unknown> = {}, token = admin) {
    const res = await gql(q, v, token);
    expect(res.body.errors, q).toBeUndefined();
    return res.body.data as any;
  }
  async function ready(id: string) {
    for (let i = 0; i < 600; i++) {
      const d = (await ok(DOC, { id })).document;
      if (d.status !== 'QUEUED') return d;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('packet still queued');
  }
  async function pdfText(url: string, name: string) {
    const res = await fetch(`${app.url}${url}`);
    expect(res.status).toBe(200);
    const file = join(dir, name);
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    return { file, pages, text, byPage: text.split('\f') };
  }

  beforeAll(async () => {
    app = await startTestApp({ seedOwner: true, seedDemo: true });
    const cred = app.demo!.find((d) => d.role === 'Tenant admin' && /maple/i.test(d.email))!;
    const login = await app.gql(
      'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { ... on LoginPayload { accessToken organization { id name timeZone } } } }',
      { e: cred.email, p: cred.password },
    );
    const { accessToken, organization } = login.body.data!.login;
    admin = accessToken;
    orgId = organization.id;
    orgName = organization.name;
    today = todayIn(organization.timeZone);
    closedMonth = monthOf(today, 1);
    openMonth = monthOf(today, 0);
    const org = { id: orgId } as Organization;
    viewer = tokenFor(
      app.services,
      await createUser(app.services, { memberships: [{ org, role: Role.VIEWER }] }),
      org,
    );
    other = await createTenant(app);
  }, 300_000);
  afterAll(() => app?.close());

  it("prints the reports' own figures, in its sections' order, with the frame on every page", async () => {
    const from = `${closedMonth}-01`;
    const to = lastDay(closedMonth);
    const queued = (await ok(GENERATE, { month: closedMonth })).generateBoardPacket;
    // The demo's closed months have their packets already (made in the background at seeding):
    // asked again, the same version, queued or ready.
    expect(queued).toMatchObject({
      version: 1,
      status: expect.stringMatching(/^(QUEUED|READY)$/),
      draft: false,
      title: expect.stringMatching(/^Board packet · /),
      fileName: `board-packet-${closedMonth}-v1.pdf`,
      booksState: { closedThrough: expect.any(String), closeId: expect.any(String) },
    });
    expect(queued.booksState.entryCount).toBeGreaterThan(0);
    const doc = await ready(queued.id);
    expect(doc).toMatchObject({ status: 'READY', error: null, draft: false });

    // The figures the packet is built from are the reports' for the same month.
    const { em, org } = await openTenant(app.services, orgId);
    const data = await boardPacketData({
      em,
      platformEm: app.services.platformOrm.em.fork() as EntityManager,
      org,
      month: closedMonth,
      draft: false,
      ownerNames: false,
    });
    const sheet = (await ok(BALANCE, { asOf: to })).balanceSheet;
    for (const part of ['assets', 'liabilities', 'fundBalance'] as const) {
      for (const f of ['operating', 'reserve', 'total'] as const) {
        expect(data.balanceSheet[part].total[f]).toBe(cents(sheet[part].total[f]));
      }
    }
    expect(data.balanceSheet.assets.lines.map((l) => [l.accountId, l.total])).toEqual(
      sheet.assets.lines.map((l: any) => [l.accountId, cents(l.total)]),
    );
    const income = (await ok(INCOME, { from, to })).incomeStatement;
    expect(data.incomeMonth.lines.map((l) => [l.accountId, l.actual, l.budget])).toEqual(
      income.lines.map((l: any) => [l.accountId, cents(l.actual), l.budget && cents(l.budget)]),
    );
    expect(data.incomeMonth.total.income.actual).toBe(cents(income.total.income.actual));
    expect(data.incomeMonth.total.income.actual).toBeGreaterThan(0n);
    // The reserve activity adds up from the opening to the closing balance (the balance sheet's).
    const r = data.reserve;
    expect(r.closing).toBe(cents(sheet.fundBalance.total.reserve));
    const sum = (xs: { amount: bigint }[]) => xs.reduce((s, x) => s + x.amount, 0n);
    expect(
      r.opening +
        sum(r.contributions) +
        sum(r.interest) +
        sum(r.otherIncome) -
        sum(r.disbursements) -
        sum(r.transfersOut) +
        r.otherChanges,
    ).toBe(r.closing);
    const reserveFund = income.funds.find((f: any) => f.fundType === 'RESERVE');
    expect(r.closing - r.opening).toBe(cents(reserveFund.changeInFundBalance.actual));
    expect(r.otherChanges).toBe(0n);
    // The general ledger holds every line of the month.
    const lines = data.ledger.reduce((s, a) => s + a.lines.length, 0);
    expect(lines).toBeGreaterThan(data.books?.entryCount ?? 0);
    for (const a of data.ledger) {
      expect(a.lines.at(-1)!.balance).toBe(a.closing);
    }

    // The PDF: the same figures, as printed.
    const pdf = await pdfText(doc.url, 'closed.pdf');
    expect(pdf.pages).toBeGreaterThan(8);
    const body = pdf.text;
    const order = [
      'Contents',
      'Balance sheet',
      'Income statement',
      'Reserve activity',
      'Bank reconciliations',
      'Check register',
      'Receivables aging and delinquencies',
      // Once the association has entered a bill.
      ...(data.payables ? ['Payables aging and vendor payments'] : []),
      'Investments and maturities',
      'Capital projects',
      'Changes to closed periods',
      'Appendix: general ledger',
    ];
    const afterContents = body.slice(body.indexOf('Appendix: general ledger') + 10);
    let at = 0;
    for (const title of order.slice(1)) {
      const i = afterContents.indexOf(`\n${title}`, at);
      expect(i, title).toBeGreaterThanOrEqual(at);
      at = i;
    }
    const lf = data.balanceSheet.liabilitiesAndFundBalance;
    expect(body).toMatch(
      new RegExp(
        `Total liabilities and fund balance\\s+${[lf.operating, lf.reserve, lf.total].map((v) => money(v).replace(/[$().]/g, '\\$&')).join('\\s+')}`,
      ),
    );
    expect(body).toContain(money(data.incomeMonth.total.income.actual));
    expect(body).toContain(money(data.reserve.closing));
    expect(body).not.toContain('DRAFT');
    if (!data.payables) expect(body).not.toMatch(/payables aging/i);
    // Every page names the association, the period, and its number.
    pdf.byPage.slice(0, pdf.pages).forEach((page, i) => {
      expect(page).toContain(orgName);
      expect(page).toContain(`Board packet · ${data.monthLabel}`);
      expect(page).toContain(`Page ${i + 1} of ${pdf.pages}`);
    });
    // Reconciliations finished for the month's statements are in it, with their statement.
    expect(data.reconciliations.length).toBeGreaterThan(0);
    expect(body).toContain('Bank statement');
    expect(body).toContain('Adjusted bank balance');
  }, 120_000);

  it("keeps a closed month's packet while its close stands, and makes a new version after a reopen", async () => {
    const [v1] = (await ok(VERSIONS, { month: closedMonth })).boardPacket;
    expect(v1).toMatchObject({ version: 1, status: 'READY', draft: false });
    expect(v1.generatedBy).toBeTruthy();
    // Asked again under the same close: the same document.
    expect((await ok(GENERATE, { month: closedMonth })).generateBoardPacket.id).toBe(v1.id);

    // Reopened with a reason and closed again: a new version, the old one kept.
    await ok(`mutation ($i: ReopenPeriodInput!) { reopenMonth(input: $i) { closedThrough } }`, {
      i: { month: closedMonth, reason: 'A vendor invoice was missed' },
    });
    const draft = (await ok(GENERATE, { month: closedMonth })).generateBoardPacket;
    expect(draft).toMatchObject({ version: 2, draft: true });
    await ok(`mutation ($i: ClosePeriodInput!) { closeMonth(input: $i) { closedThrough } }`, {
      i: { month: closedMonth, overrideReason: 'Reconciled on paper' },
    });
    const v3 = (await ok(GENERATE, { month: closedMonth })).generateBoardPacket;
    expect(v3).toMatchObject({ version: 3, draft: false });
    const closed = await ready(v3.id);
    // The new version reports the reopening, with its reason.
    const reprinted = await pdfText(closed.url, 'reclosed.pdf');
    expect(reprinted.text).toContain('A vendor invoice was missed');
    const versions = (await ok(VERSIONS, { month: closedMonth })).boardPacket;
    expect(versions.map((v: any) => [v.version, v.status, v.draft])).toEqual([
      [3, 'READY', false],
      [2, expect.stringMatching(/READY|QUEUED/), true],
      [1, 'READY', false],
    ]);
    await ready(versions[1].id);

    // The open month's packet is a draft, marked on every page; the reopening was reported in
    // the previous month's packet, which came after it.
    const open = (await ok(GENERATE, { month: openMonth })).generateBoardPacket;
    expect(open).toMatchObject({ version: 1, draft: true, booksState: { closeId: null } });
    const done = await ready(open.id);
    const pdf = await pdfText(done.url, 'open.pdf');
    pdf.byPage.slice(0, pdf.pages).forEach((page) => expect(page).toContain('DRAFT'));
    expect(pdf.text).not.toContain('A vendor invoice was missed');
    expect(pdf.text).toContain('No closed period was reopened since the previous packet.');
    // Each generation of an open month is a new version.
    expect((await ok(GENERATE, { month: openMonth })).generateBoardPacket.version).toBe(2);
  }, 120_000);

  it("prints the treasurer's variance notes, written by writers only", async () => {
    const { em } = await openTenant(app.services, orgId);
    const month = openMonth;
    const data = await boardPacketData({
      em,
      platformEm: app.services.platformOrm.em.fork() as EntityManager,
      org: { name: orgName, fiscalYearStartMonth: 1, timeZone: 'UTC' },
      month: closedMonth,
      draft: false,
      ownerNames: false,
    });
    const line = data.incomeYearToDate.lines.find((l) => l.type === 'expense')!;
    const note = 'Landscaping ran over: the spring cleanup came early';
    const set = (await ok(SET_NOTE, { month, accountId: line.accountId, note })).setVarianceNote;
    expect(set).toMatchObject({ accountId: line.accountId, note, updatedBy: expect.any(String) });
    expect((await ok(NOTES, { month }, viewer)).varianceNotes).toEqual([set]);
    expect(code(await gql(SET_NOTE, { month, accountId: line.accountId, note: 'x' }, viewer))).toBe(
      'FORBIDDEN',
    );
    expect(
      code(await gql(SET_NOTE, { month, accountId: line.accountId, note: 'x'.repeat(1001) })),
    ).toBe('BAD_USER_INPUT');
    expect(code(await gql(SET_NOTE, { month: '2026-13', accountId: line.accountId, note }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(
      code(await gql(SET_NOTE, { month, accountId: '00000000-0000-4000-8000-000000000000', note })),
    ).toBe('NOT_FOUND');

    const doc = await ready((await ok(GENERATE, { month })).generateBoardPacket.id);
    const pdf = await pdfText(doc.url, 'notes.pdf');
    expect(pdf.text.replace(/\s+/g, ' ')).toContain(`Treasurer's note: ${note}`);

    // An empty note removes it.
    expect(
      (await ok(SET_NOTE, { month, accountId: line.accountId, note: '  ' })).setVarianceNote,
    ).toBeNull();
    expect((await ok(NOTES, { month })).varianceNotes).toEqual([]);
  }, 120_000);

  it('names owners on the delinquency list only when the association chooses to', async () => {
    const { em, org } = await openTenant(app.services, orgId);
    const read = (ownerNames: boolean) =>
      boardPacketData({
        em,
        platformEm: app.services.platformOrm.em.fork() as EntityManager,
        org,
        month: closedMonth,
        draft: false,
        ownerNames,
      });
    const unnamed = await read(false);
    expect(unnamed.delinquent.length).toBeGreaterThan(0);
    expect(unnamed.delinquent.every((u) => u.owner === null)).toBe(true);
    expect((await read(true)).delinquent.some((u) => u.owner)).toBe(true);

    expect(
      (await ok(`{ boardPacketSettings { ownerNames } }`, {}, viewer)).boardPacketSettings,
    ).toEqual({ ownerNames: false });
    const UPDATE = `mutation { updateBoardPacketSettings(ownerNames: true) { ownerNames } }`;
    expect(code(await gql(UPDATE, {}, viewer))).toBe('FORBIDDEN');
    expect((await ok(UPDATE)).updateBoardPacketSettings).toEqual({ ownerNames: true });
  });

  it('lets viewers read and download packets but not generate them; months are checked', async () => {
    const [latest] = (await ok(VERSIONS, { month: closedMonth }, viewer)).boardPacket;
    expect(latest.url).toMatch(/^\/documents\//);
    expect((await fetch(`${app.url}${latest.url}`)).status).toBe(200);
    expect(code(await gql(GENERATE, { month: closedMonth }, viewer))).toBe('FORBIDDEN');
    expect(code(await gql(GENERATE, { month: 'March' }))).toBe('BAD_USER_INPUT');
    expect(code(await gql(GENERATE, { month: monthOf(today, -2) }))).toBe('BAD_USER_INPUT');
    const list = (
      await ok(
        `{ documents(kind: BOARD_PACKET) { totalCount edges { node { title version } } } }`,
        {},
        viewer,
      )
    ).documents;
    // The six of these tests, and the demo's packets of its earlier closed months.
    expect(list.totalCount, JSON.stringify(list.edges)).toBeGreaterThanOrEqual(6);
  });

  it("keeps each association's packets and notes to itself", async () => {
    const [mine] = (await ok(VERSIONS, { month: closedMonth })).boardPacket;
    expect(code(await other.gql(DOC, { id: mine.id }))).toBe('NOT_FOUND');
    expect((await other.ok(VERSIONS, { month: closedMonth })).boardPacket).toEqual([]);
    const path = `/documents/${other.org.id}/${mine.id}`;
    expect((await fetch(`${app.url}${app.services.urlSigner.sign(path)}`)).status).toBe(404);
    const { em, org } = await openTenant(app.services, orgId);
    const data = await boardPacketData({
      em,
      platformEm: app.services.platformOrm.em.fork() as EntityManager,
      org,
      month: closedMonth,
      draft: false,
      ownerNames: false,
    });
    const accountId = data.incomeMonth.lines[0].accountId;
    expect(
      code(await other.gql(SET_NOTE, { month: closedMonth, accountId, note: 'Not yours' })),
    ).toBe('NOT_FOUND');
    expect((await other.ok(NOTES, { month: closedMonth })).varianceNotes).toEqual([]);
  });

  it('adds the payables section once a bill is entered, and names checks in the check register', async () => {
    const t = await createTenant(app, 'Packet Payables HOA');
    const bank = await t.account('1010', 'ASSET', {
      name: 'Operating Checking',
      initialBalance: '9000.00',
      openingDate: '2025-12-31',
    });
    await t.account('3010', 'EQUITY');
    const lawn = await t.account('5100', 'EXPENSE', { name: 'Landscaping' });
    await t.ok(
      `mutation ($input: SetBankAccountInput!) { setBankAccount(input: $input) { accountId } }`,
      { input: { accountId: bank, institution: 'First Bank', maskedNumber: '4821' } },
    );
    const vendor = await t.vendor('Green Lawn Co');
    const bill = async (billDate: string, dueDate: string, amount: string) =>
      (
        await t.ok(`mutation ($input: CreateBillInput!) { createBill(input: $input) { id } }`, {
          input: { vendorId: vendor, billDate, dueDate, lines: [{ accountId: lawn, amount }] },
        })
      ).createBill.id;
    const pay = async (method: string, date: string, billId: string, amount: string) =>
      (
        await t.ok(
          `mutation ($input: CreatePaymentRunInput!) { createPaymentRun(input: $input) {
            payments { id } } }`,
          {
            input: {
              bankAccountId: bank,
              method,
              date,
              payThrough: '2026-12-31',
              items: [{ billId, amount }],
            },
          },
        )
      ).createPaymentRun.payments[0].id;
    const b1 = await bill('2026-01-10', '2026-01-25', '1000.00');
    const b2 = await bill('2026-02-03', '2026-03-05', '250.00');
    await pay('CHECK', '2026-02-10', b1, '600.00');
    const ach = await pay('ACH', '2026-02-12', b2, '250.00');
    await t.ok(
      `mutation ($id: ID!) { voidBillPayment(id: $id, date: "2026-02-20", reason: "Returned") { id } }`,
      { id: ach },
    );
    await t.post('2026-02-15', [
      [lawn, '75.00', null],
      [bank, null, '75.00'],
    ]);

    const { em, org } = await openTenant(app.services, t.org.id);
    const packet = (month: string) =>
      boardPacketData({
        em,
        platformEm: app.services.platformOrm.em.fork() as EntityManager,
        org,
        month,
        draft: true,
        ownerNames: false,
      });
    // Before the first bill: no section.
    expect((await packet('2025-12')).payables).toBeNull();
    const d = await packet('2026-02');
    // The aging as of the month's end is the payables aging report's, and it ties.
    const aging = (
      await t.ok(`{ payablesAging(asOf: "2026-02-28") { totals { current days60 total } } }`)
    ).payablesAging;
    expect(aging.totals).toEqual({ current: '250.00', days60: '400.00', total: '650.00' });
    expect(d.payables!.aging.totals.total).toBe(cents(aging.totals.total));
    expect(d.payables!.aging.controlBalance).toBe(65_000n);
    expect(d.payables!.register.map((r) => [r.checkNumber, r.method, r.voidDate])).toEqual([
      ['1001', 'check', null],
      [null, 'ach', '2026-02-20'],
    ]);
    // The check register (every disbursement) names the vendor payments' checks.
    expect(d.disbursements.map((x) => [x.date, x.reference, x.amount])).toEqual([
      ['2026-02-10', '1001', 60_000n],
      ['2026-02-12', 'ACH void', 25_000n],
      ['2026-02-15', null, 7_500n],
    ]);
    const file = join(dir, 'payables.pdf');
    writeFileSync(file, await renderBoardPacket(d));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const section = text.slice(text.lastIndexOf('Payables aging and vendor payments'));
    expect(
      text.indexOf('Receivables aging and delinquencies', text.indexOf('Appendix')),
    ).toBeLessThan(text.lastIndexOf('Payables aging and vendor payments'));
    expect(section).toMatch(
      /Green Lawn Co\s+\$250\.00\s+\$0\.00\s+\$400\.00\s+\$0\.00\s+\$650\.00/,
    );
    expect(section).toMatch(/Accounts Payable balance\s+\$650\.00/);
    expect(section).toMatch(/Agrees with the aging\s+Yes/);
    expect(section).toMatch(/1001\s+Green Lawn Co.*Outstanding\s+\$600\.00/);
    expect(section).toMatch(/ACH\s+Green Lawn Co.*Void Feb 20, 2026\s+\$250\.00/);
    expect(section).toMatch(/Total paid \(1, void ones left out\)\s+\$600\.00/);
  }, 60_000);
});
