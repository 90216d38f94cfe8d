import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { MODULE_TIERS, PLATFORM_TIERS } from '../../eslint/api-layers.js';
import noCycles from '../../eslint/no-cycles.js';
import { REPO_ROOT } from './paths.js';

// The house rules of eslint/ fail where they should: an import cycle, a platform feature reaching
// into another's inner files, a feature using one of its own tier or a later one. And the tiers the
// rules keep are the ones docs/architecture.md shows a newcomer.

const errorsOf = (results: ESLint.LintResult[], ruleId: string) =>
  results.flatMap((r) => r.messages).filter((m) => m.ruleId === ruleId && m.severity === 2);

describe('the cycle rule (eslint/no-cycles.js)', () => {
  // A throwaway project shaped like the API (api/src/…), outside the repository, so that no
  // other lint run ever sees its files.
  const dir = mkdtempSync(join(tmpdir(), 'covenant-lint-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
  };
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
      ...(noCycles as unknown as Linter.Config[]),
    ],
  });

  it('fails on two files that import each other, and on a longer loop', async () => {
    write({
      'api/src/modules/ring/a.ts': "import { b } from './b.js';\nexport const a = () => b();\n",
      'api/src/modules/ring/b.ts': "import { a } from './a.js';\nexport const b = () => a();\n",
      'api/src/modules/loop/one.ts': "import { two } from './two.js';\nexport const one = two;\n",
      'api/src/modules/loop/two.ts': "export { three as two } from './three.js';\n",
      'api/src/modules/loop/three.ts':
        "import { one } from './one.js';\nexport const three = one;\n",
    });
    const ring = await eslint.lintFiles(['api/src/modules/ring/a.ts', 'api/src/modules/ring/b.ts']);
    expect(errorsOf(ring, 'import-x/no-cycle')).toHaveLength(2);
    const loop = await eslint.lintFiles(['api/src/modules/loop/one.ts']);
    expect(errorsOf(loop, 'import-x/no-cycle')).toHaveLength(1);
  });

  it('fails on a loop in the web app too', async () => {
    write({
      'web/src/features/ring/a.ts': "import { b } from './b';\nexport const a = () => b();\n",
      'web/src/features/ring/b.ts': "import { a } from './a';\nexport const b = () => a();\n",
    });
    const ring = await eslint.lintFiles([
      'web/src/features/ring/a.ts',
      'web/src/features/ring/b.ts',
    ]);
    expect(errorsOf(ring, 'import-x/no-cycle')).toHaveLength(2);
  });

  it('lets a type name its neighbour (type-only imports are erased)', async () => {
    write({
      'api/src/modules/types/a.ts':
        "import type { B } from './b.js';\nexport interface A { b?: B }\nexport const a = 1;\n",
      'api/src/modules/types/b.ts':
        "import { a } from './a.js';\nexport interface B { a: typeof a }\nexport const b = a;\n",
    });
    const results = await eslint.lintFiles([
      'api/src/modules/types/a.ts',
      'api/src/modules/types/b.ts',
    ]);
    expect(results.flatMap((r) => r.messages)).toEqual([]);
  });
});

describe('the layer rules (eslint/api-layers.js)', () => {
  const eslint = new ESLint({ cwd: REPO_ROOT });
  const lint = async (path: string, code: string) =>
    errorsOf(
      await eslint.lintText(code, { filePath: join(REPO_ROOT, path) }),
      'boundaries/dependencies',
    );
  const use = (from: string, name: string) =>
    `import { ${name} } from '${from}';\nexport const x = ${name};\n`;

  it('a platform feature reaches another only through its index.ts', async () => {
    const file = 'api/src/platform/admin/lint-fixture.ts';
    expect(await lint(file, use('../users/users.entity.js', 'User'))).toHaveLength(1);
    expect(
      await lint(file, use('../users/memberships.directory.js', 'ACCESS_CACHE_TTL_MS')),
    ).toHaveLength(1);
    expect(await lint(file, use('../users/index.js', 'User'))).toEqual([]);
  });

  it('a feature uses only features of earlier tiers', async () => {
    // admin is below sessions, and users below admin.
    expect(
      await lint(
        'api/src/platform/admin/lint-fixture.ts',
        use('../sessions/index.js', 'startSession'),
      ),
    ).toHaveLength(1);
    expect(
      await lint('api/src/platform/users/lint-fixture.ts', use('../admin/index.js', 'recordAudit')),
    ).toHaveLength(1);
    // accounts is below the journal; the journal uses accounts.
    expect(
      await lint(
        'api/src/modules/accounts/lint-fixture.ts',
        use('../journal/index.js', 'postJournalEntry'),
      ),
    ).toHaveLength(1);
    expect(
      await lint('api/src/modules/journal/lint-fixture.ts', use('../accounts/index.js', 'Account')),
    ).toEqual([]);
    // Two features of one tier may not use each other either.
    expect(
      await lint('api/src/modules/vendors/lint-fixture.ts', use('../budgets/index.js', 'Budget')),
    ).toHaveLength(1);
  });
});

describe('the tiers', () => {
  const features = (folder: string) =>
    readdirSync(join(REPO_ROOT, 'api/src', folder), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();

  it('place every feature once, and every feature has an index.ts', () => {
    for (const [folder, tiers] of [
      ['modules', MODULE_TIERS],
      ['platform', PLATFORM_TIERS],
    ] as const) {
      expect([...tiers.flat()].sort(), folder).toEqual(features(folder));
      for (const name of features(folder)) {
        expect(
          readdirSync(join(REPO_ROOT, 'api/src', folder, name)),
          `${folder}/${name}`,
        ).toContain('index.ts');
      }
    }
  });

  it('are the ones docs/architecture.md lists', () => {
    const doc = readFileSync(join(REPO_ROOT, 'docs/architecture.md'), 'utf8');
    // "Modules (api/src/modules), lowest tier first" then "  1  audit", "  3  vendors · budgets"…
    // A tier's line: its number, its features joined by " · ", then (two spaces on) what it is.
    const tierOf = (line: string) =>
      line
        .trim()
        .replace(/^\d+\s+/, '')
        .split(/\s{2,}/)[0]
        .split(' · ');
    const listed = (heading: string) => {
      expect(doc).toContain(heading);
      const lines = doc.slice(doc.indexOf(heading)).split('\n').slice(1);
      return lines
        .slice(
          0,
          lines.findIndex((l) => !/^\s*\d+\s/.test(l)),
        )
        .map(tierOf);
    };
    expect(listed('Modules (api/src/modules), lowest tier first')).toEqual(MODULE_TIERS);
    expect(listed('Platform features (api/src/platform), lowest tier first')).toEqual(
      PLATFORM_TIERS,
    );
  });
});
