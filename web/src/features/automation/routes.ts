import type { RouteRecordRaw } from 'vue-router';

// Every member reads the schedule and what ran; the page disables its controls for viewers.
const routes: RouteRecordRaw[] = [
  {
    path: '/automation',
    name: 'automation',
    component: () => import('./views/AutomationPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Automation' },
  },
];

export default routes;
