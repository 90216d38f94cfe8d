import { DefaultApolloClient } from '@vue/apollo-composable';
import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import type { Pinia } from 'pinia';
import PrimeVue from 'primevue/config';
import ToastService from 'primevue/toastservice';
import Tooltip from 'primevue/tooltip';
import Toast from 'primevue/toast';
import { defineComponent, h } from 'vue';
import type { Component } from 'vue';
import { createMemoryHistory } from 'vue-router';
import type { Router } from 'vue-router';
import { apolloClient } from '@/apollo/client';
import type { OrganizationMembership, User } from '@/apollo/types';
import { SHELL_EXTENSIONS } from '@/layouts/shell';
import { createAppRouter } from '@/router';
import { sessionHooks } from '@/session';
import { shellExtensions } from '@/shell-extensions';
import { useAuthStore } from '@/stores/auth';
import { installTestClient } from './graphql';
import type { GraphQLHandler } from './graphql';

export function freshPinia(): Pinia {
  const pinia = createPinia();
  setActivePinia(pinia);
  return pinia;
}

/** A membership as tests write it: `settings` may be left out (then none). */
export type MembershipFixture = Omit<OrganizationMembership, 'settings'> &
  Partial<Pick<OrganizationMembership, 'settings'>>;

export function signIn(
  user: Partial<User> & Pick<User, 'email'>,
  fixture: MembershipFixture | null,
): void {
  const organization = fixture && { settings: {}, ...fixture };
  useAuthStore().setSession({
    accessToken: 'test-token',
    user: {
      id: 'user-1',
      name: null,
      isSuperadmin: false,
      isPlatformOwner: false,
      hasSeenIntro: true,
      mfaEnabled: false,
      ...user,
    },
    organization,
    organizations: organization ? [organization] : [],
  });
}

/**
 * The Apollo client wired to the session exactly as main.ts does it: Bearer token from the auth
 * store, one shared refreshSession on a 401, /login when the session cannot be renewed.
 */
export function installAppClient(
  handler: GraphQLHandler,
  pinia: Pinia,
  router: () => Router | undefined,
) {
  return installTestClient(handler, sessionHooks(pinia, router));
}

export async function routerAt(path: string, pinia: Pinia): Promise<Router> {
  const router = createAppRouter(createMemoryHistory(), pinia);
  await router.push(path);
  await router.isReady();
  return router;
}

/** Mounts a component with everything main.ts installs (PrimeVue unstyled for speed). */
export function mountWithApp(
  component: Component,
  options: {
    pinia: Pinia;
    router: Router;
    props?: Record<string, unknown>;
    /** e.g. `{ transition: false }` for overlays whose enter hooks do work (focus, Esc). */
    stubs?: Record<string, boolean>;
  },
) {
  return mount(component, {
    props: options.props,
    attachTo: document.body,
    global: {
      plugins: [options.pinia, options.router, [PrimeVue, { unstyled: true }], ToastService],
      directives: { tooltip: Tooltip },
      stubs: options.stubs,
      provide: {
        [DefaultApolloClient]: apolloClient(),
        [SHELL_EXTENSIONS as symbol]: shellExtensions,
      },
    },
  });
}

/** The component plus the app's Toast outlet, as App.vue renders them. */
export function withToast(component: Component): Component {
  return defineComponent({ setup: () => () => [h(Toast), h(component)] });
}
