import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/reports/trial-balance',
    name: 'trial-balance',
    component: () => import('./views/TrialBalancePage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Trial Balance' },
  },
];

export default routes;
