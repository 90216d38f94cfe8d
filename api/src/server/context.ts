import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type { ClientMeta } from '../core/auth/refresh-tokens.js';
import type { AuthInfo } from '../core/auth/tokens.js';
import type { TenantEntry } from '../core/tenancy/tenant-directory.js';
import type { Role } from '../platform/users/membership.entity.js';
import type { Services } from './services.js';

export interface Context {
  req: Request;
  res: Response;
  auth: AuthInfo | null;
  // The organization the token is for, with its status; null when the token names none.
  org: TenantEntry | null;
  // The caller's role in that organization, from the membership row (never from the token).
  role: Role | null;
  readonly platformEm: EntityManager;
  // The tenant's EntityManager; reading it outside an active membership throws.
  readonly em: EntityManager;
  // Caller's IP and user agent, for rate limits and login history.
  meta: ClientMeta;
  loaders: Record<string, never>;
  services: Services;
}
