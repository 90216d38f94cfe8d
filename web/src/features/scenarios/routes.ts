import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/planning/scenarios',
    name: 'scenarios',
    // ECharts loads with this page only, inside its chart component.
    component: () => import('./views/ScenariosPage.vue'),
    meta: {
      requiresAuth: true,
      requiresOrganization: true,
      title: 'What-if Scenarios',
      nav: 'planning',
    },
  },
];

export default routes;
