// `npm run lint`: ESLint (house rules in eslint/), Prettier, the web app's GraphQL documents
// against the schema, and the type checks of the API and the web app. Each check is one
// single-threaded process, so they run side by side (two cores do two at once); a check's output
// is printed when it fails, and every check's time at the end.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => `node_modules/.bin/${name}`;

const CHECKS = [
  { name: 'eslint', cmd: bin('eslint'), args: ['--max-warnings', '0', '.'] },
  { name: 'prettier', cmd: bin('prettier'), args: ['--check', '--log-level', 'warn', '.'] },
  { name: 'graphql documents', cmd: 'npm', args: ['run', '--silent', 'lint:graphql', '-w', 'web'] },
  { name: 'types (shared)', cmd: bin('tsc'), args: ['-p', 'shared/tsconfig.json', '--noEmit'] },
  { name: 'types (api)', cmd: bin('tsc'), args: ['-p', 'api/tsconfig.check.json'] },
  { name: 'types (web)', cmd: bin('vue-tsc'), args: ['-p', 'web/tsconfig.json', '--noEmit'] },
];

function check({ name, cmd, args }) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (err) => resolve({ name, ok: false, output: String(err), t0 }));
    child.on('close', (code) => resolve({ name, ok: code === 0, output, t0 }));
  }).then((r) => {
    const seconds = (Date.now() - t0) / 1000;
    if (!r.ok) console.error(`\n${name} failed:\n${r.output.trim()}\n`);
    return { ...r, seconds };
  });
}

const results = await Promise.all(CHECKS.map(check));
for (const r of results) {
  console.log(
    `  ${r.name.padEnd(20)}${r.seconds.toFixed(1).padStart(6)} s  ${r.ok ? 'ok' : 'FAILED'}`,
  );
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
