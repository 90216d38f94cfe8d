import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

const LOG = `query ($type: String!, $id: ID!) { auditLog(entityType: $type, entityId: $id) {
  id entityType entityId action userEmail impersonatedByEmail changes createdAt } }`;
const ME = `{ me { user { id email } } }`;

describe('audit log', () => {
  let app: TestApp;
  let t: Tenant;
  let adminEmail: string;

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app);
    adminEmail = (await t.ok(ME)).me.user.email;
  });
  afterAll(() => app.close());

  it('records every write with its actor, and lists a record’s history oldest first', async () => {
    const id = await t.account('1010', 'ASSET', { name: 'Checking' });
    await t.ok(
      `mutation ($id: ID!) { updateAccount(id: $id, input: { name: "Main checking" }) { id } }`,
      {
        id,
      },
    );
    await t.ok(`mutation ($id: ID!) { archiveAccount(id: $id) { id } }`, { id });

    const log = (await t.ok(LOG, { type: 'Account', id })).auditLog;
    expect(log.map((e: { action: string }) => e.action)).toEqual(['create', 'update', 'archive']);
    for (const e of log) {
      expect(e).toMatchObject({
        entityType: 'Account',
        entityId: id,
        userEmail: adminEmail,
        impersonatedByEmail: null,
      });
      expect(Number.isNaN(Date.parse(e.createdAt))).toBe(false);
    }
    expect(log[0].changes).toMatchObject({ number: '1010', name: 'Checking', type: 'asset' });
    expect(log[1].changes).toEqual({ name: { before: 'Checking', after: 'Main checking' } });
    expect(log[2].changes).toEqual({ archived: { before: false, after: true } });
  });

  it('records postings under the journal entry, with the member who posted', async () => {
    const cash = await t.account('1020', 'ASSET');
    const income = await t.account('4010', 'INCOME');
    const userEmail = (await t.ok(ME, {}, t.user)).me.user.email;
    const entry = await t.post(
      '2026-02-01',
      [
        [cash, '10.00', null],
        [income, null, '10.00'],
      ],
      { memo: 'Dues', token: t.user },
    );
    const log = (await t.ok(LOG, { type: 'JournalEntry', id: entry })).auditLog;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'post', userEmail, impersonatedByEmail: null });
    expect(log[0].changes).toMatchObject({ date: '2026-02-01', memo: 'Dues', lines: 2 });
  });

  it('names the impersonating admin beside the impersonated member', async () => {
    const me = (await t.ok(ME)).me.user;
    const superadmin = await createUser(app.services, { isSuperadmin: true });
    const token = app.services.tokens.sign({
      userId: me.id,
      orgId: t.org.id,
      impersonatedBy: superadmin.id,
    });
    const id = await t.account('5010', 'EXPENSE', {});
    await t.ok(`mutation ($id: ID!) { archiveAccount(id: $id) { id } }`, { id }, token);
    const log = (await t.ok(LOG, { type: 'Account', id })).auditLog;
    expect(log.at(-1)).toMatchObject({
      action: 'archive',
      userEmail: me.email,
      impersonatedByEmail: superadmin.email,
    });
  });

  it('is readable by the tenant’s viewers, and by nobody of another tenant', async () => {
    const id = await t.account('1030', 'ASSET');
    expect((await t.ok(LOG, { type: 'Account', id }, t.viewer)).auditLog).toHaveLength(1);

    // Another organization's members query their own database: the record has no history there.
    const other = await createTenant(app);
    expect((await other.ok(LOG, { type: 'Account', id })).auditLog).toEqual([]);
    expect((await other.ok(LOG, { type: 'Account', id }, other.viewer)).auditLog).toEqual([]);

    const anonymous = await app.gql(LOG, { type: 'Account', id });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(anonymous.body.data?.auditLog ?? null).toBeNull();
  });

  it('refuses an id that is not an id where it enters, naming the argument', async () => {
    const res = await t.gql(LOG, { type: 'Account', id: 'nope' });
    expect(res.body.errors?.[0].extensions).toMatchObject({
      code: 'NOT_FOUND',
      details: [{ field: 'id' }],
    });
  });
});
