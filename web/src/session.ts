import type { Pinia } from 'pinia';
import type { Router } from 'vue-router';
import { apolloClient } from './apollo/client';
import type { ApolloClientOptions } from './apollo/client';
import { useAuthStore } from './stores/auth';
import { useOrganizationStore } from './stores/organization';

type SessionHooks = Pick<
  ApolloClientOptions,
  'getToken' | 'refreshSession' | 'onUnauthenticated' | 'onOrgInactive'
>;

/**
 * How the Apollo client and the session stores meet: the token comes from the auth store, a 401
 * is answered by one shared refreshSession, and a session that cannot be renewed ends at /login.
 * The router is looked up lazily because its first navigation already needs the client.
 */
export function sessionHooks(pinia: Pinia, router: () => Router | undefined): SessionHooks {
  return {
    getToken: () => useAuthStore(pinia).accessToken,
    refreshSession: () => useAuthStore(pinia).refresh(),
    onUnauthenticated: () => {
      const auth = useAuthStore(pinia);
      if (!auth.isAuthenticated) return; // several requests can fail together; act once
      auth.clearSession('expired');
      void apolloClient().clearStore();
      const r = router();
      if (!r) return;
      const current = r.currentRoute.value;
      void r.replace({
        name: 'login',
        query: current.meta.requiresAuth ? { redirect: current.fullPath } : {},
      });
    },
    onOrgInactive: () => useOrganizationStore(pinia).markInactive(),
  };
}
