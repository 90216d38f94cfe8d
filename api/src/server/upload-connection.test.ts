import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app.js';
import { createTenant } from '../test/tenant.js';

const BOUNDARY = 'covenant-test-boundary';
const CHUNK = 64 * 1024;
const MB = 1024 * 1024;
// The units import takes 5 MB; this file is 8 MB.
const IMPORT = 'mutation ($file: Upload!) { importUnits(file: $file) { created } }';
const FILE_BYTES = 8 * MB;
// What the client sends before it waits for the answer: the head and 6 MB of the file.
const SENT_FIRST = 1 + (6 * MB) / CHUNK;
// A stalled connection is only given up by the server's own timeouts, seconds later.
const PROMPTLY_MS = 3_000;

// A multipart GraphQL request (the multipart request spec) with one file of `size` bytes, as
// parts: the head (operations, map, the file's part header), the file's chunks, the closing line.
function multipart(query: string, size: number): Buffer[] {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n` +
      `${JSON.stringify({ query, variables: { file: null } })}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="map"\r\n\r\n` +
      `{"0":["variables.file"]}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="0"; filename="units.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n`,
  );
  const body = Array.from({ length: size / CHUNK }, () => Buffer.alloc(CHUNK, 'a'));
  return [head, ...body, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)];
}

const bytes = (parts: Buffer[]) => parts.reduce((n, p) => n + p.length, 0);

function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

// One request through `agent`, its body written part by part; the parts from `holdAt` on wait
// until the answer has arrived: an uplink slower than the server's refusal.
function post(
  url: string,
  agent: Agent,
  headers: Record<string, string>,
  parts: Buffer[],
  holdAt = Infinity,
): Promise<Answer> {
  let answered: () => void;
  const answer = new Promise<void>((r) => (answered = r));
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': String(bytes(parts)) } },
      (res) => {
        const got: Buffer[] = [];
        res.on('data', (c: Buffer) => got.push(c));
        res.on('end', () => {
          answered();
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: Buffer.concat(got).toString(),
          });
        });
      },
    );
    req.on('error', reject);
    void (async () => {
      for (const [i, p] of parts.entries()) {
        if (i === holdAt) await answer;
        if (req.destroyed) return;
        if (!req.write(p)) await new Promise((r) => req.once('drain', r));
      }
      req.end();
    })();
  });
}

describe('an upload refused for its size, and the connection it came on', () => {
  let app: TestApp;
  let token: string;
  let uploadHeaders: Record<string, string>;
  beforeAll(async () => {
    app = await startTestApp();
    token = (await createTenant(app)).admin;
    uploadHeaders = {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      authorization: `Bearer ${token}`,
      'apollo-require-preflight': 'true',
    };
  });
  afterAll(() => app.close());

  const expectRefusal = (body: string) =>
    expect(JSON.parse(body).errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'file', message: 'CSV files are limited to 5 MB' }],
    });

  it('a keep-alive client sends its next request at once, and it is answered', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const refused = await post(
      `${app.url}/graphql`,
      agent,
      uploadHeaders,
      multipart(IMPORT, FILE_BYTES),
      SENT_FIRST,
    );
    expect(refused.status).toBe(200);
    expectRefusal(refused.body);
    // The answer came before the body ended: the connection ends with it, and says so.
    expect(refused.headers.connection).toBe('close');
    const next = await within(
      PROMPTLY_MS,
      'the next request',
      post(`${app.url}/graphql`, agent, { 'content-type': 'application/json' }, [
        Buffer.from(JSON.stringify({ query: '{ __typename }' })),
      ]),
    );
    expect(next.status).toBe(200);
    expect(JSON.parse(next.body)).toEqual({ data: { __typename: 'Query' } });
    // A request whose body was read to its end keeps its connection.
    expect(next.headers.connection).toBe('keep-alive');
    agent.destroy();
  });

  it('a client that sends the rest of its body anyway is read to its end, never reset', async () => {
    // Half-open allowed: a client mid-upload goes on sending after the server's side has closed.
    const socket = connect({
      port: Number(new URL(app.url).port),
      host: '127.0.0.1',
      allowHalfOpen: true,
    });
    await new Promise((r) => socket.once('connect', r));
    let received = '';
    const problems: string[] = [];
    socket.on('data', (d: Buffer) => (received += d.toString()));
    socket.on('error', (e) => problems.push(e.message));
    const ended = new Promise<void>((r) => socket.once('end', r));
    const closed = new Promise<void>((r) => socket.once('close', r));
    const write = (b: Buffer | string) => new Promise((r) => socket.write(b, r));
    const parts = multipart(IMPORT, FILE_BYTES);
    await write(
      `POST /graphql HTTP/1.1\r\nHost: covenant.test\r\n` +
        Object.entries({ ...uploadHeaders, 'content-length': String(bytes(parts)) })
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('') +
        '\r\n',
    );
    for (const p of parts.slice(0, SENT_FIRST)) await write(p);
    // The whole answer is in before the rest of the body is sent.
    await within(PROMPTLY_MS, 'the refusal', ended);
    const [head, body] = received.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head).toMatch(/\r\nConnection: close\r\n/i);
    expectRefusal(body);
    // The server closed its side; it still reads the rest rather than resetting the sender.
    for (const p of parts.slice(SENT_FIRST)) await write(p);
    socket.end();
    await within(PROMPTLY_MS, 'the close', closed);
    expect(problems).toEqual([]);
  });
});
