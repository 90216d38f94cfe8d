import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/members',
    name: 'members',
    component: () => import('./views/MembersPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, roles: ['ADMIN'], title: 'Members' },
  },
];

export default routes;
