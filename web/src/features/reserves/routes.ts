import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/reserves',
    name: 'reserves',
    component: () => import('./views/ReservesPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Reserves' },
  },
];

export default routes;
