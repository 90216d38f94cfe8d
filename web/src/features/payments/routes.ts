import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/payments',
    name: 'payments',
    component: () => import('./views/PaymentsPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Payments' },
  },
];

export default routes;
