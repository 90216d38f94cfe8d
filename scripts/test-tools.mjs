// The programs the test suite drives besides Node: Debian's Chromium (the browser journeys),
// hledger (the independent check of our books), pdftoppm (a printed report read as an image),
// nginx (the production web server's config), PgBouncer (the production connection pooler's
// config), Redis (the shared rate limits) and Debian's PostgreSQL (its pg_dump, pg_restore and psql
// with a server of their own version: the backup scripts' round trip).
// Run before `npm test` and by CI. Missing ones are installed from Debian's packages where this
// process can (root, apt-get); otherwise it stops at once with one line saying what to install,
// rather than letting a dozen test files fail one by one.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';

const onPath = (cmd) =>
  spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

const TOOLS = [
  {
    name: 'Chromium',
    packages: ['chromium', 'fonts-dejavu-core'],
    present: () => existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
  },
  { name: 'hledger', packages: ['hledger'], present: () => onPath('hledger') },
  { name: 'pdftoppm', packages: ['poppler-utils'], present: () => onPath('pdftoppm') },
  {
    name: 'nginx',
    packages: ['nginx'],
    present: () => onPath('nginx') || existsSync('/usr/sbin/nginx'),
    // The tests run the nginx binary themselves; the package's service must not start.
    quietService: true,
  },
  {
    name: 'PgBouncer',
    packages: ['pgbouncer'],
    present: () => existsSync('/usr/sbin/pgbouncer'),
    quietService: true,
  },
  {
    name: 'Redis',
    packages: ['redis-server'],
    present: () => onPath('redis-server'),
    quietService: true,
  },
  {
    name: 'PostgreSQL',
    packages: ['postgresql'],
    present: () =>
      existsSync('/usr/lib/postgresql') &&
      readdirSync('/usr/lib/postgresql').some((v) =>
        ['postgres', 'pg_dump', 'pg_restore', 'psql'].every((p) =>
          existsSync(`/usr/lib/postgresql/${v}/bin/${p}`),
        ),
      ),
    quietService: true,
  },
];

const missing = TOOLS.filter((t) => !t.present());
if (missing.length === 0) process.exit(0);

const names = missing.map((t) => t.name).join(', ');
const packages = missing.flatMap((t) => t.packages);
const command = `apt-get install -y --no-install-recommends ${packages.join(' ')}`;
const isRoot = process.getuid?.() === 0;

if (!isRoot || !onPath('apt-get')) {
  console.error(
    `The tests need ${names}, which this machine lacks: install ${isRoot ? '' : 'with sudo '}\`${command}\` (Debian/Ubuntu), then run npm test again.`,
  );
  process.exit(1);
}

console.error(`Installing what the tests need from Debian: ${packages.join(' ')}`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const run = (args) => spawnSync('apt-get', args, { env, stdio: ['ignore', 'ignore', 'inherit'] });

// policy-rc.d answering 101 keeps a package's service from starting (only if none is set).
const policy = '/usr/sbin/policy-rc.d';
const ownPolicy = missing.some((t) => t.quietService) && !existsSync(policy);
if (ownPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
try {
  const ok =
    run(['update', '-qq']).status === 0 &&
    run(['install', '-y', '-qq', '--no-install-recommends', ...packages]).status === 0;
  const still = missing.filter((t) => !t.present());
  if (!ok || still.length) {
    console.error(
      `Could not install ${still.map((t) => t.name).join(', ') || names}: run \`${command}\` and look at what apt says.`,
    );
    process.exit(1);
  }
} finally {
  if (ownPolicy) rmSync(policy, { force: true });
}
