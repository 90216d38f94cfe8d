import { computed, watch } from 'vue';
import { apolloClient } from '@/apollo/client';
import { useAuthStore } from '@/stores/auth';
import { roleLabel, useOrganizationStore } from '@/stores/organization';
import { SUPPORT_WIDGET_QUERY } from './support.graphql';
import { createSupportWidget, type SupportIdentity, type SupportWidget } from './supportWidget';

/**
 * Keeps the support chat widget told who is signed in: identified at sign-in, again on switching
 * association, reset at sign-out. Nothing is loaded when the server names no widget. Reads the user
 * from the auth store and passes on only name, email, association and role.
 */
export function useSupportWidget(deps: Parameters<typeof createSupportWidget>[1] = {}): void {
  const auth = useAuthStore();
  const organization = useOrganizationStore();

  const identity = computed<SupportIdentity | null>(() => {
    const user = auth.user;
    if (!auth.isAuthenticated || !user) return null;
    const org = organization.current;
    return {
      id: user.id,
      name: user.name ?? user.email,
      email: user.email,
      organization: org?.name ?? '',
      role: org ? roleLabel(org.role) : '',
    };
  });

  // Asked once, at the first sign-in of this page load; the answer is the server's configuration.
  let widget: Promise<SupportWidget | null> | null = null;
  function widgetOnce(): Promise<SupportWidget | null> {
    widget ??= apolloClient()
      .query({ query: SUPPORT_WIDGET_QUERY, fetchPolicy: 'no-cache' })
      .then(({ data }) =>
        data?.supportWidget ? createSupportWidget(data.supportWidget, deps) : null,
      )
      .catch(() => {
        widget = null; // unreachable now: ask again at the next sign-in
        return null;
      });
    return widget;
  }

  watch(
    identity,
    async (who, before) => {
      if (who) {
        const w = await widgetOnce();
        // Identify only who is still signed in once the answer is back.
        if (w && identity.value === who) await w.identify(who);
      } else if (before && widget) {
        await (await widget)?.signOut();
      }
    },
    { immediate: true },
  );
}
