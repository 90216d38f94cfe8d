import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { fixedHeaders } from './fixed-headers.js';

// The headers a real express response gets through `middleware`, the framework's own removed.
async function headersThrough(middleware: RequestHandler): Promise<Record<string, string>> {
  const app = express();
  app.disable('x-powered-by');
  app.use(middleware);
  app.get('/', (_req, res) => {
    res.send('ok');
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const out: Record<string, string> = {};
    for (const [k, v] of res.headers) {
      if (
        !['date', 'etag', 'content-length', 'content-type', 'connection', 'keep-alive'].includes(k)
      )
        out[k] = v;
    }
    return out;
  } finally {
    server.close();
  }
}

describe('fixed headers', () => {
  it('sends exactly what helmet sends, for its defaults and for options like the app’s', async () => {
    const options = [
      { xPoweredBy: false },
      {
        contentSecurityPolicy: {
          useDefaults: false,
          directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] },
        },
        frameguard: { action: 'deny' as const },
        crossOriginEmbedderPolicy: false,
        xPoweredBy: false,
      },
    ];
    for (const o of options) {
      const direct = await headersThrough(helmet(o));
      expect(Object.keys(direct).length).toBeGreaterThan(8);
      expect(await headersThrough(fixedHeaders(helmet(o)))).toEqual(direct);
    }
  });

  it('refuses at start a middleware whose headers are not the same on every response', () => {
    // helmet's X-Powered-By removal touches the response beyond setting headers.
    expect(() => fixedHeaders(helmet())).toThrow(/not fixed/);
    // A policy computed from the request.
    const perRequest = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: [(req) => `'nonce-${String(req.headers['x-nonce'])}'`],
        },
      },
      xPoweredBy: false,
    });
    expect(() => fixedHeaders(perRequest)).toThrow(/not fixed/);
    expect(() => fixedHeaders((_req, _res, next) => setTimeout(next))).toThrow(/not fixed/);
  });
});
