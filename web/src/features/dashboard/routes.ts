import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    // The page after sign-in (landing.ts homeLocation, and `/`).
    path: '/dashboard',
    name: 'dashboard',
    component: () => import('./views/DashboardPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Dashboard' },
  },
];

export default routes;
