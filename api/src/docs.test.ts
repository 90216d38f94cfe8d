import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_VERSION, REPO_ROOT } from './paths.js';
import { DEMO_PROFILES } from './platform/onboarding/demo-seed.service.js';
import { loadConfig } from './config.js';

// The README is a newcomer's page and says only what holds: it stays short, every command it shows
// names a script that exists (with the files that script runs and the arguments it is given), its
// sample banner is the one the server prints, the Debian programs it names are the ones the tests
// install, and every relative link of the README, the changelog and docs/ leads somewhere. What
// the commands do is tested where they live (migrations.test.ts runs `migrate` with its flags,
// ledger-check and demo-reset have their services' tests, npm-start.test.ts the start's build
// decision, .ci/run runs install, lint and test); this file keeps the pages pointing at them.

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');
const README = read('README.md');
const PACKAGE = JSON.parse(read('package.json')) as { version: string; scripts: Scripts };
type Scripts = Record<string, string>;

const DOCS = [
  'README.md',
  'CHANGELOG.md',
  ...readdirSync(join(REPO_ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

// The text outside fenced blocks, and the fenced blocks' own text, of a Markdown page.
function split(markdown: string): { prose: string; fences: string[] } {
  const fences: string[] = [];
  const prose = markdown.replace(/^```[^\n]*\n([\s\S]*?)^```$/gm, (_, body: string) => {
    fences.push(body);
    return '';
  });
  return { prose, fences };
}

// GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens.
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchors(markdown: string): Set<string> {
  return new Set([...split(markdown).prose.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)));
}

interface NpmCommand {
  file: string;
  text: string;
  script: string;
  args: string[];
}

// Every `npm <command>` a page shows, in code spans and in its shell blocks.
function npmCommands(file: string): NpmCommand[] {
  const { prose, fences } = split(read(file));
  const code = [...[...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!), ...fences];
  const found: NpmCommand[] = [];
  for (const text of code) {
    for (const m of text.matchAll(
      /\bnpm (run ([\w:-]+)|install|start|test|ci)((?: -- [^`|#\n]*)?)/g,
    )) {
      const script = m[2] ?? m[1]!;
      const args = (m[3] ?? '').replace(/^ -- /, '').split(/\s+/).filter(Boolean);
      found.push({ file, text: m[0].trim(), script, args });
    }
  }
  return found;
}

const BUILT_IN = new Set(['install', 'ci']);

// The files a package.json script runs (node <file>, npm run <script> [-w workspace]), as sources.
function scriptProblems(scripts: Scripts, name: string, where: string): string[] {
  const body = scripts[name];
  if (body === undefined) return [`${where}: no script "${name}"`];
  const problems: string[] = [];
  for (const m of body.matchAll(/\bnode (?:--[\w-]+ \S+ )*([\w./-]+\.m?js)/g)) {
    // The built API runs from api/dist; its source is the TypeScript file.
    const file = m[1]!.replace(/^api\/dist\/api\/src\/(.*)\.js$/, 'api/src/$1.ts');
    if (!existsSync(join(REPO_ROOT, file))) problems.push(`${where}: "${name}" runs ${file}`);
  }
  for (const m of body.matchAll(/\bnpm run ([\w:-]+)(?: -w (\w+))?/g)) {
    const nested = m[2]
      ? (JSON.parse(read(`${m[2]}/package.json`)) as { scripts: Scripts }).scripts
      : scripts;
    if (nested[m[1]!] === undefined) problems.push(`${where}: "${name}" runs a missing ${m[0]}`);
  }
  return problems;
}

// Where the arguments a page passes after `--` are read: the script's entry file, and for the
// demo reset the demo profiles' keys.
function argumentProblems(c: NpmCommand): string[] {
  const entry = /\bnode (?:--[\w-]+ \S+ )*([\w./-]+\.m?js)/.exec(PACKAGE.scripts[c.script] ?? '');
  if (!entry) return c.args.length ? [`${c.file}: ${c.text} passes arguments to no file`] : [];
  const source = read(entry[1]!.replace(/^api\/dist\/api\/src\/(.*)\.js$/, 'api/src/$1.ts'));
  const known = new Set(c.script === 'demo:reset' ? DEMO_PROFILES.map((p) => p.key) : []);
  return c.args
    .filter((a) => !/^[<…]/.test(a)) // a placeholder: <organization id>
    .map((a) => a.replace(/^--/, ''))
    .filter((a) => !known.has(a) && !source.includes(`'${a}'`) && !source.includes(`${a}:`))
    .map((a) => `${c.file}: ${c.text}: "${a}" is not read by ${entry[1]}`);
}

describe('README.md', () => {
  it('is a newcomer’s page: at most 150 lines', () => {
    expect(README.trimEnd().split('\n').length).toBeLessThanOrEqual(150);
  });

  it('shows the two commands and the scripts, each one that exists with the files it runs', () => {
    const commands = npmCommands('README.md');
    const named = new Set(commands.map((c) => c.script));
    for (const must of ['install', 'start', 'test', 'demo:reset', 'ledger:check', 'migrate']) {
      expect(named, must).toContain(must);
    }
    const problems = commands
      .filter((c) => !BUILT_IN.has(c.script))
      .flatMap((c) => [
        ...scriptProblems(PACKAGE.scripts, c.script, c.file),
        ...argumentProblems(c),
      ]);
    expect(problems).toEqual([]);
  });

  it('shows the banner the server prints', () => {
    const main = read('api/src/main.ts');
    const seed = read('api/src/platform/onboarding/demo-seed.service.ts');
    const banner = split(README).fences.find((f) => f.includes(' is running at '));
    expect(banner, 'a sample of the start banner').toBeDefined();
    const lines = banner!.trimEnd().split('\n');
    const rule = '─'.repeat(64);
    expect(main).toContain("'─'.repeat(64)");
    expect(lines[0]).toBe(rule);
    expect(lines.at(-1)).toBe(rule);
    // main.ts: ` Covenant ${APP_VERSION} is running at ${app.url}`
    expect(main).toContain(' Covenant ${APP_VERSION} is running at ${app.url}');
    expect(lines[1]).toBe(` Covenant ${APP_VERSION} is running at http://localhost:4000`);
    const first = ' First start: these sign-ins were created. Passwords are shown once; keep them:';
    expect(main).toContain(first);
    expect(lines).toContain(first);
    // Each sign-in as main.ts prints it: the role (and organization), the email, the password.
    expect(main).toContain(
      '`  ${c.role}${org}\\n    email:    ${c.email}\\n    password: ${c.password}\\n`',
    );
    const owner = loadConfig({}).ownerEmail;
    const expected = [
      { role: 'Platform owner (super admin)', email: owner },
      ...DEMO_PROFILES.map((p) => ({ role: `Tenant admin — ${p.name}`, email: p.admin })),
    ];
    for (const { role, email } of expected) {
      expect(seed).toContain(`'${role.split(' — ')[0]}'`);
      const at = lines.indexOf(`  ${role}`);
      expect(at, role).toBeGreaterThan(0);
      expect(lines[at + 1]).toBe(`    email:    ${email}`);
      expect(lines[at + 2]).toMatch(/^ {4}password: \S+$/);
    }
    // Later starts, with the embedded PostgreSQL's default data directory.
    expect(main).toContain('Sign in with the passwords printed at the first start${over}.');
    expect(main).toContain('` (lost? stop, delete ${config.dataDir}/, start again)`');
    const later = ` Sign in with the passwords printed at the first start (lost? stop, delete ${loadConfig({}).dataDir}/, start again).`;
    expect(split(README).fences.some((f) => f.split('\n').includes(later))).toBe(true);
  });

  it('names every program the tests install', () => {
    const tools = [...read('scripts/test-tools.mjs').matchAll(/\bname: '([^']+)'/g)].map(
      (m) => m[1]!,
    );
    expect(tools.length).toBeGreaterThanOrEqual(5);
    expect(tools.filter((tool) => !README.includes(tool))).toEqual([]);
  });

  it('shows a picture of the dashboard at 1440x900, small enough for a page', () => {
    const file = join(REPO_ROOT, 'docs/images/dashboard.png');
    expect(README).toContain('](docs/images/dashboard.png)');
    const png = readFileSync(file);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1440, 900]);
    expect(statSync(file).size).toBeLessThan(300 * 1024);
  });
});

describe('docs/', () => {
  it('every relative link of the README, the changelog and docs/ leads to a file and heading', () => {
    const problems: string[] = [];
    for (const file of DOCS) {
      const { prose } = split(read(file));
      for (const m of prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)) {
        const target = m[1]!;
        if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const to = path ? resolve(dirname(join(REPO_ROOT, file)), path) : join(REPO_ROOT, file);
        const shown = relative(REPO_ROOT, to);
        if (!existsSync(to)) problems.push(`${file}: ${target} (no ${shown})`);
        else if (anchor && !anchors(readFileSync(to, 'utf8')).has(anchor)) {
          problems.push(`${file}: ${target} (no heading #${anchor} in ${shown})`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('every npm command the pages show names a script, with arguments the script reads', () => {
    const problems = DOCS.flatMap(npmCommands)
      .filter((c) => !BUILT_IN.has(c.script))
      .flatMap((c) => [
        ...scriptProblems(PACKAGE.scripts, c.script, c.file),
        ...argumentProblems(c),
      ]);
    expect(problems).toEqual([]);
  });

  it('configuration.md has a row for every variable config.ts reads', () => {
    const config = read('api/src/config.ts');
    const block = config.slice(config.indexOf('const schema = z.object({'));
    const variables = [
      ...block.slice(0, block.indexOf('\n});')).matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm),
    ].map((m) => m[1]!);
    expect(variables.length).toBeGreaterThan(50);
    const doc = read('docs/configuration.md');
    expect(variables.filter((v) => !doc.includes(`| \`${v}\``))).toEqual([]);
  });
});

describe('CHANGELOG.md', () => {
  const changelog = read('CHANGELOG.md');

  it('keeps an Unreleased section and dates each release as its version says', () => {
    expect(changelog).toMatch(/^## \[Unreleased\]$/m);
    const releases = [...changelog.matchAll(/^## \[([^\]]+)\] - (\d{4}-\d{2}-\d{2})$/gm)];
    expect(releases.map((r) => r[1])).toContain(APP_VERSION);
    for (const [, version, date] of releases) {
      const [y, m, d] = version!.split('.').map(Number);
      const pad = (n: number) => String(n).padStart(2, '0');
      expect(date, version).toBe(`${y}-${pad(m!)}-${pad(d!)}`);
    }
  });
});
