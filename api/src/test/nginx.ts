import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  constants,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { REPO_ROOT } from '../paths.js';
import { freePort } from './free-port.js';

// The production web server for tests: deploy/nginx.conf rendered as the web image renders it,
// run by Debian's real nginx in front of an API on this machine (nginx.test.ts,
// deploy-files.test.ts). Debian's nginx (scripts/test-tools.mjs installs it).

function findNginx(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs.filter(Boolean)) {
    try {
      accessSync(join(dir, 'nginx'), constants.X_OK);
      return join(dir, 'nginx');
    } catch {
      // not here
    }
  }
  return undefined;
}

export const NGINX = findNginx();

// Each substitution must hit as often as expected (once, unless said), so a change to the real
// file fails here loudly rather than leaving the test running something else.
function substitute(text: string, from: string, to: string, times = 1): string {
  const hits = text.split(from).length - 1;
  if (hits !== times) {
    throw new Error(`deploy/nginx.conf: expected "${from}" ${times} times, found it ${hits} times`);
  }
  return text.replaceAll(from, to);
}

// What the web image's entrypoint does before nginx starts: it sources deploy/support-widget.envsh,
// which turns SUPPORT_WIDGET_URL into SUPPORT_WIDGET_SOURCE for the template.
export function widgetSource(supportWidgetUrl?: string): string {
  const script = join(REPO_ROOT, 'deploy', 'support-widget.envsh');
  return execFileSync(
    'sh',
    ['-c', '. "$1" 2>/dev/null; printf %s "$SUPPORT_WIDGET_SOURCE"', 'sh', script],
    {
      env: {
        PATH: process.env.PATH,
        ...(supportWidgetUrl === undefined ? {} : { SUPPORT_WIDGET_URL: supportWidgetUrl }),
      },
      encoding: 'utf8',
    },
  );
}

// deploy/nginx.conf is an http-level include; this is the little the image's own nginx.conf wraps
// around it (mime types, logs), with every path in the test's directory.
// `apiPort`: one API, or several that nginx takes turns with (its default round robin).
export function nginxConfig(
  dir: string,
  apiPort: number | number[],
  port: number,
  supportWidgetUrl?: string,
): string {
  let conf = readFileSync(join(REPO_ROOT, 'deploy', 'nginx.conf'), 'utf8');
  // The image's templating fills in this one variable (script-src, connect-src, frame-src).
  conf = substitute(conf, '${SUPPORT_WIDGET_SOURCE}', widgetSource(supportWidgetUrl), 3);
  const servers = [apiPort].flat().map((p) => `server 127.0.0.1:${p};`);
  conf = substitute(conf, 'server api:4000;', servers.join('\n  '));
  conf = substitute(conf, 'listen 80;', `listen 127.0.0.1:${port};`);
  conf = substitute(conf, 'root /usr/share/nginx/html;', `root ${join(dir, 'html')};`);
  const temp = (name: string) => join(dir, 'temp', name);
  return `worker_processes 1;
events { worker_connections 64; }
http {
  types { text/html html; text/javascript js; text/css css; }
  default_type application/octet-stream;
  access_log ${join(dir, 'access.log')};
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
${conf}
}
`;
}

export interface RunningNginx {
  dir: string;
  base: string;
  nginx: ChildProcess;
  stop(): Promise<void>;
}

// The site's files (path under the web root → content) in a fresh directory, the rendered
// configuration, nginx started on a free port in front of the API on `apiPort` (or the APIs) and
// answering /healthz.
export async function startNginx(opts: {
  apiPort: number | number[];
  files: Record<string, string | Buffer>;
  supportWidgetUrl?: string;
}): Promise<RunningNginx> {
  if (!NGINX) throw new Error('no nginx binary (apt-get install -y nginx)');
  const dir = mkdtempSync(join(tmpdir(), 'covenant-nginx-'));
  // Workers run as an unprivileged user when nginx starts as root: they must read the files.
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'temp'));
  for (const [path, content] of Object.entries(opts.files)) {
    mkdirSync(dirname(join(dir, 'html', path)), { recursive: true });
    writeFileSync(join(dir, 'html', path), content);
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  writeFileSync(
    join(dir, 'nginx.conf'),
    nginxConfig(dir, opts.apiPort, port, opts.supportWidgetUrl),
  );

  let output = '';
  const nginx = spawn(
    NGINX,
    [
      '-p',
      dir,
      '-c',
      join(dir, 'nginx.conf'),
      '-g',
      `daemon off; pid ${join(dir, 'nginx.pid')}; error_log stderr;`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  nginx.stdout!.on('data', (d) => (output += d));
  nginx.stderr!.on('data', (d) => (output += d));
  const stop = async () => {
    if (nginx.exitCode === null && nginx.signalCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited:\n${output}`);
    const up = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { dir, base, nginx, stop };
}
