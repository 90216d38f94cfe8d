import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/forecast',
    name: 'cash-forecast',
    // ECharts loads with this page only, inside its chart component.
    component: () => import('./views/CashForecastPage.vue'),
    // Reached from the Reports page until the planning section is built (issue #17).
    meta: {
      requiresAuth: true,
      requiresOrganization: true,
      title: 'Cash Forecast',
      nav: 'reports',
    },
  },
];

export default routes;
