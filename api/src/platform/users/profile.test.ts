import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../core/roles.js';
import { USER_NAME_MAX } from '@covenant/shared/text-limits';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, tokenFor } from '../../test/factories.js';
import type { Organization } from '../organizations/organizations.entity.js';

const UPDATE = `mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { id name email } }`;
const ME = `{ me { user { id name } } }`;

type Errors = { errors?: { extensions?: { code?: string; details?: { field?: string }[] } }[] };
const code = (body: Errors) => body.errors?.[0]?.extensions?.code;

describe('updateProfile: the signed-in user edits their own name', () => {
  let app: TestApp;
  let org: Organization;
  beforeAll(async () => {
    app = await startTestApp();
    org = await createOrg(app.services, 'Profile HOA');
  });
  afterAll(() => app.close());

  it('sets the name trimmed, which `me` then shows, and clears it with an empty one', async () => {
    const user = await createUser(app.services, { memberships: [{ org }] });
    const token = tokenFor(app.services, user, org);
    const set = await app.gql(UPDATE, { input: { name: '  Dana   Whitfield ' } }, token);
    expect(set.body.errors).toBeUndefined();
    expect(set.body.data!.updateProfile).toEqual({
      id: user.id,
      name: 'Dana   Whitfield',
      email: user.email,
    });
    const me = await app.gql(ME, {}, token);
    expect(me.body.data!.me.user.name).toBe('Dana   Whitfield');

    const cleared = await app.gql(UPDATE, { input: { name: '   ' } }, token);
    expect(cleared.body.data!.updateProfile.name).toBeNull();
    expect((await app.gql(ME, {}, token)).body.data!.me.user.name).toBeNull();
  });

  it('refuses a name over the limit (after trimming) and control characters, changing nothing', async () => {
    const user = await createUser(app.services, { memberships: [{ org }] });
    const token = tokenFor(app.services, user, org);
    await app.gql(UPDATE, { input: { name: 'Kept Name' } }, token);

    const exact = 'x'.repeat(USER_NAME_MAX);
    const fits = await app.gql(UPDATE, { input: { name: ` ${exact} ` } }, token);
    expect(fits.body.data!.updateProfile.name).toBe(exact);

    const long = await app.gql(UPDATE, { input: { name: 'x'.repeat(USER_NAME_MAX + 1) } }, token);
    expect(code(long.body)).toBe('BAD_USER_INPUT');
    expect((long.body as Errors).errors![0].extensions!.details![0].field).toBe('name');

    const bell = await app.gql(UPDATE, { input: { name: 'Dana\u0007' } }, token);
    expect(code(bell.body)).toBe('BAD_USER_INPUT');
    expect((await app.gql(ME, {}, token)).body.data!.me.user.name).toBe(exact);
  });

  it('is open to viewers (their own name), closed to the signed-out', async () => {
    const viewer = await createUser(app.services, { memberships: [{ org, role: Role.VIEWER }] });
    const ok = await app.gql(
      UPDATE,
      { input: { name: 'Vic Viewer' } },
      tokenFor(app.services, viewer, org),
    );
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data!.updateProfile.name).toBe('Vic Viewer');

    const anonymous = await app.gql(UPDATE, { input: { name: 'Nobody' } });
    expect(code(anonymous.body)).toBe('UNAUTHENTICATED');
  });

  it('is refused during an impersonation', async () => {
    const admin = await createUser(app.services, { isSuperadmin: true });
    const user = await createUser(app.services, { memberships: [{ org }] });
    const token = app.services.tokens.sign({
      userId: user.id,
      orgId: org.id,
      impersonatedBy: admin.id,
    });
    const res = await app.gql(UPDATE, { input: { name: 'Put Words' } }, token);
    expect(code(res.body)).toBe('BAD_USER_INPUT');
  });
});
