import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './free-port.js';

export interface RunningRedis {
  url: string;
  stop(): Promise<void>;
}

// Debian's redis-server on a port of its own, in memory only (no snapshot, no append-only file),
// for the tests of what several API processes share.
export async function startRedis(): Promise<RunningRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr!.on('data', (d) => (log += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    const c = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    c.on('error', () => undefined);
    try {
      await c.connect();
      await c.ping();
      c.disconnect();
      break;
    } catch (err) {
      c.disconnect();
      if (attempt >= 50 || child.exitCode !== null) {
        child.kill('SIGKILL');
        throw new Error(`redis-server did not start: ${String(err)}\n${log}`, { cause: err });
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
