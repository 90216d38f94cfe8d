import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../core/roles.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, tokenFor } from '../../test/factories.js';
import type { Organization } from '../organizations/organizations.entity.js';

// Until the admin settings editor lands, the flag is set in the platform database directly.
function setIdeation(app: TestApp, org: Organization, on: unknown) {
  return app.services.platformOrm.em
    .fork()
    .getConnection()
    .execute(
      `UPDATE organizations SET settings = settings || jsonb_build_object('ideationEnabled', ?::jsonb) WHERE id = ?`,
      [JSON.stringify(on), org.id],
    );
}

function rows(app: TestApp, statement: string, params: unknown[]) {
  return app.services.platformOrm.em.fork().getConnection().execute(statement, params);
}

const code = (res: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) =>
  res.body.errors?.[0]?.extensions?.code;

const SUBMIT = `mutation ($input: SubmitIdeaInput!) {
  submitIdea(input: $input) { id organizationId organizationName submittedBy title description status }
}`;
const IDEAS = `query ($first: Int, $after: String) {
  ideas(first: $first, after: $after) {
    totalCount edges { node { id title status submittedBy createdAt } } pageInfo { hasNextPage endCursor }
  }
}`;
const ADMIN_IDEAS = `query ($status: IdeaStatus, $org: ID, $search: String, $first: Int, $after: String) {
  adminIdeas(status: $status, organizationId: $org, search: $search, first: $first, after: $after) {
    totalCount
    statusCounts { status count }
    edges { node { id title status adminNote organizationName createdAt updatedAt } }
    pageInfo { hasNextPage endCursor }
  }
}`;
const SET_STATUS = `mutation ($id: ID!, $s: IdeaStatus!) { setIdeaStatus(id: $id, status: $s) { id status adminNote } }`;
const SET_NOTE = `mutation ($id: ID!, $n: String!) { setIdeaAdminNote(id: $id, note: $n) { id adminNote } }`;

describe('ideation', () => {
  let app: TestApp;
  let on: Organization;
  let off: Organization;
  let memberToken: string;
  let adminToken: string;
  let viewerToken: string;
  let offToken: string;
  let superToken: string;
  let otherOrgToken: string;
  beforeAll(async () => {
    app = await startTestApp();
    on = await createOrg(app.services, 'Ideas On HOA');
    off = await createOrg(app.services, 'Ideas Off HOA');
    const third = await createOrg(app.services, 'Third HOA');
    await setIdeation(app, on, true);
    await setIdeation(app, third, true);
    const member = await createUser(app.services, { memberships: [{ org: on, role: Role.USER }] });
    const admin = await createUser(app.services, {
      memberships: [{ org: on, role: Role.ADMIN }, { org: off }],
    });
    const viewer = await createUser(app.services, {
      memberships: [{ org: on, role: Role.VIEWER }],
    });
    const elsewhere = await createUser(app.services, { memberships: [{ org: third }] });
    const sup = await createUser(app.services, { isSuperadmin: true });
    memberToken = tokenFor(app.services, member, on);
    adminToken = tokenFor(app.services, admin, on);
    viewerToken = tokenFor(app.services, viewer, on);
    offToken = tokenFor(app.services, admin, off);
    otherOrgToken = tokenFor(app.services, elsewhere, third);
    superToken = tokenFor(app.services, sup, null);
  });
  afterAll(() => app.close());

  it('a member submits an idea and sees the organization’s ideas with their statuses', async () => {
    const res = await app.gql(
      SUBMIT,
      { input: { title: '  Online voting  ', description: 'For the annual meeting' } },
      memberToken,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.submitIdea).toMatchObject({
      organizationId: on.id,
      organizationName: 'Ideas On HOA',
      title: 'Online voting',
      description: 'For the annual meeting',
      status: 'SUBMITTED',
    });
    const [history] = await rows(
      app,
      'SELECT from_status, to_status FROM idea_status_history WHERE idea_id = ?',
      [res.body.data!.submitIdea.id],
    );
    expect(history).toMatchObject({ from_status: null, to_status: 'submitted' });

    await app.gql(SUBMIT, { input: { title: 'Elsewhere', description: '' } }, otherOrgToken);
    const list = await app.gql(IDEAS, {}, adminToken);
    expect(list.body.data!.ideas.totalCount).toBe(1);
    expect(list.body.data!.ideas.edges[0].node).toMatchObject({
      title: 'Online voting',
      status: 'SUBMITTED',
    });
  });

  it('the admin note is FORBIDDEN to tenant users, even an organization admin', async () => {
    const res = await app.gql(
      `{ ideas { edges { node { id title adminNote } } } }`,
      {},
      adminToken,
    );
    expect(code(res)).toBe('FORBIDDEN');
    expect(res.body.errors![0].path).toContain('adminNote');
  });

  it('flag off (or not exactly true): no list, and the mutation is refused', async () => {
    const submit = await app.gql(SUBMIT, { input: { title: 'X', description: '' } }, offToken);
    expect(code(submit)).toBe('FORBIDDEN');
    expect(code(await app.gql(IDEAS, {}, offToken))).toBe('FORBIDDEN');
    await setIdeation(app, off, 'true');
    expect(code(await app.gql(IDEAS, {}, offToken))).toBe('FORBIDDEN');
    const [{ n }] = await rows(
      app,
      'SELECT count(*)::int AS n FROM ideas WHERE organization_id = ?',
      [off.id],
    );
    expect(n).toBe(0);
  });

  it('refuses viewers, signed-out callers and bad input with typed errors', async () => {
    expect(
      code(await app.gql(SUBMIT, { input: { title: 'V', description: '' } }, viewerToken)),
    ).toBe('FORBIDDEN');
    expect(code(await app.gql(SUBMIT, { input: { title: 'V', description: '' } }))).toBe(
      'UNAUTHENTICATED',
    );
    expect(code(await app.gql(IDEAS, {}))).toBe('UNAUTHENTICATED');
    const blank = await app.gql(SUBMIT, { input: { title: '   ', description: '' } }, memberToken);
    expect(code(blank)).toBe('BAD_USER_INPUT');
    const long = await app.gql(
      SUBMIT,
      { input: { title: 'Long', description: 'x'.repeat(5001) } },
      memberToken,
    );
    expect(code(long)).toBe('BAD_USER_INPUT');
    expect(code(await app.gql(IDEAS, { first: 0 }, memberToken))).toBe('BAD_USER_INPUT');
    expect(code(await app.gql(IDEAS, { after: 'garbage' }, memberToken))).toBe('BAD_USER_INPUT');
  });

  it('super admins list every organization’s ideas with filters, search and counts per status', async () => {
    const all = await app.gql(ADMIN_IDEAS, {}, superToken);
    expect(all.body.errors).toBeUndefined();
    const list = all.body.data!.adminIdeas;
    expect(list.totalCount).toBe(2);
    expect(
      new Set(
        list.edges.map((e: { node: { organizationName: string } }) => e.node.organizationName),
      ),
    ).toEqual(new Set(['Ideas On HOA', 'Third HOA']));
    expect(list.statusCounts).toHaveLength(6);
    expect(list.statusCounts.find((c: { status: string }) => c.status === 'SUBMITTED').count).toBe(
      2,
    );

    const voting = list.edges.find(
      (e: { node: { title: string } }) => e.node.title === 'Online voting',
    ).node.id;
    const moved = await app.gql(SET_STATUS, { id: voting, s: 'PLANNED' }, superToken);
    expect(moved.body.data!.setIdeaStatus).toMatchObject({ status: 'PLANNED', adminNote: '' });
    const noted = await app.gql(SET_NOTE, { id: voting, n: ' Sprint 14, ask Dana ' }, superToken);
    expect(noted.body.data!.setIdeaAdminNote.adminNote).toBe('Sprint 14, ask Dana');

    const planned = await app.gql(ADMIN_IDEAS, { status: 'PLANNED' }, superToken);
    expect(planned.body.data!.adminIdeas.edges).toHaveLength(1);
    expect(planned.body.data!.adminIdeas.edges[0].node.adminNote).toBe('Sprint 14, ask Dana');
    // The cards keep every status's figure while one status is shown.
    const counts = Object.fromEntries(
      planned.body.data!.adminIdeas.statusCounts.map((c: { status: string; count: number }) => [
        c.status,
        c.count,
      ]),
    );
    expect(counts).toMatchObject({ SUBMITTED: 1, PLANNED: 1, DONE: 0 });

    const orgs = await app.gql(`{ adminIdeaOrganizations { id name ideaCount } }`, {}, superToken);
    expect(orgs.body.data!.adminIdeaOrganizations).toEqual([
      { id: on.id, name: 'Ideas On HOA', ideaCount: 1 },
      { id: expect.any(String), name: 'Third HOA', ideaCount: 1 },
    ]);
    const byOrg = await app.gql(ADMIN_IDEAS, { org: on.id }, superToken);
    expect(byOrg.body.data!.adminIdeas.totalCount).toBe(1);
    const searched = await app.gql(ADMIN_IDEAS, { search: 'third' }, superToken);
    expect(searched.body.data!.adminIdeas.edges[0].node.title).toBe('Elsewhere');
    const literal = await app.gql(ADMIN_IDEAS, { search: '%' }, superToken);
    expect(literal.body.data!.adminIdeas.totalCount).toBe(0);

    const [history] = await rows(
      app,
      `SELECT from_status, to_status FROM idea_status_history WHERE idea_id = ? AND from_status IS NOT NULL`,
      [voting],
    );
    expect(history).toMatchObject({ from_status: 'submitted', to_status: 'planned' });
    const audits = await rows(
      app,
      `SELECT action, details FROM audit_log WHERE entity_id = ? ORDER BY created_at`,
      [voting],
    );
    expect(audits.map((a) => a.action as string)).toEqual(['idea.status', 'idea.note']);
    expect(JSON.stringify(audits[1].details)).not.toContain('Sprint');

    // The member sees the new status, never the note.
    const mine = await app.gql(IDEAS, {}, memberToken);
    expect(mine.body.data!.ideas.edges[0].node.status).toBe('PLANNED');
  });

  it('pages newest first with a cursor', async () => {
    for (const title of ['One', 'Two', 'Three']) {
      await app.gql(SUBMIT, { input: { title, description: '' } }, memberToken);
    }
    const first = await app.gql(IDEAS, { first: 2 }, memberToken);
    const page1 = first.body.data!.ideas;
    expect(page1.edges.map((e: { node: { title: string } }) => e.node.title)).toEqual([
      'Three',
      'Two',
    ]);
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const second = await app.gql(IDEAS, { first: 2, after: page1.pageInfo.endCursor }, memberToken);
    expect(
      second.body.data!.ideas.edges.map((e: { node: { title: string } }) => e.node.title),
    ).toEqual(['One', 'Online voting']);
    expect(second.body.data!.ideas.pageInfo.hasNextPage).toBe(false);
  });

  it('admin operations refuse tenant admins and signed-out callers; garbage ids are NOT_FOUND', async () => {
    const list = await app.gql(ADMIN_IDEAS, {}, superToken);
    const id = list.body.data!.adminIdeas.edges[0].node.id;
    for (const [q, v] of [
      [ADMIN_IDEAS, {}],
      [SET_STATUS, { id, s: 'DONE' }],
      [SET_NOTE, { id, n: 'x' }],
    ] as const) {
      expect(code(await app.gql(q, v, adminToken))).toBe('FORBIDDEN');
      expect(code(await app.gql(q, v))).toBe('UNAUTHENTICATED');
    }
    expect(code(await app.gql(SET_STATUS, { id: 'nope', s: 'DONE' }, superToken))).toBe(
      'NOT_FOUND',
    );
    expect(
      code(
        await app.gql(SET_NOTE, { id: '018f0000-0000-7000-8000-000000000000', n: 'x' }, superToken),
      ),
    ).toBe('NOT_FOUND');
    expect(code(await app.gql(ADMIN_IDEAS, { org: 'nope' }, superToken))).toBe('NOT_FOUND');
    const tooLong = await app.gql(SET_NOTE, { id, n: 'x'.repeat(5001) }, superToken);
    expect(code(tooLong)).toBe('BAD_USER_INPUT');
  });
});
