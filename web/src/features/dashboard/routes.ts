import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    // The page after sign-in (router/guards.ts homeLocation, and `/`).
    path: '/dashboard',
    name: 'dashboard',
    component: () => import('./views/DashboardPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Dashboard' },
  },
];

export default routes;
