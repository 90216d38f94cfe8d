import { createRouter, createWebHistory } from 'vue-router';
import type { Pinia } from 'pinia';
import type { RouteRecordRaw, RouterHistory } from 'vue-router';
import { installGuards } from './guards';
import './meta';

// Each feature owns its routes (features/<feature>/routes.ts, default export RouteRecordRaw[]);
// the router only merges them and adds the app-wide ones.
const featureModules = import.meta.glob<{ default: RouteRecordRaw[] }>('../features/*/routes.ts', {
  eager: true,
});

export const featureRoutes: RouteRecordRaw[] = Object.keys(featureModules)
  .sort()
  .flatMap((path) => featureModules[path]?.default ?? []);

export const routes: RouteRecordRaw[] = [
  // `/` is never shown: the guard sends a signed-in person to where they start (landing.ts
  // signedInLocation), a guest to the login page.
  { path: '/', name: 'home', component: { render: () => null }, meta: { requiresAuth: true } },
  ...featureRoutes,
  { path: '/:pathMatch(.*)*', redirect: '/' },
];

export function createAppRouter(history: RouterHistory = createWebHistory(), pinia?: Pinia) {
  const router = createRouter({ history, routes });
  installGuards(router, pinia);
  return router;
}
