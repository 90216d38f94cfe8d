import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, installTestClient, refreshRefused } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt } from '@/test/mount';
import SsoSignInButtons from './components/SsoSignInButtons.vue';

const PROVIDERS = [
  { __typename: 'SsoProvider', id: 'google', name: 'Google' },
  { __typename: 'SsoProvider', id: 'microsoft', name: 'Microsoft' },
];

async function mountButtons(
  providers: typeof PROVIDERS,
  path = '/login',
  begin?: (req: GraphQLRequest) => unknown,
) {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    requests.push(req);
    if (req.operationName === 'RefreshSession') return refreshRefused;
    if (req.operationName === 'SsoProviders')
      return { body: { data: { ssoProviders: providers } } };
    if (req.operationName === 'BeginSsoSignIn' && begin) return { body: begin(req) };
    return { body: apiError('INTERNAL', 'unexpected') };
  });
  const pinia = freshPinia();
  const router = await routerAt(path, pinia);
  const wrapper = mountWithApp(SsoSignInButtons, { pinia, router });
  await flushPromises();
  return { wrapper, requests, router };
}

describe('SsoSignInButtons', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows nothing at all when the server offers no provider', async () => {
    const { wrapper } = await mountButtons([]);
    expect(wrapper.find('[data-testid="sso-sign-in"]').exists()).toBe(false);
    expect(wrapper.text()).toBe('');
  });

  it('shows one button per offered provider, with its mark', async () => {
    const { wrapper } = await mountButtons(PROVIDERS.slice(0, 1));
    expect(wrapper.get('[data-testid="sso-google"]').text()).toContain('Continue with Google');
    expect(wrapper.find('[data-testid="sso-google"] svg').exists()).toBe(true);
    expect(wrapper.find('[data-testid="sso-microsoft"]').exists()).toBe(false);
  });

  it('goes to the provider with the page asked for, as a top-level navigation', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const url = 'https://login.microsoftonline.com/t/oauth2/v2.0/authorize?state=s';
    const { wrapper, requests } = await mountButtons(
      PROVIDERS,
      '/login?redirect=/reports/trial-balance',
      () => ({
        data: { beginSsoSignIn: { __typename: 'SsoAuthorization', authorizationUrl: url } },
      }),
    );
    await wrapper.get('[data-testid="sso-microsoft"]').trigger('click');
    await flushPromises();
    const begun = requests.find((r) => r.operationName === 'BeginSsoSignIn')!;
    expect(begun.variables).toEqual({ provider: 'microsoft', redirect: '/reports/trial-balance' });
    expect(assign).toHaveBeenCalledWith(url);
  });

  it('says why when the provider cannot be reached, and lets the person try again', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { wrapper } = await mountButtons(PROVIDERS, '/login', () =>
      apiError(
        'SERVICE_UNAVAILABLE',
        'Google sign-in cannot be reached right now; try again shortly',
      ),
    );
    await wrapper.get('[data-testid="sso-google"]').trigger('click');
    await flushPromises();
    expect(wrapper.get('[data-testid="sso-notice"]').text()).toContain('cannot be reached');
    expect(assign).not.toHaveBeenCalled();
    expect(wrapper.get('[data-testid="sso-google"]').attributes('disabled')).toBeUndefined();
  });

  it('words a refused sign-in (?sso=not-linked / state-mismatch) and drops it from the address', async () => {
    const { wrapper, router } = await mountButtons(
      PROVIDERS,
      '/login?sso=not-linked&provider=google&redirect=/budgets',
    );
    expect(wrapper.get('[data-testid="sso-notice"]').text()).toContain(
      'That Google account is not linked to a Covenant user',
    );
    expect(router.currentRoute.value.query).toEqual({ redirect: '/budgets' });

    document.body.innerHTML = '';
    const again = await mountButtons([], '/login?sso=state-mismatch');
    // Shown even when no provider is offered any more.
    expect(again.wrapper.get('[data-testid="sso-notice"]').text()).toContain(
      'expired or was started in another browser',
    );
  });
});
