import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/online-payments',
    name: 'online-payments',
    component: () => import('./views/OnlinePaymentsPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Online payments' },
  },
];

export default routes;
