// npm run dev: the API from sources (restarts on change) and Vite with hot reload, side by side.
// Open http://localhost:5173; Vite proxies /graphql and /healthz to the API on :4000.
import { spawn } from 'node:child_process';

const procs = [
  spawn(
    process.execPath,
    [
      '--watch-path=api/src',
      '--watch-path=shared/src',
      // @covenant/shared from its TypeScript sources, as Vite and the tests read it.
      '--conditions=development',
      '--import',
      '@swc-node/register/esm-register',
      'api/src/main.ts',
    ],
    { stdio: 'inherit', env: { ...process.env, SWC_NODE_PROJECT: 'api/tsconfig.json' } },
  ),
  spawn('npm', ['run', 'dev', '-w', 'web'], { stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs) p.on('exit', stop);
