import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The repository root, found from this file whether it runs from api/src or from api/dist.
function findRoot(): { dir: string; version: string } {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'covenant' && pkg.version) return { dir, version: pkg.version };
    }
    dir = dirname(dir);
  }
  throw new Error('Repository root (package.json of "covenant") not found');
}

const root = findRoot();
export const REPO_ROOT = root.dir;
// The app version is date-based (CalVer) and lives in the root package.json.
export const APP_VERSION = root.version;
