import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Router } from 'vue-router';
import { NAV_SECTIONS } from '@/layouts/navigation';
import { apiError, mapleRidge } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import {
  freshPinia,
  installAppClient,
  mountWithApp,
  routerAt,
  signIn,
  withToast,
} from '@/test/mount';
import {
  checkPlan,
  checkSettings,
  formatBytes,
  formatFreeze,
  statusActions,
  statusConsequence,
} from './admin-organizations';
import AdminOrganizationPage from './views/AdminOrganizationPage.vue';
import AdminOrganizationsPage from './views/AdminOrganizationsPage.vue';

const ME = {
  id: 'admin-1',
  email: 'owner@covenant.test',
  isSuperadmin: true,
  isPlatformOwner: true,
};

async function mountAt(
  path: string,
  page: Parameters<typeof mountWithApp>[0],
  handler: (req: GraphQLRequest) => GraphQLReply,
) {
  const app: { router?: Router } = {};
  const pinia = freshPinia();
  installAppClient(handler, pinia, () => app.router);
  signIn(ME, null);
  const router = await routerAt(path, pinia);
  app.router = router;
  const wrapper = mountWithApp(withToast(page), { pinia, router });
  await flushPromises();
  return { wrapper, router };
}

const row = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  __typename: 'AdminOrganization',
  id,
  name,
  status: 'ACTIVE',
  planLevel: 'STANDARD',
  memberCount: 3,
  renewalDate: null,
  createdAt: '2026-01-05T12:00:00Z',
  ...extra,
});

function list(rows: ReturnType<typeof row>[]) {
  const count = (s: string) => rows.filter((r) => r.status === s).length;
  return {
    __typename: 'AdminOrganizationList',
    totalCount: rows.length,
    organizations: rows,
    statusCounts: ['ACTIVE', 'SUSPENDED', 'ARCHIVED'].map((status) => ({
      __typename: 'OrganizationStatusCount',
      status,
      count: count(status),
    })),
    planCounts: ['TRIAL', 'STANDARD', 'PROFESSIONAL', 'ENTERPRISE'].map((planLevel) => ({
      __typename: 'OrganizationPlanCount',
      planLevel,
      count: rows.filter((r) => r.planLevel === planLevel).length,
    })),
  };
}

function detail(extra: Record<string, unknown> = {}) {
  return {
    __typename: 'AdminOrganizationDetail',
    id: 'org-1',
    name: 'Maple Ridge HOA',
    status: 'ACTIVE',
    planLevel: 'PROFESSIONAL',
    memberCount: 1,
    renewalDate: '2027-03-01',
    createdAt: '2026-01-05T12:00:00Z',
    contractNumber: 'C-118',
    paymentDate: '2026-03-01',
    confirmationNumber: null,
    timeZone: 'America/Chicago',
    fiscalYearStartMonth: 1,
    settings: {
      __typename: 'OrganizationSettingsView',
      ideationEnabled: false,
      onboardingComplete: true,
      locale: null,
      currency: null,
      demo: null,
    },
    members: [
      {
        __typename: 'AdminOrganizationMember',
        userId: 'u-1',
        email: 'dana@example.com',
        name: 'Dana Whitfield',
        role: 'ADMIN',
        status: 'ACTIVE',
        joinedAt: '2026-01-05T12:00:00Z',
        lastSignInAt: '2026-11-20T10:00:00Z',
      },
    ],
    statusHistory: [
      {
        __typename: 'OrganizationStatusChange',
        id: 'h-1',
        fromStatus: null,
        toStatus: 'ACTIVE',
        changedBy: 'owner@covenant.test',
        reason: 'Created',
        changedAt: '2026-01-05T12:00:00Z',
      },
    ],
    databaseSizeBytes: 8 * 1024 * 1024,
    lastActivityAt: '2026-11-20T10:00:00Z',
    database: {
      __typename: 'AdminOrganizationDatabase',
      cluster: 'default',
      name: 'covenant_t_0a1b2c',
      schemaVersion: '041_owner_portal',
      movingSince: null,
    },
    moves: [],
    ...extra,
  };
}

describe('admin organizations helpers', () => {
  it('formats sizes, offers the other statuses, explains them and checks the forms', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(8 * 1024 * 1024)).toBe('8.0 MB');
    expect(formatBytes(null)).toBe('Unknown');
    expect(formatFreeze(850)).toBe('850 ms');
    expect(formatFreeze(1870)).toBe('1.9 s');
    expect(formatFreeze(125_000)).toBe('2 min 5 s');
    expect(formatFreeze(null)).toBe('—');
    expect(statusActions('ACTIVE').map((a) => a.label)).toEqual(['Suspend', 'Archive']);
    expect(statusActions('SUSPENDED').map((a) => a.label)).toEqual(['Reactivate', 'Archive']);
    expect(statusConsequence('Oak HOA', 'SUSPENDED')).toContain('cannot sign in');
    const plan = {
      planLevel: 'STANDARD' as const,
      contractNumber: 'x'.repeat(101),
      paymentDate: '2026-03-01',
      confirmationNumber: '',
      renewalDate: '2026-02-01',
    };
    expect(Object.keys(checkPlan(plan))).toEqual(['contractNumber', 'renewalDate']);
    expect(checkPlan({ ...plan, contractNumber: 'C-1', renewalDate: '2027-03-01' })).toEqual({});
    const settings = {
      ideationEnabled: true,
      onboardingComplete: false,
      locale: 'en_US!',
      currency: 'US',
    };
    expect(Object.keys(checkSettings(settings))).toEqual(['locale', 'currency']);
    expect(checkSettings({ ...settings, locale: 'en-GB', currency: 'gbp' })).toEqual({});
  });

  it('puts Organizations in the Admin section on its route', () => {
    const admin = NAV_SECTIONS.find((s) => s.id === 'admin')!;
    expect(admin.items.find((i) => i.label === 'Organizations')?.route).toBe('admin-organizations');
  });

  it('are for super admins only: a tenant admin is turned away', async () => {
    const pinia = freshPinia();
    installAppClient(
      () => ({ body: { data: null } }),
      pinia,
      () => undefined,
    );
    signIn({ email: 'treasurer@example.com' }, mapleRidge);
    const router = await routerAt('/admin/organizations', pinia);
    expect(router.currentRoute.value.name).not.toBe('admin-organizations');
    await router.push('/admin/organizations/org-1');
    expect(router.currentRoute.value.name).not.toBe('admin-organization');
  });
});

describe('AdminOrganizationsPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('lists with counts, filters by a status card, searches, and opens an organization', async () => {
    const all = [
      row('org-1', 'Maple Ridge HOA', { memberCount: 4, renewalDate: '2027-03-01' }),
      row('org-2', 'Oak Hollow HOA', { status: 'SUSPENDED', planLevel: 'ENTERPRISE' }),
    ];
    const seen: Record<string, unknown>[] = [];
    const { wrapper, router } = await mountAt(
      '/admin/organizations',
      AdminOrganizationsPage,
      (req) => {
        expect(req.operationName).toBe('AdminOrganizations');
        seen.push(req.variables);
        const v = req.variables;
        const rows = all.filter(
          (r) =>
            (!v.status || r.status === v.status) &&
            (!v.search || r.name.toLowerCase().includes(String(v.search).toLowerCase())),
        );
        return { body: { data: { adminOrganizations: list(rows) } } };
      },
    );
    const table = wrapper.get('[data-testid=admin-organizations-table]');
    expect(table.text()).toMatch(/Maple Ridge HOA\s*Active\s*Standard\s*4/);
    expect(table.text()).toContain('Suspended');
    expect(wrapper.text()).toContain('2 organizations');
    expect(wrapper.get('[data-testid=status-count-suspended]').text()).toMatch(/1\s*Suspended/);

    await wrapper.get('[data-testid=status-count-suspended]').trigger('click');
    await vi.waitFor(() => expect(seen.at(-1)?.status).toBe('SUSPENDED'));
    await flushPromises();
    expect(wrapper.get('[data-testid=admin-organizations-table]').text()).not.toContain('Maple');

    await wrapper.get('[data-testid=status-count-suspended]').trigger('click');
    await wrapper.get('[data-testid=admin-organizations-search]').setValue('maple');
    await vi.waitFor(() => expect(seen.at(-1)?.search).toBe('maple'), { timeout: 2000 });
    await flushPromises();
    expect(wrapper.get('[data-testid=admin-organizations-table]').text()).not.toContain('Oak');

    await wrapper.get('[data-testid=admin-organizations-table] a').trigger('click');
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('admin-organization'));
    expect(router.currentRoute.value.params.id).toBe('org-1');
    wrapper.unmount();
  });

  it('creates a tenant from the dialog and opens it; a refusal shows under its field', async () => {
    let attempt = 0;
    const { wrapper, router } = await mountAt(
      '/admin/organizations',
      AdminOrganizationsPage,
      (req) => {
        if (req.operationName === 'AdminOrganizations') {
          return { body: { data: { adminOrganizations: list([]) } } };
        }
        if (req.operationName === 'CreateTenant') {
          attempt++;
          if (attempt === 1) {
            return {
              body: apiError('BAD_USER_INPUT', 'Enter a valid email address', [
                { field: 'adminEmail', message: 'Enter a valid email address' },
              ]),
            };
          }
          expect(req.variables.input).toEqual({
            name: 'Cedar Point HOA',
            adminEmail: 'cedar@example.com',
            planLevel: 'STANDARD',
            timeZone: 'America/New_York',
            startingChart: 'STANDARD',
          });
          return {
            body: { data: { createTenant: detail({ id: 'org-9', name: 'Cedar Point HOA' }) } },
          };
        }
        return { body: { data: null } };
      },
    );
    await wrapper.get('[data-testid=new-organization]').trigger('click');
    await flushPromises();
    const body = document.body;
    const input = (testid: string) =>
      body.querySelector<HTMLInputElement>(`[data-testid=${testid}]`)!;
    const type = (el: HTMLInputElement, value: string) => {
      el.value = value;
      el.dispatchEvent(new Event('input'));
    };
    type(input('new-organization-name'), '  Cedar Point HOA ');
    type(input('new-organization-email'), 'bad');
    input('new-organization-submit').click();
    await vi.waitFor(() => expect(body.textContent).toContain('Enter a valid email address'));
    type(input('new-organization-email'), 'cedar@example.com');
    input('new-organization-submit').click();
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('admin-organization'));
    expect(router.currentRoute.value.params.id).toBe('org-9');
    wrapper.unmount();
  });
});

describe('AdminOrganizationPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('shows the sections and suspends after a confirmation naming the organization', async () => {
    const ops: GraphQLRequest[] = [];
    const { wrapper, router } = await mountAt(
      '/admin/organizations/org-1',
      AdminOrganizationPage,
      (req) => {
        ops.push(req);
        if (req.operationName === 'AdminOrganization') {
          return { body: { data: { adminOrganization: detail() } } };
        }
        if (req.operationName === 'SetOrganizationStatus') {
          return {
            body: { data: { setOrganizationStatus: detail({ status: 'SUSPENDED' }) } },
          };
        }
        return { body: { data: { adminOrganizations: list([]) } } };
      },
    );
    expect(router.currentRoute.value.meta.adminTab).toBe('admin-organizations');
    expect(wrapper.get('h1').text()).toBe('Maple Ridge HOA');
    expect(wrapper.get('[data-testid=organization-database-size]').text()).toBe('8.0 MB');
    expect(wrapper.get('[data-testid=organization-members]').text()).toMatch(
      /dana@example.com\s*Dana Whitfield\s*Admin\s*Active/,
    );
    expect(wrapper.get('[data-testid=organization-status-history]').text()).toContain('Created');
    expect(wrapper.find('[data-testid=organization-plan-form]').exists()).toBe(true);
    expect(wrapper.find('[data-testid=organization-settings-form]').exists()).toBe(true);
    expect(wrapper.get('[data-testid=organization-cluster]').text()).toBe('default');
    expect(wrapper.get('[data-testid=organization-schema-version]').text()).toBe(
      '041_owner_portal',
    );
    expect(wrapper.get('[data-testid=organization-moving]').text()).toBe('No');
    expect(wrapper.get('[data-testid=organization-no-moves]').text()).toBe('Never moved.');

    await wrapper.get('[data-testid=organization-suspend]').trigger('click');
    await flushPromises();
    expect(document.body.textContent).toContain('Suspend Maple Ridge HOA?');
    expect(ops.some((r) => r.operationName === 'SetOrganizationStatus')).toBe(false);
    document.body
      .querySelector<HTMLButtonElement>('[data-testid=organization-status-confirm]')!
      .click();
    await vi.waitFor(() =>
      expect(ops.find((r) => r.operationName === 'SetOrganizationStatus')?.variables).toEqual({
        id: 'org-1',
        status: 'SUSPENDED',
        reason: null,
      }),
    );
    await vi.waitFor(() =>
      expect(wrapper.get('[data-testid=organization-status]').text()).toBe('Suspended'),
    );
    expect(wrapper.find('[data-testid=organization-reactivate]').exists()).toBe(true);
    wrapper.unmount();
  });

  it('saves the settings form with the ideation flag', async () => {
    const ops: GraphQLRequest[] = [];
    const { wrapper } = await mountAt(
      '/admin/organizations/org-1',
      AdminOrganizationPage,
      (req) => {
        ops.push(req);
        if (req.operationName === 'AdminUpdateOrganizationSettings') {
          return {
            body: {
              data: {
                adminUpdateOrganizationSettings: detail({
                  settings: { ...detail().settings, ideationEnabled: true },
                }),
              },
            },
          };
        }
        return { body: { data: { adminOrganization: detail() } } };
      },
    );
    const save = wrapper.get('[data-testid=organization-settings-save]');
    expect(save.attributes('disabled')).toBeDefined();
    await wrapper.get('[data-testid=organization-ideation] input').setValue(true);
    expect(save.attributes('disabled')).toBeUndefined();
    await wrapper.get('[data-testid=organization-settings-form]').trigger('submit');
    await vi.waitFor(() =>
      expect(
        ops.find((r) => r.operationName === 'AdminUpdateOrganizationSettings')?.variables,
      ).toEqual({
        input: {
          organizationId: 'org-1',
          ideationEnabled: true,
          onboardingComplete: true,
          locale: '',
          currency: '',
        },
      }),
    );
    wrapper.unmount();
  });

  it('shows a move under way and past moves, newest first, with their freeze and error', async () => {
    const move = (extra: Record<string, unknown>) => ({
      __typename: 'TenantMove',
      fromCluster: 'default',
      toCluster: 'east',
      freezeMs: null,
      finishedAt: null,
      error: null,
      ...extra,
    });
    const { wrapper } = await mountAt('/admin/organizations/org-1', AdminOrganizationPage, () => ({
      body: {
        data: {
          adminOrganization: detail({
            database: {
              ...detail().database,
              cluster: 'east',
              schemaVersion: null,
              movingSince: '2026-11-21T09:30:00Z',
            },
            moves: [
              move({
                id: 'm-2',
                status: 'AWAITING_CONFIRMATION',
                freezeMs: 1870,
                startedAt: '2026-11-21T09:00:00Z',
                finishedAt: '2026-11-21T09:00:02Z',
              }),
              move({
                id: 'm-1',
                status: 'FAILED',
                startedAt: '2026-11-20T09:00:00Z',
                error: 'The ledger check failed on the target',
              }),
            ],
          }),
        },
      },
    }));
    expect(wrapper.get('[data-testid=organization-cluster]').text()).toBe('east');
    expect(wrapper.get('[data-testid=organization-schema-version]').text()).toBe('Not read yet');
    expect(wrapper.get('[data-testid=organization-moving]').text()).toMatch(/^Since Nov 21, 2026/);
    const rows = wrapper.findAll('[data-testid=organization-moves] tbody tr');
    expect(
      rows.map((r) =>
        r
          .findAll('td')
          .map((td) => td.text())
          .slice(1),
      ),
    ).toEqual([
      ['default → east', 'Awaiting confirmation', '1.9 s', '—'],
      ['default → east', 'Failed', '—', 'The ledger check failed on the target'],
    ]);
    expect(wrapper.find('[data-testid=organization-no-moves]').exists()).toBe(false);
    wrapper.unmount();
  });
});
