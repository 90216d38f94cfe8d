import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { apiError, installTestClient, sessionPayload } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, withToast } from '@/test/mount';
import { MIN_PASSWORD_LENGTH } from '@/features/auth/passwords';
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

    expect((wrapper.get('#profile-name').element as HTMLInputElement).value).toBe('Dana Whitfield');
    expect(wrapper.get('[data-testid=profile-email]').text()).toBe('treasurer@example.com');

    const fill = async (current: string) => {
      await wrapper.get('#profile-current').setValue(current);
      await wrapper.get('#profile-new').setValue('correct horse battery staple');
      await wrapper.get('#profile-confirm').setValue('correct horse battery staple');
      await wrapper.findAll('form').at(-1)!.trigger('submit');
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

  it('edits the name: sent trimmed, shown in the session, refusals under the field', async () => {
    const requests: GraphQLRequest[] = [];
    installTestClient((req) => {
      requests.push(req);
      const name = (req.variables.input as { name: string | null }).name;
      if (name && name.length > 10) {
        return {
          body: apiError('BAD_USER_INPUT', 'Invalid input', [
            { field: 'name', message: 'Use at most 120 characters' },
          ]),
        };
      }
      return { body: { data: { updateProfile: { __typename: 'User', id: 'user-1', name } } } };
    });
    const pinia = freshPinia();
    useAuthStore().setSession(sessionPayload());
    const router = await routerAt('/profile', pinia);
    const wrapper = mountWithApp(PageWithToast, { pinia, router });
    const save = () => wrapper.get('[data-testid=save-name]');

    // Nothing to save until the name changes.
    expect(save().attributes('disabled')).toBeDefined();
    await wrapper.get('#profile-name').setValue('  Dana W.  ');
    expect(save().attributes('disabled')).toBeUndefined();
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(requests.at(-1)?.operationName).toBe('UpdateProfile');
    expect(requests.at(-1)?.variables).toEqual({ input: { name: 'Dana W.' } });
    await vi.waitFor(() => expect(document.body.textContent).toContain('Name saved'));
    expect(useAuthStore().user?.name).toBe('Dana W.');

    await wrapper.get('#profile-name').setValue('Dana Whitfield-Long');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(wrapper.get('#profile-name-error').text()).toBe('Use at most 120 characters');
    // The message is about the old value: it goes once the name changes.
    await wrapper.get('#profile-name').setValue('Dana');
    expect(wrapper.find('#profile-name-error').exists()).toBe(false);
    expect(useAuthStore().user?.name).toBe('Dana W.');
    wrapper.unmount();
  });

  it("refuses a short new password with the API's own rule, before asking", async () => {
    const requests: GraphQLRequest[] = [];
    installTestClient((req) => {
      requests.push(req);
      return { body: { data: { changePassword: true } } };
    });
    const pinia = freshPinia();
    useAuthStore().setSession(sessionPayload());
    const router = await routerAt('/profile', pinia);
    const wrapper = mountWithApp(PageWithToast, { pinia, router });
    await wrapper.get('#profile-current').setValue('hunter2 hunter2');
    await wrapper.get('#profile-new').setValue('abcde');
    await wrapper.get('#profile-confirm').setValue('abcde');
    const forms = wrapper.findAll('form');
    await forms.at(-1)!.trigger('submit');
    await flushPromises();
    expect(wrapper.get('#profile-new-error').text()).toBe(
      `Use at least ${MIN_PASSWORD_LENGTH} characters`,
    );
    expect(requests.filter((r) => r.operationName === 'ChangePassword')).toHaveLength(0);
    wrapper.unmount();
  });

  it('keeps autocomplete on the password inputs themselves (password managers)', async () => {
    installTestClient(() => ({ body: { data: null } }));
    const pinia = freshPinia();
    useAuthStore().setSession(sessionPayload());
    const router = await routerAt('/profile', pinia);
    const wrapper = mountWithApp(PageWithToast, { pinia, router });
    const auto = (id: string) => wrapper.get(`input#${id}`).attributes('autocomplete');
    expect(auto('profile-current')).toBe('current-password');
    expect(auto('profile-new')).toBe('new-password');
    expect(auto('profile-confirm')).toBe('new-password');
    expect(auto('profile-name')).toBe('name');
    wrapper.unmount();
  });
});
