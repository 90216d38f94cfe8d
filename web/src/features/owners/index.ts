// What other features use of owners (homeowners invited to the owner portal): a unit's owners
// panel, inviting owners from the units CSV, the portal's contact details (Settings), and what
// the association publishes to owners (Documents). The owners' own pages are features/owner.
import { defineAsyncComponent } from 'vue';

export const UnitOwnersPanel = defineAsyncComponent(
  () => import('./components/UnitOwnersPanel.vue'),
);
export const InviteOwnersDialog = defineAsyncComponent(
  () => import('./components/InviteOwnersDialog.vue'),
);
export const OwnerPortalSettingsSection = defineAsyncComponent(
  () => import('./components/OwnerPortalSettingsSection.vue'),
);
export const PublishedDocumentsSection = defineAsyncComponent(
  () => import('./components/PublishedDocumentsSection.vue'),
);
export const PublishDocumentDialog = defineAsyncComponent(
  () => import('./components/PublishDocumentDialog.vue'),
);
export { categoryLabel } from './owners';
export type { OwnerInvitationsResult } from './owners.graphql';
