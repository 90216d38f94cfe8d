import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/admin',
    name: 'platform-home',
    component: () => import('./views/PlatformHomePage.vue'),
    meta: { requiresAuth: true, superAdmin: true, title: 'Platform administration' },
  },
];

export default routes;
