import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { startCovenant, type Covenant } from '../boot.js';
import type { EmailMessage } from '../core/email/mailer.js';
import { loadConfig, type Config } from '../config.js';
import type { DestinationStream } from '../core/observability/logger.js';
import { createDatabase, withDatabase } from '../db/connection.js';
import { copyDemo } from './demo-template.js';

export interface GqlResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: {
    data?: T | null;
    errors?: { message: string; path?: string[]; extensions?: Record<string, unknown> }[];
  };
}

export interface TestApp extends Covenant {
  platformDb: string;
  // Internal errors the server logged (kept off the console, asserted where a test expects them).
  loggedErrors: unknown[];
  gql<T = Record<string, any>>( // eslint-disable-line @typescript-eslint/no-explicit-any
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ): Promise<GqlResponse<T>>;
  // Lower level: any path (e.g. /auth/graphql), cookies and headers, and the Set-Cookie answer.
  request<T = Record<string, any>>( // eslint-disable-line @typescript-eslint/no-explicit-any
    path: string,
    query: string,
    variables?: Record<string, unknown>,
    opts?: { token?: string; cookie?: string; headers?: Record<string, string> },
  ): Promise<GqlResponse<T> & { setCookie: string[] }>;
  // The newest email sent to an address, whole (the email log keeps it masked).
  lastEmail(to: string): Promise<Email | null>;
  // Emails sent after the answer (a password reset's) are awaited: the newest one whose body is
  // not `previous`, within two seconds, or an error.
  nextEmail(to: string, previous?: string): Promise<Email>;
}

type Email = { subject: string; body: string; template: string };

export function randomName(prefix: string) {
  return `${prefix}${randomBytes(5).toString('hex')}`;
}

// A running Covenant on its own platform database (copied from the migrated template) and a free
// port. Tenant databases it provisions are copies of the run's tenant template.
// `serverUrl` reaches the same PostgreSQL another way (a test's proxy that can stop answering);
// `logStream` receives the server's log lines (at `logLevel`, silent unless a test sets it).
export async function startTestApp(
  overrides: Partial<Config> = {},
  opts: { serverUrl?: string; logStream?: DestinationStream } = {},
): Promise<TestApp> {
  const db = inject('testDb');
  const platformDb = `${db.prefix}_${randomBytes(5).toString('hex')}`;
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', JWT_SECRET: randomBytes(32).toString('hex') }),
    port: 0,
    host: '127.0.0.1',
    tenantTemplateDb: db.tenantTemplate,
    migrateOnStart: false,
    seedOwner: false,
    dataDir: mkdtempSync(join(tmpdir(), 'covenant-test-data-')),
    // Every test signs in from 127.0.0.1; the rate-limit tests set the real limit back.
    authRateLimit: 1000,
    seedDemo: false,
    serveWeb: false,
    // Jobs are looked for twice a second and a failed one is tried again after a second.
    jobs: {
      work: true,
      pollingSeconds: 0.5,
      retrySeconds: 1,
      emailRetrySeconds: 60,
      emailRetryLimit: 5,
    },
    ...overrides,
  };
  // The demo books come from the run's demo template (demo-template.ts), as the first start
  // built them; a test on another route to the server (`serverUrl`) seeds its own.
  const fromTemplate = config.seedOwner && config.seedDemo && !opts.serverUrl;
  const demo = fromTemplate
    ? await copyDemo(db, config, { platformDb, dataDir: config.dataDir })
    : null;
  if (!fromTemplate) await createDatabase(db.serverUrl, platformDb, db.platformTemplate);
  const loggedErrors: unknown[] = [];
  const sent: EmailMessage[] = [];
  const app = await startCovenant(config, {
    platformUrl: withDatabase(opts.serverUrl ?? db.serverUrl, platformDb),
    logError: (err) => loggedErrors.push(err),
    logDestination: opts.logStream,
    print: () => undefined,
    sent: (m) => sent.push(m),
  });
  // The test and the server share one process: a test that blocks it (a synchronous hledger
  // run under load) must not find its keep-alive connection closed by the server's 5-second
  // timer the moment it sends again (ECONNRESET).
  app.server.keepAliveTimeout = 120_000;
  return Object.assign(app, {
    ...(demo ? { demo } : {}),
    platformDb,
    loggedErrors,
    async gql(query: string, variables?: Record<string, unknown>, token?: string) {
      const res = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ query, variables }),
      });
      return { status: res.status, headers: res.headers, body: await res.json() };
    },
    async request(
      path: string,
      query: string,
      variables?: Record<string, unknown>,
      opts: { token?: string; cookie?: string; headers?: Record<string, string> } = {},
    ) {
      const res = await fetch(`${app.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...opts.headers,
        },
        body: JSON.stringify({ query, variables }),
      });
      return {
        status: res.status,
        headers: res.headers,
        body: await res.json(),
        setCookie: res.headers.getSetCookie(),
      };
    },
    async lastEmail(to: string) {
      const mail = [...sent].reverse().find((m) => m.to === to);
      return mail ? { subject: mail.subject, body: mail.body, template: mail.template } : null;
    },
    async nextEmail(to: string, previous?: string) {
      for (let i = 0; i < 100; i++) {
        const mail = await (app as TestApp).lastEmail(to);
        if (mail && mail.body !== previous) return mail;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no new email for ${to}`);
    },
  }) as TestApp;
}
