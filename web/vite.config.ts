import { fileURLToPath } from 'node:url';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

// The API serves /graphql, /auth/graphql (refreshSession and logout: the refresh cookie's Path is
// /auth), /attachments and /exports (signed download links) and /healthz; in development Vite
// proxies them so the app is same-origin exactly as in production (no CORS, and the refresh cookie
// works the same way).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT || 4000}`;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [vue()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: Number(process.env.WEB_PORT || 5173),
    strictPort: true,
    proxy: {
      '/graphql': { target: apiTarget, changeOrigin: false },
      '/auth/': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
      '/attachments/': { target: apiTarget, changeOrigin: false },
      '/exports/': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for error reports, without advertising them to every browser.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // PrimeVue is left to per-route splitting so the login page doesn't load DataTable.
        codeSplitting: {
          groups: [
            { name: 'vendor-vue', test: /node_modules[\\/](@vue|vue|vue-router|pinia)[\\/]/ },
            {
              name: 'vendor-apollo',
              test: /node_modules[\\/](@apollo|graphql|graphql-tag|@wry|optimism|zen-observable|ts-invariant)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
