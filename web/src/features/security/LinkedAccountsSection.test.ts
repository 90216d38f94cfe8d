import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, installTestClient, mapleRidge, treasurer } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import LinkedAccountsSection from './components/LinkedAccountsSection.vue';

const PROVIDERS = [
  { __typename: 'SsoProvider', id: 'google', name: 'Google' },
  { __typename: 'SsoProvider', id: 'microsoft', name: 'Microsoft' },
];
const GOOGLE = {
  __typename: 'LinkedIdentity',
  id: 'identity-1',
  provider: 'google',
  providerName: 'Google',
  email: 'treasurer@gmail.com',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
};

async function mountSection(opts: {
  providers?: typeof PROVIDERS;
  linked?: (typeof GOOGLE)[];
  path?: string;
  impersonatedBy?: { __typename: 'User'; id: string; email: string; name: string | null };
  handle?: (req: GraphQLRequest) => GraphQLReply | undefined;
}) {
  const requests: GraphQLRequest[] = [];
  let linked = opts.linked ?? [];
  installTestClient((req) => {
    requests.push(req);
    if (req.operationName === 'SsoProviders') {
      return { body: { data: { ssoProviders: opts.providers ?? PROVIDERS } } };
    }
    if (req.operationName === 'LinkedIdentities') {
      return { body: { data: { linkedIdentities: linked } } };
    }
    if (req.operationName === 'Me') {
      const me = {
        __typename: 'Me',
        organizations: [mapleRidge],
        organization: mapleRidge,
        user: treasurer,
        impersonatedBy: opts.impersonatedBy ?? null,
      };
      return { body: { data: { me } } };
    }
    const reply = opts.handle?.(req) ?? { body: apiError('INTERNAL', 'unexpected') };
    if (req.operationName === 'UnlinkIdentity' && !(reply.body as { errors?: unknown }).errors) {
      linked = linked.filter((i) => i.id !== req.variables.id);
    }
    return reply;
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role: 'USER', status: 'ACTIVE' },
  );
  const router = await routerAt(opts.path ?? '/security', pinia);
  const wrapper = mountWithApp(withToast(LinkedAccountsSection), { pinia, router });
  await flushPromises();
  return { wrapper, requests, router };
}

describe('LinkedAccountsSection', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists each offered provider: the linked one with its email and Unlink, the other with Link', async () => {
    const { wrapper } = await mountSection({ linked: [GOOGLE] });
    const google = wrapper.get('[data-testid="linked-google"]');
    expect(google.text()).toContain('Google');
    expect(google.get('[data-testid="linked-detail"]').text()).toContain('treasurer@gmail.com');
    expect(google.find('[data-testid="unlink-google"]').exists()).toBe(true);
    const microsoft = wrapper.get('[data-testid="linked-microsoft"]');
    expect(microsoft.text()).toContain('Not linked');
    expect(microsoft.find('[data-testid="link-microsoft"]').exists()).toBe(true);
  });

  it('while impersonating: shows the links, changes nothing', async () => {
    const { wrapper } = await mountSection({
      linked: [GOOGLE],
      impersonatedBy: { __typename: 'User', id: 'admin-1', email: 'owner@example.com', name: null },
    });
    expect(wrapper.get('[data-testid="unlink-google"]').attributes('disabled')).toBeDefined();
    expect(wrapper.get('[data-testid="link-microsoft"]').attributes('disabled')).toBeDefined();
  });

  it('shows nothing when no provider is offered and nothing is linked', async () => {
    const { wrapper } = await mountSection({ providers: [] });
    expect(wrapper.find('[data-testid="linked-accounts"]').exists()).toBe(false);
  });

  it('links: asks the API, then goes to the provider', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const url = 'https://accounts.google.com/o/oauth2/v2/auth?state=s';
    const { wrapper, requests } = await mountSection({
      handle: (req) =>
        req.operationName === 'BeginSsoLink'
          ? {
              body: {
                data: { beginSsoLink: { __typename: 'SsoAuthorization', authorizationUrl: url } },
              },
            }
          : undefined,
    });
    await wrapper.get('[data-testid="link-google"]').trigger('click');
    await flushPromises();
    expect(requests.find((r) => r.operationName === 'BeginSsoLink')!.variables).toEqual({
      provider: 'google',
    });
    expect(assign).toHaveBeenCalledWith(url);
  });

  it('words the way back from the provider (?sso=linked / taken)', async () => {
    const linked = await mountSection({
      linked: [GOOGLE],
      path: '/security?sso=linked&provider=google',
    });
    expect(linked.wrapper.get('[data-testid="linked-accounts-notice"]').text()).toBe(
      'Your Google account is linked. You can now sign in with it.',
    );
    expect(linked.router.currentRoute.value.fullPath).toBe('/security');

    document.body.innerHTML = '';
    const taken = await mountSection({ path: '/security?sso=taken&provider=microsoft' });
    expect(taken.wrapper.get('[data-testid="linked-accounts-notice"]').text()).toContain(
      'That Microsoft account is already linked to another Covenant user',
    );
  });

  it('unlinks after a confirmation; a refusal (last way in) stays in the dialog', async () => {
    let refuse = true;
    const { wrapper } = await mountSection({
      linked: [GOOGLE],
      handle: (req) => {
        if (req.operationName !== 'UnlinkIdentity') return undefined;
        return refuse
          ? {
              body: apiError(
                'BAD_USER_INPUT',
                'Google is your only way to sign in: set a password or add a passkey before unlinking it',
              ),
            }
          : { body: { data: { unlinkIdentity: true } } };
      },
    });
    await wrapper.get('[data-testid="unlink-google"]').trigger('click');
    await flushPromises();
    document.querySelector<HTMLButtonElement>('[data-testid="unlink-confirm"]')!.click();
    await flushPromises();
    expect(document.querySelector('[data-testid="unlink-error"]')?.textContent).toContain(
      'only way to sign in',
    );
    expect(wrapper.find('[data-testid="unlink-google"]').exists()).toBe(true);

    refuse = false;
    document.querySelector<HTMLButtonElement>('[data-testid="unlink-confirm"]')!.click();
    await flushPromises();
    expect(wrapper.find('[data-testid="unlink-google"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="linked-google"]').text()).toContain('Not linked');
    expect(document.body.textContent).toContain('Google account unlinked');
  });
});
