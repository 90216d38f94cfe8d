// Whether the built API and web app are those of the sources as they are now, so that `npm start`
// builds only when something it builds from changed (scripts/start.mjs).
// The fingerprint is every input file's path, size and modification time: cheap to take (no file
// is read), and any edit, added, deleted or renamed file (a git pull, a checkout) changes it.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// What `npm run build` reads. Tests are not built, so changing one does not rebuild; neither do
// docs. A new top-level folder the build reads must be added here.
export const INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'api/package.json',
  'api/tsconfig.json',
  'api/src',
  'platform-migrations',
  'tenant-migrations',
  'shared',
  'web/package.json',
  'web/tsconfig.json',
  'web/vite.config.ts',
  'web/index.html',
  'web/public',
  'web/src',
];

// What the build makes; the stamp sits beside the API's output, so deleting dist/ rebuilds too.
export const OUTPUTS = ['api/dist/api/src/main.js', 'web/dist/index.html'];
export const STAMP = 'api/dist/.build-stamp';

const notBuilt = /\.(test|e2e)\.[cm]?[jt]sx?$/;

export function fingerprint(root) {
  const lines = [];
  const walk = (rel) => {
    const st = statSync(join(root, rel), { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) {
      for (const name of readdirSync(join(root, rel)).sort()) {
        if (name === 'node_modules' || name === 'dist') continue;
        walk(`${rel}/${name}`);
      }
    } else if (!notBuilt.test(rel)) {
      lines.push(`${rel}\t${st.size}\t${st.mtimeMs}`);
    }
  };
  for (const input of INPUTS) walk(input);
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

// Why a build is needed ('first' or 'changed'), or null when the last build is current.
export function buildNeeded(root, print = fingerprint(root)) {
  if (!OUTPUTS.every((f) => existsSync(join(root, f)))) return 'first';
  const stamp = join(root, STAMP);
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== print) return 'changed';
  return null;
}

// Written after a successful build, with the fingerprint taken before it: a file edited while
// the build ran makes the next start build again.
export function writeStamp(root, print) {
  writeFileSync(join(root, STAMP), `${print}\n`);
}
