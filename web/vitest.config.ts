import { fileURLToPath } from 'node:url';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';

// Self-contained so the root vitest.config.ts can reference it as the `web` project.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [vue()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.ts'],
    restoreMocks: true,
    setupFiles: [fileURLToPath(new URL('./src/test/patient-waits.ts', import.meta.url))],
    unstubGlobals: true,
    // Pages mount whole feature trees; on a busy 2-core CI runner beside the API suite the first
    // mounts (cold module graph) can take several seconds.
    testTimeout: 20_000,
  },
});
