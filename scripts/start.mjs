// npm start: build the API and the web app only when their sources changed since the last build
// (scripts/build-stamp.mjs), then run the API, which serves the web app. The build's own output
// (the asset listing, chunk-size notes) goes to .data/build.log and is shown only when it fails,
// so a start prints a line or two and then the banner. `npm run build` stays the one build
// (CI and the Docker image call it directly).
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildNeeded, fingerprint, STAMP, writeStamp } from './build-stamp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const log = resolve(root, process.env.DATA_DIR || '.data', 'build.log');
const shown = relative(process.cwd(), log);

const print = fingerprint(root);
const why = buildNeeded(root, print);
if (!why) {
  console.log('Covenant is built from the current sources; starting…');
} else {
  console.log(
    why === 'first'
      ? `Building Covenant (first start: a few minutes; the log is ${shown})…`
      : `Sources changed since the last build: building again (the log is ${shown})…`,
  );
  const started = Date.now();
  rmSync(join(root, STAMP), { force: true });
  mkdirSync(resolve(log, '..'), { recursive: true });
  const out = openSync(log, 'w');
  const code = await new Promise((done) => {
    const build = spawn('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', out, out] });
    build.on('error', (err) => {
      console.error(`Could not run npm: ${err.message}`);
      done(1);
    });
    build.on('close', (c) => done(c ?? 1));
  });
  closeSync(out);
  if (code !== 0) {
    const tail = readFileSync(log, 'utf8').trimEnd().split('\n').slice(-30).join('\n');
    console.error(`${tail}\n\nThe build failed (above, its last lines; all of it in ${shown}).`);
    process.exit(1);
  }
  writeStamp(root, print);
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s; starting…`);
}

// In this process (no second Node in between): Ctrl-C and SIGTERM reach the server's own handlers.
await import(pathToFileURL(join(root, 'api/dist/api/src/main.js')).href);
