/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, tokenFor } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { monthlyEquivalent, AssessmentFrequency } from '../assessments/assessments.types.js';

type Body = { data?: Record<string, any> | null; errors?: { message: string; extensions: any }[] };
const code = (b: Body) => b.errors?.[0]?.extensions?.code;

describe('monthly equivalents', () => {
  it('divide by the months of the period, rounding half up to the cent', () => {
    expect(monthlyEquivalent(25_000, AssessmentFrequency.MONTHLY)).toBe(25_000);
    expect(monthlyEquivalent(60_000, AssessmentFrequency.QUARTERLY)).toBe(20_000);
    expect(monthlyEquivalent(10_000, AssessmentFrequency.QUARTERLY)).toBe(3_333); // 33.333…
    expect(monthlyEquivalent(10_001, AssessmentFrequency.QUARTERLY)).toBe(3_334); // 33.336…
    expect(monthlyEquivalent(120_000, AssessmentFrequency.ANNUAL)).toBe(10_000);
    expect(monthlyEquivalent(100_006, AssessmentFrequency.ANNUAL)).toBe(8_334); // 83.338…: up
    expect(monthlyEquivalent(6, AssessmentFrequency.ANNUAL)).toBe(1); // 0.5 cent: half up
    expect(monthlyEquivalent(5, AssessmentFrequency.ANNUAL)).toBe(0);
  });
});

describe('assessments and receivables', () => {
  let app: TestApp;
  let token: string;
  let otherToken: string;
  const ids: Record<string, string> = {};

  const gql = async (query: string, variables?: Record<string, unknown>, t = token) =>
    (await app.gql(query, variables, t)).body as Body;
  const ok = async (query: string, variables?: Record<string, unknown>, t = token) => {
    const b = await gql(query, variables, t);
    expect(b.errors, query).toBeUndefined();
    return b.data!;
  };
  const account = async (number: string, type: string, t = token) =>
    (
      await ok(
        `mutation ($input: CreateAccountInput!) { createAccount(input: $input) { id } }`,
        { input: { number, name: `Account ${number}`, type, fundType: 'OPERATING' } },
        t,
      )
    ).createAccount.id as string;
  const unit = async (number: string, groupId = ids.monthly, typeId = ids.house) =>
    (
      await ok(`mutation ($input: UnitInput!) { createUnit(input: $input) { id } }`, {
        input: {
          number,
          ownerName: `Owner ${number}`,
          propertyTypeId: typeId,
          assessmentGroupId: groupId,
        },
      })
    ).createUnit.id as string;
  const GROUP = `mutation ($input: AssessmentGroupInput!) { createAssessmentGroup(input: $input) {
    id unitCount projectedMonthlyIncome projectedAnnualIncome
    rates { propertyType { name } regular special regularMonthly specialMonthly unitCount projectedMonthly projectedAnnual } } }`;
  const group = (name: string, frequency: string, rates: [string, string, string][], extra = {}) =>
    ok(GROUP, {
      input: {
        name,
        frequency,
        isDefault: false,
        dueDay: 10,
        regularIncomeAccountId: ids.income,
        specialIncomeAccountId: ids.special,
        rates: rates.map(([propertyTypeId, regular, special]) => ({
          propertyTypeId,
          regular,
          special,
        })),
        ...extra,
      },
    });
  const balanceOf = async (accountId: string, asOf: string) =>
    (
      await ok(`query ($asOf: LocalDate!) { accountBalances(asOf: $asOf) { accountId balance } }`, {
        asOf,
      })
    ).accountBalances.find((b: any) => b.accountId === accountId)?.balance ?? '0.00';
  const aging = (asOf: string) =>
    ok(
      `query ($asOf: LocalDate!) { agingReport(asOf: $asOf) { receivableBalance
        totals { current days1to30 days31to60 days61to90 over90 credit total }
        rows { unit { number } buckets { current days1to30 days31to60 days61to90 over90 credit total } } } }`,
      { asOf },
    ).then((d) => d.agingReport);
  const PAY = `mutation ($input: RecordPaymentInput!) { recordPayment(input: $input) {
    id number unapplied applications { invoiceId amount date } } }`;
  const invoicesOf = async (unitId: string) =>
    (
      await ok(
        `query ($u: ID!) { invoices(filter: { unitId: $u }, first: 100) { edges { node {
          id number kind period total paid balance status dueDate issueDate } } } }`,
        { u: unitId },
      )
    ).invoices.edges.map((e: any) => e.node);

  beforeAll(async () => {
    app = await startTestApp();
    const org = await createOrg(app.services, 'Maple Ridge HOA');
    token = tokenFor(app.services, await createUser(app.services, { memberships: [{ org }] }), org);
    const other = await createOrg(app.services, 'Other HOA');
    otherToken = tokenFor(
      app.services,
      await createUser(app.services, { memberships: [{ org: other }] }),
      other,
    );
    ids.cash = await account('1010', 'ASSET');
    ids.income = await account('4010', 'INCOME');
    ids.special = await account('4020', 'INCOME');
    ids.fees = await account('4090', 'INCOME');
    const pt = async (name: string) =>
      (await ok(`mutation ($n: String!) { createPropertyType(name: $n) { id } }`, { n: name }))
        .createPropertyType.id as string;
    ids.house = await pt('Single family');
    ids.condo = await pt('Condo');
  });
  afterAll(() => app.close());

  it('projects income from units × rates normalized to a month and a year', async () => {
    const q = await group('Quarterly dues', 'QUARTERLY', [
      [ids.house, '600.00', '100.00'],
      [ids.condo, '300.00', '0.00'],
    ]);
    ids.quarterly = q.createAssessmentGroup.id;
    const m = await group('Monthly dues', 'MONTHLY', [[ids.house, '250.00', '25.00']], {
      lateFee: {
        graceDays: 5,
        flatFee: '25.00',
        percent: 1.5,
        monthlyInterestPercent: 0,
        incomeAccountId: ids.fees,
      },
    });
    ids.monthly = m.createAssessmentGroup.id;
    ids.a = await unit('A-1', ids.quarterly, ids.house);
    ids.b = await unit('A-2', ids.quarterly, ids.house);
    ids.c = await unit('C-1', ids.quarterly, ids.condo);
    const p = (
      await ok(`{ assessmentProjection { monthly annual unitCount groups { name projectedMonthlyIncome projectedAnnualIncome
        rates { regularMonthly specialMonthly unitCount projectedMonthly projectedAnnual } } } }`)
    ).assessmentProjection;
    const quarterly = p.groups.find((g: any) => g.name === 'Quarterly dues');
    // House: 600/3 = 200.00 and 100/3 = 33.33 (half up); condo: 300/3 = 100.00.
    expect(quarterly.rates).toEqual([
      {
        regularMonthly: '100.00',
        specialMonthly: '0.00',
        unitCount: 1,
        projectedMonthly: '100.00',
        projectedAnnual: '1200.00',
      },
      {
        regularMonthly: '200.00',
        specialMonthly: '33.33',
        unitCount: 2,
        projectedMonthly: '466.66',
        projectedAnnual: '5600.00',
      },
    ]);
    expect(quarterly.projectedMonthlyIncome).toBe('566.66');
    expect(quarterly.projectedAnnualIncome).toBe('6800.00');
    expect(p).toMatchObject({ monthly: '566.66', annual: '6800.00', unitCount: 3 });
  });

  it('generates assessment invoices once per unit and period, after a preview that writes nothing', async () => {
    ids.m1 = await unit('M-1');
    ids.m2 = await unit('M-2');
    const preview = (
      await ok(`{ previewAssessmentInvoices(month: "2026-01") { count total alreadyInvoiced
        invoices { unit { number } period dueDate total lines { description amount } } } }`)
    ).previewAssessmentInvoices;
    expect(preview).toMatchObject({ count: 5, total: '2250.00', alreadyInvoiced: 0 });
    expect(preview.invoices.find((i: any) => i.unit.number === 'M-1')).toEqual({
      unit: { number: 'M-1' },
      period: '2026-01',
      dueDate: '2026-01-10',
      total: '275.00',
      lines: [
        { description: 'Regular assessment Jan 2026', amount: '250.00' },
        { description: 'Special assessment Jan 2026', amount: '25.00' },
      ],
    });
    expect(await invoicesOf(ids.m1)).toEqual([]);
    const run = `mutation ($m: String!) { generateAssessmentInvoices(month: $m) { created skipped total } }`;
    expect((await ok(run, { m: '2026-01' })).generateAssessmentInvoices).toEqual({
      created: 5,
      skipped: 0,
      total: '2250.00',
    });
    expect((await ok(run, { m: '2026-01' })).generateAssessmentInvoices).toEqual({
      created: 0,
      skipped: 5,
      total: '0.00',
    });
    // February: only the monthly group bills; quarterly groups wait for April.
    expect((await ok(run, { m: '2026-02' })).generateAssessmentInvoices).toMatchObject({
      created: 2,
    });
    expect((await ok(run, { m: '2026-03' })).generateAssessmentInvoices).toMatchObject({
      created: 2,
    });
    expect((await invoicesOf(ids.a)).map((i: any) => i.period)).toEqual(['2026-Q1']);
    expect((await invoicesOf(ids.m1)).map((i: any) => i.period)).toEqual([
      '2026-03',
      '2026-02',
      '2026-01',
    ]);
    const settings = (await ok('{ receivablesSettings { receivableAccount { id number name } } }'))
      .receivablesSettings;
    ids.ar = settings.receivableAccount.id;
    expect(settings.receivableAccount).toMatchObject({
      number: '1200',
      name: 'Assessments Receivable',
    });
    expect(await balanceOf(ids.ar, '2026-03-31')).toBe('3350.00');
    expect(await balanceOf(ids.income, '2026-03-31')).toBe('3000.00');
    expect(code(await gql(run.replace('$m', '$m'), { m: '2026-13' }))).toBe('BAD_USER_INPUT');
  });

  it('applies a payment oldest first, keeps an overpayment as credit and spends it on the next invoice', async () => {
    const p = (
      await ok(PAY, {
        input: {
          unitId: ids.m1,
          date: '2026-03-15',
          amount: '600.00',
          method: 'CHECK',
          reference: '1042',
          depositAccountId: ids.cash,
        },
      })
    ).recordPayment;
    const [mar, feb, jan] = await invoicesOf(ids.m1);
    expect(p.applications).toEqual([
      { invoiceId: jan.id, amount: '275.00', date: '2026-03-15' },
      { invoiceId: feb.id, amount: '275.00', date: '2026-03-15' },
      { invoiceId: mar.id, amount: '50.00', date: '2026-03-15' },
    ]);
    expect(p.unapplied).toBe('0.00');
    expect([jan.status, feb.status, mar.status]).toEqual(['PAID', 'PAID', 'PARTIAL']);
    expect(mar.balance).toBe('225.00');
    // Chosen invoices, in the order given; the rest is credit.
    const [m2mar, , m2jan] = await invoicesOf(ids.m2);
    const q = (
      await ok(PAY, {
        input: {
          unitId: ids.m2,
          date: '2026-03-20',
          amount: '400.00',
          method: 'ACH',
          invoiceIds: [m2mar.id],
          depositAccountId: ids.cash,
        },
      })
    ).recordPayment;
    expect(q.applications).toEqual([{ invoiceId: m2mar.id, amount: '275.00', date: '2026-03-20' }]);
    expect(q.unapplied).toBe('125.00');
    const u = (
      await ok(`query ($id: ID!) { unit(id: $id) { balanceDue credit invoiceCount } }`, {
        id: ids.m2,
      })
    ).unit;
    expect(u).toEqual({ balanceDue: '550.00', credit: '125.00', invoiceCount: 3 });
    expect((await invoicesOf(ids.m2)).find((i: any) => i.id === m2jan.id).status).toBe('OPEN');
    // The next invoice takes the credit.
    await ok(`mutation ($m: String!) { generateAssessmentInvoices(month: $m) { created } }`, {
      m: '2026-04',
    });
    const apr = (await invoicesOf(ids.m2))[0];
    expect(apr).toMatchObject({
      period: '2026-04',
      total: '275.00',
      paid: '125.00',
      balance: '150.00',
      status: 'PARTIAL',
    });
    expect(
      (await ok(`query ($id: ID!) { unit(id: $id) { credit } }`, { id: ids.m2 })).unit.credit,
    ).toBe('0.00');
    // Another unit's invoice cannot be paid from this unit.
    const wrong = await gql(PAY, {
      input: {
        unitId: ids.m1,
        date: '2026-03-20',
        amount: '10.00',
        method: 'CASH',
        invoiceIds: [m2jan.id],
        depositAccountId: ids.cash,
      },
    });
    expect(code(wrong)).toBe('NOT_FOUND');
    expect(wrong.errors![0].extensions.details).toEqual([
      { field: 'invoiceIds.0', message: 'Invoice not found' },
    ]);
  });

  it('counts every match of a list across pages, and names the payment of each application', async () => {
    const [, , jan] = await invoicesOf(ids.m1);
    const paidBy = (
      await ok(
        `query ($id: ID!) { invoice(id: $id) { payments { amount payment { number method reference } } } }`,
        { id: jan.id },
      )
    ).invoice.payments;
    expect(paidBy).toEqual([
      {
        amount: '275.00',
        payment: { number: expect.any(Number), method: 'CHECK', reference: '1042' },
      },
    ]);
    // totalCount is every match of the filter, whatever the page size or cursor.
    const count = async (query: string, variables: Record<string, unknown> = {}) => {
      const d = await ok(query, variables);
      return Object.values(d)[0] as { totalCount: number; edges: unknown[]; pageInfo: any };
    };
    const all = await count('{ invoices(first: 200) { totalCount edges { cursor } } }');
    expect(all.totalCount).toBe(all.edges.length);
    const first = await count(
      '{ invoices(first: 2) { totalCount edges { cursor } pageInfo { endCursor hasNextPage } } }',
    );
    expect(first.totalCount).toBe(all.totalCount);
    expect(first.edges).toHaveLength(2);
    const next = await count(
      'query ($a: String) { invoices(first: 2, after: $a) { totalCount edges { cursor } } }',
      { a: first.pageInfo.endCursor },
    );
    expect(next.totalCount).toBe(all.totalCount);
    const m1 = await count(
      'query ($u: ID!) { invoices(filter: { unitId: $u }, first: 1) { totalCount } }',
      { u: ids.m1 },
    );
    expect(m1.totalCount).toBe((await invoicesOf(ids.m1)).length);
    const paid = await count('{ invoices(filter: { status: PAID }, first: 1) { totalCount } }');
    expect(paid.totalCount).toBe(
      (await invoicesOf(ids.m1)).filter((i: any) => i.status === 'PAID').length +
        (await invoicesOf(ids.m2)).filter((i: any) => i.status === 'PAID').length,
    );
    const units = await count('{ units(first: 1) { totalCount edges { cursor } } }');
    const unitsWithBalance = await count(
      '{ units(first: 1, filter: { withBalance: true }) { totalCount } }',
    );
    expect(units.totalCount).toBe(
      (await ok('{ units(first: 100) { edges { node { id } } } }')).units.edges.length,
    );
    expect(unitsWithBalance.totalCount).toBe(
      (await ok('{ units(first: 100) { edges { node { balanceDue } } } }')).units.edges.filter(
        (e: any) => e.node.balanceDue !== '0.00',
      ).length,
    );
    expect(unitsWithBalance.totalCount).toBeGreaterThan(0);
    const payments = await count(
      'query ($u: ID!) { payments(filter: { unitId: $u }, first: 1) { totalCount } }',
      { u: ids.m2 },
    );
    expect(payments.totalCount).toBe(1);
    // Page sizes out of range are refused with the field named, not silently cut.
    for (const q of [
      '{ invoices(first: 0) { totalCount } }',
      '{ payments(first: 201) { totalCount } }',
      '{ units(first: -1) { totalCount } }',
      '{ journalEntries(first: 201) { totalCount } }',
      '{ journalLines(first: 1001) { totalCount } }',
    ]) {
      const res = await gql(q);
      expect(code(res)).toBe('BAD_USER_INPUT');
      expect(res.errors![0].extensions.details[0].field).toBe('first');
    }
  });

  it('ties the aging report to the receivable account balance on any date', async () => {
    // An extra overpaying unit, a voided payment and a voided invoice, so every path is on the books.
    ids.x = await unit('X-9');
    const fine = (
      await ok(
        `mutation ($input: CreateInvoiceInput!) { createInvoice(input: $input) { id number total status } }`,
        {
          input: {
            unitId: ids.x,
            issueDate: '2026-02-01',
            dueDate: '2026-02-15',
            memo: 'Fine',
            lines: [{ description: 'Parking fine', accountId: ids.fees, amount: '50.00' }],
          },
        },
      )
    ).createInvoice;
    expect(fine).toMatchObject({ total: '50.00', status: 'OPEN' });
    const over = (
      await ok(PAY, {
        input: {
          unitId: ids.x,
          date: '2026-02-10',
          amount: '80.00',
          method: 'CASH',
          depositAccountId: ids.cash,
        },
      })
    ).recordPayment;
    expect(over.unapplied).toBe('30.00');
    const bounced = (
      await ok(PAY, {
        input: {
          unitId: ids.a,
          date: '2026-02-05',
          amount: '700.00',
          method: 'CHECK',
          depositAccountId: ids.cash,
        },
      })
    ).recordPayment;
    await ok(`mutation ($id: ID!) { voidPayment(id: $id, date: "2026-03-05") { status } }`, {
      id: bounced.id,
    });
    const cInv = (await invoicesOf(ids.c)).find((i: any) => i.period === '2026-Q1');
    await ok(`mutation ($id: ID!) { voidInvoice(id: $id, date: "2026-03-10") { status } }`, {
      id: cInv.id,
    });
    for (const asOf of [
      '2026-01-09',
      '2026-01-31',
      '2026-02-12',
      '2026-03-01',
      '2026-03-07',
      '2026-03-31',
      '2026-06-30',
      '2026-12-31',
    ]) {
      const r = await aging(asOf);
      expect(r.totals.total, asOf).toBe(r.receivableBalance);
      expect(r.receivableBalance, asOf).toBe(await balanceOf(ids.ar, asOf));
      const sum = (k: string) =>
        r.rows.reduce((s: number, row: any) => s + Math.round(Number(row.buckets[k]) * 100), 0);
      for (const k of [
        'current',
        'days1to30',
        'days31to60',
        'days61to90',
        'over90',
        'credit',
        'total',
      ])
        expect(Math.round(Number(r.totals[k]) * 100), `${asOf} ${k}`).toBe(sum(k));
    }
    const june = await aging('2026-06-30');
    const row = (n: string) => june.rows.find((x: any) => x.unit.number === n)?.buckets;
    // A-1's Q1 invoice (due Jan 10) is 171 days late on June 30 (its bounced check counts for
    // nothing), its Q2 invoice (due Apr 10) 81 days.
    expect(row('A-1')).toMatchObject({ over90: '700.00', days61to90: '700.00', total: '1400.00' });
    expect(row('X-9')).toMatchObject({ credit: '-30.00', total: '-30.00' });
    expect(row('C-1')).toMatchObject({ days61to90: '300.00', total: '300.00' });
    // Before it bounced, the check paid A-1's Q1 invoice in full: nothing owed on March 1.
    expect(
      (await aging('2026-03-01')).rows.find((x: any) => x.unit.number === 'A-1'),
    ).toBeUndefined();
  });

  it('assesses late fees once per invoice and month, posting to the fee income account', async () => {
    const preview = (
      await ok(
        `{ previewLateFees(asOf: "2026-04-20") { count total alreadyAssessed candidates { unit { number } invoice { number } overdueBalance fee interest total } } }`,
      )
    ).previewLateFees;
    // Monthly dues group: 5 grace days, 25.00 + 1.5 % (half up). Open and past Apr 15: M-1 Mar
    // (225.00 left) and Apr; M-2 Jan, Feb and Apr (150.00 left after its credit).
    expect(preview.candidates.map((c: any) => [c.unit.number, c.overdueBalance, c.fee])).toEqual([
      ['M-1', '225.00', '28.38'],
      ['M-1', '275.00', '29.13'],
      ['M-2', '275.00', '29.13'],
      ['M-2', '275.00', '29.13'],
      ['M-2', '150.00', '27.25'],
    ]);
    const before = await balanceOf(ids.fees, '2026-04-30');
    const run = `mutation { assessLateFees(asOf: "2026-04-20") { created skipped total } }`;
    expect((await ok(run)).assessLateFees).toEqual({ created: 5, skipped: 0, total: '143.02' });
    expect((await ok(run)).assessLateFees).toEqual({ created: 0, skipped: 5, total: '0.00' });
    expect(Number(await balanceOf(ids.fees, '2026-04-30')) - Number(before)).toBeCloseTo(143.02, 2);
    const fees = (await invoicesOf(ids.m2)).filter((i: any) => i.kind === 'LATE_FEE');
    expect(fees).toHaveLength(3);
    expect(fees[0]).toMatchObject({ period: '2026-04', issueDate: '2026-04-20' });
    // A new month may assess again.
    expect(
      (await ok(`mutation { assessLateFees(asOf: "2026-05-20") { created } }`)).assessLateFees
        .created,
    ).toBe(5);
  });

  it('refuses to delete a unit with invoices, and deletes one without', async () => {
    const res = await gql(`mutation ($id: ID!) { deleteUnit(id: $id) }`, { id: ids.m1 });
    expect(code(res)).toBe('CONFLICT');
    expect(res.errors![0].message).toMatch(/Unit M-1 has \d+ invoices and cannot be deleted/);
    const empty = await unit('Z-1');
    expect(
      (await ok(`mutation ($id: ID!) { deleteUnit(id: $id) }`, { id: empty })).deleteUnit,
    ).toBe(true);
  });

  it("answers NOT_FOUND for another association's units, invoices, payments and groups", async () => {
    const [inv] = await invoicesOf(ids.m1);
    const pmt = (await ok('{ payments(first: 1) { edges { node { id } } } }')).payments.edges[0]
      .node.id;
    const probes: [string, Record<string, unknown>][] = [
      [`query ($id: ID!) { payment(id: $id) { id } }`, { id: pmt }],
      [`mutation ($id: ID!) { voidPayment(id: $id) { id } }`, { id: pmt }],
      [`mutation ($id: ID!) { renamePropertyType(id: $id, name: "X") { id } }`, { id: ids.house }],
      [`mutation ($id: ID!) { deletePropertyType(id: $id) }`, { id: ids.house }],
      [`query ($id: ID!) { unit(id: $id) { id } }`, { id: ids.m1 }],
      [`query ($id: ID!) { unitLedger(unitId: $id) { reference } }`, { id: ids.m1 }],
      [`query ($id: ID!) { invoice(id: $id) { id } }`, { id: inv.id }],
      [`mutation ($id: ID!) { voidInvoice(id: $id) { id } }`, { id: inv.id }],
      [`mutation ($id: ID!) { deleteUnit(id: $id) }`, { id: ids.m1 }],
      [`query ($id: ID!) { assessmentGroup(id: $id) { id } }`, { id: ids.monthly }],
      [`mutation ($id: ID!) { deleteAssessmentGroup(id: $id) }`, { id: ids.monthly }],
      [
        `mutation ($id: ID!) { recordPayment(input: { unitId: $id, date: "2026-01-01", amount: "1.00", method: CASH }) { id } }`,
        { id: ids.m1 },
      ],
      [
        `mutation ($id: ID!) { updateUnit(id: $id, input: { number: "Q", propertyTypeId: $id, assessmentGroupId: $id }) { id } }`,
        { id: ids.m1 },
      ],
      [
        `query ($id: ID!) { invoices(filter: { unitId: $id }) { edges { node { id } } } }`,
        { id: ids.m1 },
      ],
    ];
    for (const [q, v] of probes) {
      const res = await gql(q, v, otherToken);
      expect(code(res), q).toBe('NOT_FOUND');
    }
    // The other association sees none of this one's invoices.
    const list = (await ok('{ invoices { edges { node { id } } } }', {}, otherToken)).invoices
      .edges;
    expect(list).toEqual([]);
  });

  it('imports units from CSV all or nothing, reporting bad rows with their line numbers', async () => {
    const upload = async (csv: string) => {
      const form = new FormData();
      form.append(
        'operations',
        JSON.stringify({
          query:
            'mutation ($file: Upload!) { importUnits(file: $file) { created errors { row field message } } }',
          variables: { file: null },
        }),
      );
      form.append('map', JSON.stringify({ 0: ['variables.file'] }));
      form.append('0', new Blob([csv]), 'units.csv');
      const res = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' },
        body: form,
      });
      return ((await res.json()) as Body).data!.importUnits;
    };
    const count = async () =>
      (await ok('{ units(first: 200) { edges { node { id } } } }')).units.edges.length;
    const before = await count();
    const template = (await ok('{ unitImportTemplate }')).unitImportTemplate as string;
    expect(template.split('\n')[0]).toBe(
      'unit_number,address,owner_name,email,phone,property_type,assessment_group',
    );
    const bad = await upload(
      [
        'Unit Number;Owner Name;Email;Property Type;Assessment Group',
        'B-1;"Lee, Jordan";jordan@example.com;Condo;Monthly dues',
        'B-2;Sam;not-an-email;Condo;Monthly dues',
        'B-1;Dup;;Condo;Monthly dues',
        'M-1;Taken;;Condo;Monthly dues',
        'B-5;Ann;;Castle;Nowhere',
      ].join('\r\n'),
    );
    expect(bad.created).toBe(0);
    expect(bad.errors).toEqual([
      { row: 3, field: 'email', message: 'Enter a valid email address' },
      { row: 4, field: 'unit_number', message: 'Unit B-1 is also on line 2' },
      { row: 5, field: 'unit_number', message: 'Unit M-1 already exists' },
      { row: 6, field: 'property_type', message: 'Unknown property type "Castle"' },
      { row: 6, field: 'assessment_group', message: 'Unknown assessment group "Nowhere"' },
    ]);
    expect(await count()).toBe(before);
    const good = await upload(
      '\ufeffunit_number,owner_name,email,property_type,assessment_group\nB-1,"Lee, Jordan",jordan@example.com,Condo,Monthly dues\nB-2,Sam,,condo,quarterly dues\n',
    );
    expect(good).toEqual({ created: 2, errors: [] });
    expect(await count()).toBe(before + 2);
    const b1 = (
      await ok(
        '{ units(filter: { search: "Lee, J" }) { edges { node { number ownerName propertyType { name } assessmentGroup { name } } } } }',
      )
    ).units.edges;
    expect(b1).toEqual([
      {
        node: {
          number: 'B-1',
          ownerName: 'Lee, Jordan',
          propertyType: { name: 'Condo' },
          assessmentGroup: { name: 'Monthly dues' },
        },
      },
    ]);
  });

  it('refuses bad input with per-field details and writes nothing', async () => {
    const res = await gql(GROUP, {
      input: {
        name: ' ',
        frequency: 'MONTHLY',
        isDefault: false,
        dueDay: 31,
        regularIncomeAccountId: ids.income,
        specialIncomeAccountId: ids.income,
        rates: [{ propertyTypeId: ids.house, regular: '-1.00', special: '0.00' }],
      },
    });
    expect(code(res)).toBe('BAD_USER_INPUT');
    expect(res.errors![0].extensions.details.map((d: any) => d.field)).toEqual([
      'name',
      'dueDay',
      'rates.0.regular',
    ]);
    const wrongType = await gql(GROUP, {
      input: {
        name: 'X',
        frequency: 'ANNUAL',
        isDefault: false,
        dueDay: 1,
        regularIncomeAccountId: ids.cash,
        specialIncomeAccountId: ids.income,
        rates: [],
      },
    });
    expect(wrongType.errors![0].extensions.details).toEqual([
      { field: 'regularIncomeAccountId', message: 'Choose an income account' },
    ]);
    const pay = await gql(PAY, {
      input: {
        unitId: ids.m1,
        date: '2026-03-01',
        amount: '0.00',
        method: 'CASH',
        depositAccountId: ids.cash,
      },
    });
    expect(pay.errors![0].extensions.details).toEqual([
      { field: 'amount', message: 'The amount must be positive' },
    ]);
  });
});
