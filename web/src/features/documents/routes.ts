import type { RouteRecordRaw } from 'vue-router';

// Every member reads and downloads the association's generated documents (viewers too); each is
// generated from its own page (the board packet from its report).
const routes: RouteRecordRaw[] = [
  {
    path: '/documents',
    name: 'documents',
    component: () => import('./views/DocumentsPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Documents' },
  },
];

export default routes;
