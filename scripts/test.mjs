// `npm test`: the whole suite in three stages — the API's tests, the web app's component tests and
// the browser journeys — each a vitest run of its own project, then how long each stage took and
// the slowest test files, so a slow file is seen the day it becomes slow.
//
// `npm test -- <vitest arguments>` (a file, a folder, `--project api`) runs vitest with them
// instead, in one go.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ??
  1;

const args = process.argv.slice(2);
if (run(process.execPath, [join(root, 'scripts/test-tools.mjs')]) !== 0) process.exit(1);

// The journeys serve the built web app (its asset listing is not printed), and the deploy files'
// test runs the built API (api/dist) as the image does. The two builds run side by side.
const build = (name, args) =>
  new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn('npm', ['run', 'build', '-w', name, '--silent', ...args], {
      cwd: root,
      stdio: 'inherit',
    });
    child.on('error', () => resolve({ name, status: 1, seconds: 0 }));
    child.on('close', (status) => resolve({ name, status, seconds: (Date.now() - t0) / 1000 }));
  });
const started = Date.now();
const builds = await Promise.all([build('web', ['--', '--logLevel', 'warn']), build('api', [])]);
if (builds.some((b) => b.status !== 0)) process.exit(1);
const buildSeconds = (Date.now() - started) / 1000;

if (args.length > 0) process.exit(run(process.execPath, [vitest, 'run', ...args]));

// Workers per stage on this project's reference machine (2 cores): the API's files mostly wait
// on PostgreSQL, so three share two cores well; component tests are all CPU; journeys run two
// at a time. TEST_WORKERS_<STAGE> overrides one (e.g. TEST_WORKERS_E2E=1).
const STAGES = [
  { name: 'API', projects: ['api'], workers: 3 },
  { name: 'web components', projects: ['web', 'web-isolated'], workers: 2 },
  { name: 'browser journeys', projects: ['e2e'], workers: 2 },
];

const out = join(root, 'test-results/timings');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const results = [];
for (const stage of STAGES) {
  const [key] = stage.projects;
  const workers = process.env[`TEST_WORKERS_${key.toUpperCase()}`] ?? stage.workers;
  const file = join(out, `${key}.json`);
  const t0 = Date.now();
  const status = run(process.execPath, [
    vitest,
    'run',
    ...stage.projects.flatMap((p) => ['--project', p]),
    `--maxWorkers=${workers}`,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  results.push({ ...stage, status, seconds: (Date.now() - t0) / 1000, file });
}

const files = results.flatMap((r) => {
  if (!existsSync(r.file)) return [];
  const report = JSON.parse(readFileSync(r.file, 'utf8'));
  return report.testResults.map((t) => ({
    name: relative(root, t.name),
    seconds: (t.endTime - t.startTime) / 1000,
    tests: t.assertionResults.length,
  }));
});

const pad = (s, n) => String(s).padEnd(n);
const secs = (s) => `${s.toFixed(1).padStart(7)} s`;
console.log('\nStages');
console.log(`  ${pad('builds', 18)}${secs(buildSeconds)}`);
for (const b of builds) console.log(`    ${pad(`${b.name} build`, 16)}${secs(b.seconds)}`);
for (const r of results) {
  console.log(`  ${pad(r.name, 18)}${secs(r.seconds)}${r.status === 0 ? '' : '  FAILED'}`);
}
console.log('\nSlowest test files');
for (const f of files.sort((a, b) => b.seconds - a.seconds).slice(0, 15)) {
  console.log(`  ${secs(f.seconds)}  ${f.name} (${f.tests} tests)`);
}
console.log('');
process.exit(results.every((r) => r.status === 0) ? 0 : 1);
