import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/settings',
    name: 'organization-settings',
    component: () => import('./views/SettingsPage.vue'),
    // What applies to every member of the association: its admins set it.
    meta: { requiresAuth: true, requiresOrganization: true, roles: ['ADMIN'], title: 'Settings' },
  },
];

export default routes;
