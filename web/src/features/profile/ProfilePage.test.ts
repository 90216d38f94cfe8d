import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { apiError, installTestClient, sessionPayload } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, withToast } from '@/test/mount';
import ProfilePage from './views/ProfilePage.vue';

const PageWithToast = withToast(ProfilePage);

describe('ProfilePage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('shows name and email, and changes the password (wrong current password first)', async () => {
    const requests: GraphQLRequest[] = [];
    installTestClient((req) => {
      requests.push(req);
      return req.variables.currentPassword === 'wrong'
        ? {
            body: apiError('BAD_USER_INPUT', 'Invalid input', [
              { field: 'currentPassword', message: 'Your current password is not correct' },
            ]),
          }
        : { body: { data: { changePassword: true } } };
    });
    const pinia = freshPinia();
    useAuthStore().setSession(sessionPayload());
    const router = await routerAt('/profile', pinia);
    const wrapper = mountWithApp(PageWithToast, { pinia, router });

    expect(wrapper.get('[data-testid=profile-name]').text()).toBe('Dana Whitfield');
    expect(wrapper.get('[data-testid=profile-email]').text()).toBe('treasurer@example.com');

    const fill = async (current: string) => {
      await wrapper.get('#profile-current').setValue(current);
      await wrapper.get('#profile-new').setValue('correct horse battery staple');
      await wrapper.get('#profile-confirm').setValue('correct horse battery staple');
      await wrapper.get('form').trigger('submit');
      await flushPromises();
    };

    await fill('wrong');
    expect(wrapper.get('#profile-current-error').text()).toBe(
      'Your current password is not correct',
    );

    await fill('hunter2 hunter2');
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain(
        'Password changed. Other sessions were signed out.',
      ),
    );
    expect(requests.at(-1)?.variables).toEqual({
      currentPassword: 'hunter2 hunter2',
      newPassword: 'correct horse battery staple',
    });
    expect((wrapper.get('#profile-current').element as HTMLInputElement).value).toBe('');
    wrapper.unmount();
  });
});
