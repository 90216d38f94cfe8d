import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/investments',
    name: 'investments',
    component: () => import('./views/InvestmentsPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Investments' },
  },
  {
    path: '/investments/:id',
    name: 'investment',
    component: () => import('./views/InvestmentPage.vue'),
    meta: {
      requiresAuth: true,
      requiresOrganization: true,
      title: 'Investment',
      nav: 'investments',
    },
  },
];

export default routes;
