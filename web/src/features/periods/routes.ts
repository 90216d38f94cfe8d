import type { RouteRecordRaw } from 'vue-router';

// Every member sees which months are closed; admins close and reopen (the API says so too).
const routes: RouteRecordRaw[] = [
  {
    path: '/close',
    name: 'periods',
    component: () => import('./views/PeriodsPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Close the Books' },
  },
];

export default routes;
