import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrganizationMembership } from '@/apollo/types';
import { useAuthStore } from '@/stores/auth';
import { installTestClient } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import AppSidebar from './AppSidebar.vue';

const maple: OrganizationMembership = {
  id: 'org-1',
  name: 'Maple Ridge HOA',
  role: 'ADMIN',
  status: 'ACTIVE',
  settings: {},
};

function sectionTitles(wrapper: ReturnType<typeof mountWithApp>): string[] {
  return wrapper.findAll('.nav-section__title').map((h) => h.text());
}

function menuItem(label: string): HTMLElement | undefined {
  return [...document.querySelectorAll<HTMLElement>('[role=menuitem]')].find((el) =>
    el.textContent?.includes(label),
  );
}

describe('AppSidebar', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    installTestClient(() => ({ body: { data: null } }));
  });

  it('shows the tenant sections with "Accounts" and hides Admin for a non-super-admin', async () => {
    const pinia = freshPinia();
    signIn({ email: 'treasurer@example.com', name: 'Dana Whitfield' }, maple);
    const router = await routerAt('/accounts', pinia);

    const wrapper = mountWithApp(AppSidebar, { pinia, router, props: { version: '2026.11.22' } });

    expect(sectionTitles(wrapper)).toEqual([
      'Financials',
      'Assessments',
      'Transactions',
      'Planning',
      'Reports',
      'Organization',
    ]);
    expect(wrapper.text()).not.toContain('Idea Submissions');

    const accounts = wrapper.findAll('a.nav-item').find((a) => a.text() === 'Accounts')!;
    expect(accounts.text()).toBe('Accounts');
    expect(accounts.attributes('href')).toBe('/accounts');
    expect(accounts.classes()).toContain('nav-item--active');

    expect(wrapper.get('[data-testid=org-name]').text()).toBe('Maple Ridge HOA');
    expect(wrapper.get('[data-testid=org-role]').text()).toBe('Admin');
    expect(wrapper.get('[data-testid=app-version]').text()).toContain('2026.11.22');
    expect(wrapper.text()).toContain('treasurer@example.com');
    wrapper.unmount();
  });

  it('shows "Members" (section Organization) to tenant admins only', async () => {
    const pinia = freshPinia();
    signIn({ email: 'viewer@example.com' }, { ...maple, role: 'VIEWER' });
    const router = await routerAt('/accounts', pinia);
    const wrapper = mountWithApp(AppSidebar, { pinia, router });
    expect(sectionTitles(wrapper)).not.toContain('Organization');
    expect(wrapper.text()).not.toContain('Members');
    wrapper.unmount();

    const adminPinia = freshPinia();
    signIn({ email: 'admin@example.com' }, maple);
    const adminRouter = await routerAt('/accounts', adminPinia);
    const admin = mountWithApp(AppSidebar, { pinia: adminPinia, router: adminRouter });
    const members = admin.findAll('a.nav-item').find((a) => a.text() === 'Members');
    expect(members?.attributes('href')).toBe('/members');
    admin.unmount();
  });

  it('renders planned modules as disabled "Soon" entries, never as links', async () => {
    const pinia = freshPinia();
    signIn({ email: 'treasurer@example.com' }, { ...maple, role: 'USER' });
    const router = await routerAt('/accounts', pinia);

    const wrapper = mountWithApp(AppSidebar, { pinia, router });

    expect(wrapper.findAll('a.nav-item').map((a) => a.text())).toEqual([
      'Dashboard',
      'Accounts',
      'Budgets',
      'Monthly Actuals',
      'Assessment Groups',
      'Units',
      'Invoices',
      'Late Fees',
      'Transactions',
      'Payments',
      'Vendors',
      'All reports',
      'Balance Sheet',
      'Income Statement',
      'Trial Balance',
      'Budget vs Actual',
      'Aging',
      'Cash Flow',
    ]);
    const reserves = wrapper
      .findAll('.nav-item--disabled')
      .find((item) => item.text().includes('Reserves'));
    expect(reserves).toBeDefined();
    expect(reserves?.attributes('aria-disabled')).toBe('true');
    expect(reserves?.text()).toContain('not available yet');
    expect(reserves?.text()).toContain('Soon');
    // Read, not reached: no "Soon" entry is a link or a Tab stop.
    for (const soon of wrapper.findAll('[data-testid=nav-soon]')) {
      expect(soon.attributes('tabindex')).toBeUndefined();
      expect(soon.attributes('role')).toBeUndefined();
      expect(soon.element.matches('a, button, [tabindex]')).toBe(false);
    }
    expect(wrapper.findAll('[data-testid=nav-soon]').length).toBeGreaterThan(0);
    wrapper.unmount();
  });

  it('highlights the section a detail page belongs to (route meta nav)', async () => {
    const pinia = freshPinia();
    signIn({ email: 'treasurer@example.com' }, maple);
    const router = await routerAt('/transactions/entry-1', pinia);
    const wrapper = mountWithApp(AppSidebar, { pinia, router });
    const active = wrapper.findAll('a.nav-item--active');
    expect(active.map((a) => a.text())).toEqual(['Transactions']);
    expect(active[0]?.attributes('aria-current')).toBe('page');
    wrapper.unmount();
  });

  it('shows the Admin section to a super admin', async () => {
    const pinia = freshPinia();
    signIn({ email: 'super@example.com', isSuperadmin: true }, maple);
    const router = await routerAt('/accounts', pinia);

    const wrapper = mountWithApp(AppSidebar, { pinia, router });

    expect(sectionTitles(wrapper)).toContain('Admin');
    expect(wrapper.text()).toContain('Idea Submissions');
    wrapper.unmount();
  });

  it('shows only the Admin section to a super admin without an organization', async () => {
    const pinia = freshPinia();
    signIn({ email: 'owner@example.com', isSuperadmin: true, isPlatformOwner: true }, null);
    const router = await routerAt('/', pinia);
    expect(router.currentRoute.value.name).toBe('platform-home');

    const wrapper = mountWithApp(AppSidebar, { pinia, router });

    expect(sectionTitles(wrapper)).toEqual(['Admin']);
    expect(wrapper.find('a.nav-item').exists()).toBe(false);
    expect(wrapper.get('[data-testid=org-role]').text()).toBe('Platform administrator');
    wrapper.unmount();
  });

  it('"Profile" in the user menu opens /profile', async () => {
    const pinia = freshPinia();
    signIn({ email: 'treasurer@example.com' }, maple);
    const router = await routerAt('/accounts', pinia);
    const wrapper = mountWithApp(AppSidebar, { pinia, router });

    await wrapper.get('[data-testid=user-menu-button]').trigger('click');
    menuItem('Profile')?.querySelector<HTMLElement>('a, .p-menu-item-link')?.click();

    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('profile'), {
      timeout: 5000,
    });
    wrapper.unmount();
  });

  it('"Sign out" calls logout on /auth/graphql, clears the session and returns to /login', async () => {
    const calls: string[] = [];
    installTestClient((req) => {
      calls.push(`${req.operationName} ${req.url}`);
      return { body: { data: { logout: true } } };
    });
    const pinia = freshPinia();
    signIn({ email: 'treasurer@example.com' }, maple);
    const router = await routerAt('/accounts', pinia);
    const wrapper = mountWithApp(AppSidebar, { pinia, router });

    await wrapper.get('[data-testid=user-menu-button]').trigger('click');
    const signOut = menuItem('Sign out');
    expect(signOut).toBeDefined();
    signOut?.querySelector<HTMLElement>('a, .p-menu-item-link')?.click();
    await flushPromises();

    expect(calls).toEqual(['Logout http://localhost/auth/graphql']);
    expect(useAuthStore().isAuthenticated).toBe(false);
    // The login page is a lazy route chunk: wait for the navigation to land.
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('login'));
    wrapper.unmount();
  });
});
