/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { billedBooks, receivablesKit } from '../../test/receivables.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

describe('late fees', () => {
  let app: TestApp;
  let t: Tenant;
  const ids: Record<string, string> = {};

  const ok = (query: string, variables?: Record<string, unknown>) => t.ok(query, variables);
  const { balanceOf, invoicesOf } = receivablesKit(() => t, ids);

  // The books: quarterly units A-1, A-2 (house) and C-1 (condo), monthly units M-1 and M-2 under
  // a late-fee policy, billed January to April; M-1 paid 600.00 on March 15 (oldest first), M-2
  // paid 400.00 on March 20 for March, its 125.00 credit spent on April.
  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Maple Ridge HOA');
    await billedBooks(t, ids);
  });
  afterAll(() => app.close());

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
});
