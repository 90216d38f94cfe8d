import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { installTestClient, refreshRefused } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt } from '@/test/mount';
import ForgotPasswordPage from './views/ForgotPasswordPage.vue';

describe('ForgotPasswordPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('asks for a reset link and shows the same confirmation for any address', async () => {
    const requests: GraphQLRequest[] = [];
    installTestClient((req) => {
      if (req.operationName === 'RefreshSession') return refreshRefused;
      requests.push(req);
      return { body: { data: { requestPasswordReset: true } } };
    });
    const pinia = freshPinia();
    const router = await routerAt('/forgot-password?email=dana%40example.com', pinia);
    const wrapper = mountWithApp(ForgotPasswordPage, { pinia, router });

    expect((wrapper.get('#forgot-email').element as HTMLInputElement).value).toBe(
      'dana@example.com',
    );
    await wrapper.get('form').trigger('submit');
    await flushPromises();

    expect(requests.map((r) => [r.operationName, r.variables])).toEqual([
      ['RequestPasswordReset', { email: 'dana@example.com' }],
    ]);
    expect(wrapper.get('[data-testid=forgot-password-sent]').text()).toContain(
      "If an account exists for that email, we've sent a link",
    );
    wrapper.unmount();
  });
});
