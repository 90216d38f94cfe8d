import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { inputGuard } from './input-guard.js';
import {
  DATABASE_AWAY_MESSAGE,
  DATABASE_FROZEN_MESSAGE,
  DATABASE_RETRY_AFTER_S,
  isDatabaseAway,
  isDatabaseFrozen,
} from '../core/db/availability.js';
import express, { type NextFunction, type Request, type Response } from 'express';
import cookieParser from 'cookie-parser';
import expressStaticGzip from 'express-static-gzip';
import { graphqlUploadExpress } from 'graphql-upload-ts';
import { attachmentDownload } from '../modules/attachments/attachments.http.js';
import { documentDownload } from '../modules/documents/documents.http.js';
import { booksExportDownload } from '../modules/journal/books-export.http.js';
import { publishedDocumentDownload } from '../modules/owner-portal/published-documents.http.js';
import { ownerStatementDownload } from '../modules/owner-statements/owner-statements.http.js';
import { ssoCallback } from '../platform/sso/index.js';
import { stripeConnectWebhook, stripeWebhook } from '../platform/billing/index.js';
import helmet from 'helmet';
import { APP_VERSION, REPO_ROOT } from '../paths.js';
import type { Context } from '../core/context.js';
import { fieldPermissionGuard } from '../core/permissions/permissions.js';
import { errorLogger, requestLog } from '../core/observability/logger.js';
import { metricsEndpoint } from '../core/observability/metrics.js';
import {
  noteErrorCode,
  notingCodes,
  observeOperations,
  observeRequests,
} from '../core/observability/requests.js';
import { contextFactory } from './context-factory.js';
import { databaseAwayStatus, frozenTenantStatus } from './database-away.js';
import { closeAfterEarlyAnswer } from './early-answer.js';
import { fixedHeaders } from './fixed-headers.js';
import { makeFormatError } from './format-error.js';
import { MAX_QUERY_COST, queryCostLimit } from './query-cost.js';
import { buildAppSchema } from './schema.js';
import type { Services } from '../core/context.js';
import type { Config } from '../config.js';

// The support widget (SUPPORT_WIDGET_URL) is the one other origin the page may load script from,
// talk to and frame; without it the page reaches nothing but its own origin. deploy/nginx.conf
// sends the same policy with the app shell (nginx.test.ts holds the two equal).
function contentSecurityPolicy(supportWidget: Config['supportWidget']): Record<string, string[]> {
  const widget = supportWidget ? [supportWidget.origin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...widget],
    // The component library injects its theme as <style> elements.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...widget],
    frameSrc: ["'self'", ...widget],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

// The longest query a power user needs is well under this; a longer one is refused while parsing.
export const MAX_QUERY_TOKENS = 5000;

const noStore = (_req: Request, res: Response, next: NextFunction) => {
  res.set('Cache-Control', 'no-store');
  next();
};

export interface HttpApp {
  app: express.Express;
  apollo: ApolloServer<Context>;
}

export async function createHttpApp(
  services: Services,
  log: (err: unknown) => void = errorLogger(services.logger),
): Promise<HttpApp> {
  const { config } = services;
  const production = config.production;
  const armor = new ApolloArmor({
    // Depth counts introspection too (fragments flattened): the standard introspection query
    // needs 15 levels; application queries need far fewer.
    // The limits are no secret: power users writing their own queries are told which one they
    // passed and by how much (format-error.ts words the messages).
    maxDepth: { n: 15, ignoreIntrospection: false, flattenFragments: true, exposeLimits: true },
    // Cost is ours (query-cost.ts): it needs the variables, which armor's rule never sees.
    costLimit: { enabled: false },
    maxAliases: { n: 15, exposeLimits: true },
    maxDirectives: { n: 20, exposeLimits: true },
    // The token limit is graphql-js's own (parseOptions below): armor's parses in a plugin hook,
    // where a refusal (or any syntax error) would become HTTP 500 instead of the caller's 400.
    maxTokens: { enabled: false },
    blockFieldSuggestion: { enabled: true },
  }).protect();

  const apollo = new ApolloServer<Context>({
    schema: await buildAppSchema(),
    introspection: !production,
    // main.ts stops everything on SIGTERM/SIGINT, Apollo with it: Apollo's own handler would stop
    // it a second time and re-raise the signal, and the process never exited.
    stopOnTerminationSignals: false,
    plugins: [
      // graphql-armor ships CommonJS typings of the same plugin interface.
      ...(armor.plugins as unknown as ApolloServerPlugin<Context>[]),
      inputGuard<Context>(),
      fieldPermissionGuard<Context>(),
      queryCostLimit<Context>(MAX_QUERY_COST),
      databaseAwayStatus<Context>(),
      frozenTenantStatus(),
      observeOperations<Context>(),
      // Every API response is no-store; the cache-control plugin would only add per-field work.
      ApolloServerPluginCacheControlDisabled() as ApolloServerPlugin<Context>,
      (production
        ? ApolloServerPluginLandingPageDisabled()
        : ApolloServerPluginLandingPageLocalDefault({
            footer: false,
          })) as ApolloServerPlugin<Context>,
    ],
    validationRules: armor.validationRules,
    parseOptions: { maxTokens: MAX_QUERY_TOKENS },
    allowBatchedHttpRequests: false,
    includeStacktraceInErrorResponses: false,
    csrfPrevention: true,
    formatError: notingCodes(makeFormatError({ production, log })),
  });
  await apollo.start();

  const app = express();
  app.disable('x-powered-by');
  // No ETag on res.send bodies: every API answer is no-store, so nothing would ever send it back,
  // and hashing each body cost about 8 µs of a read (bench/). Static files keep theirs (serve-static
  // and sendFile make their own).
  app.set('etag', false);
  // The client address (per-IP sign-in limits, login history) comes from X-Forwarded-For only
  // as far as TRUST_PROXY says; see config.ts.
  app.set('trust proxy', config.trustProxy);
  // First, so that the access line's duration covers everything after it.
  app.use(observeRequests(services.logger, services.metrics));
  app.use(closeAfterEarlyAnswer);
  app.use(
    fixedHeaders(
      helmet({
        // Exactly these directives, none of helmet's defaults mixed in (its upgrade-insecure-requests
        // would break an install served over plain http on a LAN).
        contentSecurityPolicy: {
          useDefaults: false,
          directives: contentSecurityPolicy(config.supportWidget),
        },
        frameguard: { action: 'deny' },
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        crossOriginEmbedderPolicy: false,
        // Express never sends it (app.disable above), so there is nothing to remove.
        xPoweredBy: false,
      }),
    ),
  );
  if (!production) {
    // The GraphQL sandbox (development only) loads its scripts from Apollo's CDN.
    app.get('/graphql', (req, res, next) => {
      if (req.accepts(['json', 'html']) === 'html') {
        res.setHeader(
          'Content-Security-Policy',
          "default-src 'self' https: 'unsafe-inline'; img-src 'self' https: data:; frame-ancestors 'none'",
        );
      }
      next();
    });
  }

  app.get('/healthz', noStore, async (_req, res) => {
    try {
      await services.platformOrm.em.getConnection().execute('SELECT 1');
      res.json({ status: 'ok', version: APP_VERSION, database: 'ok' });
    } catch {
      res.status(503).json({ status: 'error', version: APP_VERSION, database: 'unreachable' });
    }
  });

  // Prometheus' scrape; never proxied by nginx (deploy/nginx.conf), and METRICS_TOKEN when set.
  app.get('/metrics', noStore, metricsEndpoint(services.metrics, config.metricsToken));

  const graphql = expressMiddleware(apollo, { context: contextFactory(services) });
  app.use(
    '/graphql',
    noStore,
    // Multipart uploads (attachments): bounded in size and count; Apollo's CSRF check still asks
    // multipart requests for the apollo-require-preflight header.
    graphqlUploadExpress({ maxFileSize: config.attachmentMaxBytes, maxFiles: 1 }),
    express.json({ limit: '1mb' }),
    graphql,
  );
  app.get('/attachments/:orgId/:id', attachmentDownload(services));
  app.get('/documents/:orgId/:id', documentDownload(services));
  // A unit's monthly statement as a PDF, rendered on request (signed link, 5 minutes).
  app.get('/exports/:orgId/owner-statements/:unitId/:month', ownerStatementDownload(services));
  // What the association shows its owners (signed link, 5 minutes, while it stays published).
  app.get('/published-documents/:orgId/:id', publishedDocumentDownload(services));
  // The two routes' failures are logged with their request (a handler made per request).
  app.get('/exports/:orgId/books/:from/:to/:format', (req, res, next) =>
    booksExportDownload(services, requestLog(log, res))(req, res, next),
  );
  // The same API where the refresh cookie (Path=/auth) is sent: refreshSession and logout.
  app.use('/auth/graphql', noStore, cookieParser(), express.json({ limit: '64kb' }), graphql);
  // The identity provider's redirect back (sign-in with Google / Microsoft, and linking).
  app.get('/auth/sso/:provider/callback', cookieParser(), ssoCallback(contextFactory(services)));
  // Stripe's events (self-service sign-up and subscriptions): the raw body, for its signature.
  app.post('/webhooks/stripe', express.raw({ type: () => true, limit: '1mb' }), (req, res) =>
    stripeWebhook(services, requestLog(log, res))(req, res),
  );
  // The associations' own Stripe accounts (Stripe Connect): owners' payments, AutoPay, payouts.
  app.post(
    '/webhooks/stripe/connect',
    express.raw({ type: () => true, limit: '1mb' }),
    (req, res) => stripeConnectWebhook(services, requestLog(log, res))(req, res),
  );

  const webDist = config.webDist ? resolve(config.webDist) : join(REPO_ROOT, 'web', 'dist');
  if (config.serveWeb && existsSync(join(webDist, 'index.html'))) {
    // Hashed assets: the x.js.br / x.js.gz the web build writes beside each one (brotli first,
    // then gzip, as the browser's Accept-Encoding allows; Vary: Accept-Encoding), cached for a year.
    app.use(
      '/assets',
      expressStaticGzip(join(webDist, 'assets'), {
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        index: false,
        serveStatic: { immutable: true, maxAge: '1y', fallthrough: false },
      }),
    );
    app.use(express.static(webDist, { index: false, maxAge: 0 }));
    // The single-page app answers every other GET with its shell.
    app.get('/{*path}', (_req, res) => {
      res.set('Cache-Control', 'no-cache');
      res.sendFile(join(webDist, 'index.html'));
    });
  }

  // Malformed JSON bodies and other request errors: a typed JSON error, never an HTML stack trace.
  // A missing file (e.g. an old /assets/x.js after a deploy) is NOT_FOUND, not a malformed request.
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    res.set('Cache-Control', 'no-store');
    // The database away (an attachment download, say): the same typed 503 as the API's.
    if (isDatabaseAway(err)) {
      requestLog(log, res)(err);
      res.set('Retry-After', String(DATABASE_RETRY_AFTER_S));
      res.status(503).json({
        errors: [{ message: DATABASE_AWAY_MESSAGE, extensions: { code: 'SERVICE_UNAVAILABLE' } }],
      });
      return;
    }
    // A write to an association's database frozen for a move (a webhook's, say): not now, either.
    if (isDatabaseFrozen(err)) {
      noteErrorCode(res, 'SERVICE_UNAVAILABLE');
      res.set('Retry-After', String(DATABASE_RETRY_AFTER_S));
      res.status(503).json({
        errors: [{ message: DATABASE_FROZEN_MESSAGE, extensions: { code: 'SERVICE_UNAVAILABLE' } }],
      });
      return;
    }
    const status = (err as { status?: number }).status ?? 500;
    if (status >= 500) requestLog(log, res)(err);
    const [message, code] =
      status >= 500
        ? ['Internal server error', 'INTERNAL']
        : status === 404
          ? ['Not found', 'NOT_FOUND']
          : ['Malformed request', 'BAD_USER_INPUT'];
    noteErrorCode(res, code);
    res.status(status).json({ errors: [{ message, extensions: { code } }] });
  });

  return { app, apollo };
}
