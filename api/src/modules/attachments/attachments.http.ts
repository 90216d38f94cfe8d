import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import { isId } from '../../core/ids.js';
import { signedLinkTenant } from '../../core/tenancy/signed-link.js';
import { tenantOrm } from '../../core/tenancy/tenant-door.js';
import type { Services } from '../../core/context.js';
import { selectAttachment } from './attachments.repository.js';
import { attachmentPath } from './attachments.service.js';

const INLINE = /^(image\/(png|jpeg|webp|gif)|application\/pdf)$/;

// GET /attachments/:orgId/:id?exp&sig — the signed link is the credential; the organization must
// still be active and the attachment still there.
export function attachmentDownload(services: Services) {
  return async (req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store');
    const { orgId, id } = req.params as { orgId: string; id: string };
    const path = attachmentPath(orgId, id);
    const valid =
      isId(orgId) && isId(id) && services.urlSigner.verify(path, req.query.exp, req.query.sig);
    const org = await signedLinkTenant(services, res, orgId, valid);
    if (!org) return;
    const orm = await tenantOrm(services, org);
    const row = await selectAttachment(orm.em.fork() as EntityManager, id);
    if (!row) {
      res.status(404).json({ error: 'Attachment not found' });
      return;
    }
    const inline = INLINE.test(row.content_type) && req.query.download !== '1';
    res.set({
      'Content-Type': row.content_type,
      'Content-Length': row.size_bytes,
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.filename)}`,
      'X-Content-Type-Options': 'nosniff',
    });
    if (row.content_type === 'application/pdf') {
      // The app previews PDFs in a frame of its own origin; nobody else may frame them.
      res.set('Content-Security-Policy', "frame-ancestors 'self'");
      res.set('X-Frame-Options', 'SAMEORIGIN');
    } else {
      res.set('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
    }
    const stream = services.storage.get(row.storage_key);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  };
}
