import type { Response } from 'express';
import type { Services } from '../context.js';
import { OrganizationStatus } from '../roles.js';
import type { TenantEntry } from './tenant-directory.js';
import { findTenant } from './tenant-door.js';

// A signed download link (an attachment, a books export) is its own credential: `valid` says the
// route found its parts well formed and its signature good. The organization must still be
// active. Null, with the 403 answered, when either fails; otherwise the organization's entry, for
// tenantOrm.
export async function signedLinkTenant(
  services: Pick<Services, 'directory' | 'pool'>,
  res: Response,
  orgId: string,
  valid: boolean,
): Promise<TenantEntry | null> {
  if (!valid) {
    res.status(403).json({ error: 'This link is not valid or has expired' });
    return null;
  }
  const org = await findTenant(services, orgId);
  if (!org || org.status !== OrganizationStatus.ACTIVE) {
    res.status(403).json({ error: 'This organization is not active' });
    return null;
  }
  return org;
}
