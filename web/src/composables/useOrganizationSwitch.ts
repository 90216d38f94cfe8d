import { useToast } from 'primevue/usetoast';
import { ref } from 'vue';
import { apolloClient } from '@/apollo/client';
import { errorCode, errorMessage } from '@/apollo/errors';
import type { OrganizationMembership } from '@/apollo/types';
import { useOrganizationStore } from '@/stores/organization';
import { SWITCH_ORGANIZATION_MUTATION } from '@/apollo/session.graphql';
import { useSessionChange } from './useSessionChange';

/** Switches the session to another of the user's organizations, then opens its dashboard. */
export function useOrganizationSwitch() {
  const organization = useOrganizationStore();
  const toast = useToast();
  const { enterSession } = useSessionChange();
  /** The organization being switched to, while the API answers. */
  const switching = ref<string | null>(null);

  async function switchTo(target: Pick<OrganizationMembership, 'id' | 'name'>): Promise<boolean> {
    if (switching.value) return false;
    if (target.id === organization.current?.id) return true;
    switching.value = target.id;
    try {
      const { data } = await apolloClient().mutate({
        mutation: SWITCH_ORGANIZATION_MUTATION,
        variables: { organizationId: target.id },
        fetchPolicy: 'no-cache',
      });
      if (!data) throw new Error('Empty switchOrganization response');
      // Toasts from the previous association would be about someone else's books.
      toast.removeAllGroups();
      await enterSession(data.switchOrganization, { name: 'dashboard' });
      toast.add({
        severity: 'success',
        summary: `Switched to ${data.switchOrganization.organization?.name ?? target.name}`,
        life: 3000,
      });
      return true;
    } catch (e) {
      // A session that could not be renewed is handled globally (back to /login).
      if (errorCode(e) === 'UNAUTHENTICATED') return false;
      toast.add({
        severity: 'error',
        summary:
          errorCode(e) === 'ORG_INACTIVE'
            ? `${target.name} is not available`
            : `Could not switch to ${target.name}`,
        detail: errorMessage(e),
        life: 8000,
      });
      return false;
    } finally {
      switching.value = null;
    }
  }

  return { switchTo, switching };
}
