import { WRITER_ROLES } from '@covenant/shared/roles';
import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    // After the intro tour, for those who can write (viewers are sent home by the guard).
    path: '/setup',
    name: 'setup',
    component: () => import('./views/SetupWizardPage.vue'),
    meta: {
      requiresAuth: true,
      requiresOrganization: true,
      roles: WRITER_ROLES,
      title: 'Set up your association',
      nav: 'dashboard',
    },
  },
];

export default routes;
