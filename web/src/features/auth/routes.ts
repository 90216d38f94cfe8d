import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/login',
    name: 'login',
    component: () => import('./views/LoginPage.vue'),
    meta: { guestOnly: true, layout: 'blank', title: 'Sign in' },
  },
  {
    path: '/no-organization',
    name: 'no-organization',
    component: () => import('./views/NoOrganizationPage.vue'),
    meta: { requiresAuth: true, layout: 'blank', title: 'No association' },
  },
];

export default routes;
