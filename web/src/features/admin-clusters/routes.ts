import type { RouteRecordRaw } from 'vue-router';

// The admin panel's Clusters tab: database clusters and fleet migrations (super admins only).
const routes: RouteRecordRaw[] = [
  {
    path: '/admin/clusters',
    name: 'admin-clusters',
    component: () => import('./views/AdminClustersPage.vue'),
    meta: { requiresAuth: true, superAdmin: true, title: 'Clusters' },
  },
];

export default routes;
