import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/budgets',
    name: 'budgets',
    component: () => import('./views/BudgetsPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Budget' },
  },
];

export default routes;
