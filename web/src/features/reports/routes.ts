import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/reports/trial-balance',
    name: 'trial-balance',
    component: () => import('./views/TrialBalancePage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Trial Balance' },
  },
  {
    path: '/reports/budget-vs-actual',
    name: 'budget-vs-actual',
    // ApexCharts loads with this page only (it is large).
    component: () => import('./views/BudgetVsActualPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Budget vs Actual' },
  },
  {
    path: '/reports/aging',
    name: 'aging',
    component: () => import('./views/AgingReportPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Aging' },
  },
];

export default routes;
