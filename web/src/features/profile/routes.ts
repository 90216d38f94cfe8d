import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/profile',
    name: 'profile',
    component: () => import('./views/ProfilePage.vue'),
    // Every signed-in person has one, with or without an association (platform administrators).
    meta: { requiresAuth: true, title: 'Profile' },
  },
];

export default routes;
