import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../core/dates.js';
import { REPO_ROOT } from '../../paths.js';
import { startTestApp, type TestApp } from '../../test/app.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */

// The API guide's worked examples (docs/api.md, "Worked examples"), run as written against the demo
// books with a read-only API token, so the guide cannot drift from the schema. Each example is the
// `sh` block after a `<!-- power-user-example: NAME -->` line; each `gql '<query>' '<variables>'`
// call in it is one request. The demo's dates follow today, so the test gives its own values to the
// variables the guide names (the same names, checked), and keeps the guide's query text as it is.

interface Call {
  query: string;
  variables: Record<string, unknown>;
}

function examples(): Record<string, Call[]> {
  const guide = readFileSync(join(REPO_ROOT, 'docs', 'api.md'), 'utf8');
  const out: Record<string, Call[]> = {};
  for (const m of guide.matchAll(
    /<!-- power-user-example: ([\w-]+) -->\n+```sh\n([\s\S]*?)\n```/g,
  )) {
    out[m[1]] = [...m[2].matchAll(/^gql '([^']*)' '([^']*)'/gm)].map((c) => ({
      query: c[1],
      variables: JSON.parse(c[2]) as Record<string, unknown>,
    }));
  }
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');
// The first and last day of the month `back` months before the one of `today`.
function month(today: string, back: number): [string, string] {
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 - back;
  const y = Math.floor(index / 12);
  const mo = (index % 12) + 1;
  const last = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return [`${y}-${pad(mo)}-01`, `${y}-${pad(mo)}-${pad(last)}`];
}

describe('docs/api.md worked examples', () => {
  let app: TestApp;
  let token: string;
  let today: string;
  const found = examples();

  const run = async (call: Call, values: Record<string, unknown>) => {
    // The guide's variables and the test's are the same names.
    expect(Object.keys(values).sort()).toEqual(Object.keys(call.variables).sort());
    const res = await app.gql(call.query, values, token);
    expect(res.body.errors, call.query).toBeUndefined();
    return res.body.data as any;
  };

  beforeAll(async () => {
    app = await startTestApp({ seedOwner: true, seedDemo: true });
    const admin = app.demo!.find((d) => d.role === 'Tenant admin' && /maple/i.test(d.email))!;
    const login = await app.gql(
      'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { ... on LoginPayload { accessToken organization { id timeZone } } } }',
      { e: admin.email, p: admin.password },
    );
    const { accessToken, organization } = login.body.data!.login;
    today = todayIn(organization.timeZone);
    const created = await app.gql(
      `mutation ($input: CreateApiTokenInput!) { createApiToken(input: $input) { token } }`,
      {
        input: { name: 'Worked examples', organizationId: organization.id, access: 'READ_ONLY' },
      },
      accessToken,
    );
    expect(created.body.errors).toBeUndefined();
    token = created.body.data!.createApiToken.token;
  }, 300_000);
  afterAll(() => app.close());

  it('has the three examples, marked', () => {
    expect(Object.keys(found).sort()).toEqual([
      'delinquent-units',
      'income-statement-by-month',
      'vendor-1099-payments',
    ]);
    expect(found['vendor-1099-payments']).toHaveLength(2);
  });

  it('an income statement by month', async () => {
    const [call] = found['income-statement-by-month'];
    const [[m1, m1End], [m2, m2End], [m3, m3End]] = [3, 2, 1].map((b) => month(today, b));
    const data = await run(call, { m1, m1End, m2, m2End, m3, m3End });
    for (const key of ['m1', 'm2', 'm3']) {
      expect(data[key].lines.length).toBeGreaterThan(0);
      expect(data[key].lines.some((l: any) => l.type === 'INCOME' && l.actual !== '0.00')).toBe(
        true,
      );
    }
    expect(data.m1.from).toBe(m1);
    expect(data.m3.to).toBe(m3End);
  });

  it('the delinquent units', async () => {
    const [call] = found['delinquent-units'];
    const data = await run(call, {});
    const late = data.agingReport.rows.filter(
      (r: any) =>
        r.buckets.days1to30 !== '0.00' ||
        r.buckets.days31to60 !== '0.00' ||
        r.buckets.days61to90 !== '0.00' ||
        r.buckets.over90 !== '0.00',
    );
    expect(late.length).toBeGreaterThan(0);
    expect(late[0].unit.number).toBeTruthy();
  });

  it("a vendor's payments for a 1099", async () => {
    const [list, payments] = found['vendor-1099-payments'];
    // The year of last month: a whole month of the demo's payments at least.
    const year = Number(month(today, 1)[0].slice(0, 4));
    const report = await run(list, { year });
    const paid = report.tax1099Year.rows.find((r: any) => r.paid !== '0.00');
    expect(paid).toBeDefined();
    // Through today, so a payment of the year voided since is seen voided.
    const data = await run(payments, {
      vendorId: paid.vendor.id,
      from: `${year}-01-01`,
      to: today,
    });
    expect(data.vendor.name).toBe(paid.vendor.name);
    // The figure is the vendor's payments of the year not voided, from its ledger, and what it
    // was paid outside payables.
    const rows = data.vendorLedger.rows;
    const voided = new Set(
      rows.filter((r: any) => r.kind === 'PAYMENT_VOID').map((r: any) => r.paymentId),
    );
    const payed = rows.filter(
      (r: any) => r.kind === 'PAYMENT' && r.date <= `${year}-12-31` && !voided.has(r.paymentId),
    );
    expect(payed).toHaveLength(paid.paymentCount);
    const sum = (xs: string[]) => xs.reduce((s, x) => s + BigInt(x.replace('.', '')), 0n);
    expect(sum(payed.map((r: any) => r.payments)) + sum([paid.directPaid])).toBe(sum([paid.paid]));
    expect(data.journalEntries.totalCount).toBeGreaterThanOrEqual(paid.entryCount);
    expect(data.journalEntries.edges.length).toBeGreaterThan(0);
  });
});
