import type { RouteRecordRaw } from 'vue-router';

// Every member reads the year-end statements and downloads the CPA package; writers generate it
// (the API says so too).
const routes: RouteRecordRaw[] = [
  {
    path: '/year-end',
    name: 'year-end',
    component: () => import('./views/YearEndPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Year-end', nav: 'reports' },
  },
];

export default routes;
