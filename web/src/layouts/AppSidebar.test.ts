import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrganizationMembership } from '@/apollo/types';
import { useAuthStore } from '@/stores/auth';
import { installTestClient } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import AppSidebar from './AppSidebar.vue';
import AppTopBar from './AppTopBar.vue';
import { NAV_SECTIONS, visibleSections } from './navigation';

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
      'Payables',
      'Banking',
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
    expect(wrapper.text()).toContain('Pay bills');
    wrapper.unmount();
  });

  it("keeps pages a viewer would be sent away from out of a viewer's sidebar", async () => {
    const pinia = freshPinia();
    signIn({ email: 'board@example.com' }, { ...maple, role: 'VIEWER' });
    const router = await routerAt('/approvals', pinia);
    const wrapper = mountWithApp(AppSidebar, { pinia, router });
    const payables = wrapper.get('[data-section=payables]');
    expect(payables.findAll('a.nav-item').map((a) => a.text())).toEqual([
      'Bills',
      'Approvals',
      'Payment runs',
    ]);
    expect(payables.get('[aria-current=page]').text()).toBe('Approvals');
    wrapper.unmount();
    // Its address sends a viewer home.
    expect((await routerAt('/payment-runs/new', pinia)).currentRoute.value.name).toBe('dashboard');
  });

  it('shows "Members" and "Settings" (section Organization) to tenant admins only', async () => {
    const pinia = freshPinia();
    signIn({ email: 'viewer@example.com' }, { ...maple, role: 'VIEWER' });
    const router = await routerAt('/accounts', pinia);
    const wrapper = mountWithApp(AppSidebar, { pinia, router });
    expect(sectionTitles(wrapper)).not.toContain('Organization');
    expect(wrapper.text()).not.toContain('Members');
    expect(wrapper.text()).not.toContain('Settings');
    wrapper.unmount();
    // Nor can a viewer open the page by its address.
    expect((await routerAt('/settings', pinia)).currentRoute.value.name).toBe('dashboard');

    const adminPinia = freshPinia();
    signIn({ email: 'admin@example.com' }, maple);
    const adminRouter = await routerAt('/accounts', adminPinia);
    const admin = mountWithApp(AppSidebar, { pinia: adminPinia, router: adminRouter });
    const link = (label: string) => admin.findAll('a.nav-item').find((a) => a.text() === label);
    expect(link('Members')?.attributes('href')).toBe('/members');
    expect(link('Settings')?.attributes('href')).toBe('/settings');
    admin.unmount();
  });

  it('renders planned modules as disabled "Soon" entries, never as links', async () => {
    const pinia = freshPinia();
    signIn({ email: 'treasurer@example.com', isSuperadmin: true }, { ...maple, role: 'USER' });
    const router = await routerAt('/accounts', pinia);
    // A planned entry (no route yet) for the length of this test: the rule holds whichever
    // modules are still planned, and once none is.
    const admin = NAV_SECTIONS.find((s) => s.id === 'admin')!;
    const planned = { label: 'Planned Module', icon: 'pi pi-clock' };
    admin.items.push(planned);
    try {
      const wrapper = mountWithApp(AppSidebar, { pinia, router });
      const shown = visibleSections({ hasOrganization: true, isSuperadmin: true });

      // Every entry with a route is a link, and only those.
      expect(wrapper.findAll('a.nav-item').map((a) => a.text())).toEqual(
        shown.flatMap((s) => s.items.filter((i) => i.route).map((i) => i.label)),
      );
      expect(wrapper.findAll('a.nav-item').map((a) => a.text())).toContain('Tenant Health');
      const soonItems = wrapper.findAll('.nav-item--disabled');
      expect(soonItems.map((i) => i.text().replace(/Soon.*$/, ''))).toEqual(
        shown.flatMap((s) => s.items.filter((i) => !i.route).map((i) => i.label)),
      );
      const item = soonItems.find((i) => i.text().includes('Planned Module'));
      expect(item?.attributes('aria-disabled')).toBe('true');
      expect(item?.text()).toContain('not available yet');
      expect(item?.text()).toContain('Soon');
      // Read, not reached: no "Soon" entry is a link or a Tab stop.
      for (const soon of wrapper.findAll('[data-testid=nav-soon]')) {
        expect(soon.attributes('tabindex')).toBeUndefined();
        expect(soon.attributes('role')).toBeUndefined();
        expect(soon.element.matches('a, button, [tabindex]')).toBe(false);
      }
      wrapper.unmount();
    } finally {
      admin.items.splice(admin.items.indexOf(planned), 1);
    }
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
    // Only admin pages are links; the Dashboard is the page on screen.
    const links = wrapper.findAll('a.nav-item').map((a) => a.text());
    expect(links).toEqual(expect.arrayContaining(['Dashboard', 'Users', 'Email log']));
    expect(wrapper.findAll('a.nav-item--active').map((a) => a.text())).toEqual(['Dashboard']);
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

// The screen as a media query sees it: jsdom has no layout, so the width is stubbed.
function screenWidth(width: number): void {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: max ? width <= Number(max[1]) : false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
  });
}

describe('AppSidebar on a tablet (icon rail)', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    installTestClient(() => ({ body: { data: null } }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('names every icon: an accessible name and a tooltip with the label', async () => {
    screenWidth(800);
    const pinia = freshPinia();
    signIn({ email: 'treasurer@example.com', name: 'Dana Whitfield' }, maple);
    const router = await routerAt('/accounts', pinia);
    const wrapper = mountWithApp(AppSidebar, { pinia, router });

    expect(wrapper.element.tagName).toBe('ASIDE');
    for (const link of wrapper.findAll('a.nav-item')) {
      expect(link.attributes('aria-label')).toBe(link.text());
    }
    const units = wrapper.findAll('a.nav-item').find((a) => a.text() === 'Units')!;
    await units.trigger('mouseenter');
    await vi.waitFor(() =>
      expect(document.querySelector('[role=tooltip]')?.textContent).toBe('Units'),
    );
    await units.trigger('mouseleave');

    // A planned module says what it is and that it is not there yet.
    const soon = wrapper.find('[data-testid=nav-soon]');
    if (soon.exists()) {
      const label = soon.get('.nav-item__label').text();
      await soon.trigger('mouseenter');
      await vi.waitFor(() =>
        expect(document.querySelector('[role=tooltip]')?.textContent).toBe(
          `${label}: not available yet`,
        ),
      );
      await soon.trigger('mouseleave');
    }

    // The user button keeps its name (the text is hidden visually, not removed).
    expect(wrapper.get('[data-testid=user-menu-button]').text()).toContain('Dana Whitfield');
    await wrapper.get('[data-testid=user-menu-button]').trigger('mouseenter');
    await vi.waitFor(() =>
      expect(document.querySelector('[role=tooltip]')?.textContent).toBe('Dana Whitfield'),
    );
    wrapper.unmount();
  });

  it('shows no label tooltips on a desk, where the labels are on screen', async () => {
    screenWidth(1440);
    const pinia = freshPinia();
    signIn({ email: 'treasurer@example.com' }, maple);
    const router = await routerAt('/accounts', pinia);
    const wrapper = mountWithApp(AppSidebar, { pinia, router });
    const units = wrapper.findAll('a.nav-item').find((a) => a.text() === 'Units')!;
    await units.trigger('mouseenter');
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('[role=tooltip]')).toBeNull();
    wrapper.unmount();
  });
});

describe('AppTopBar on a phone (menu button and drawer)', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    installTestClient(() => ({ body: { data: null } }));
  });
  afterEach(() => vi.unstubAllGlobals());

  const drawer = () => document.querySelector<HTMLElement>('[data-testid=app-drawer]');

  async function mountBar() {
    screenWidth(390);
    const pinia = freshPinia();
    signIn({ email: 'treasurer@example.com', name: 'Dana Whitfield' }, maple);
    const router = await routerAt('/dashboard', pinia);
    const wrapper = mountWithApp(AppTopBar, {
      pinia,
      router,
      props: { version: '2026.11.22' },
      stubs: { transition: false },
    });
    return { wrapper, router };
  }

  it('opens a labelled drawer with the sections, the association and the user menu', async () => {
    const { wrapper } = await mountBar();
    const button = wrapper.get('button[aria-label="Open menu"]');
    expect(wrapper.get('[data-testid=top-bar-title]').text()).toBe('Maple Ridge HOA');
    expect(button.attributes('aria-expanded')).toBe('false');
    expect(drawer()).toBeNull();

    await button.trigger('click');
    await flushPromises();

    expect(button.attributes('aria-expanded')).toBe('true');
    const panel = drawer()!;
    expect(panel.getAttribute('role')).toBe('dialog');
    expect(panel.getAttribute('aria-modal')).toBe('true');
    expect(panel.getAttribute('aria-label')).toBe('Menu');
    expect(button.attributes('aria-controls')).toBe(panel.id);
    // The sidebar in full: section names, labelled links, the association, the user and version.
    const sidebar = panel.querySelector('.sidebar')!;
    expect(sidebar.classList).toContain('sidebar--drawer');
    expect([...panel.querySelectorAll('.nav-section__title')].map((h) => h.textContent)).toContain(
      'Transactions',
    );
    const labels = [...panel.querySelectorAll('a.nav-item .nav-item__label')].map((l) =>
      l.textContent?.trim(),
    );
    expect(labels).toContain('Accounts');
    expect(labels).toContain('Income and Expense Flow');
    expect(panel.querySelector('[data-testid=org-name]')?.textContent?.trim()).toBe(
      'Maple Ridge HOA',
    );
    expect(panel.textContent).toContain('Dana Whitfield');
    expect(panel.querySelector('[data-testid=app-version]')?.textContent).toContain('2026.11.22');
    // Focus moves into the drawer (its close button), where the trap keeps it.
    await vi.waitFor(() =>
      expect(document.activeElement?.getAttribute('data-testid')).toBe('close-menu'),
    );
    expect(panel.querySelector('[data-pc-section=firstfocusableelement]')).not.toBeNull();
    wrapper.unmount();
  });

  it('closes on Esc, on its close button and when a link in it is followed', async () => {
    const { wrapper, router } = await mountBar();
    const button = wrapper.get('[data-testid=open-menu]');

    await button.trigger('click');
    await flushPromises();
    document.dispatchEvent(new KeyboardEvent('keydown', { code: 'Escape', key: 'Escape' }));
    await flushPromises();
    expect(button.attributes('aria-expanded')).toBe('false');
    await vi.waitFor(() => expect(drawer()).toBeNull());

    await button.trigger('click');
    await flushPromises();
    drawer()!.querySelector<HTMLElement>('[data-testid=close-menu]')!.click();
    await flushPromises();
    expect(button.attributes('aria-expanded')).toBe('false');

    await button.trigger('click');
    await flushPromises();
    const units = [...drawer()!.querySelectorAll<HTMLElement>('a.nav-item')].find(
      (a) => a.textContent?.trim() === 'Units',
    )!;
    units.click();
    // The page is a lazy chunk: its first import can take a while in a cold run.
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('units'), { timeout: 5000 });
    await flushPromises();
    expect(button.attributes('aria-expanded')).toBe('false');
    await vi.waitFor(() => expect(drawer()).toBeNull());
    wrapper.unmount();
  });
});
