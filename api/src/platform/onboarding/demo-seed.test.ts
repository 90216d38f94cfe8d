import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, todayIn } from '../../core/dates.js';
import { Role } from '../../core/roles.js';
import { openTenant } from '../../core/tenancy/tenant-door.js';
import { withDatabase } from '../../db/connection.js';
import { FundType } from '../../modules/accounts/index.js';
import { EntrySource } from '../../modules/journal/index.js';
import { agingReport } from '../../modules/invoices/aging.service.js';
import { listInvoices } from '../../modules/invoices/invoices.service.js';
import { trialBalance } from '../../modules/journal/balances.service.js';
import { checkLedger, ledgerCheckPasses } from '../../modules/journal/ledger-check.service.js';
import { listJournalEntries } from '../../modules/journal/journal.service.js';
import { listPayments } from '../../modules/payments/payments.service.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createUser, tokenFor } from '../../test/factories.js';
import type { Organization } from '../organizations/index.js';
import { createOrganization } from '../organizations/organizations.service.js';
import { Membership, User } from '../users/index.js';
import { cents, money } from '../../test/hledger.js';
import { demoMonths } from './demo-books.js';
import { HARBOR_POINT } from './demo-harbor-point.js';
import { MAPLE_RIDGE } from './demo-maple-ridge.js';
import { demoPortalOwners } from './demo-owner-portal.js';
import { resetDemo } from './demo-reset.service.js';
import {
  buildDemoBooks,
  type DemoCredential,
  demoBoardMembers,
  seedFirstStart,
} from './demo-seed.service.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */

// One app start with the demo (slow: it builds both associations' books), then the books are read
// as their treasurers see them and checked against the ledger's own invariants, and one
// association is reset for a fixed day beside a fresh build of that day, to show they are the same.

const LOGIN =
  'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { ... on LoginPayload { accessToken hasSeenIntro organization { id name role timeZone fiscalYearStartMonth settings } } } }';

describe('demo data', () => {
  let app: TestApp;
  const tokens: Record<string, string> = {};
  const orgIds: Record<string, string> = {};

  // Building books takes seconds, and more on a busy machine: the slow steps get minutes.
  beforeAll(async () => {
    const started = performance.now();
    app = await startTestApp({ seedOwner: true, seedDemo: true });
    const ms = Math.round(performance.now() - started);
    // Logged, not asserted (a busy machine would make a bound flaky): what the demo costs a first
    // start, both associations' books built side by side.
    console.info(`demo: first start with the two demo associations took ${ms} ms`);
    for (const admin of app.demo!.filter((d) => d.role === 'Tenant admin')) {
      const res = await app.gql(LOGIN, { e: admin.email, p: admin.password });
      const { accessToken, organization } = res.body.data!.login;
      // The demo mark is the platform's: not among the settings a member reads.
      expect(organization.settings).not.toHaveProperty('demo');
      const [{ demo_profile: key }] = await app.services.platformOrm.em
        .fork()
        .getConnection()
        .execute<{ demo_profile: string }[]>(
          'SELECT demo_profile FROM organizations WHERE id = ?',
          [organization.id],
        );
      tokens[key] = accessToken;
      orgIds[key] = organization.id;
    }
  });
  afterAll(() => app.close());

  const ok = async (key: string, query: string, variables?: Record<string, unknown>) => {
    const res = await app.gql(query, variables, tokens[key]);
    expect(res.body.errors).toBeUndefined();
    return res.body.data as any;
  };

  // Everything the ledger check compares: monthly totals, entry and fund balances, control
  // accounts against their subledgers.
  async function ledgerCheck(orgId: string) {
    const { org } = await openTenant(app.services, orgId);
    const url = withDatabase(app.services.clusterUrl(org.location.cluster), org.location.database);
    return checkLedger(url);
  }

  it('creates a platform owner and two associations with admins and a chart of accounts, once', async () => {
    const demo = app.demo!;
    expect(demo.map((d) => d.role)).toEqual([
      'Platform owner (super admin)',
      'Tenant admin',
      'Board member (President)',
      'Board member (Vice president)',
      'Owner (units 112 and 214)',
      'Tenant admin',
      'Board member (President)',
      'Owner (unit 604)',
    ]);
    // Generated, not fixed: every password differs and is long.
    expect(new Set(demo.map((d) => d.password)).size).toBe(8);
    for (const d of demo) expect(d.password.length).toBeGreaterThanOrEqual(16);

    const owner = await app.gql(
      'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { ... on LoginPayload { hasSeenIntro user { isSuperadmin isPlatformOwner } organization { id } } } }',
      { e: demo[0].email, p: demo[0].password },
    );
    // Demo users have used the app for months: no first-sign-in tour for any of them.
    expect(owner.body.data!.login).toEqual({
      hasSeenIntro: true,
      user: { isSuperadmin: true, isPlatformOwner: true },
      organization: null,
    });

    const names: string[] = [];
    for (const admin of demo.filter((d) => d.role === 'Tenant admin')) {
      const login = await app.gql(LOGIN, { e: admin.email, p: admin.password });
      const { accessToken, organization, hasSeenIntro } = login.body.data!.login;
      expect(organization).toMatchObject({ name: admin.organization, role: 'ADMIN' });
      expect(hasSeenIntro).toBe(true);
      names.push(organization.name);
      const accounts = await app.gql('{ accounts { number fundType } }', {}, accessToken);
      expect(accounts.body.data!.accounts.length).toBeGreaterThanOrEqual(10);
      const funds = new Set(
        accounts.body.data!.accounts.map((a: { fundType: string }) => a.fundType),
      );
      expect(funds).toEqual(new Set(['OPERATING', 'RESERVE']));
    }
    expect(new Set(names).size).toBe(2);
    expect(Object.keys(tokens).sort()).toEqual(['harbor-point', 'maple-ridge']);
    // The board members who approve bills sign in as viewers of their association.
    for (const member of demo.filter((d) => d.role.startsWith('Board member'))) {
      const login = await app.gql(LOGIN, { e: member.email, p: member.password });
      expect(login.body.data!.login.organization).toMatchObject({
        name: member.organization,
        role: 'VIEWER',
      });
    }

    expect(await seedFirstStart(app.services, { demo: true })).toBeNull();
  });

  it("Maple Ridge's owner signs in to the owner portal: two units, paid online, one on AutoPay", async () => {
    const owner = app.demo!.find((d) => d.role === 'Owner (units 112 and 214)')!;
    const login = await app.gql(LOGIN, { e: owner.email, p: owner.password });
    const { accessToken, organization } = login.body.data!.login;
    expect(organization).toMatchObject({ name: 'Maple Ridge HOA', role: 'OWNER' });
    const portal = await app.gql(
      `{ ownerPortal { association { name contactEmail paymentInstructions onlinePayments }
          units { id number ownerName balance } } }`,
      {},
      accessToken,
    );
    expect(portal.body.errors).toBeUndefined();
    const { association, units } = portal.body.data!.ownerPortal;
    expect(association).toMatchObject({
      name: 'Maple Ridge HOA',
      contactEmail: 'treasurer@maple-ridge.example',
    });
    expect(association.paymentInstructions).toContain('PO Box 1147');
    expect(units.map((u: any) => [u.number, u.ownerName])).toEqual([
      ['112', 'Daniel Okafor'],
      ['214', 'Daniel Okafor'],
    ]);
    // The rules and the last two board meetings' minutes are published for owners.
    const docs = await app.gql('{ publishedDocuments { title category } }', {}, accessToken);
    expect(docs.body.data!.publishedDocuments.map((d: any) => d.category).sort()).toEqual([
      'minutes',
      'minutes',
      'rules',
    ]);
    // The rest of the association is not theirs.
    const books = await app.gql('{ accounts { id } }', {}, accessToken);
    expect(books.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // Their payments of the last months were made online: by card for 112, by bank account for
    // 214, the payments in the books the online payments recorded.
    const { em } = await openTenant(app.services, orgIds['maple-ridge']);
    const online = await em.getConnection().execute<any[]>(
      `SELECT u.number, o.method, o.source, o.status, p.method AS booked, p.amount = o.amount AS same
         FROM online_payments o JOIN units u ON u.id = o.unit_id JOIN payments p ON p.id = o.payment_id
        ORDER BY o.created_at`,
    );
    expect(online.length).toBeGreaterThanOrEqual(6);
    for (const o of online) {
      expect(o.status).toBe('succeeded');
      expect(o.same).toBe(true);
      expect([o.number, o.method, o.booked]).toEqual(
        o.number === '112' ? ['112', 'card', 'card'] : ['214', 'us_bank_account', 'ach'],
      );
    }
    expect(online.some((o) => o.source === 'autopay')).toBe(true);
    // 214 is on AutoPay from its bank account; its last charge is one of those payments.
    const autopay = await app.gql(
      `query ($u: ID!) { ownerAutopay(unitId: $u) { status methodLabel maxAmount
          lastCharge { status amount } } }`,
      { u: units[1].id },
      accessToken,
    );
    expect(autopay.body.errors).toBeUndefined();
    expect(autopay.body.data!.ownerAutopay).toMatchObject({
      status: 'active',
      methodLabel: 'Bank •••• 6789',
      maxAmount: '500.00',
      lastCharge: { status: 'succeeded' },
    });
  });

  it('Maple Ridge has ~120 units in three groups and 18 months of activity up to today', async () => {
    const today = todayIn(MAPLE_RIDGE.timeZone);
    const months = demoMonths(today, 1);
    const data = await ok(
      'maple-ridge',
      `query ($from: LocalDate!, $to: LocalDate!) {
        assessmentGroups { name unitCount rates { regular } }
        invoices(first: 1) { totalCount }
        payments(first: 1) { totalCount }
        first: journalEntries(first: 1, order: OLDEST_FIRST) { edges { node { date } } }
        last: journalEntries(first: 1) { edges { node { date } } }
        vendors { id name is1099 }
        vendorSpend(from: $from, to: $to) { vendor { id name is1099 } total entryCount }
      }`,
      { from: `${months[0].key}-01`, to: today },
    );
    const groups = data.assessmentGroups;
    expect(groups.map((g: any) => g.name).sort()).toEqual([
      'Condominiums',
      'Single-Family Homes',
      'Townhomes',
    ]);
    expect(groups.reduce((s: number, g: any) => s + g.unitCount, 0)).toBe(120);
    for (const g of groups) {
      const rate = Number(g.rates[0].regular);
      expect(rate).toBeGreaterThanOrEqual(250);
      expect(rate).toBeLessThanOrEqual(450);
    }
    // A monthly run for each of 18 months and most owners paying: thousands, not a handful.
    expect(data.invoices.totalCount).toBeGreaterThan(120 * 18);
    expect(data.payments.totalCount).toBeGreaterThan(1200);
    expect(data.first.edges[0].node.date).toBe(`${months[0].key}-01`);
    expect(data.last.edges[0].node.date <= today).toBe(true);
    expect(data.last.edges[0].node.date >= `${months[17].key}-01`).toBe(true);

    // 1099 vendors (landscaper, management company, roofer…) with spend in the period.
    const flagged = data.vendors.filter((v: any) => v.is1099).map((v: any) => v.name);
    expect(flagged).toEqual(
      expect.arrayContaining([
        'GreenScape Landscaping LLC',
        'Summit Community Management LLC',
        'Apex Roofing & Exteriors Inc.',
      ]),
    );
    const spend = new Map(data.vendorSpend.map((r: any) => [r.vendor.name, Number(r.total)]));
    // The clubhouse roof, and this month's gutter bill awaiting the board (entered, so spent).
    expect(spend.get('Apex Roofing & Exteriors Inc.')).toBe(48_750 + 3_850);
    expect(spend.get('Summit Community Management LLC')).toBeGreaterThan(5100 * 17);
    expect(spend.get('GreenScape Landscaping LLC')).toBeGreaterThan(40_000);
  });

  it.each(['maple-ridge', 'harbor-point'])(
    '%s: the books tie (trial balance per fund, aging = receivable, ledger check clean)',
    async (key) => {
      for (const fund of ['OPERATING', 'RESERVE']) {
        const { trialBalance: tb } = await ok(
          key,
          'query ($f: FundType) { trialBalance(fundType: $f) { totalDebit totalCredit } }',
          { f: fund },
        );
        expect(tb.totalDebit, fund).toBe(tb.totalCredit);
        expect(Number(tb.totalDebit)).toBeGreaterThan(0);
      }
      const { agingReport: aging } = await ok(
        key,
        '{ agingReport { totals { total credit } receivableBalance prepaidBalance } }',
      );
      expect(aging.totals.total).toBe(aging.receivableBalance);
      expect(Number(aging.totals.total)).toBeGreaterThan(0);
      // The owners' credit (shown negative) is what Prepaid Assessments holds.
      expect(aging.totals.credit.replace('-', '')).toBe(aging.prepaidBalance);

      const check = await ledgerCheck(orgIds[key]);
      // Maple Ridge's CD ladder is one of the subledgers compared.
      if (key === 'maple-ridge') {
        expect(check.controlAccountsChecked).toContain('1620 Reserve CDs (investment)');
      }
      expect(check.controlDifferences).toEqual([]);
      expect(ledgerCheckPasses(check)).toBe(true);
    },
  );

  it.each(['maple-ridge', 'harbor-point'])(
    '%s: budgets for last and this fiscal year, a reversal, an attachment, monthly actuals',
    async (key) => {
      const profile = key === 'maple-ridge' ? MAPLE_RIDGE : HARBOR_POINT;
      const today = todayIn(profile.timeZone);
      const fy = demoMonths(today, profile.fiscalYearStartMonth).at(-1)!.fiscalYear;
      const months = demoMonths(today, profile.fiscalYearStartMonth);
      const [entered, latest] = [months.at(-3)!, months.at(-2)!];
      const data = await ok(
        key,
        `query ($last: Int!, $this: Int!, $entered: Int!, $latest: Int!) {
          last: budget(year: $last) { exists fiscalYearStartMonth lines { accountId } totalIncome totalExpense }
          this: budget(year: $this) { exists lines { accountId } totalIncome totalExpense }
          reversals: journalEntries(first: 5, filter: { source: REVERSAL }) { totalCount }
          actuals: journalEntries(first: 20, filter: { source: MONTHLY_ACTUALS }) { totalCount edges { node { reconciled } } }
          entered: monthlyActuals(year: $entered) { months { month saved } }
          latest: monthlyActuals(year: $latest) { months { month saved } }
        }`,
        { last: fy - 1, this: fy, entered: entered.year, latest: latest.year },
      );
      // Statement figures went through Monthly Actuals for recent months; the latest month's are
      // not entered yet (something for the treasurer to do).
      expect(data.entered.months[entered.month - 1].saved).toBe(true);
      expect(data.latest.months[latest.month - 1].saved).toBe(false);
      for (const b of [data.last, data.this]) {
        expect(b.exists).toBe(true);
        expect(b.lines.length).toBeGreaterThan(12);
        expect(Number(b.totalIncome)).toBeGreaterThan(0);
        expect(Number(b.totalExpense)).toBeGreaterThan(0);
      }
      expect(data.last.fiscalYearStartMonth).toBe(profile.fiscalYearStartMonth);
      expect(data.reversals.totalCount).toBeGreaterThanOrEqual(1);
      expect(data.actuals.totalCount).toBeGreaterThanOrEqual(2);
      for (const e of data.actuals.edges) expect(e.node.reconciled).toBe(true);

      // The attachments are on older entries: find them by their entries' memos.
      const text = key === 'maple-ridge' ? 'Apex Roofing' : 'elevator modernization, 40 %';
      const found = await ok(
        key,
        'query ($t: String) { journalEntries(first: 5, filter: { text: $t }) { edges { node { memo attachments { filename contentType size } } } } }',
        { t: text },
      );
      const files = found.journalEntries.edges.flatMap((e: any) => e.node.attachments);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatchObject({ contentType: 'application/pdf' });
      expect(files[0].size).toBeGreaterThan(500);
    },
  );

  it("Maple Ridge's reserve study is about half funded, its new clubhouse roof barely aged", async () => {
    const data = await ok(
      'maple-ridge',
      `{ reserveStudy { percentFunded band componentsCount reserveBalance }
         reserveComponents { name remainingLifeYears usefulLifeYears account { number } }
         reserveProjection { years { fiscalYear } assumptions { contributionFromBudget annualContribution } }
         accounts { number forecastRole } }`,
    );
    // The chart says which accounts the forecasts treat specially; nothing is read from names.
    expect(data.accounts.filter((a: any) => a.forecastRole)).toEqual([
      { number: '4200', forecastRole: 'INTEREST_INCOME' },
      { number: '4510', forecastRole: 'RESERVE_CONTRIBUTION' },
      { number: '4520', forecastRole: 'INTEREST_INCOME' },
      { number: '5900', forecastRole: 'RESERVE_TRANSFER' },
    ]);
    expect(data.reserveStudy.componentsCount).toBeGreaterThanOrEqual(15);
    expect(data.reserveStudy.band).toBe('FAIR');
    const roof = data.reserveComponents.find((c: any) => c.name === 'Clubhouse roof');
    // Replaced last summer or autumn: at most a year of its 25 used.
    expect(roof.remainingLifeYears).toBeGreaterThanOrEqual(24);
    expect(data.reserveComponents.every((c: any) => c.account.number === '1510')).toBe(true);
    // The budget's 18,500.00 a month on 4510 Reserve Contributions.
    expect(data.reserveProjection.assumptions).toEqual({
      contributionFromBudget: true,
      annualContribution: '222000.00',
    });
    expect(data.reserveProjection.years).toHaveLength(30);
  });

  it("Maple Ridge's contribution to the reserves is a transfer between funds, not income", async () => {
    const TOTALS =
      'income { actual budget } expenses { actual budget } net { actual } netTransfers { actual budget } transfersIn { actual budget }';
    const data = await ok(
      'maple-ridge',
      `{ accounts { number interfundTransfer } dashboard { asOf fiscalYear } }`,
    );
    // Both sides of the monthly contribution, said on the accounts.
    expect(data.accounts.filter((a: any) => a.interfundTransfer).map((a: any) => a.number)).toEqual(
      ['4510', '5900'],
    );
    const year = data.dashboard.fiscalYear;
    const { budget } = await ok(
      'maple-ridge',
      `query ($y: Int!) { budget(year: $y) { totalIncome totalExpense totalTransfersIn totalTransfersOut } }`,
      { y: year },
    );
    // 18,500.00 a month out of operating and into the reserves, in neither total.
    expect([budget.totalTransfersIn, budget.totalTransfersOut]).toEqual(['222000.00', '222000.00']);
    const { incomeStatement: is } = await ok(
      'maple-ridge',
      `query ($f: LocalDate!, $t: LocalDate!) { incomeStatement(from: $f, to: $t) {
        lines { number type transfer actual } funds { fundType ${TOTALS} } total { ${TOTALS} } } }`,
      { f: `${year}-01-01`, t: data.dashboard.asOf },
    );
    const lineSum = (pred: (l: any) => boolean) =>
      money(is.lines.filter(pred).reduce((s: bigint, l: any) => s + cents(l.actual), 0n));
    const transferIn = lineSum((l) => l.number === '4510');
    expect(cents(transferIn)).toBeGreaterThan(0n);
    // Total income is the ordinary income accounts' only.
    expect(is.total.income.actual).toBe(lineSum((l) => !l.transfer && l.type === 'INCOME'));
    expect(is.total.transfersIn.actual).toBe(transferIn);
    expect(is.total.netTransfers).toEqual({ actual: '0.00', budget: '0.00' });
    expect(is.funds[1].netTransfers.actual).toBe(transferIn);
    // The dashboard's year to date is the same figure.
    const { dashboard } = await ok(
      'maple-ridge',
      '{ dashboard { incomeExpense { income { actual } } } }',
    );
    expect(dashboard.incomeExpense.income.actual).toBe(is.total.income.actual);
  });

  it("Maple Ridge's CD ladder: one rolled over, one maturing within 90 days, in 1620 Reserve CDs", async () => {
    const data = await ok(
      'maple-ridge',
      `{ investments { institution status principal balance interestRecorded accountNumber fundType daysToMaturity }
         investmentSummary { byFund { fundType count principal } }
         dashboard { investmentsMaturing { count next { institution } } cash { funds { accounts { number } } } } }`,
    );
    const byStatus = (s: string) => data.investments.filter((i: any) => i.status === s);
    expect(byStatus('ROLLED_OVER')).toHaveLength(1);
    expect(byStatus('ACTIVE')).toHaveLength(4);
    for (const i of data.investments) {
      expect(i).toMatchObject({ accountNumber: '1620', fundType: 'RESERVE' });
      expect(Number(i.principal)).toBeGreaterThanOrEqual(25_000);
      expect(Number(i.principal)).toBeLessThanOrEqual(60_000);
    }
    expect(data.investments.some((i: any) => Number(i.interestRecorded) > 0)).toBe(true);
    expect(data.investmentSummary.byFund[1]).toMatchObject({ fundType: 'RESERVE', count: 4 });
    expect(data.dashboard.investmentsMaturing).toMatchObject({
      count: 1,
      next: { institution: 'Summit National Bank' },
    });
    // The CDs are not cash.
    const cash = data.dashboard.cash.funds.flatMap((f: any) =>
      f.accounts.map((a: any) => a.number),
    );
    expect(cash).not.toContain('1620');
  });

  it("Maple Ridge's banks: every closed month reconciled, this month's statement open with lines to match", async () => {
    const data = await ok(
      'maple-ridge',
      `{ bankAccounts { accountId institution maskedNumber reconciledThrough unmatchedLines account { number } }
         bankRules { name account { number } vendor { name } } }`,
    );
    const today = todayIn(MAPLE_RIDGE.timeZone);
    expect(data.bankAccounts.map((b: any) => b.account.number)).toEqual(['1010', '1510']);
    const [checking, reserve] = data.bankAccounts;
    expect(checking).toMatchObject({ institution: 'First Citizens Bank', maskedNumber: '4821' });
    expect(data.bankRules).toEqual([
      {
        name: 'RIDGELINE POWER',
        account: { number: '5020' },
        vendor: { name: 'Ridgeline Power & Light' },
      },
    ]);
    for (const b of [checking, reserve]) {
      // Reconciled through the last day of last month.
      expect(b.reconciledThrough?.slice(0, 7)).toBe(
        addMonths(`${today.slice(0, 7)}-01`, -1).slice(0, 7),
      );
      const { reconciliations } = await ok(
        'maple-ridge',
        `query ($id: ID!) { reconciliations(accountId: $id) { status } }`,
        {
          id: b.accountId,
        },
      );
      expect(reconciliations.length).toBeGreaterThanOrEqual(16);
    }
    // Payments wait in Undeposited Funds until a deposit takes them to the bank: all but the
    // checks of the last day or two are deposited.
    const waiting = await ok(
      'maple-ridge',
      `{ undepositedFundsAccount { number } undepositedPayments { date } deposits { total payments { id } } }`,
    );
    expect(waiting.undepositedFundsAccount.number).toBe('1050');
    expect(waiting.deposits.length).toBeGreaterThan(100);
    expect(waiting.deposits.every((d: any) => d.payments.length > 0)).toBe(true);
    for (const p of waiting.undepositedPayments) expect(p.date >= addDays(today, -2)).toBe(true);
    if (today.slice(8) > '04') {
      // This month: the autopay and the fee are not in the books, the owners' checks the books have.
      expect(checking.unmatchedLines).toBeGreaterThanOrEqual(2);
      const { reconciliationWorksheet: w } = await ok(
        'maple-ridge',
        `query ($id: ID!) { reconciliationWorksheet(input: { accountId: $id }) { difference unrecordedBankItems bankLines { description status } } }`,
        { id: checking.accountId },
      );
      expect(w.bankLines.map((l: any) => l.description)).toContain('MONTHLY MAINTENANCE FEE');
      expect(w.difference).not.toBe('0.00');
    }
  });

  it('Maple Ridge pays its vendors through bills: approved by two board members, paid by check or ACH, a few waiting, one past due', async () => {
    const today = todayIn(MAPLE_RIDGE.timeZone);
    const from = `${demoMonths(today, 1).at(-3)!.key}-01`;
    const data = await ok(
      'maple-ridge',
      `query ($from: LocalDate!, $to: LocalDate!) {
        bills(first: 200) { totalCount edges { node { number status approval approvalsRequired
          overdue billDate dueDate approvals { decision title ip } } } }
        payablesAging { ties controlBalance }
        checkRegister(from: $from, to: $to) { method checkNumber status }
        boardSeats { title name }
      }`,
      { from, to: today },
    );
    const bills = data.bills.edges.map((e: any) => e.node);
    expect(bills.length).toBeGreaterThan(20);
    expect(bills.filter((b: any) => b.status === 'PAID').length).toBeGreaterThan(15);
    // Waiting for the board: one with no decision yet, one with one of its two approvals.
    const waiting = bills.filter((b: any) => b.approval === 'PENDING');
    expect(waiting.map((b: any) => b.approvals.length).sort()).toEqual([0, 1]);
    // One bill the treasurer let slip past its due day.
    expect(bills.filter((b: any) => b.overdue)).toHaveLength(1);
    // The large bills paid were approved by two board members, from where they were.
    const approved = bills.filter((b: any) => b.approval === 'APPROVED');
    expect(approved.length).toBeGreaterThan(3);
    for (const b of approved) {
      expect(b.approvals).toHaveLength(2);
      for (const a of b.approvals) expect(a.ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    }
    // Accounts Payable ties to the open bills; checks are numbered, utilities go by ACH.
    expect(data.payablesAging.ties).toBe(true);
    expect(Number(data.payablesAging.controlBalance)).toBeGreaterThan(0);
    const checks = data.checkRegister.filter((r: any) => r.method === 'CHECK');
    expect(checks.length).toBeGreaterThan(10);
    expect(checks.map((r: any) => Number(r.checkNumber)).sort()[0]).toBe(2041);
    expect(data.checkRegister.some((r: any) => r.method === 'ACH')).toBe(true);
    expect(data.boardSeats.map((s: any) => s.title).sort()).toEqual([
      'PRESIDENT',
      'TREASURER',
      'VICE_PRESIDENT',
    ]);
  });

  it("Maple Ridge's books are closed through last month and its past fiscal years closed", async () => {
    const { periods } = await ok(
      'maple-ridge',
      `{ periods { closedThrough nextToClose months { month status close { overrideReason } }
         years { fiscalYear status } history { reopenedAt } } }`,
    );
    const today = todayIn(MAPLE_RIDGE.timeZone);
    const thisMonth = `${today.slice(0, 7)}-01`;
    expect(periods.closedThrough).toBe(addDays(thisMonth, -1));
    expect(periods.nextToClose).toBeNull();
    expect(periods.months[0]).toMatchObject({ month: today.slice(0, 7), status: 'OPEN' });
    const closed = periods.months.filter((m: any) => m.status === 'CLOSED');
    expect(closed.length).toBeGreaterThanOrEqual(16);
    // Closed after their reconciliations, none by override.
    for (const m of closed) expect(m.close).toEqual({ overrideReason: null });
    expect(periods.years[0].status).toBe('OPEN');
    expect(periods.years[1].status).toBe('CLOSED');
    expect(periods.history.every((h: any) => h.reopenedAt === null)).toBe(true);
    // The last three closed months have their board packets, rendered in the background.
    const packets = async () =>
      (
        await ok(
          'maple-ridge',
          `{ documents(kind: BOARD_PACKET) { edges { node { periodStart version status draft } } } }`,
        )
      ).documents.edges.map((e: any) => e.node);
    for (let i = 0; i < 120 && (await packets()).some((p: any) => p.status === 'QUEUED'); i++) {
      await new Promise((r) => setTimeout(r, 500));
    }
    const months = [-3, -2, -1].map((k) => addMonths(thisMonth, k));
    expect((await packets()).map((p: any) => p.periodStart).sort()).toEqual(months);
    for (const p of await packets()) {
      expect(p).toMatchObject({ version: 1, status: 'READY', draft: false });
    }
  });

  it("Maple Ridge's recommendation log opens with the planner's advice on its own figures", async () => {
    const data = await ok(
      'maple-ridge',
      `{ aiRecommendations { status provider narrativeSource requestedByEmail
           plan { overall toInvest riskNotes
             funds { fund cash floor lowest lowestMonth toInvest }
             health { fund score grade liquidityMonths percentFunded }
             recommendations { id type priority fund title summary suggestedAmount
               rungs { amount termMonths apy institution } } } }
         planningSettings { rates { institution } } }`,
    );
    const [rec] = data.aiRecommendations;
    expect(data.aiRecommendations).toHaveLength(1);
    expect(rec).toMatchObject({ status: 'DONE', provider: 'planner', narrativeSource: 'PLANNER' });
    expect(rec.requestedByEmail).toMatch(/@/);
    console.info(`demo: the planner's advice\n${JSON.stringify(rec.plan, null, 1)}`);
    const types = rec.plan.recommendations.map((r: any) => r.type);
    expect(types).toContain('GENERAL');
    // A ladder or a single investment of reserve cash, within the figures it names.
    const invest = rec.plan.recommendations.filter(
      (r: any) => r.type === 'CD_LADDER' || r.type === 'NEW_INVESTMENT',
    );
    expect(invest.length).toBeGreaterThan(0);
    for (const r of invest) {
      const fund = rec.plan.funds.find((f: any) => f.fund === r.fund);
      expect(Number(r.suggestedAmount)).toBeLessThanOrEqual(Number(fund.cash) - Number(fund.floor));
    }
    // The maturing CD gets an action.
    expect(types).toContain('MATURITY_ACTION');
    // The planner's cash is the dashboard's for the same day, fund by fund (the same books), not
    // the forecast's opening at the last month-end.
    const dashboard = await ok(
      'maple-ridge',
      `{ dashboard { cash { funds { fundType balance } } } }`,
    );
    expect(rec.plan.funds.map((f: any) => [f.fund, f.cash])).toEqual(
      dashboard.dashboard.cash.funds.map((f: any) => [f.fundType, f.balance]),
    );
    // Its sentences date things as people read them, never as ISO dates.
    for (const text of [rec.plan.overall, ...rec.plan.recommendations.map((r: any) => r.summary)]) {
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    }
    expect(data.planningSettings.rates.map((r: any) => r.institution)).toContain('TreasuryDirect');
  });

  it('has weeks of sign-ins for the admin dashboard and tenant health', async () => {
    const rows = await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute<{ email: string; n: number; days: number; failed: number }[]>(
        `SELECT email, count(*)::int AS n, count(DISTINCT created_at::date)::int AS days,
                count(*) FILTER (WHERE NOT success)::int AS failed
           FROM login_history WHERE created_at > now() - interval '61 days'
          GROUP BY email ORDER BY email`,
      );
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    for (const admin of app.demo!.filter((d) => d.role === 'Tenant admin')) {
      const r = byEmail.get(admin.email)!;
      // Most weekdays of 60 days (about 43 of them), not every day.
      expect(r.days).toBeGreaterThan(20);
      expect(r.days).toBeLessThan(60);
    }
    expect(byEmail.get(app.demo![0].email)!.days).toBeGreaterThan(5);
    // The owner once acted as Maple Ridge's treasurer, and said why.
    const impersonations = await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute<{ email: string; by: string; reason: string }[]>(
        `SELECT l.email, a.email AS by, l.reason FROM login_history l
           JOIN users a ON a.id = l.impersonated_by WHERE l.method = 'impersonation'`,
      );
    expect(impersonations).toEqual([
      {
        email: app.demo![1].email,
        by: app.demo![0].email,
        reason: expect.stringMatching(/^Treasurer asked for help/),
      },
    ]);

    // Ideas from both associations in every status for Idea Submissions; Maple Ridge has the page.
    // The treasurer's API tokens: one in use, one revoked; only hashes stored.
    const tokens = await app.services.platformOrm.em
      .getConnection()
      .execute<{ name: string; revoked: boolean; hashed: boolean; used: boolean }[]>(
        `SELECT name, revoked_at IS NOT NULL AS revoked, length(token_hash) = 64 AS hashed,
                last_used_at IS NOT NULL AS used
           FROM api_tokens ORDER BY name`,
      );
    expect(tokens).toEqual([
      { name: 'Board pack spreadsheet', revoked: false, hashed: true, used: true },
      { name: 'Old reporting script', revoked: true, hashed: true, used: true },
    ]);
    const ideas = await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute<{ status: string }[]>(`SELECT DISTINCT status FROM ideas`);
    expect(ideas.map((i) => i.status).sort()).toEqual([
      'declined',
      'done',
      'in_progress',
      'planned',
      'submitted',
      'under_review',
    ]);
    const { organization } = (
      await app.gql(LOGIN, { e: app.demo![1].email, p: app.demo![1].password })
    ).body.data!.login;
    expect(organization.settings.ideationEnabled).toBe(true);
  });

  it("Maple Ridge's board has two what-if scenarios that change today's books", async () => {
    const { scenarios } = await ok('maple-ridge', '{ scenarios { id name } }');
    expect(scenarios.map((s: any) => s.name).sort()).toEqual([
      'Delay the pool resurfacing a year + 12-month CD',
      'Dues +4 % next fiscal year',
    ]);
    const c = (
      await ok(
        'maple-ridge',
        `query ($ids: [ID!]!) { scenarioComparison(ids: $ids) {
          baseline { years { operatingBalance reserveBalance } }
          scenarios { name years { operatingBalance reserveBalance } } } }`,
        { ids: scenarios.map((s: any) => s.id) },
      )
    ).scenarioComparison;
    const base = c.baseline.years;
    const dues = c.scenarios.find((s: any) => s.name.startsWith('Dues')).years;
    const pool = c.scenarios.find((s: any) => s.name.startsWith('Delay')).years;
    // The increase starts next fiscal year: this year's end is unchanged, the next one higher.
    expect(dues[0].operatingBalance).toBe(base[0].operatingBalance);
    expect(Number(dues[1].operatingBalance)).toBeGreaterThan(Number(base[1].operatingBalance));
    // The pool's cost stays in the reserve fund through this fiscal year.
    expect(Number(pool[0].reserveBalance)).toBeGreaterThan(Number(base[0].reserveBalance));
  });

  it('Harbor Point is a different, smaller association', async () => {
    const login = await app.gql(LOGIN, {
      e: HARBOR_POINT.admin,
      p: app.demo!.find((d) => d.email === HARBOR_POINT.admin)!.password,
    });
    expect(login.body.data!.login.organization).toMatchObject({
      timeZone: 'America/Los_Angeles',
      fiscalYearStartMonth: 7,
    });
    const harbor = await ok(
      'harbor-point',
      '{ assessmentGroups { name unitCount rates { special } } vendors { name } accounts { number name } }',
    );
    const maple = await ok('maple-ridge', '{ vendors { name } accounts { number name } }');
    expect(harbor.assessmentGroups).toHaveLength(1);
    expect(harbor.assessmentGroups[0].unitCount).toBe(40);
    // The elevator special assessment is billed now.
    expect(harbor.assessmentGroups[0].rates.some((r: any) => Number(r.special) > 0)).toBe(true);
    const mapleVendors = new Set(maple.vendors.map((v: any) => v.name));
    expect(harbor.vendors.some((v: any) => mapleVendors.has(v.name))).toBe(false);
    // Its receivable account is the one the receivables settings created (1200, not 1100).
    expect(harbor.accounts.map((a: any) => a.number)).toContain('1200');
    expect(maple.accounts.map((a: any) => a.number)).not.toContain('1200');
  });

  // The people demo:reset builds Maple Ridge's books with (its treasurer, board and owners), seated
  // in another association too, so a fresh build there is the reset's for the same day.
  async function mapleSeats(org: Organization) {
    const em = app.services.platformOrm.em.fork() as EntityManager;
    const admin = await em.findOneOrFail(User, { email: MAPLE_RIDGE.admin });
    em.create(Membership, { user: admin, organization: org.id, role: Role.ADMIN });
    const created: DemoCredential[] = [];
    const board = await demoBoardMembers(em, org, MAPLE_RIDGE, admin, created);
    const owners = await demoPortalOwners(em, org, MAPLE_RIDGE.portal, created);
    await em.flush();
    expect(created).toEqual([]);
    return { actor: { userId: admin.id, orgId: org.id }, board, owners };
  }

  // One build proves both: demo:reset rebuilds Maple Ridge for a fixed day while a fresh
  // association is built for the same day beside it, and the two books must be the same.
  it('demo:reset rebuilds an association on a new database, the same as a fresh one of that day, with delinquent owners in every bucket; its admin keeps signing in', async () => {
    const today = '2026-06-24';
    // An association that calls itself the demo and asks to be marked as one is left alone.
    const impostor = await createOrganization(app.services, { name: MAPLE_RIDGE.name });
    const owner = await createUser(app.services, { memberships: [{ org: impostor }] });
    const ownerToken = tokenFor(app.services, owner, impostor);
    const marked = await app.gql(
      'mutation ($p: JSONObject!) { updateOrganizationSettings(patch: $p) }',
      { p: { demo: 'maple-ridge' } },
      ownerToken,
    );
    expect(marked.body.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    await app.gql(
      'mutation { createAccount(input: { number: "1010", name: "Our Checking", type: ASSET, fundType: OPERATING }) { id } }',
      {},
      ownerToken,
    );
    const impostorBooks = (await openTenant(app.services, impostor.id)).org.location.database;

    // Not marked as the demo (the reset does not find it), on Maple Ridge's calendar.
    const fresh = await createOrganization(app.services, {
      name: 'Maple copy',
      timeZone: MAPLE_RIDGE.timeZone,
      fiscalYearStartMonth: MAPLE_RIDGE.fiscalYearStartMonth,
    });
    const seats = await mapleSeats(fresh);
    const before = await openTenant(app.services, orgIds['maple-ridge']);
    const started = performance.now();
    const [{ summaries, credentials }, built] = await Promise.all([
      resetDemo(app.services, { keys: ['maple-ridge'], today }),
      buildDemoBooks(app.services, fresh.id, MAPLE_RIDGE, { today, ...seats }),
    ]);
    console.info(
      `demo: Maple Ridge reset and built fresh side by side in ${Math.round(performance.now() - started)} ms (${[...summaries, built].map((s) => `${s.payments} payments, ${s.ms} ms`).join('; ')})`,
    );
    expect(credentials).toEqual([]);
    expect(summaries).toHaveLength(1);
    expect(built).toMatchObject({ organization: MAPLE_RIDGE.name, units: 120, today });
    expect(summaries[0]).toMatchObject({ ...built, ms: summaries[0].ms });
    const after = await openTenant(app.services, orgIds['maple-ridge']);
    expect(after.org.location.database).not.toBe(before.org.location.database);

    async function figures(orgId: string) {
      const { em } = await openTenant(app.services, orgId);
      const tb = Object.fromEntries(
        await Promise.all(
          [FundType.OPERATING, FundType.RESERVE].map(async (fundType) => {
            const t = await trialBalance(em.fork(), { asOf: today, fundType });
            return [
              fundType,
              {
                debit: t.totalDebit,
                credit: t.totalCredit,
                rows: t.rows.map((r) => `${r.number} ${r.debitBalance} ${r.creditBalance}`),
              },
            ];
          }),
        ),
      );
      const aging = await agingReport(em, today);
      return {
        tb,
        aging: aging.totals,
        receivable: aging.receivableBalance,
        buckets: aging.rows.map((r) => r.buckets),
        invoices: await (await listInvoices(em, {}, 1)).count(),
        payments: await (await listPayments(em, {}, 1)).count(),
        entries: await (await listJournalEntries(em, {}, 1)).count(),
      };
    }
    const [fa, fb] = [await figures(orgIds['maple-ridge']), await figures(fresh.id)];
    expect(fa).toEqual(fb);

    for (const fund of [FundType.OPERATING, FundType.RESERVE]) {
      expect(fa.tb[fund].debit).toBe(fa.tb[fund].credit);
    }
    expect(fa.aging.total).toBe(fa.receivable);
    // A handful of owners behind by 1-30, 31-60, 61-90 and over 90 days.
    const behind = (k: 'days1to30' | 'days31to60' | 'days61to90' | 'over90') =>
      fa.buckets.filter((r) => r[k] > 0n).length;
    expect(behind('days31to60')).toBeGreaterThanOrEqual(1);
    expect(behind('days61to90')).toBeGreaterThanOrEqual(1);
    expect(behind('over90')).toBeGreaterThanOrEqual(1);
    expect(behind('days1to30')).toBeGreaterThanOrEqual(1);
    expect(behind('over90')).toBeLessThanOrEqual(6);
    expect(ledgerCheckPasses(await ledgerCheck(orgIds['maple-ridge']))).toBe(true);
    expect(ledgerCheckPasses(await ledgerCheck(fresh.id))).toBe(true);

    // The write-off, the bounced check and the reversal are there.
    const { em } = await openTenant(app.services, fresh.id);
    const sources = async (source: EntrySource) =>
      (await listJournalEntries(em, { source }, 1)).count();
    expect(await sources(EntrySource.WRITE_OFF)).toBeGreaterThanOrEqual(1);
    // The duplicate bill and the bounced check.
    expect(await sources(EntrySource.REVERSAL)).toBeGreaterThanOrEqual(2);
    expect(await sources(EntrySource.LATE_FEE)).toBeGreaterThan(10);

    // The treasurer signs in to the rebuilt books.
    const admin = app.demo!.find((d) => d.email === MAPLE_RIDGE.admin)!;
    const login = await app.gql(LOGIN, { e: admin.email, p: admin.password });
    const token = login.body.data!.login.accessToken;
    const res = await app.gql(
      `{ trialBalance(asOf: "${today}") { totalDebit totalCredit } units(first: 1) { totalCount } }`,
      {},
      token,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.units.totalCount).toBe(120);
    expect(res.body.data!.trialBalance.totalDebit).toBe(res.body.data!.trialBalance.totalCredit);

    expect((await openTenant(app.services, impostor.id)).org.location.database).toBe(impostorBooks);
    const kept = await app.gql('{ accounts { name } }', {}, ownerToken);
    expect(kept.body.data!.accounts).toContainEqual({ name: 'Our Checking' });
  }, 300_000);

  it('demo:reset names the demos when asked for one it does not know', async () => {
    await expect(resetDemo(app.services, { keys: ['lakeside'] })).rejects.toThrow(
      /No demo association lakeside: the demos are maple-ridge, harbor-point/,
    );
  });

  it('demo:reset is refused in production', async () => {
    const services = { ...app.services, config: { ...app.services.config, production: true } };
    await expect(resetDemo(services)).rejects.toThrow(/refused in production/);
  });

  it('in production creates only the platform owner, with the configured email', async () => {
    const prod = await startTestApp({
      seedOwner: true,
      seedDemo: false,
      ownerEmail: 'root@hoa.test',
    });
    try {
      expect(prod.demo!.map((d) => [d.role, d.email])).toEqual([
        ['Platform owner (super admin)', 'root@hoa.test'],
      ]);
      const orgs = await prod.services.platformOrm.em.fork().count('Organization', {});
      expect(orgs).toBe(0);
    } finally {
      await prod.close();
    }
  });
});
