import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/vendors',
    name: 'vendors',
    component: () => import('./views/VendorsPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Vendors' },
  },
];

export default routes;
