import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/units',
    name: 'units',
    component: () => import('./views/UnitsPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Units' },
  },
  {
    path: '/units/:id',
    name: 'unit',
    component: () => import('./views/UnitPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Unit', nav: 'units' },
  },
];

export default routes;
