// The GraphQL documents against schema.graphql; run by `npm run lint` (root) as `npm run lint -w web`.
//  1. src/graphql-env.d.ts, generated from schema.graphql, must be current: it is regenerated to a
//     temp file and compared. Fix with `npm run codegen -w web` (the root `npm run schema` runs it).
//  2. `gql.tada check` (with @gql.tada/vue-support for .vue files): every graphql() document must
//     validate against schema.graphql.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import prettier from 'prettier';

const require = createRequire(import.meta.url);
const webDir = path.resolve(import.meta.dirname, '..');
const srcDir = path.join(webDir, 'src');
const generated = path.join(srcDir, 'graphql-env.d.ts');
const tadaPackage = path.dirname(require.resolve('gql.tada/package.json'));
const tadaCli = path.join(tadaPackage, 'bin/cli.js');

function gqlTada(args, cwd) {
  const result = spawnSync(process.execPath, [tadaCli, ...args], { cwd, encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}

function fail(message) {
  console.error(message);
  process.exitCode = 1;
}

async function checkGeneratedFile(tmp) {
  const fresh = path.join(tmp, 'graphql-env.d.ts');
  const run = gqlTada(['generate', 'output', '--output', fresh], webDir);
  if (!run.ok) return fail(`gql.tada generate output failed:\n${run.output}`);
  // `npm run codegen` formats the file; compare formatted with formatted.
  const options = { ...(await prettier.resolveConfig(generated)), filepath: generated };
  const expected = await prettier.format(fs.readFileSync(fresh, 'utf8'), options);
  const actual = fs.existsSync(generated) ? fs.readFileSync(generated, 'utf8') : '';
  if (actual !== expected) {
    fail('web/src/graphql-env.d.ts is stale against schema.graphql: run `npm run codegen -w web`.');
  }
}

// Every graphql() document, in .ts and .vue files alike, must validate against schema.graphql.
function checkDocuments() {
  const run = gqlTada(['check', '--fail-on-warn'], webDir);
  if (!run.ok) fail(`gql.tada check failed:\n${run.output}`);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'covenant-graphql-'));
try {
  await checkGeneratedFile(tmp);
  checkDocuments();
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
if (!process.exitCode) console.log('GraphQL documents match schema.graphql.');
