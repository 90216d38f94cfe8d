import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Router } from 'vue-router';
import { NAV_SECTIONS } from '@/layouts/navigation';
import { useAuthStore } from '@/stores/auth';
import { apiError, mapleRidge, sessionPayload } from '@/test/graphql';
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
  dayLabel,
  humanize,
  methodLabel,
  monthLabel,
  shares,
  superadminLockReason,
  total,
} from './admin';
import AdminEmailsPage from './views/AdminEmailsPage.vue';
import AdminUserPage from './views/AdminUserPage.vue';
import AdminUsersPage from './views/AdminUsersPage.vue';
import PlatformHomePage from './views/PlatformHomePage.vue';

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
  const requests: GraphQLRequest[] = [];
  const app: { router?: Router } = {};
  const pinia = freshPinia();
  installAppClient(
    (req) => {
      requests.push(req);
      return handler(req);
    },
    pinia,
    () => app.router,
  );
  signIn(ME, null);
  const router = await routerAt(path, pinia);
  app.router = router;
  const wrapper = mountWithApp(withToast(page), { pinia, router });
  await flushPromises();
  return { wrapper, router, requests };
}

const days = (n: number, counts: Record<number, number> = {}) =>
  Array.from({ length: n }, (_, i) => ({
    __typename: 'AdminDayCount',
    date: `2026-11-${String(i + 1).padStart(2, '0')}`,
    count: counts[i] ?? 0,
  }));

const dashboard = {
  __typename: 'AdminDashboard',
  organizationsByStatus: [
    { __typename: 'AdminKeyCount', key: 'active', count: 3 },
    { __typename: 'AdminKeyCount', key: 'suspended', count: 1 },
  ],
  organizationsByPlan: [{ __typename: 'AdminKeyCount', key: 'standard', count: 4 }],
  organizationCount: 4,
  userCount: 12,
  superadminCount: 2,
  activeUsers7d: 5,
  activeUsers30d: 9,
  signInsPerDay: days(30, { 29: 4, 28: 3 }),
  aiRecommendationsPerDay: days(30, { 10: 2 }),
  aiTenantsCounted: 2,
  aiTenantsSkipped: [
    { __typename: 'AdminSkippedTenant', organizationId: 'o-9', name: 'Lost Pines' },
  ],
  newOrganizationsPerMonth: Array.from({ length: 12 }, (_, i) => ({
    __typename: 'AdminMonthCount',
    month: `2026-${String(i + 1).padStart(2, '0')}`,
    count: i === 11 ? 4 : 0,
  })),
};

const userRow = (id: string, email: string, extra: Record<string, unknown> = {}) => ({
  __typename: 'AdminUser',
  id,
  email,
  name: null,
  isSuperadmin: false,
  isPlatformOwner: false,
  createdAt: '2026-01-05T10:00:00.000Z',
  lastSignInAt: null,
  organizationCount: 1,
  ...extra,
});

const detail = (extra: Record<string, unknown> = {}) => ({
  ...userRow('u-1', 'dana@example.com', { name: 'Dana Whitfield' }),
  __typename: 'AdminUserDetail',
  mfaEnabled: false,
  memberships: [
    {
      __typename: 'AdminUserMembership',
      organizationId: 'org-1',
      organizationName: 'Maple Ridge HOA',
      organizationStatus: 'ACTIVE',
      role: 'ADMIN',
      status: 'ACTIVE',
      createdAt: '2026-01-05T10:00:00.000Z',
    },
  ],
  loginHistory: [
    {
      __typename: 'AdminLoginEntry',
      id: 'l-1',
      at: '2026-11-20T10:00:00.000Z',
      method: 'password',
      success: false,
      failureReason: 'bad_password',
      organizationName: null,
      ip: '203.0.113.9',
      userAgent: null,
      impersonatedByEmail: null,
      impersonationReason: null,
    },
    {
      __typename: 'AdminLoginEntry',
      id: 'l-2',
      at: '2026-11-18T09:00:00.000Z',
      method: 'impersonation',
      success: true,
      failureReason: null,
      organizationName: 'Maple Ridge HOA',
      ip: '198.51.100.7',
      userAgent: null,
      impersonatedByEmail: 'ops@covenant.example',
      impersonationReason: 'Support ticket 4417: cannot see the March invoices',
    },
  ],
  ...extra,
});

describe('admin helpers', () => {
  it('labels days, months, keys and methods, and sums', () => {
    expect(dayLabel('2026-03-04')).toBe('Mar 4');
    expect(monthLabel('2026-12')).toBe('Dec 2026');
    expect(humanize('board_member')).toBe('Board member');
    expect(humanize('ACTIVE')).toBe('Active');
    expect(methodLabel('impersonation')).toBe('Impersonated');
    expect(total([{ count: 2 }, { count: 5 }])).toBe(7);
    expect(shares([{ count: 1 }, { count: 4 }]).map((r) => r.share)).toEqual([25, 100]);
    expect(shares([{ count: 0 }]).map((r) => r.share)).toEqual([0]);
  });

  it('locks the super admin toggle for the owner and for removing yourself', () => {
    const u = { id: 'u-1', isPlatformOwner: false, isSuperadmin: true };
    expect(superadminLockReason(u, 'someone-else')).toBeNull();
    expect(superadminLockReason(u, 'u-1')).toMatch(/your own/);
    expect(superadminLockReason({ ...u, isPlatformOwner: true }, 'x')).toMatch(/platform owner/);
    // Granting yourself is moot (you are one already), but not locked by this rule.
    expect(superadminLockReason({ ...u, isSuperadmin: false }, 'u-1')).toBeNull();
  });

  it('puts Dashboard, Users and Email log in the Admin section, each on its route', () => {
    const admin = NAV_SECTIONS.find((s) => s.id === 'admin')!;
    const byLabel = Object.fromEntries(admin.items.map((i) => [i.label, i.route]));
    expect(byLabel).toMatchObject({
      Dashboard: 'platform-home',
      Users: 'admin-users',
      'Email log': 'admin-emails',
    });
  });
});

describe('admin routes', () => {
  it('are for super admins only: a tenant admin is turned away', async () => {
    const pinia = freshPinia();
    installAppClient(
      () => ({ body: { data: null } }),
      pinia,
      () => undefined,
    );
    signIn({ email: 'treasurer@example.com' }, mapleRidge);
    const router = await routerAt('/admin/users', pinia);
    expect(router.currentRoute.value.name).not.toBe('admin-users');
    for (const path of ['/admin', '/admin/users/u-1', '/admin/emails']) {
      await router.push(path);
      expect(String(router.currentRoute.value.name)).not.toMatch(/^(platform-home|admin-)/);
    }
  });

  it('the user page belongs to the Users tab', async () => {
    const { wrapper, router } = await mountAt('/admin/users/u-1', AdminUserPage, () => ({
      body: { data: { adminUser: detail() } },
    }));
    expect(router.currentRoute.value.meta.adminTab).toBe('admin-users');
    expect(wrapper.get('[data-testid=admin-tab-admin-users]').attributes('aria-current')).toBe(
      'page',
    );
    wrapper.unmount();
  });
});

describe('PlatformHomePage (Dashboard)', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('shows the figures, the breakdowns, the charts and the organizations not counted', async () => {
    const { wrapper } = await mountAt('/admin', PlatformHomePage, (req) => {
      expect(req.operationName).toBe('AdminDashboard');
      return { body: { data: { adminDashboard: dashboard } } };
    });
    expect(wrapper.get('[data-testid=stat-organizations]').text()).toContain('4');
    expect(wrapper.get('[data-testid=stat-organizations]').text()).toContain('3 active');
    expect(wrapper.get('[data-testid=stat-users]').text()).toContain('2 super admins');
    expect(wrapper.get('[data-testid=stat-active-7]').text()).toContain('5');
    expect(wrapper.get('[data-testid=stat-active-30]').text()).toContain('9');
    expect(wrapper.get('[data-testid=orgs-by-status]').text()).toMatch(
      /Active\s*3\s*Suspended\s*1/,
    );
    expect(wrapper.get('[data-testid=orgs-by-plan]').text()).toMatch(/Standard\s*4/);
    expect(wrapper.text()).toContain('7 sign-ins in the last 30 days');
    expect(wrapper.text()).toContain(
      '2 recommendations in the last 30 days, across 2 organizations',
    );
    expect(wrapper.get('[data-testid=ai-skipped]').text()).toContain('Lost Pines');
    await vi.waitFor(() =>
      expect(wrapper.find('[data-testid=chart-sign-ins]').exists()).toBe(true),
    );
    expect(wrapper.get('[data-testid=chart-sign-ins]').attributes('aria-label')).toBe(
      '7 successful sign-ins in the last 30 days.',
    );
    expect(wrapper.find('[data-testid=chart-new-orgs]').exists()).toBe(true);
    wrapper.unmount();
  });

  it('says when the figures cannot be loaded', async () => {
    const { wrapper } = await mountAt('/admin', PlatformHomePage, () => ({
      status: 500,
      body: apiError('INTERNAL', 'Boom'),
    }));
    expect(wrapper.text()).toContain("We couldn't load the platform figures");
    wrapper.unmount();
  });
});

describe('AdminUsersPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('lists users and searches the API once typing pauses', async () => {
    const searches: unknown[] = [];
    const all = [
      userRow('u-1', 'dana@example.com', {
        name: 'Dana Whitfield',
        lastSignInAt: '2026-11-20T10:00:00Z',
      }),
      userRow('u-2', 'owner@covenant.test', { isSuperadmin: true, isPlatformOwner: true }),
    ];
    const { wrapper, router } = await mountAt('/admin/users', AdminUsersPage, (req) => {
      searches.push(req.variables.search);
      const s = String(req.variables.search ?? '');
      const users = all.filter((u) => u.email.includes(s));
      return {
        body: {
          data: { adminUsers: { __typename: 'AdminUserList', totalCount: users.length, users } },
        },
      };
    });
    const table = wrapper.get('[data-testid=admin-users-table]');
    expect(table.text()).toContain('dana@example.com');
    expect(table.text()).toContain('Dana Whitfield');
    expect(table.text()).toContain('Platform owner');
    expect(table.text()).toContain('Never');
    expect(wrapper.text()).toContain('2 users');

    await wrapper.get('[data-testid=admin-users-search]').setValue('owner');
    await vi.waitFor(() => expect(searches).toContain('owner'), { timeout: 2000 });
    await flushPromises();
    expect(wrapper.get('[data-testid=admin-users-table]').text()).not.toContain('dana@');
    expect(wrapper.text()).toContain('1 user');

    await wrapper.get('[data-testid=admin-users-table] a').trigger('click');
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('admin-user'));
    expect(router.currentRoute.value.params.id).toBe('u-2');
    wrapper.unmount();
  });
});

describe('AdminUserPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('shows memberships and sign-ins, and impersonates into the user’s session', async () => {
    const ops: string[] = [];
    const reasons: unknown[] = [];
    const { wrapper, router } = await mountAt('/admin/users/u-1', AdminUserPage, (req) => {
      ops.push(req.operationName);
      if (req.operationName === 'AdminUser') return { body: { data: { adminUser: detail() } } };
      if (req.operationName === 'ImpersonateUser') {
        reasons.push(req.variables.reason);
        if (reasons.length === 1) {
          return {
            body: apiError('BAD_USER_INPUT', 'At most 500 characters', [
              { field: 'reason', message: 'At most 500 characters' },
            ]),
          };
        }
        expect(req.variables).toEqual({ userId: 'u-1', reason: 'Ticket 4417: March invoices' });
        return {
          body: {
            data: { impersonateUser: sessionPayload({ accessToken: 'token-as-dana' }) },
          },
        };
      }
      return { body: { data: null } };
    });
    expect(wrapper.get('h1').text()).toBe('Dana Whitfield');
    expect(wrapper.get('[data-testid=user-memberships]').text()).toMatch(
      /Maple Ridge HOA\s*Admin\s*Active/,
    );
    expect(wrapper.get('[data-testid=user-login-history]').text()).toContain(
      'Failed: Bad password',
    );
    expect(wrapper.get('[data-testid=user-login-history]').text()).toContain('203.0.113.9');
    // Who impersonated them before, and why.
    expect(wrapper.get('[data-testid=impersonation-reason]').text()).toBe(
      'Support ticket 4417: cannot see the March invoices',
    );
    const button = wrapper.get('[data-testid=impersonate-user]');
    expect(button.attributes('disabled')).toBeUndefined();

    // It asks first, naming the user, and wants a reason.
    await button.trigger('click');
    await flushPromises();
    expect(document.body.textContent).toContain('Impersonate dana@example.com?');
    const confirm = () =>
      document.querySelector<HTMLButtonElement>('[data-testid=confirm-impersonate]')!.click();
    const reasonInput = () => document.querySelector<HTMLTextAreaElement>('#impersonate-reason')!;
    const type = async (text: string) => {
      reasonInput().value = text;
      reasonInput().dispatchEvent(new Event('input'));
      await flushPromises();
    };
    await type('   ');
    confirm();
    await flushPromises();
    expect(document.querySelector('[data-testid=impersonate-reason-error]')!.textContent).toContain(
      'Say why you are impersonating this user',
    );
    expect(ops).not.toContain('ImpersonateUser');
    expect(document.activeElement).toBe(reasonInput());

    // The API's word on the field shows under it.
    await type('x');
    confirm();
    await vi.waitFor(() =>
      expect(
        document.querySelector('[data-testid=impersonate-reason-error]')?.textContent,
      ).toContain('At most 500 characters'),
    );
    expect(router.currentRoute.value.name).toBe('admin-user');

    await type('  Ticket 4417: March invoices ');
    confirm();
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('dashboard'), {
      timeout: 5000,
    });
    expect(useAuthStore().accessToken).toBe('token-as-dana');
    expect(useAuthStore().user?.email).toBe('treasurer@example.com');
    expect(reasons).toHaveLength(2);
    wrapper.unmount();
  });

  it('cannot impersonate a super admin, and greys the owner’s access toggle', async () => {
    const { wrapper } = await mountAt('/admin/users/u-1', AdminUserPage, () => ({
      body: {
        data: { adminUser: detail({ isSuperadmin: true, isPlatformOwner: true }) },
      },
    }));
    expect(wrapper.get('[data-testid=impersonate-user]').attributes('disabled')).toBeDefined();
    expect(wrapper.get('[data-testid=toggle-superadmin]').attributes('disabled')).toBeDefined();
    expect(wrapper.get('[data-testid=superadmin-locked]').text()).toContain('platform owner');
    wrapper.unmount();
  });

  it('makes a user super admin after confirming, and shows a refusal in the dialog', async () => {
    let admin = false;
    let refuse = false;
    const { wrapper } = await mountAt('/admin/users/u-1', AdminUserPage, (req) => {
      if (req.operationName === 'SetSuperadmin') {
        if (refuse)
          return { body: apiError('FORBIDDEN', 'You cannot remove your own super admin access') };
        expect(req.variables).toEqual({ userId: 'u-1', value: true });
        admin = true;
        return { body: { data: { setSuperadmin: detail({ isSuperadmin: true }) } } };
      }
      return { body: { data: { adminUser: detail({ isSuperadmin: admin }) } } };
    });
    const toggle = wrapper.get('[data-testid=toggle-superadmin]');
    expect(toggle.text()).toBe('Make super admin');
    await toggle.trigger('click');
    await flushPromises();
    document.querySelector<HTMLButtonElement>('[data-testid=confirm-superadmin]')!.click();
    await vi.waitFor(() =>
      expect(wrapper.get('[data-testid=toggle-superadmin]').text()).toBe('Remove super admin'),
    );
    expect(wrapper.get('[data-testid=impersonate-user]').attributes('disabled')).toBeDefined();

    refuse = true;
    await wrapper.get('[data-testid=toggle-superadmin]').trigger('click');
    await flushPromises();
    document.querySelector<HTMLButtonElement>('[data-testid=confirm-superadmin]')!.click();
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('You cannot remove your own super admin access'),
    );
    wrapper.unmount();
  });

  it('says when the user does not exist', async () => {
    const { wrapper } = await mountAt('/admin/users/u-404', AdminUserPage, () => ({
      body: apiError('NOT_FOUND', 'User not found'),
    }));
    expect(wrapper.text()).toContain('This user does not exist');
    wrapper.unmount();
  });
});

describe('AdminEmailsPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('shows recipient, subject, template, time and preview, and searches', async () => {
    const searches: unknown[] = [];
    const email = {
      __typename: 'AdminEmail',
      id: 'e-1',
      to: 'dana@example.com',
      subject: 'You are invited to Maple Ridge HOA',
      template: 'invitation',
      sentAt: '2026-11-20T10:00:00.000Z',
      bodyPreview: 'Accept the invitation within 7 days',
    };
    const { wrapper } = await mountAt('/admin/emails', AdminEmailsPage, (req) => {
      searches.push(req.variables.search);
      const emails = req.variables.search === 'nothing' ? [] : [email];
      return {
        body: {
          data: {
            adminEmailLog: { __typename: 'AdminEmailList', totalCount: emails.length, emails },
          },
        },
      };
    });
    const table = wrapper.get('[data-testid=admin-emails-table]');
    for (const text of [email.to, email.subject, email.template, email.bodyPreview, '2026']) {
      expect(table.text()).toContain(text);
    }
    expect(wrapper.text()).toContain('1 message');
    await wrapper.get('[data-testid=admin-emails-search]').setValue('nothing');
    await vi.waitFor(() => expect(searches).toContain('nothing'), { timeout: 2000 });
    await flushPromises();
    expect(wrapper.text()).toContain('Nothing matches these filters');
    wrapper.unmount();
  });
});
