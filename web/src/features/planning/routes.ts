import type { RouteRecordRaw } from 'vue-router';

// `nav` names the sidebar entry (its route name) both pages highlight.
const routes: RouteRecordRaw[] = [
  {
    path: '/planning',
    name: 'ai-planning',
    component: () => import('./views/AiPlanningPage.vue'),
    meta: {
      requiresAuth: true,
      requiresOrganization: true,
      title: 'AI Investment Planning',
      nav: 'ai-planning',
    },
  },
  {
    path: '/planning/log',
    name: 'recommendation-log',
    component: () => import('./views/RecommendationLogPage.vue'),
    meta: {
      requiresAuth: true,
      requiresOrganization: true,
      title: 'Recommendation Log',
      nav: 'ai-planning',
    },
  },
];

export default routes;
