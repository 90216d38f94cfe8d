import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/admin/health',
    name: 'admin-health',
    component: () => import('./views/TenantHealthPage.vue'),
    meta: { requiresAuth: true, superAdmin: true, title: 'Tenant Health' },
  },
];

export default routes;
