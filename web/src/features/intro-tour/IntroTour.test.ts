import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AppLayout from '@/layouts/AppLayout.vue';
import AppSidebar from '@/layouts/AppSidebar.vue';
import { useAuthStore } from '@/stores/auth';
import { installTestClient, mapleRidge, sessionPayload, treasurer } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import { anchorSelector, TOUR_STEPS } from './tour-steps';
import { driveSteps, onIntroTourFinished, resetIntroTour } from './useIntroTour';
import type { IntroTourResult } from './useIntroTour';
import { resetIntroTourAutoStart } from './useIntroTourAutoStart';

// The real driver.js in happy-dom (no layout, so positions are zeros): what is on screen is read
// from its popover and the element it lights (.driver-active-element).

const STEPS = [
  ['Dashboard', 'dashboard', 'Dashboard'],
  ['Accounts', 'accounts', 'Accounts'],
  ['Assessments', 'assessments', 'Assessment Groups'],
  ['Transactions', 'transactions', 'Transactions'],
  ['Budgets', 'budgets', 'Budgets'],
  ['Reports', 'reports', 'All reports'],
  ['AI Investment Planning', 'ai-planning', 'AI Investment Planning'],
  ['You are all set', null, null],
] as const;

// The screen as media queries see it; reduced motion, so each step is drawn at once.
function screen(width: number): void {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: max ? width <= Number(max[1]) : query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
  });
}

let requests: GraphQLRequest[] = [];
const marked = () => requests.filter((r) => r.operationName === 'MarkIntroSeen');

function api(options: { impersonating?: boolean } = {}): void {
  requests = [];
  installTestClient((req) => {
    requests.push(req);
    if (req.operationName === 'Me') {
      const me = {
        __typename: 'Me',
        user: { ...treasurer, hasSeenIntro: false },
        organization: mapleRidge,
        organizations: [mapleRidge],
        impersonatedBy: options.impersonating
          ? { __typename: 'User', id: 'admin-1', email: 'owner@covenant.test', name: 'Owner' }
          : null,
      };
      return { body: { data: { me } } };
    }
    if (req.operationName === 'AppVersion') return { body: { data: { version: '2026.11.22' } } };
    if (req.operationName === 'OrganizationCalendar') {
      const organization = {
        __typename: 'OrganizationMembership',
        id: mapleRidge.id,
        timeZone: 'America/Chicago',
        fiscalYearStartMonth: 1,
      };
      return { body: { data: { me: { __typename: 'Me', organization } } } };
    }
    if (req.operationName === 'MarkIntroSeen') {
      const user = { __typename: 'User', id: treasurer.id, hasSeenIntro: true };
      return { body: { data: { markIntroSeen: user } } };
    }
    return { body: { data: null } };
  });
}

async function mountLayout(
  user: { hasSeenIntro: boolean; isSuperadmin?: boolean },
  opts: { organization?: boolean; path?: string } = {},
) {
  const pinia = freshPinia();
  signIn(
    { email: treasurer.email, name: treasurer.name, ...user },
    opts.organization === false ? null : mapleRidge,
  );
  const router = await routerAt(opts.path ?? '/dashboard', pinia);
  const wrapper = mountWithApp(AppLayout, { pinia, router, stubs: { transition: false } });
  await flushPromises();
  return wrapper;
}

const popover = () => document.querySelector<HTMLElement>('.driver-popover');
const titleText = () => popover()?.querySelector('.driver-popover-title')?.textContent?.trim();
const progressText = () => popover()?.querySelector('.driver-popover-progress-text')?.textContent;
const lit = () => document.querySelector<HTMLElement>('.driver-active-element');

/** A visible button of the popover, by its text. */
function button(label: string): HTMLButtonElement | undefined {
  return [...(popover()?.querySelectorAll('button') ?? [])].find(
    (b) => b.textContent?.trim() === label && b.style.display !== 'none',
  );
}

// driver.js ignores a click while it is still moving to a step (one animation frame).
async function onStep(title: string): Promise<void> {
  await vi.waitFor(() => expect(titleText()).toBe(title));
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => requestAnimationFrame(resolve));
}

function userMenuItem(label: string): HTMLElement | undefined {
  return [...document.querySelectorAll<HTMLElement>('[role=menuitem]')]
    .find((el) => el.textContent?.includes(label))
    ?.querySelector<HTMLElement>('a, .p-menu-item-link') as HTMLElement | undefined;
}

describe('the intro tour', () => {
  let results: IntroTourResult[] = [];

  beforeEach(() => {
    document.body.innerHTML = '';
    screen(1440);
    api();
    results = [];
    onIntroTourFinished((r) => results.push(r));
  });
  afterEach(() => {
    resetIntroTour();
    resetIntroTourAutoStart();
  });

  it('has eight steps in order, each of the first seven pointing at its sidebar item', async () => {
    expect(TOUR_STEPS.map((s) => [s.title, s.anchor])).toEqual(STEPS.map(([t, a]) => [t, a]));
    for (const step of TOUR_STEPS) {
      expect(step.description.length).toBeGreaterThan(40);
      expect(step.description).not.toMatch(/[<&]/); // driver.js sets it as HTML
    }
    expect(TOUR_STEPS.at(-1)!.description).toContain('Replay the tour');

    const pinia = freshPinia();
    signIn({ email: treasurer.email }, { ...mapleRidge, role: 'VIEWER' });
    const router = await routerAt('/dashboard', pinia);
    const sidebar = mountWithApp(AppSidebar, { pinia, router });
    for (const [, anchor, label] of STEPS) {
      if (!anchor) continue;
      const items = document.querySelectorAll(anchorSelector(anchor));
      expect(items.length, anchor).toBe(1);
      expect(items[0]!.matches('a.nav-item')).toBe(true);
      expect(items[0]!.textContent?.trim()).toBe(label);
    }
    sidebar.unmount();

    expect(driveSteps(false).map((s) => s.element)).toEqual(
      STEPS.map(([, anchor]) => (anchor ? `[data-tour="${anchor}"]` : undefined)),
    );
    // On a phone the sidebar is a closed drawer: nothing to point at, every step centred.
    expect(driveSteps(true).map((s) => s.element)).toEqual(STEPS.map(() => undefined));
    expect(driveSteps(true)[0]!.popover!.description).toContain('menu at the top left');
  });

  it('starts by itself at the first sign-in, walks the steps and records Done once', async () => {
    const wrapper = await mountLayout({ hasSeenIntro: false });

    for (const [index, [title, anchor]] of STEPS.entries()) {
      await onStep(title);
      expect(progressText()).toBe(`${index + 1} of 8`);
      if (anchor) expect(lit()?.getAttribute('data-tour')).toBe(anchor);
      else expect(lit()?.id).toBe('driver-dummy-element'); // centred, pointing at nothing
      expect(!!button('Back')).toBe(index > 0);
      expect(!!button('Skip tour')).toBe(index < STEPS.length - 1);
      expect(document.activeElement).toBe(popover()!.querySelector('.driver-popover-next-btn'));
      if (index < STEPS.length - 1) {
        expect(button('Next')).toBeDefined();
        button('Next')!.click();
      }
    }
    // Back goes back; then forward again to the end.
    button('Back')!.click();
    await onStep('AI Investment Planning');
    button('Next')!.click();
    await onStep('You are all set');
    expect(marked()).toHaveLength(0);

    button('Done')!.click();
    await flushPromises();

    expect(popover()).toBeNull();
    expect(document.querySelector('.driver-overlay')).toBeNull();
    expect(marked()).toHaveLength(1);
    expect(useAuthStore().user?.hasSeenIntro).toBe(true);
    expect(results).toEqual([{ outcome: 'finished', firstTime: true }]);
    wrapper.unmount();
  });

  it('records Skip tour once, and does not start again in this session', async () => {
    const wrapper = await mountLayout({ hasSeenIntro: false });
    await onStep('Dashboard');
    button('Next')!.click();
    await onStep('Accounts');
    button('Next')!.click();
    await onStep('Assessments');

    button('Skip tour')!.click();
    await flushPromises();

    expect(popover()).toBeNull();
    expect(marked()).toHaveLength(1);
    expect(useAuthStore().user?.hasSeenIntro).toBe(true);
    expect(results).toEqual([{ outcome: 'skipped', firstTime: true }]);

    // A renewed session that still says "not seen" (the API did not hear of it) starts nothing.
    useAuthStore().setSession(sessionPayload({ user: { hasSeenIntro: false } }));
    await flushPromises();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(popover()).toBeNull();
    wrapper.unmount();
  });

  it('takes Esc as skipping', async () => {
    const wrapper = await mountLayout({ hasSeenIntro: false });
    await onStep('Dashboard');
    window.dispatchEvent(new KeyboardEvent('keyup', { key: 'Escape' }));
    await flushPromises();
    expect(popover()).toBeNull();
    expect(marked()).toHaveLength(1);
    expect(results).toEqual([{ outcome: 'skipped', firstTime: true }]);
    wrapper.unmount();
  });

  it.each([
    ['once seen', { hasSeenIntro: true }, {}, {}],
    [
      'for a super admin without an association (the admin panel)',
      { hasSeenIntro: false, isSuperadmin: true },
      { organization: false, path: '/' },
      {},
    ],
    [
      'while a super admin impersonates the user',
      { hasSeenIntro: false },
      {},
      { impersonating: true },
    ],
  ])('does not start by itself %s', async (_case, user, where, server) => {
    api(server);
    const wrapper = await mountLayout(user, where);
    await vi.waitFor(() => expect(requests.some((r) => r.operationName === 'Me')).toBe(true));
    await flushPromises();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(popover()).toBeNull();
    expect(marked()).toHaveLength(0);
    wrapper.unmount();
  });

  it('replays from the user menu, without recording it again', async () => {
    const wrapper = await mountLayout({ hasSeenIntro: true });
    expect(popover()).toBeNull();

    await wrapper.get('[data-testid=user-menu-button]').trigger('click');
    userMenuItem('Replay the tour')!.click();
    await onStep('Dashboard');
    expect(lit()?.getAttribute('data-tour')).toBe('dashboard');
    button('Skip tour')!.click();
    await flushPromises();
    expect(popover()).toBeNull();

    // And again, to the end.
    await wrapper.get('[data-testid=user-menu-button]').trigger('click');
    userMenuItem('Replay the tour')!.click();
    for (const [title] of STEPS) {
      await onStep(title);
      button(title === 'You are all set' ? 'Done' : 'Next')!.click();
    }
    await flushPromises();
    expect(popover()).toBeNull();
    expect(marked()).toHaveLength(0);
    expect(results).toEqual([
      { outcome: 'skipped', firstTime: false },
      { outcome: 'finished', firstTime: false },
    ]);
    wrapper.unmount();
  });

  it('offers no replay on the admin panel without an association', async () => {
    const wrapper = await mountLayout(
      { hasSeenIntro: true, isSuperadmin: true },
      { organization: false, path: '/' },
    );
    await wrapper.get('[data-testid=user-menu-button]').trigger('click');
    expect(userMenuItem('Sign out')).toBeDefined();
    expect(userMenuItem('Replay the tour')).toBeUndefined();
    wrapper.unmount();
  });

  it('ends without recording anything when the signed-in layout goes (signing out)', async () => {
    const wrapper = await mountLayout({ hasSeenIntro: false });
    await onStep('Dashboard');
    wrapper.unmount();
    await flushPromises();
    expect(popover()).toBeNull();
    expect(document.body.classList.contains('driver-active')).toBe(false);
    expect(marked()).toHaveLength(0);
    expect(results).toEqual([]);
  });

  describe('on a phone', () => {
    it('shows every step centred, and replays from the drawer after closing it', async () => {
      screen(390);
      const wrapper = await mountLayout({ hasSeenIntro: false });
      expect(wrapper.find('[data-testid=open-menu]').exists()).toBe(true);

      for (const [index, [title]] of STEPS.entries()) {
        await onStep(title);
        expect(progressText()).toBe(`${index + 1} of 8`);
        expect(lit()?.id).toBe('driver-dummy-element');
        if (index === 0) expect(popover()!.textContent).toContain('menu at the top left');
        button(index === STEPS.length - 1 ? 'Done' : 'Next')!.click();
      }
      await flushPromises();
      expect(marked()).toHaveLength(1);

      await wrapper.get('[data-testid=open-menu]').trigger('click');
      await flushPromises();
      const drawer = document.querySelector<HTMLElement>('[data-testid=app-drawer]')!;
      drawer.querySelector<HTMLElement>('[data-testid=user-menu-button]')!.click();
      await flushPromises();
      userMenuItem('Replay the tour')!.click();
      await onStep('Dashboard');
      await vi.waitFor(() => expect(document.querySelector('[data-testid=app-drawer]')).toBeNull());
      expect(wrapper.get('[data-testid=open-menu]').attributes('aria-expanded')).toBe('false');
      expect(marked()).toHaveLength(1);
      wrapper.unmount();
    });
  });
});
