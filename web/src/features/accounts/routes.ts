import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/accounts',
    name: 'accounts',
    component: () => import('./views/AccountsPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Accounts' },
  },
];

export default routes;
