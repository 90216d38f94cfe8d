import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../core/roles.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, tokenFor } from '../../test/factories.js';
import { type Ids, receivablesChart, receivablesKit } from '../../test/receivables.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { gqlUpload } from '../../test/upload.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

const STRONG = 'quiet-harbor-ledger-4417';
const INVITE = `mutation ($u: ID!, $e: String!) { inviteOwner(unitId: $u, email: $e) {
  userId email name status invitationId invitationExpiresAt } }`;
const OWNERS = `query ($u: ID!) { unitOwners(unitId: $u) { userId email name status invitationId } }`;
const CSV_INVITE = `mutation ($file: Upload!, $dry: Boolean) { inviteOwnersFromCsv(file: $file, dryRun: $dry) {
  invited alreadyInvited emailsSent skipped { unitNumber email reason } } }`;
const ACCEPT = `mutation ($t: String!, $p: String!) { acceptInvitation(token: $t, password: $p, name: "Ann Owner") {
  accessToken organization { id role } } }`;
const REMOVE = `mutation ($u: ID!, $p: ID!) { removeUnitOwner(unitId: $u, userId: $p) }`;
const PORTAL_UNITS = '{ ownerPortal { units { number } } }';

const code = (res: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) =>
  res.body.errors?.[0]?.extensions?.code;
const tokenOf = (text: string) => decodeURIComponent(/token=([^\s&]+)/.exec(text)![1]);

// Owners are invited from a unit, or many at once from the units CSV; they sign up through the
// invitation as any member does, and reach their own units only.
describe('owner invitations', () => {
  let app: TestApp;
  let t: Tenant;
  let other: Tenant;
  const ids: Ids = {};
  let adminEmail: string;

  beforeAll(async () => {
    app = await startTestApp();
    adminEmail = `treasurer-${Date.now()}@example.test`;
    [t, other] = await Promise.all([
      createTenant(app, 'Invites HOA', { adminEmail }),
      createTenant(app, 'Other HOA'),
    ]);
    Object.assign(ids, await receivablesChart(t));
    const kit = receivablesKit(() => t, ids);
    ids.monthly = await kit.group('Monthly dues', 'MONTHLY', [[ids.house, '250.00', '0.00']]);
    for (const n of ['101', '102', '103', '104', '105', '106', '107', '108']) {
      ids[n] = await kit.unit(n);
    }
    const o = await receivablesChart(other);
    const g = await other.group({
      name: 'Dues',
      regularIncomeAccountId: o.income,
      rates: [{ propertyTypeId: o.house, regular: '100.00' }],
    });
    ids.foreign = await other.unit('101', { groupId: g, propertyTypeId: o.house });
  });
  afterAll(() => app?.close());

  let ann: { userId: string; token?: string };

  it('invites an owner from a unit: the email names the unit and the owner portal', async () => {
    const res = (await t.ok(INVITE, { u: ids['101'], e: ' Ann.Owner@Example.test ' })).inviteOwner;
    expect(res).toMatchObject({
      email: 'ann.owner@example.test',
      name: null,
      status: 'INVITED',
      invitationId: expect.any(String),
    });
    ann = { userId: res.userId };
    const mail = (await app.lastEmail('ann.owner@example.test'))!;
    expect(mail.subject).toBe('Your owner portal for unit 101 at Invites HOA');
    expect(mail.body).toMatch(/owner portal on Covenant for unit 101/);
    const info = await app.gql(
      'query ($t: String!) { invitation(token: $t) { email organizationName role } }',
      { t: tokenOf(mail.body) },
    );
    expect(info.body.data!.invitation).toEqual({
      email: 'ann.owner@example.test',
      organizationName: 'Invites HOA',
      role: 'OWNER',
    });
    expect((await t.ok(OWNERS, { u: ids['101'] })).unitOwners).toEqual([
      {
        userId: ann.userId,
        email: 'ann.owner@example.test',
        name: null,
        status: 'INVITED',
        invitationId: res.invitationId,
      },
    ]);
  });

  it('binds a second unit to the same person: one membership, one new link naming both', async () => {
    const first = tokenOf((await app.lastEmail('ann.owner@example.test'))!.body);
    const res = (await t.ok(INVITE, { u: ids['102'], e: 'ann.owner@example.test' })).inviteOwner;
    expect(res).toMatchObject({ userId: ann.userId, status: 'INVITED' });
    const mail = (await app.lastEmail('ann.owner@example.test'))!;
    expect(mail.subject).toBe('Your owner portal for units 101 and 102 at Invites HOA');
    // The earlier link stopped working; the new one names both units.
    const stale = await app.gql(ACCEPT, { t: first, p: STRONG });
    expect(code(stale)).toBe('BAD_USER_INPUT');
    const again = await t.gql(INVITE, { u: ids['102'], e: 'ann.owner@example.test' });
    expect(again.body.errors?.[0]).toMatchObject({
      message: 'ann.owner@example.test is already an owner of unit 102',
      extensions: { code: 'CONFLICT' },
    });
  });

  it('keeps owners off the members page and out of the member operations', async () => {
    const d = await t.ok('{ members { email role } pendingInvitations { email role } }');
    expect(d.members.map((m: any) => m.role)).not.toContain('OWNER');
    expect(d.pendingInvitations.map((m: any) => m.email)).not.toContain('ann.owner@example.test');
    const member = `mutation ($e: String!, $r: Role!) { inviteMember(email: $e, role: $r) { email } }`;
    expect(code(await t.gql(member, { e: 'new@example.test', r: 'OWNER' }))).toBe('BAD_USER_INPUT');
    const asStaff = await t.gql(member, { e: 'ann.owner@example.test', r: 'VIEWER' });
    expect(asStaff.body.errors?.[0]?.message).toMatch(/is an owner of units here/);
    for (const m of [
      `mutation ($u: ID!) { updateMemberRole(userId: $u, role: VIEWER) { role } }`,
      `mutation ($u: ID!) { removeMember(userId: $u) }`,
    ]) {
      const res = await t.gql(m, { u: ann.userId });
      expect(res.body.errors?.[0]).toMatchObject({
        message: expect.stringMatching(/owners are invited and removed from their units/),
        extensions: { code: 'CONFLICT' },
      });
    }
  });

  it('resends an owner invitation with the owner wording, or hands its link to the treasurer', async () => {
    const [owner] = (await t.ok(OWNERS, { u: ids['101'] })).unitOwners;
    await t.ok('mutation ($id: ID!) { resendInvitation(id: $id) { email role } }', {
      id: owner.invitationId,
    });
    const mail = (await app.lastEmail('ann.owner@example.test'))!;
    expect(mail.subject).toBe('Your owner portal for units 101 and 102 at Invites HOA');
    const link = await t.ok('mutation ($id: ID!) { issueInvitationLink(id: $id) { url } }', {
      id: owner.invitationId,
    });
    expect(link.issueInvitationLink.url).toMatch(/\/activate\?token=/);
    // The link handed over is now the only one: accept through it.
    ann.token = tokenOf(link.issueInvitationLink.url);
  });

  it('signs the owner up through the invitation; their session reaches their units only', async () => {
    const accepted = await app.gql(ACCEPT, { t: ann.token, p: STRONG });
    expect(accepted.body.data!.acceptInvitation.organization).toEqual({
      id: t.org.id,
      role: 'OWNER',
    });
    ann.token = accepted.body.data!.acceptInvitation.accessToken;
    expect((await t.ok(PORTAL_UNITS, {}, ann.token)).ownerPortal.units).toEqual([
      { number: '101' },
      { number: '102' },
    ]);
    expect(code(await t.gql('{ units(first: 5) { totalCount } }', {}, ann.token))).toBe(
      'FORBIDDEN',
    );
    const [row] = (await t.ok(OWNERS, { u: ids['101'] })).unitOwners;
    expect(row).toMatchObject({ status: 'ACTIVE', name: 'Ann Owner', invitationId: null });
  });

  it('binds a unit to a signed-up owner at once, and tells them', async () => {
    const res = (await t.ok(INVITE, { u: ids['103'], e: 'ann.owner@example.test' })).inviteOwner;
    expect(res).toMatchObject({ userId: ann.userId, status: 'ACTIVE', invitationId: null });
    const mail = (await app.lastEmail('ann.owner@example.test'))!;
    expect(mail.subject).toBe('Unit 103 is now in your owner portal at Invites HOA');
    expect((await t.ok(PORTAL_UNITS, {}, ann.token)).ownerPortal.units).toHaveLength(3);
  });

  it('lets an existing Covenant user accept while signed in', async () => {
    const elsewhere = await createOrg(app.services, 'Their Own HOA');
    const person = await createUser(app.services, {
      memberships: [{ org: elsewhere, role: Role.ADMIN }],
    });
    await t.ok(INVITE, { u: ids['108'], e: person.email });
    const token = tokenOf((await app.lastEmail(person.email))!.body);
    const mine = tokenFor(app.services, person, elsewhere);
    const joined = await app.gql(
      'mutation ($t: String!) { joinOrganization(token: $t) { id role billing { planName } settings } }',
      { t: token },
      mine,
    );
    expect(joined.body.data!.joinOrganization).toEqual({
      id: t.org.id,
      role: 'OWNER',
      billing: null,
      settings: {},
    });
  });

  it('refuses staff, bad addresses, units of no one and callers who may not invite', async () => {
    const staff = await t.gql(INVITE, { u: ids['104'], e: adminEmail });
    expect(staff.body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/staff \(Admin\): staff cannot also be owners/),
      extensions: { code: 'CONFLICT' },
    });
    const bad = await t.gql(INVITE, { u: ids['104'], e: 'not-an-address' });
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'email', message: 'Enter a valid email address' }],
    });
    for (const u of [ids.foreign, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      expect(code(await t.gql(INVITE, { u, e: 'x@example.test' })), u).toBe('NOT_FOUND');
      expect(code(await t.gql(OWNERS, { u })), u).toBe('NOT_FOUND');
    }
    for (const token of [t.viewer, ann.token!]) {
      expect(code(await t.gql(INVITE, { u: ids['104'], e: 'x@example.test' }, token))).toBe(
        'FORBIDDEN',
      );
    }
    expect((await t.ok(OWNERS, { u: ids['104'] })).unitOwners).toEqual([]);
    expect(await app.lastEmail('x@example.test')).toBeNull();
  });

  const units = (rows: string[]) =>
    `unit_number,address,owner_name,email,phone,property_type,assessment_group\n${rows.join('\n')}\n`;

  it('invites owners from the units CSV: co-owners in one cell, a dry run first', async () => {
    const csv = units([
      '104,1 Elm St,Bo and Cy,"bo@example.test; Cy@Example.test",,Single family,Monthly dues',
      '105,2 Elm St,Nobody,,,Single family,Monthly dues',
      `106,3 Elm St,The treasurer,${adminEmail},,Single family,Monthly dues`,
      '107,4 Elm St,Bo,bo@example.test,,Single family,Monthly dues',
      '101,5 Elm St,Ann,ann.owner@example.test,,Single family,Monthly dues',
    ]);
    const expected = {
      invited: 3,
      alreadyInvited: 1,
      skipped: [
        { unitNumber: '105', email: null, reason: 'No email address' },
        {
          unitNumber: '106',
          email: adminEmail,
          reason: expect.stringMatching(/staff cannot also be owners/),
        },
      ],
    };
    const dry = await gqlUpload(
      app,
      CSV_INVITE,
      { dry: true },
      { content: csv, name: 'units.csv' },
      t.admin,
    );
    expect(dry.body.data!.inviteOwnersFromCsv).toEqual({ ...expected, emailsSent: 0 });
    expect((await t.ok(OWNERS, { u: ids['104'] })).unitOwners).toEqual([]);
    expect(await app.lastEmail('bo@example.test')).toBeNull();

    const real = await gqlUpload(app, CSV_INVITE, {}, { content: csv, name: 'units.csv' }, t.admin);
    expect(real.body.data!.inviteOwnersFromCsv).toEqual({ ...expected, emailsSent: 2 });
    expect(
      (await t.ok(OWNERS, { u: ids['104'] })).unitOwners.map((o: any) => [o.email, o.status]),
    ).toEqual([
      ['bo@example.test', 'INVITED'],
      ['cy@example.test', 'INVITED'],
    ]);
    // One email per person, naming all their units.
    expect((await app.lastEmail('bo@example.test'))!.subject).toBe(
      'Your owner portal for units 104 and 107 at Invites HOA',
    );
    expect((await app.lastEmail('cy@example.test'))!.subject).toBe(
      'Your owner portal for unit 104 at Invites HOA',
    );
    // The same file again changes nothing.
    const again = await gqlUpload(
      app,
      CSV_INVITE,
      {},
      { content: csv, name: 'units.csv' },
      t.admin,
    );
    expect(again.body.data!.inviteOwnersFromCsv).toMatchObject({ invited: 0, alreadyInvited: 4 });
  });

  it('refuses a file with bad rows whole, naming each row, and invites nobody', async () => {
    const csv = units([
      '105,,,dee@example.test,,,',
      '999,,,eve@example.test,,,',
      '106,,,"fay@example.test, not an address",,,',
      ',,,gus@example.test,,,',
    ]);
    const res = await gqlUpload(app, CSV_INVITE, {}, { content: csv, name: 'units.csv' }, t.admin);
    expect(res.body.data ?? null).toBeNull();
    expect(res.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [
        { field: 'rows.3.unit_number', message: 'Row 3: unit 999 is not in the books' },
        { field: 'rows.4.email', message: 'Row 4: "not" is not an email address' },
        { field: 'rows.4.email', message: 'Row 4: "an" is not an email address' },
        { field: 'rows.4.email', message: 'Row 4: "address" is not an email address' },
        { field: 'rows.5.unit_number', message: 'Row 5: enter the unit number' },
      ],
    });
    expect((await t.ok(OWNERS, { u: ids['105'] })).unitOwners).toEqual([]);
    expect(await app.lastEmail('dee@example.test')).toBeNull();
    const noColumn = await gqlUpload(
      app,
      CSV_INVITE,
      {},
      { content: 'unit_number,owner_name\n105,Dee\n', name: 'units.csv' },
      t.admin,
    );
    expect(noColumn.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'rows.1.email', message: 'Missing column email' }],
    });
    const viewer = await gqlUpload(app, CSV_INVITE, {}, { content: csv, name: 'u.csv' }, t.viewer);
    expect(code(viewer)).toBe('FORBIDDEN');
  });

  it('removes an owner from a unit; from their last unit, from the association', async () => {
    expect((await t.ok(REMOVE, { u: ids['101'], p: ann.userId })).removeUnitOwner).toBe(true);
    expect((await t.ok(PORTAL_UNITS, {}, ann.token)).ownerPortal.units).toEqual([
      { number: '102' },
      { number: '103' },
    ]);
    expect(code(await t.gql(REMOVE, { u: ids['101'], p: ann.userId }))).toBe('NOT_FOUND');
    expect(code(await t.gql(REMOVE, { u: ids.foreign, p: ann.userId }))).toBe('NOT_FOUND');
    await t.ok(REMOVE, { u: ids['102'], p: ann.userId });
    await t.ok(REMOVE, { u: ids['103'], p: ann.userId });
    // No unit left: no membership, and the session's access token ended with it.
    const after = await t.gql(PORTAL_UNITS, {}, ann.token);
    expect(['UNAUTHENTICATED', 'FORBIDDEN']).toContain(code(after));
    expect(after.body.data ?? null).toBeNull();
    const login = await app.gql(
      `mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { ... on LoginPayload { organizations { id } } } }`,
      { e: 'ann.owner@example.test', p: STRONG },
    );
    expect(login.body.errors?.[0]).toMatchObject({
      message: 'None of your organizations is active',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    // An invited co-owner removed before accepting: their link stops working.
    const [bo] = (await t.ok(OWNERS, { u: ids['107'] })).unitOwners;
    const link = tokenOf((await app.lastEmail('bo@example.test'))!.body);
    await t.ok(REMOVE, { u: ids['104'], p: bo.userId });
    expect(
      (await app.gql('query ($t: String!) { invitation(token: $t) { role } }', { t: link })).body
        .errors,
    ).toBeUndefined();
    await t.ok(REMOVE, { u: ids['107'], p: bo.userId });
    const gone = await app.gql('query ($t: String!) { invitation(token: $t) { role } }', {
      t: link,
    });
    expect(code(gone)).toBe('BAD_USER_INPUT');
    // A unit with owners keeps them until they are removed; then it can be deleted.
    const del = await t.gql(`mutation ($u: ID!) { deleteUnit(id: $u) }`, { u: ids['104'] });
    expect(del.body.errors?.[0]).toMatchObject({
      message: 'Unit 104 has owners in the owner portal; remove them from the unit first',
      extensions: { code: 'CONFLICT' },
    });
  });
});
