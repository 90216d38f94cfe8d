import { DefaultApolloClient } from '@vue/apollo-composable';
import { createPinia } from 'pinia';
import PrimeVue from 'primevue/config';
import ToastService from 'primevue/toastservice';
import Tooltip from 'primevue/tooltip';
import { createApp } from 'vue';
import { createWebHistory } from 'vue-router';
import 'primeicons/primeicons.css';
import './theme/app.css';
import App from './App.vue';
import { createApolloClient, setApolloClient } from './apollo/client';
import { SHELL_EXTENSIONS } from './layouts/shell';
import { createAppRouter } from './router';
import { sessionHooks } from './session';
import { shellExtensions } from './shell-extensions';
import { CovenantPreset } from './theme/preset';

const pinia = createPinia();
const router = createAppRouter(createWebHistory(), pinia);

const apollo = createApolloClient(sessionHooks(pinia, () => router));
setApolloClient(apollo);

const app = createApp(App);
app.use(pinia);
app.use(router);
app.use(PrimeVue, {
  theme: {
    preset: CovenantPreset,
    options: {
      // Light only for now; a dark scheme would need the same care for figures and fund colors.
      darkModeSelector: '.cv-dark',
      cssLayer: { name: 'primevue', order: 'reset, primevue' },
    },
  },
});
app.use(ToastService);
app.directive('tooltip', Tooltip);
app.provide(DefaultApolloClient, apollo);
app.provide(SHELL_EXTENSIONS, shellExtensions);

// Mount after the first navigation, whose guard first resumes the session from the refresh
// cookie, so the right layout renders from the first frame (and mount anyway if that navigation
// failed, rather than leave a blank page).
void router
  .isReady()
  .catch((error: unknown) => console.error('Initial navigation failed', error))
  .then(() => app.mount('#app'));
