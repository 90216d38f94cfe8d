import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/actuals',
    name: 'monthly-actuals',
    component: () => import('./views/MonthlyActualsPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Monthly Actuals' },
  },
];

export default routes;
