import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/ideas',
    name: 'ideas',
    component: () => import('./views/IdeasPage.vue'),
    // Only where the organization's settings turn ideation on (the guard reads meta.ideation).
    meta: { requiresAuth: true, requiresOrganization: true, ideation: true, title: 'Ideas' },
  },
  {
    path: '/admin/ideas',
    name: 'admin-ideas',
    component: () => import('./views/AdminIdeasPage.vue'),
    meta: { requiresAuth: true, superAdmin: true, title: 'Idea Submissions' },
  },
];

export default routes;
