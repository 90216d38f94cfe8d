import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../core/dates.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { type Ids, receivablesChart, receivablesKit } from '../../test/receivables.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

// Money as bigint cents (the API's decimal strings), never floats.
const cents = (s: string): bigint => {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(s);
  if (!m) throw new Error(`not an amount: "${s}"`);
  const v = BigInt(m[2]) * 100n + BigInt(m[3]);
  return m[1] ? -v : v;
};

const PORTAL = `{ ownerPortal {
  association { name contactName contactEmail contactPhone mailingAddress paymentInstructions onlinePayments }
  totalDue
  units { id number address ownerName balance pastDue nextDue { amount dueDate } coOwners }
} }`;

// What an owner reads of their units is what the treasurer reads of them: the unit's balance is the
// last balance of its ledger and the Units page's figures, what is past due is the aging report's.
describe('the owner portal, read by owners', () => {
  let app: TestApp;
  let t: Tenant;
  const ids: Ids = {};
  let a: { token: string; userId: string; email: string };
  let b: { token: string; userId: string; email: string };
  let c: { token: string; userId: string; email: string };
  const today = '2026-04-15';

  beforeAll(async () => {
    setClock(() => new Date(`${today}T16:00:00Z`));
    app = await startTestApp();
    t = await createTenant(app, 'Maple Owners HOA');
    Object.assign(ids, await receivablesChart(t));
    const kit = receivablesKit(() => t, ids);
    ids.monthly = await kit.group('Monthly dues', 'MONTHLY', [[ids.house, '250.00', '0.00']]);
    ids.u101 = await kit.unit('101');
    ids.u102 = await kit.unit('102');
    ids.u103 = await kit.unit('103');
    for (const month of ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05']) {
      await t.assessmentRun(month);
    }
    // 101: January, February and part of March paid; a one-off charge voided.
    ids.p101 = await t.payment(ids.u101, '2026-03-15', '600.00', { depositAccountId: ids.cash });
    ids.fine = await t.invoice(ids.u101, '2026-03-20', [[ids.fees, '50.00', 'Pool key']], {
      dueDate: '2026-04-01',
    });
    await t.ok(`mutation ($id: ID!) { voidInvoice(id: $id, date: "2026-03-25") { id } }`, {
      id: ids.fine,
    });
    // 102: paid ahead (a credit); a bounced check voided.
    await t.payment(ids.u102, '2026-01-02', '1500.00', { depositAccountId: ids.cash });
    const bounced = await t.payment(ids.u102, '2026-02-02', '100.00', {
      depositAccountId: ids.cash,
    });
    await t.ok(`mutation ($id: ID!) { voidPayment(id: $id, date: "2026-02-10") { id } }`, {
      id: bounced,
    });
    // 103: nothing paid.
    a = await t.owner([ids.u101, ids.u102]);
    b = await t.owner([ids.u103]);
    c = await t.owner([ids.u101]);
  });
  afterAll(async () => {
    setClock();
    await app?.close();
  });

  const staffUnit = async (unitId: string) => {
    const d = await t.ok(
      `query ($id: ID!) { unit(id: $id) { balanceDue credit }
        unitLedger(unitId: $id, first: 1000) { date kind charge payment balance invoiceId paymentId } }`,
      { id: unitId },
    );
    return d;
  };

  it("answers the caller's units with the treasurer's figures", async () => {
    const portal = (await t.ok(PORTAL, {}, a.token)).ownerPortal;
    expect(portal.units.map((u: any) => u.number)).toEqual(['101', '102']);
    const aging = (
      await t.ok(
        `query ($d: LocalDate) { agingReport(asOf: $d) { rows { unitId buckets {
          current days1to30 days31to60 days61to90 over90 credit total } } } }`,
        { d: today },
      )
    ).agingReport.rows;
    for (const u of portal.units) {
      const staff = await staffUnit(u.id);
      // The unit's balance is the last balance of its ledger and the Units page's figures.
      expect(u.balance).toBe(staff.unitLedger.at(-1).balance);
      expect(cents(u.balance)).toBe(cents(staff.unit.balanceDue) - cents(staff.unit.credit));
      // What is past due is the aging report's past-due buckets.
      const row = aging.find((r: any) => r.unitId === u.id)?.buckets;
      const late = row
        ? ['days1to30', 'days31to60', 'days61to90', 'over90'].reduce(
            (s, k) => s + cents(row[k]),
            0n,
          )
        : 0n;
      expect(cents(u.pastDue), u.number).toBe(late);
    }
    const [u101, u102] = portal.units;
    // 101: 1,250.00 billed, 600.00 paid; March's rest and April are late, May is due May 10.
    expect(u101).toMatchObject({
      balance: '650.00',
      pastDue: '400.00',
      nextDue: { amount: '650.00', dueDate: '2026-05-10' },
      ownerName: 'Owner 101',
      coOwners: [c.email],
    });
    // 102: 1,500.00 paid ahead against 1,250.00 billed: a credit, nothing due.
    expect(u102).toMatchObject({ balance: '-250.00', pastDue: '0.00', nextDue: null });
    expect(u102.coOwners).toEqual([]);
    // Credits are not netted against what another unit owes.
    expect(portal.totalDue).toBe('650.00');
    expect(portal.association).toEqual({
      name: 'Maple Owners HOA',
      contactName: null,
      contactEmail: null,
      contactPhone: null,
      mailingAddress: null,
      paymentInstructions: null,
      onlinePayments: false,
    });
  });

  it("reads a unit's ledger as the treasurer's unit ledger, in plain words", async () => {
    const rows = (
      await t.ok(
        `query ($u: ID!) { ownerUnitLedger(unitId: $u) { date kind description charge payment balance invoiceId paymentId } }`,
        { u: ids.u101 },
        a.token,
      )
    ).ownerUnitLedger;
    const staff = (await staffUnit(ids.u101)).unitLedger;
    expect(rows.map((r: any) => [r.date, r.balance, r.invoiceId, r.paymentId])).toEqual(
      staff.map((r: any) => [r.date, r.balance, r.invoiceId, r.paymentId]),
    );
    expect(rows.map((r: any) => r.kind)).toEqual([
      'charge',
      'charge',
      'charge',
      'payment',
      'charge',
      'void',
      'charge',
      'charge',
    ]);
    expect(rows[0]).toMatchObject({
      date: '2026-01-01',
      description: 'Regular assessment Jan 2026',
      charge: '250.00',
      payment: null,
    });
    expect(rows.find((r: any) => r.kind === 'payment')).toMatchObject({
      description: 'Payment — check',
      payment: '600.00',
      charge: null,
    });
    expect(rows.filter((r: any) => r.invoiceId === ids.fine).map((r: any) => r.charge)).toEqual([
      '50.00',
      '-50.00',
    ]);
    // A window of days keeps the running balance from the first row.
    const march = (
      await t.ok(
        `query ($u: ID!) { ownerUnitLedger(unitId: $u, from: "2026-03-01", to: "2026-03-31") { date balance } }`,
        { u: ids.u101 },
        a.token,
      )
    ).ownerUnitLedger;
    expect(march).toEqual(
      rows
        .filter((r: any) => r.date >= '2026-03-01' && r.date <= '2026-03-31')
        .map((r: any) => ({ date: r.date, balance: r.balance })),
    );
    const backwards = await t.gql(
      `query ($u: ID!) { ownerUnitLedger(unitId: $u, from: "2026-03-31", to: "2026-03-01") { date } }`,
      { u: ids.u101 },
      a.token,
    );
    expect(backwards.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it("lists a unit's invoices and payments as the books have them", async () => {
    const d = await t.ok(
      `query ($u: ID!) {
        ownerInvoices(unitId: $u) { id number unitId issueDate dueDate description total paid balance status }
        ownerPayments(unitId: $u) { id number unitId date amount method reference status online } }`,
      { u: ids.u101 },
      a.token,
    );
    const staff = await t.ok(
      `query ($u: ID!) { invoices(filter: { unitId: $u }, first: 100) { edges { node { id number total paid balance status dueDate } } } }`,
      { u: ids.u101 },
    );
    expect(d.ownerInvoices.map((i: any) => [i.id, i.number, i.balance, i.status])).toEqual(
      staff.invoices.edges.map((e: any) => [
        e.node.id,
        `INV-${e.node.number}`,
        e.node.balance,
        e.node.status.toLowerCase(),
      ]),
    );
    expect(d.ownerInvoices[0]).toMatchObject({
      issueDate: '2026-05-01',
      dueDate: '2026-05-10',
      description: 'Regular assessment May 2026',
      status: 'open',
    });
    expect(d.ownerInvoices.find((i: any) => i.id === ids.fine)).toMatchObject({
      description: 'Pool key',
      status: 'void',
    });
    expect(d.ownerPayments).toEqual([
      {
        id: ids.p101,
        number: expect.stringMatching(/^PMT-\d+$/),
        unitId: ids.u101,
        date: '2026-03-15',
        amount: '600.00',
        method: 'check',
        reference: null,
        status: 'posted',
        online: false,
      },
    ]);
    const one = await t.ok(
      `query ($i: ID!, $p: ID!) { ownerInvoice(id: $i) { id balance } ownerPayment(id: $p) { id amount } }`,
      { i: d.ownerInvoices[0].id, p: ids.p101 },
      a.token,
    );
    expect(one).toEqual({
      ownerInvoice: { id: d.ownerInvoices[0].id, balance: '250.00' },
      ownerPayment: { id: ids.p101, amount: '600.00' },
    });
  });

  it("answers another owner's unit as if it did not exist", async () => {
    for (const [query, vars] of [
      [`query ($u: ID!) { ownerInvoices(unitId: $u) { id } }`, { u: ids.u101 }],
      [`query ($u: ID!) { ownerUnitLedger(unitId: $u) { date } }`, { u: ids.u101 }],
      [`query ($u: ID!) { ownerPayment(id: $u) { id } }`, { u: ids.p101 }],
    ] as const) {
      const res = await t.gql(query, vars, b.token);
      expect(res.body.errors?.[0]?.extensions?.code, query).toBe('NOT_FOUND');
      expect(res.body.data ?? null).toBeNull();
    }
    const portal = (await t.ok(PORTAL, {}, b.token)).ownerPortal;
    expect(portal.units.map((u: any) => u.number)).toEqual(['103']);
    expect(portal.units[0]).toMatchObject({ balance: '1250.00', pastDue: '1000.00' });
  });

  it('is for owners only: the treasurer reads the books instead', async () => {
    const res = await t.gql(PORTAL);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it("shows the association's contact details its admins set", async () => {
    const SET = `mutation ($input: OwnerPortalSettingsInput!) { updateOwnerPortalSettings(input: $input) {
      contactName contactEmail contactPhone mailingAddress paymentInstructions } }`;
    const input = {
      contactName: '  Dana Reyes, treasurer ',
      contactEmail: 'Board@Maple.example',
      contactPhone: '555-0142',
      mailingAddress: 'PO Box 12, Springfield',
      paymentInstructions: 'Checks payable to Maple Owners HOA',
    };
    expect((await t.ok(SET, { input })).updateOwnerPortalSettings).toEqual({
      ...input,
      contactName: 'Dana Reyes, treasurer',
      contactEmail: 'board@maple.example',
    });
    // Members who are not admins, and owners, may not change them.
    for (const token of [t.user, a.token]) {
      const res = await t.gql(SET, { input: { contactName: 'x' } }, token);
      expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const bad = await t.gql(SET, { input: { contactEmail: 'not an address' } });
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'contactEmail', message: 'Enter a valid email address' }],
    });
    // A field left out keeps its value; a blank one removes it.
    const after = (await t.ok(SET, { input: { contactPhone: ' ' } })).updateOwnerPortalSettings;
    expect(after).toMatchObject({ contactName: 'Dana Reyes, treasurer', contactPhone: null });
    const portal = (await t.ok(PORTAL, {}, a.token)).ownerPortal;
    expect(portal.association).toMatchObject({
      contactName: 'Dana Reyes, treasurer',
      contactEmail: 'board@maple.example',
      contactPhone: null,
      paymentInstructions: 'Checks payable to Maple Owners HOA',
    });
    expect(await t.ok('{ ownerPortalSettings { contactName } }', {}, t.viewer)).toEqual({
      ownerPortalSettings: { contactName: 'Dana Reyes, treasurer' },
    });
  });

  it("shows an owner nothing of the association's plan, billing or setup", async () => {
    const ME = `{ me { organization { role billing { planName } settings mfaRequired }
      organizations { role billing { planName } settings } } }`;
    await t.ok(
      `mutation { updateOrganizationSettings(patch: { onboardingComplete: true, locale: "en-US" }) }`,
    );
    const mine = (await t.ok(ME, {}, a.token)).me;
    expect(mine.organization).toEqual({
      role: 'OWNER',
      billing: null,
      settings: { locale: 'en-US' },
      mfaRequired: false,
    });
    expect(mine.organizations).toEqual([
      { role: 'OWNER', billing: null, settings: { locale: 'en-US' } },
    ]);
    const staff = (await t.ok(ME)).me.organization;
    expect(staff.billing).not.toBeNull();
    expect(staff.settings).toMatchObject({ onboardingComplete: true, locale: 'en-US' });
  });
});
