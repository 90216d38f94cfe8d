import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@/apollo/types';
import { apiError, installTestClient } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import OnboardingChecklistCard from './components/OnboardingChecklistCard.vue';
import OnboardingChecklistRestore from './components/OnboardingChecklistRestore.vue';

const STEPS = [
  ['BANK_ACCOUNTS', 'Add your bank accounts with opening balances', false],
  ['ASSESSMENT_GROUP', 'Create an assessment group', false],
  ['UNITS', 'Add your units', false],
  ['BUDGET', 'Import a budget', false],
  ['INVITE_MEMBER', 'Invite a board member', false],
  ['MFA', 'Turn on two-step sign-in', true],
  ['FIRST_ENTRY', 'Post your first journal entry', false],
] as const;

// The API's answer: the steps named in `done` are done (on Mar 4, 2026).
function checklist(done: string[], opts: { dismissed?: boolean } = {}) {
  const steps = STEPS.map(([key, title, personal]) => ({
    __typename: 'OnboardingStep',
    key,
    title,
    description: `What ${title.toLowerCase()} means.`,
    personal,
    done: done.includes(key),
    completedAt: done.includes(key) ? '2026-03-04T15:00:00.000Z' : null,
  }));
  const complete = done.length === steps.length;
  const dismissed = opts.dismissed ?? false;
  return {
    __typename: 'OnboardingChecklist',
    steps,
    completedCount: done.length,
    totalCount: steps.length,
    complete,
    dismissed,
    visible: !complete && !dismissed,
  };
}

type Handler = (req: GraphQLRequest) => GraphQLReply | Promise<GraphQLReply>;

async function mountCard(
  handler: Handler,
  role: Role = 'ADMIN',
  component = OnboardingChecklistCard,
  path = '/dashboard',
) {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    requests.push(req);
    return handler(req);
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    {
      id: 'org-1',
      name: 'Maple Ridge HOA',
      role,
      status: 'ACTIVE',
      settings: { locale: 'en-US' },
    },
  );
  const router = await routerAt(path, pinia);
  const wrapper = mountWithApp(withToast(component), { pinia, router });
  await flushPromises();
  return { wrapper, requests };
}

const answer = (c: ReturnType<typeof checklist>) => () => ({
  body: { data: { onboardingChecklist: c } },
});
const text = (w: { text(): string }) => w.text().replace(/\s+/g, ' ').trim();

describe('OnboardingChecklistCard', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('shows progress and each step with a link to where it is done', async () => {
    const { wrapper, requests } = await mountCard(
      answer(checklist(['BANK_ACCOUNTS', 'UNITS', 'MFA'])),
    );
    expect(requests.map((r) => r.operationName)).toEqual(['OnboardingChecklist']);
    const card = wrapper.get('[data-testid=onboarding-checklist]');
    expect(card.get('h2').text()).toBe('Get your association set up');
    expect(card.get('[data-testid=onboarding-count]').text()).toBe('3 of 7 done');
    expect(card.get('[role=progressbar]').attributes('aria-valuenow')).toBe('43');

    const rows = card.findAll('li');
    expect(rows.map((r) => r.attributes('data-testid'))).toEqual(
      STEPS.map(([key]) => `onboarding-step-${key}`),
    );
    // Done: a check saying since when, no link and no description.
    const bank = card.get('[data-testid=onboarding-step-BANK_ACCOUNTS]');
    expect(bank.classes()).toContain('setup__step--done');
    expect(bank.get('[role=img]').attributes('aria-label')).toBe('Done on Mar 4, 2026');
    expect(bank.get('[role=img]').attributes('title')).toBe('Done on Mar 4, 2026');
    expect(text(bank)).toBe('Add your bank accounts with opening balances');
    expect(bank.find('a').exists()).toBe(false);
    // To do: an empty circle, one line on what it is, and the page it is done on.
    const group = card.get('[data-testid=onboarding-step-ASSESSMENT_GROUP]');
    expect(group.get('[role=img]').attributes('aria-label')).toBe('To do');
    expect(group.text()).toContain('What create an assessment group means.');
    expect(
      card.findAll('[data-testid=onboarding-link]').map((a) => [text(a), a.attributes('href')]),
    ).toEqual([
      ['Create a group', '/assessments/groups/new'],
      ['Import a budget', '/budgets'],
      ['Invite', '/members'],
      ['New entry', '/transactions/new'],
    ]);
    // The personal step is marked so.
    expect(text(card.get('[data-testid=onboarding-step-MFA]'))).toContain('Just you');
    expect(text(group)).not.toContain('Just you');
    wrapper.unmount();
  });

  it('shows a viewer the card read-only: pages as plain text, their own step still a link', async () => {
    const { wrapper } = await mountCard(answer(checklist([])), 'VIEWER');
    const links = wrapper.findAll('[data-testid=onboarding-link]');
    expect(links.map((a) => [text(a), a.attributes('href')])).toEqual([['Set it up', '/security']]);
    expect(wrapper.findAll('[data-testid=onboarding-page]').map((p) => p.text())).toEqual([
      'Accounts',
      'Assessment groups',
      'Units',
      'Budget',
      'Members',
      'Transactions',
    ]);
    expect(wrapper.find('[data-testid=onboarding-dismiss]').exists()).toBe(true);
    wrapper.unmount();
  });

  it('leaves inviting to admins: a member who writes sees Members as plain text', async () => {
    const { wrapper } = await mountCard(answer(checklist([])), 'USER');
    const invite = wrapper.get('[data-testid=onboarding-step-INVITE_MEMBER]');
    expect(invite.find('a').exists()).toBe(false);
    expect(invite.get('[data-testid=onboarding-page]').text()).toBe('Members');
    expect(wrapper.findAll('[data-testid=onboarding-link]')).toHaveLength(6);
    wrapper.unmount();
  });

  it('dismisses the card for the member, saying where to bring it back', async () => {
    const { wrapper, requests } = await mountCard((req) =>
      req.operationName === 'UpdateOnboardingChecklist'
        ? {
            body: {
              data: { updateOnboardingChecklist: checklist(['UNITS'], { dismissed: true }) },
            },
          }
        : answer(checklist(['UNITS']))(),
    );
    await wrapper.get('[data-testid=onboarding-dismiss]').trigger('click');
    await flushPromises();
    const update = requests.find((r) => r.operationName === 'UpdateOnboardingChecklist');
    expect(update?.variables).toEqual({ input: { dismissed: true } });
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Bring it back from your Profile page.'),
    );
    expect(wrapper.find('[data-testid=onboarding-checklist]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('shows nothing once finished or dismissed', async () => {
    for (const c of [checklist(STEPS.map(([k]) => k)), checklist([], { dismissed: true })]) {
      const { wrapper } = await mountCard(answer(c));
      expect(wrapper.find('[data-testid=onboarding-checklist]').exists()).toBe(false);
      expect(wrapper.find('[data-testid=onboarding-error]').exists()).toBe(false);
      wrapper.unmount();
    }
  });

  it('shows a skeleton while loading and says what went wrong, with a retry', async () => {
    let release: (reply: GraphQLReply) => void = () => {};
    const { wrapper, requests } = await mountCard(
      () => new Promise<GraphQLReply>((resolve) => (release = resolve)),
    );
    expect(wrapper.find('[data-testid=onboarding-loading]').exists()).toBe(true);
    release({ body: apiError('INTERNAL', 'Database unavailable') });
    await flushPromises();
    expect(wrapper.find('[data-testid=onboarding-loading]').exists()).toBe(false);
    const failed = wrapper.get('[data-testid=onboarding-error]');
    expect(failed.text()).toContain("We couldn't load the setup checklist");
    await failed.get('button').trigger('click');
    expect(requests.filter((r) => r.operationName === 'OnboardingChecklist')).toHaveLength(2);
    wrapper.unmount();
  });
});

describe('OnboardingChecklistRestore (the way back, on the Profile page)', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('brings a dismissed checklist back, and is absent otherwise', async () => {
    const { wrapper, requests } = await mountCard(
      (req) =>
        req.operationName === 'UpdateOnboardingChecklist'
          ? { body: { data: { updateOnboardingChecklist: checklist(['MFA']) } } }
          : answer(checklist(['MFA'], { dismissed: true }))(),
      'VIEWER',
      OnboardingChecklistRestore,
      '/profile',
    );
    const restore = wrapper.get('[data-testid=onboarding-restore]');
    expect(text(restore)).toContain(
      'You hid the setup checklist of Maple Ridge HOA (1 of 7 done).',
    );
    await restore.get('[data-testid=onboarding-restore-button]').trigger('click');
    await flushPromises();
    expect(
      requests.find((r) => r.operationName === 'UpdateOnboardingChecklist')?.variables,
    ).toEqual({ input: { dismissed: false } });
    expect(wrapper.find('[data-testid=onboarding-restore]').exists()).toBe(false);
    wrapper.unmount();

    const shown = await mountCard(answer(checklist(['MFA'])), 'ADMIN', OnboardingChecklistRestore);
    expect(shown.wrapper.find('[data-testid=onboarding-restore]').exists()).toBe(false);
    shown.wrapper.unmount();
  });
});
