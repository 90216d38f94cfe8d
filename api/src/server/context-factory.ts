import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import { looksLikeApiToken } from '../core/auth/api-tokens.js';
import type { AuthInfo } from '../core/auth/tokens.js';
import type { Context, Services } from '../core/context.js';
import { forbidden, unauthenticated } from '../core/errors/app-error.js';
import { databaseUnavailable, isDatabaseAway } from '../core/db/availability.js';
import { Loaders } from '../core/loaders.js';
import { OrganizationStatus, Role } from '../core/roles.js';
import { findTenant, inactive, tenantOrm as ormOf } from '../core/tenancy/tenant-door.js';
import { noteCaller, noteContextFailure } from '../core/observability/requests.js';

// A request's context: token → orgId → the tenant door (status, location, pool) → em.fork().
export function contextFactory(services: Services) {
  // The user's session version, the organization's directory entry, the membership, and whether
  // the organization requires two-step sign-in (what the tenant rules ask next): each one cached
  // read (a platform query on a miss), all asked together, and only used once the session stands.
  // With an impersonation, the super admin's own standing too.
  const lookups = ({ userId, orgId, impersonatedBy }: AuthInfo) =>
    Promise.all([
      services.memberships.sessionVersion(userId),
      orgId ? findTenant(services, orgId) : null,
      orgId ? services.memberships.role(userId, orgId) : null,
      orgId ? services.memberships.requiresMfa(orgId) : null,
      impersonatedBy ? services.memberships.impersonatorVersion(impersonatedBy) : null,
    ]);
  // Whatever carries impersonatedBy stands only while the super admin behind it does: still a
  // super admin, and their own sessions not ended since it began (demotion, password reset,
  // sign out everywhere).
  const checkImpersonator = (auth: AuthInfo, version: number | null) => {
    if (!auth.impersonatedBy) return;
    if (version === null || version !== auth.impersonatorSessionVersion) {
      throw unauthenticated('This impersonation has ended; sign in again');
    }
  };
  const create = async ({ req, res }: { req: Request; res: Response }): Promise<Context> => {
    const header = req.headers.authorization;
    if (!header) return finish(req, res, null, null, null);
    const match = /^Bearer (\S+)$/.exec(header);
    if (!match) throw unauthenticated('Malformed Authorization header');
    if (looksLikeApiToken(match[1])) {
      // A personal API token: its own lifetime (expiry, revocation), not the session version.
      const auth = await services.apiTokens.authenticate(match[1], req.ip ?? 'unknown');
      const [version, org, role, , impersonator] = await lookups(auth);
      if (version === null) throw unauthenticated('User no longer exists');
      checkImpersonator(auth, impersonator);
      return finish(req, res, auth, org, role);
    }
    const token = services.tokens.verify(match[1]);
    // The user's sessions ended after this token was issued (password reset or change, sign out
    // everywhere, a membership suspended or removed): refused at once, not when it expires.
    const [version, org, role, , impersonator] = await lookups(token);
    if (version !== token.sessionVersion) {
      throw unauthenticated('This session has ended; sign in again');
    }
    checkImpersonator(token, impersonator);
    return finish(req, res, token, org, role);
  };
  const finish = async (
    req: Request,
    res: Response,
    auth: Context['auth'],
    org: Context['org'],
    found: Role | null,
  ): Promise<Context> => {
    // The access line's caller: ids only, once the token stood.
    noteCaller(res, auth);
    let role = org ? found : null;
    if (auth?.apiTokenId) {
      // A token is for one membership: once that ends (removed, suspended), so does the token.
      if (!role) {
        throw unauthenticated('This API token is for an organization you no longer belong to');
      }
      // Read-only tokens act as viewers, so the viewer guard refuses their writes. An owner's stays
      // an owner's (a viewer reads the whole books); the owner portal's writes refuse it instead.
      if (auth.readOnly && role !== Role.OWNER) role = Role.VIEWER;
    }
    const tenantOrm =
      org && role && org.status === OrganizationStatus.ACTIVE ? await ormOf(services, org) : null;
    return new RequestContext(req, res, auth, org, role, tenantOrm, services);
  };
  // The database away (down, frozen, full): a typed 503 the caller may retry, never
  // "Context creation failed: connect ECONNREFUSED <host>:<port>".
  return (args: { req: Request; res: Response }) =>
    create(args).catch((err: unknown) => {
      const thrown = isDatabaseAway(err) ? databaseUnavailable(err) : err;
      // Its code and its log line name the request (no plugin sees a context failure).
      noteContextFailure(args.res, thrown);
      throw thrown;
    });
}

// A class, not an object literal: Apollo clones the context per operation (Object.assign onto the
// same prototype), which would evaluate an own getter; a prototype getter survives the clone.
// Both EntityManagers are forked on first use: most requests need one of them, some neither.
class RequestContext implements Context {
  readonly loaders: Loaders = new Loaders(this);
  private tenantEm?: EntityManager;
  private platformFork?: EntityManager;
  private clientMeta?: Context['meta'];

  constructor(
    readonly req: Request,
    readonly res: Response,
    readonly auth: Context['auth'],
    readonly org: Context['org'],
    readonly role: Context['role'],
    private readonly tenantOrm: MikroORM | null,
    readonly services: Services,
  ) {}

  // Read when a write records who made it (audit, sign-ins), not on every request: req.ip walks
  // the trusted proxies each time it is read.
  get meta(): Context['meta'] {
    return (this.clientMeta ??= {
      ip: this.req.ip ?? 'unknown',
      userAgent: this.req.get('user-agent')?.slice(0, 500) ?? null,
    });
  }

  get platformEm(): EntityManager {
    return (this.platformFork ??= this.services.platformOrm.em.fork() as EntityManager);
  }

  get em(): EntityManager {
    if (this.tenantOrm) return (this.tenantEm ??= this.tenantOrm.em.fork() as EntityManager);
    if (this.org && this.org.status !== OrganizationStatus.ACTIVE) throw inactive(this.org);
    throw forbidden('No organization selected');
  }
}
