import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/capital-projects',
    name: 'capital-projects',
    component: () => import('./views/CapitalProjectsPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Capital Projects' },
  },
];

export default routes;
