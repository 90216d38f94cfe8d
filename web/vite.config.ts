import { fileURLToPath } from 'node:url';
import vue from '@vitejs/plugin-vue';
import { constants } from 'node:zlib';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The API serves /graphql, /auth/graphql (refreshSession and logout: the refresh cookie's Path is
// /auth), /attachments and /exports (signed download links) and /healthz; in development Vite
// proxies them so the app is same-origin exactly as in production (no CORS, and the refresh cookie
// works the same way).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT || 4000}`;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    vue(),
    // x.js.br and x.js.gz beside each text asset over 1 KB, at the strongest settings (built once,
    // served many times): the API (api/src/server/app.ts) and nginx (gzip_static) send them to
    // browsers that accept them. Source maps are left out (hidden, rarely fetched).
    compression({
      include: /\.(js|css|html|svg|json|txt|ttf|eot)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('gzip', { level: 9 }),
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      ],
    }),
  ],
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
      // A generated document's own link (two ids); /documents itself is the Documents page.
      '^/documents/[0-9a-fA-F-]{36}/': { target: apiTarget, changeOrigin: false },
      '/published-documents/': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: what each route loads (scripts/bundle-size.mjs, the size budget test).
    manifest: true,
    // Maps for error reports, without advertising them to every browser.
    sourcemap: 'hidden',
    rolldownOptions: {
      // A feature's index.ts only re-exports what other features may use: a page that takes one
      // thing from it must not load the rest (its components, their styles, its documents).
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false },
        ],
      },
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
