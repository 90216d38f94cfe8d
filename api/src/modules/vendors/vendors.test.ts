import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClient, withDatabase } from '../../db/connection.js';
import { migrateAll } from '../../db/databases.js';
import { sealTaxIds, taxIdContext } from './tax-ids.service.js';
import type { Organization } from '../../platform/organizations/organizations.entity.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

const VENDOR_FIELDS = `id name contactName email phone address taxIdMasked hasTaxId is1099 active
  defaultExpenseAccountId defaultExpenseAccount { id number } createdAt`;
const CREATE = `mutation ($input: CreateVendorInput!) { createVendor(input: $input) { ${VENDOR_FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: UpdateVendorInput!) {
  updateVendor(id: $id, input: $input) { ${VENDOR_FIELDS} } }`;
const LIST = `query ($filter: VendorFilter) { vendors(filter: $filter) { id name active } }`;
const POST = `mutation ($input: PostJournalEntryInput!) {
  postJournalEntry(input: $input) { id number vendorId vendor { id name } } }`;
const SPEND = `query ($from: LocalDate!, $to: LocalDate!) {
  vendorSpend(from: $from, to: $to) { vendor { id name } total entryCount } }`;

type Res = { body: { errors?: { message: string; extensions?: Record<string, unknown> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;
const details = (res: Res) => res.body.errors?.[0]?.extensions?.details;

describe('vendors', () => {
  let app: TestApp;
  let org: Organization;
  let token: string;
  let viewer: string;
  let other: string;
  let t: Tenant;
  let o: Tenant;
  let ids: Record<string, string>;

  async function vendor(input: Record<string, unknown>, t = token) {
    const res = await app.gql(CREATE, { input }, t);
    expect(res.body.errors).toBeUndefined();
    return res.body.data!.createVendor as Record<string, unknown> & { id: string };
  }

  const post = (
    date: string,
    vendorId: string | null,
    lines: [string, string | null, string | null][],
    t = token,
  ) =>
    app.gql(
      POST,
      {
        input: {
          date,
          vendorId,
          lines: lines.map(([accountId, debit, credit]) => ({ accountId, debit, credit })),
        },
      },
      t,
    );

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Vendor HOA');
    ({ org, admin: token, viewer } = t);
    o = await createTenant(app);
    other = o.admin;
    ids = {
      cash: await t.account('1010', 'ASSET'),
      landscaping: await t.account('5010', 'EXPENSE'),
      repairs: await t.account('5020', 'EXPENSE'),
      payable: await t.account('2010', 'LIABILITY'),
    };
  });
  afterAll(() => app.close());

  it('creates, lists, searches, edits, deactivates and reactivates vendors', async () => {
    const created = await vendor({
      name: ' Greenway Landscaping ',
      contactName: 'Ana Ruiz',
      email: 'billing@greenway.example',
      phone: '(555) 010-2000',
      address: '12 Elm St\nSpringfield',
      taxId: '12-3456789',
      defaultExpenseAccountId: ids.landscaping,
      is1099: true,
    });
    expect(created).toMatchObject({
      name: 'Greenway Landscaping',
      contactName: 'Ana Ruiz',
      email: 'billing@greenway.example',
      phone: '(555) 010-2000',
      address: '12 Elm St\nSpringfield',
      taxIdMasked: '•••••6789',
      hasTaxId: true,
      is1099: true,
      active: true,
      defaultExpenseAccountId: ids.landscaping,
      defaultExpenseAccount: { id: ids.landscaping, number: '5010' },
    });
    const plain = await vendor({ name: 'Acme Plumbing', email: '', taxId: '' });
    expect(plain).toMatchObject({
      email: null,
      taxIdMasked: null,
      hasTaxId: false,
      is1099: false,
      defaultExpenseAccount: null,
    });

    const names = async (filter: Record<string, unknown>) =>
      ((await app.gql(LIST, { filter }, viewer)).body.data!.vendors as { name: string }[]).map(
        (v) => v.name,
      );
    expect(await names({})).toEqual(['Acme Plumbing', 'Greenway Landscaping']);
    expect(await names({ search: 'ruiz' })).toEqual(['Greenway Landscaping']);
    expect(await names({ search: 'GREENWAY.example' })).toEqual(['Greenway Landscaping']);
    expect(await names({ search: '%' })).toEqual([]);

    // Omitting the tax id keeps it; "" clears it; a new one replaces it.
    const kept = await app.gql(
      UPDATE,
      { id: created.id, input: { phone: '555-010-3000', email: null } },
      token,
    );
    expect(kept.body.data!.updateVendor).toMatchObject({
      phone: '555-010-3000',
      email: null,
      taxIdMasked: '•••••6789',
      contactName: 'Ana Ruiz',
    });
    const replaced = await app.gql(
      UPDATE,
      { id: created.id, input: { taxId: '123-45-1111' } },
      token,
    );
    expect(replaced.body.data!.updateVendor.taxIdMasked).toBe('•••••1111');
    const cleared = await app.gql(UPDATE, { id: plain.id, input: { taxId: '' } }, token);
    expect(cleared.body.data!.updateVendor).toMatchObject({ hasTaxId: false, taxIdMasked: null });
    const noAccount = await app.gql(
      UPDATE,
      { id: created.id, input: { defaultExpenseAccountId: null, is1099: false } },
      token,
    );
    expect(noAccount.body.data!.updateVendor).toMatchObject({
      defaultExpenseAccountId: null,
      is1099: false,
    });

    const off = await app.gql(
      `mutation ($id: ID!) { deactivateVendor(id: $id) { active } }`,
      { id: plain.id },
      token,
    );
    expect(off.body.data!.deactivateVendor.active).toBe(false);
    expect(await names({})).toEqual(['Greenway Landscaping']);
    expect(await names({ includeInactive: true })).toEqual([
      'Acme Plumbing',
      'Greenway Landscaping',
    ]);
    const on = await app.gql(
      `mutation ($id: ID!) { reactivateVendor(id: $id) { active } }`,
      { id: plain.id },
      token,
    );
    expect(on.body.data!.reactivateVendor.active).toBe(true);

    const history = (
      await app.gql(
        `query ($id: ID!) { auditLog(entityType: "Vendor", entityId: $id) { action changes } }`,
        { id: created.id },
        token,
      )
    ).body.data!.auditLog as { action: string; changes: Record<string, unknown> }[];
    expect(history.map((h) => h.action)).toEqual(['create', 'update', 'update', 'update']);
    expect(history[2].changes).toEqual({ taxId: { before: '•••••6789', after: '•••••1111' } });
    // The full tax id appears nowhere the API answers, history included.
    const everything = JSON.stringify([history, created, kept.body, replaced.body]);
    expect(everything).not.toMatch(/123456789|12-3456789|123451111|123-45-1111/);

    const dup = await app.gql(CREATE, { input: { name: 'greenway landscaping' } }, token);
    expect(dup.body.errors![0].extensions).toEqual({
      code: 'CONFLICT',
      details: [{ field: 'name', message: 'A vendor named greenway landscaping already exists' }],
    });
  });

  it('seals the tax id at rest, bound to its vendor, and never returns it', async () => {
    const v = await vendor({ name: 'Digits Co', taxId: '987-65-4321' });
    const url = withDatabase(app.services.clusterUrl('default'), org.dbName);
    const row = async (id: string) =>
      (
        await withClient(url, (c) =>
          c.query('SELECT tax_id, tax_id_sealed, tax_id_last4 FROM vendors WHERE id = $1', [id]),
        )
      ).rows[0];
    const stored = await row(v.id);
    expect(stored.tax_id).toBeNull();
    expect(stored.tax_id_last4).toBe('4321');
    expect(stored.tax_id_sealed).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toMatch(/987654321|987-65-4321/);
    // Only the application's key opens it, and only for this vendor's row.
    const secrets = app.services.secrets;
    expect(secrets.open(stored.tax_id_sealed, taxIdContext(v.id))).toBe('987654321');
    const other = await vendor({ name: 'Other Digits Co' });
    expect(() => secrets.open(stored.tax_id_sealed, taxIdContext(other.id))).toThrow();
    expect(v.taxIdMasked).toBe('•••••4321');
    // Replacing it seals the new one; clearing it leaves nothing behind.
    await app.gql(UPDATE, { id: v.id, input: { taxId: '12-3450000' } }, token);
    const replaced = await row(v.id);
    expect(secrets.open(replaced.tax_id_sealed, taxIdContext(v.id))).toBe('123450000');
    expect(replaced.tax_id_last4).toBe('0000');
    await app.gql(UPDATE, { id: v.id, input: { taxId: '' } }, token);
    expect(await row(v.id)).toEqual({ tax_id: null, tax_id_sealed: null, tax_id_last4: null });
  });

  it('seals tax ids written in clear before sealing existed when the tenant is migrated', async () => {
    const url = withDatabase(app.services.clusterUrl('default'), org.dbName);
    // A row as migration 008 leaves one written earlier: digits in clear, last four copied.
    const legacyId = '00000000-0000-4000-8000-0000000000ab';
    await withClient(url, (c) =>
      c.query(
        `INSERT INTO vendors (id, name, tax_id, tax_id_last4) VALUES ($1, 'Legacy Co', '111223333', '3333')`,
        [legacyId],
      ),
    );
    const listed = (await app.gql(LIST, {}, token)).body.data!.vendors as { id: string }[];
    expect(listed.map((v) => v.id)).toContain(legacyId);
    await migrateAll(withDatabase(app.services.clusterUrl('default'), app.platformDb), {
      templateDb: app.services.tenantTemplateDb,
      clusterUrl: app.services.clusterUrl,
      tenant: org.id,
      upgradeTenant: sealTaxIds(app.services.secrets),
    });
    const sealed = (
      await withClient(url, (c) =>
        c.query('SELECT tax_id, tax_id_sealed, tax_id_last4 FROM vendors WHERE id = $1', [
          legacyId,
        ]),
      )
    ).rows[0];
    expect(sealed.tax_id).toBeNull();
    expect(sealed.tax_id_last4).toBe('3333');
    expect(app.services.secrets.open(sealed.tax_id_sealed, taxIdContext(legacyId))).toBe(
      '111223333',
    );
    const shown = await app.gql(
      `query { vendors(filter: { search: "Legacy" }) { taxIdMasked hasTaxId } }`,
      {},
      token,
    );
    expect(shown.body.data!.vendors).toEqual([{ taxIdMasked: '•••••3333', hasTaxId: true }]);
  });

  it('reports every bad field with its details, and writes nothing', async () => {
    const before = (await app.gql(LIST, { filter: { includeInactive: true } }, token)).body.data!
      .vendors.length;
    const res = await app.gql(
      CREATE,
      {
        input: {
          name: '',
          email: 'not-an-email',
          taxId: '12-345',
          phone: 'call me maybe',
          address: 'x'.repeat(501),
        },
      },
      token,
    );
    expect(code(res)).toBe('BAD_USER_INPUT');
    const fields = (details(res) as { field: string }[]).map((d) => d.field).sort();
    expect(fields).toEqual(['address', 'email', 'name', 'phone', 'taxId']);
    expect(details(res)).toContainEqual({
      field: 'taxId',
      message: 'Enter a 9-digit EIN (12-3456789) or SSN (123-45-6789)',
    });
    expect(details(res)).toContainEqual({
      field: 'email',
      message: 'Enter an email address like billing@example.com',
    });
    for (const taxId of ['1234567890', '12-34567-89', 'abcdefghi', '123 45 6789']) {
      const bad = await app.gql(CREATE, { input: { name: `T ${taxId}`, taxId } }, token);
      expect(details(bad), taxId).toEqual([
        { field: 'taxId', message: 'Enter a 9-digit EIN (12-3456789) or SSN (123-45-6789)' },
      ]);
    }
    const blank = await app.gql(CREATE, { input: { name: '   ' } }, token);
    expect(details(blank)).toEqual([{ field: 'name', message: 'Name is required' }]);

    const notExpense = await app.gql(
      CREATE,
      { input: { name: 'Bank', defaultExpenseAccountId: ids.cash } },
      token,
    );
    expect(notExpense.body.errors![0].extensions).toEqual({
      code: 'BAD_USER_INPUT',
      details: [
        {
          field: 'defaultExpenseAccountId',
          message: 'Account 1010 Account 1010 is not an expense account',
        },
      ],
    });
    const unknown = await app.gql(
      CREATE,
      { input: { name: 'Ghost', defaultExpenseAccountId: '00000000-0000-4000-8000-000000000000' } },
      token,
    );
    expect(unknown.body.errors![0].extensions).toEqual({
      code: 'NOT_FOUND',
      details: [{ field: 'defaultExpenseAccountId', message: 'Account not found' }],
    });
    const existing = (await app.gql(LIST, {}, token)).body.data!.vendors[0].id;
    const badUpdate = await app.gql(
      UPDATE,
      { id: existing, input: { email: 'x@', defaultExpenseAccountId: ids.payable } },
      token,
    );
    expect(code(badUpdate)).toBe('BAD_USER_INPUT');
    expect(details(badUpdate)).toEqual([
      { field: 'email', message: 'Enter an email address like billing@example.com' },
    ]);
    const badAccount = await app.gql(
      UPDATE,
      { id: existing, input: { name: 'Renamed', defaultExpenseAccountId: ids.payable } },
      token,
    );
    expect(details(badAccount)).toEqual([
      {
        field: 'defaultExpenseAccountId',
        message: 'Account 2010 Account 2010 is not an expense account',
      },
    ]);
    const after = (await app.gql(LIST, { filter: { includeInactive: true } }, token)).body.data!
      .vendors as { name: string }[];
    expect(after.length).toBe(before);
    expect(after.map((v) => v.name)).not.toContain('Renamed');
    const range = await app.gql(SPEND, { from: '2026-04-01', to: '2026-03-01' }, token);
    expect(details(range)).toEqual([
      { field: 'to', message: 'The end of the period is before its start' },
    ]);
  });

  it("answers NOT_FOUND for another tenant's vendor ids, and refuses viewers", async () => {
    const mine = await vendor({ name: 'Private Vendor' });
    for (const op of [
      `{ vendor(id: "${mine.id}") { id } }`,
      `mutation { updateVendor(id: "${mine.id}", input: { name: "x" }) { id } }`,
      `mutation { deactivateVendor(id: "${mine.id}") { id } }`,
      `mutation { reactivateVendor(id: "${mine.id}") { id } }`,
      `{ vendor(id: "not-a-uuid") { id } }`,
    ]) {
      expect(code(await app.gql(op, {}, other)), op).toBe('NOT_FOUND');
    }
    expect((await app.gql(LIST, {}, other)).body.data!.vendors).toEqual([]);
    // Their entry cannot name our vendor, and our accounts do not exist for them either.
    const cash = await o.account('1010', 'ASSET');
    const exp = await o.account('5010', 'EXPENSE');
    const res = await post(
      '2026-03-01',
      mine.id,
      [
        [exp, '10.00', null],
        [cash, null, '10.00'],
      ],
      other,
    );
    expect(res.body.errors![0].extensions).toEqual({
      code: 'NOT_FOUND',
      details: [{ field: 'vendorId', message: 'Vendor not found' }],
    });
    const theirVendor = await app.gql(
      CREATE,
      { input: { name: 'Theirs', defaultExpenseAccountId: ids.landscaping } },
      other,
    );
    expect(code(theirVendor)).toBe('NOT_FOUND');

    const denied = await app.gql(CREATE, { input: { name: 'Nope' } }, viewer);
    expect(denied.status).toBe(403);
    expect(code(denied)).toBe('FORBIDDEN');
  });

  it('refuses entries naming an unknown or inactive vendor, inside the posting', async () => {
    const count = async () =>
      (await app.gql('{ journalEntries { totalCount } }', {}, token)).body.data!.journalEntries
        .totalCount as number;
    const before = await count();
    const lines: [string, string | null, string | null][] = [
      [ids.repairs, '50.00', null],
      [ids.cash, null, '50.00'],
    ];
    for (const vendorId of ['00000000-0000-4000-8000-000000000001', 'nope']) {
      const res = await post('2026-03-02', vendorId, lines);
      // An id of no vendor is refused by the service; one that is no id at all, where it enters.
      expect(res.body.errors![0].extensions, vendorId).toEqual({
        code: 'NOT_FOUND',
        details: [{ field: 'vendorId', message: expect.any(String) }],
      });
    }
    const v = await vendor({ name: 'Sleepy Contractors' });
    const ok = await post('2026-03-02', v.id, lines);
    expect(ok.body.data!.postJournalEntry.vendor).toEqual({ id: v.id, name: 'Sleepy Contractors' });
    await app.gql(`mutation ($id: ID!) { deactivateVendor(id: $id) { id } }`, { id: v.id }, token);
    const refused = await post('2026-03-03', v.id, lines);
    expect(refused.body.errors![0].extensions).toEqual({
      code: 'BAD_USER_INPUT',
      details: [
        {
          field: 'vendorId',
          message: 'Vendor Sleepy Contractors is inactive; reactivate it to name it on new entries',
        },
      ],
    });
    expect(await count()).toBe(before + 1);
    // Reversing an entry of a vendor deactivated since is still a correction, and allowed.
    const rev = await app.gql(
      `mutation ($id: ID!) { reverseJournalEntry(id: $id, date: "2026-03-04") { vendorId } }`,
      { id: ok.body.data!.postJournalEntry.id },
      token,
    );
    expect(rev.body.errors).toBeUndefined();
    expect(rev.body.data!.reverseJournalEntry.vendorId).toBe(v.id);

    // The database refuses a vendor id that names no vendor, whatever code writes it.
    const url = withDatabase(app.services.clusterUrl('default'), org.dbName);
    await expect(
      withClient(url, (c) =>
        c.query(
          `INSERT INTO journal_entries (id, entry_date, source, vendor_id)
           VALUES (gen_random_uuid(), '2026-03-01', 'manual', gen_random_uuid())`,
        ),
      ),
    ).rejects.toThrow(/journal_entries_vendor_id_fkey/);
  });

  it('sums spend by period over expense lines, net of reversals, and filters entries', async () => {
    const a = await vendor({ name: 'Spend Alpha', defaultExpenseAccountId: ids.landscaping });
    const b = await vendor({ name: 'Spend Beta' });
    // March: Alpha 1,000 landscaping + 200 repairs (paid from cash), Beta 300 on account.
    const march = await post('2026-05-10', a.id, [
      [ids.landscaping, '1000.00', null],
      [ids.repairs, '200.00', null],
      [ids.cash, null, '1200.00'],
    ]);
    expect(march.body.errors).toBeUndefined();
    await post('2026-05-20', b.id, [
      [ids.repairs, '300.00', null],
      [ids.payable, null, '300.00'],
    ]);
    // Paying Beta's bill names Beta but touches no expense account.
    await post('2026-06-02', b.id, [
      [ids.payable, '300.00', null],
      [ids.cash, null, '300.00'],
    ]);
    // An entry without a vendor counts for nobody.
    await post('2026-05-15', null, [
      [ids.landscaping, '75.00', null],
      [ids.cash, null, '75.00'],
    ]);
    await post('2026-06-05', a.id, [
      [ids.landscaping, '500.00', null],
      [ids.cash, null, '500.00'],
    ]);
    // The March entry is reversed in June.
    await app.gql(
      `mutation ($id: ID!) { reverseJournalEntry(id: $id, date: "2026-06-30") { id } }`,
      { id: march.body.data!.postJournalEntry.id },
      token,
    );

    const spend = async (from: string, to: string) =>
      (await app.gql(SPEND, { from, to }, viewer)).body.data!.vendorSpend.map(
        (r: { vendor: { name: string }; total: string; entryCount: number }) => [
          r.vendor.name,
          r.total,
          r.entryCount,
        ],
      );
    expect(await spend('2026-05-01', '2026-05-31')).toEqual([
      ['Spend Alpha', '1200.00', 1],
      ['Spend Beta', '300.00', 1],
    ]);
    expect(await spend('2026-06-01', '2026-06-30')).toEqual([
      ['Spend Beta', '0.00', 1],
      ['Spend Alpha', '-700.00', 2],
    ]);
    expect(await spend('2026-05-01', '2026-06-30')).toEqual([
      ['Spend Alpha', '500.00', 3],
      ['Spend Beta', '300.00', 2],
    ]);
    // Both ends of the period are included.
    expect(await spend('2026-05-10', '2026-05-10')).toEqual([['Spend Alpha', '1200.00', 1]]);

    const perVendor = await app.gql(
      `{ vendors(filter: { search: "Spend" }) { name
           may: spend(from: "2026-05-01", to: "2026-05-31") all: spend } }`,
      {},
      token,
    );
    expect(perVendor.body.data!.vendors).toEqual([
      { name: 'Spend Alpha', may: '1200.00', all: '500.00' },
      { name: 'Spend Beta', may: '300.00', all: '300.00' },
    ]);

    const entries = await app.gql(
      `query ($v: ID) { journalEntries(filter: { vendorId: $v }) { totalCount
          edges { node { date vendor { name } } } } }`,
      { v: a.id },
      token,
    );
    expect(entries.body.data!.journalEntries.totalCount).toBe(3);
    expect(
      entries.body.data!.journalEntries.edges.map(
        (e: { node: { date: string; vendor: { name: string } } }) =>
          `${e.node.date} ${e.node.vendor.name}`,
      ),
    ).toEqual(['2026-06-30 Spend Alpha', '2026-06-05 Spend Alpha', '2026-05-10 Spend Alpha']);
    const none = await app.gql(
      `{ journalEntries(filter: { vendorId: "not-an-id" }) { totalCount } }`,
      {},
      token,
    );
    // An id that is not one is refused where it enters, before any query runs.
    expect(none.body.errors?.[0].extensions).toMatchObject({
      code: 'NOT_FOUND',
      details: [{ field: 'vendorId' }],
    });
  });
});
