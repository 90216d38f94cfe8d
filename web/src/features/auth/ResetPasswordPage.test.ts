import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, installTestClient, refreshRefused } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt } from '@/test/mount';
import ResetPasswordPage from './views/ResetPasswordPage.vue';

function tokenError(reason: string, message = 'This link cannot be used'): GraphQLReply {
  return {
    body: { errors: [{ message, extensions: { code: 'BAD_USER_INPUT', reason } }] },
  };
}

async function mountReset(path: string, reply: (req: GraphQLRequest) => GraphQLReply) {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    if (req.operationName === 'RefreshSession') return refreshRefused;
    requests.push(req);
    return reply(req);
  });
  const pinia = freshPinia();
  const router = await routerAt(path, pinia);
  const wrapper = mountWithApp(ResetPasswordPage, { pinia, router });
  return { wrapper, requests, router };
}

async function submit(
  wrapper: ReturnType<typeof mountWithApp>,
  password: string,
  confirm = password,
) {
  await wrapper.get('#reset-password').setValue(password);
  await wrapper.get('#reset-confirm').setValue(confirm);
  await wrapper.get('form').trigger('submit');
  await flushPromises();
}

describe('ResetPasswordPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it.each([
    ['TOKEN_EXPIRED', 'This reset link has expired'],
    ['TOKEN_USED', 'This reset link has already been used'],
    ['TOKEN_INVALID', 'This reset link is not valid'],
  ])('explains %s and links to request a new one', async (reason, title) => {
    const { wrapper, requests } = await mountReset('/reset-password?token=abc', () =>
      tokenError(reason),
    );

    await submit(wrapper, 'correct horse battery staple');

    expect(requests[0]?.variables).toEqual({
      token: 'abc',
      newPassword: 'correct horse battery staple',
    });
    const problem = wrapper.get('[data-testid=reset-token-problem]');
    expect(problem.text()).toContain(title);
    expect(wrapper.get('[data-testid=reset-request-new]').attributes('href')).toBe(
      '/forgot-password',
    );
    expect(wrapper.find('form').exists()).toBe(false);
    wrapper.unmount();
  });

  it('says a link without a token is not valid, before anyone types', async () => {
    const { wrapper } = await mountReset('/reset-password', () => ({ body: {} }));
    expect(wrapper.get('[data-testid=reset-token-problem]').text()).toContain(
      'This reset link is not valid',
    );
    wrapper.unmount();
  });

  it('puts the password rules (details on newPassword) under the field', async () => {
    const { wrapper } = await mountReset('/reset-password?token=abc', () => ({
      body: apiError('BAD_USER_INPUT', 'Invalid input', [
        { field: 'newPassword', message: 'Use at least 12 characters' },
      ]),
    }));

    await submit(wrapper, 'short');

    expect(wrapper.get('#reset-password-error').text()).toBe('Use at least 12 characters');
    expect(wrapper.find('[data-testid=reset-token-problem]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('checks the confirmation before asking the API', async () => {
    const { wrapper, requests } = await mountReset('/reset-password?token=abc', () => ({
      body: {},
    }));
    await submit(wrapper, 'correct horse battery staple', 'correct horse battery stapel');
    expect(wrapper.get('#reset-confirm-error').text()).toBe('The two passwords do not match.');
    expect(requests).toHaveLength(0);
    wrapper.unmount();
  });

  it('confirms success with a link to sign in', async () => {
    const { wrapper, router } = await mountReset('/reset-password?token=abc', () => ({
      body: { data: { resetPassword: true } },
    }));

    await submit(wrapper, 'correct horse battery staple');

    expect(wrapper.get('[data-testid=reset-password-done]').text()).toContain(
      'Your password has been changed',
    );
    await wrapper.get('[data-testid=reset-sign-in]').trigger('click');
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('login'), {
      timeout: 5000,
    });
    wrapper.unmount();
  });
});
