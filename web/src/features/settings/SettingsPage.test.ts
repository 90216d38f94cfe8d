import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { installTestClient } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import SettingsPage from './views/SettingsPage.vue';

const maple = { id: 'org-1', name: 'Maple Ridge HOA', role: 'ADMIN', status: 'ACTIVE' } as const;

describe('SettingsPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    installTestClient((req) =>
      req.operationName === 'OrganizationCalendar'
        ? {
            body: {
              data: {
                me: {
                  __typename: 'Me',
                  organization: {
                    __typename: 'OrganizationMembership',
                    id: 'org-1',
                    timeZone: 'America/Chicago',
                    fiscalYearStartMonth: 7,
                  },
                },
              },
            },
          }
        : { body: { data: null } },
    );
  });

  it("holds the association's calendar and its two-step sign-in rule, for its admins", async () => {
    const pinia = freshPinia();
    signIn({ email: 'admin@example.com' }, maple);
    const router = await routerAt('/settings', pinia);
    expect(router.currentRoute.value.name).toBe('organization-settings');
    const wrapper = mountWithApp(withToast(SettingsPage), { pinia, router });
    await flushPromises();
    expect(wrapper.get('h1').text()).toBe('Settings');
    expect(wrapper.text()).toContain('Maple Ridge HOA');
    expect(wrapper.text()).toContain('Association calendar');
    expect(wrapper.find('[data-testid=require-mfa]').exists()).toBe(true);
    wrapper.unmount();

    // A member who is not an admin is sent home.
    const other = freshPinia();
    signIn({ email: 'member@example.com' }, { ...maple, role: 'USER' });
    expect((await routerAt('/settings', other)).currentRoute.value.name).toBe('dashboard');
  });
});
