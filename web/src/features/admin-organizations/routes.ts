import type { RouteRecordRaw } from 'vue-router';

// The admin panel's Organizations tab: the list and one organization (super admins only).
const routes: RouteRecordRaw[] = [
  {
    path: '/admin/organizations',
    name: 'admin-organizations',
    component: () => import('./views/AdminOrganizationsPage.vue'),
    meta: { requiresAuth: true, superAdmin: true, title: 'Organizations' },
  },
  {
    path: '/admin/organizations/:id',
    name: 'admin-organization',
    component: () => import('./views/AdminOrganizationPage.vue'),
    meta: {
      requiresAuth: true,
      superAdmin: true,
      title: 'Organization',
      adminTab: 'admin-organizations',
    },
  },
];

export default routes;
