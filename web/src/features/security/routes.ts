import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/security',
    name: 'security',
    component: () => import('./views/SecurityPage.vue'),
    // Everyone signed in, with or without an association: their own sign-in methods.
    meta: { requiresAuth: true, title: 'Security' },
  },
];

export default routes;
