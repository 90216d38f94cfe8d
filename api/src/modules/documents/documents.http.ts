import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type { Services } from '../../core/context.js';
import { isId } from '../../core/ids.js';
import { signedLinkTenant } from '../../core/tenancy/signed-link.js';
import { tenantOrm } from '../../core/tenancy/tenant-door.js';
import { selectDocument } from './documents.repository.js';
import { documentPath } from './documents.service.js';

// GET /documents/:orgId/:id?exp&sig — as an attachment's download: the signed link (the `url` of a
// ready document, handed to whoever may read the association's documents, viewers too) is the
// credential; the organization must still be active and the document ready in its database.
export function documentDownload(services: Services) {
  return async (req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store');
    const { orgId, id } = req.params as { orgId: string; id: string };
    const valid =
      isId(orgId) &&
      isId(id) &&
      services.urlSigner.verify(documentPath(orgId, id), req.query.exp, req.query.sig);
    const org = await signedLinkTenant(services, res, orgId, valid);
    if (!org) return;
    const orm = await tenantOrm(services, org);
    const row = await selectDocument(orm.em.fork() as EntityManager, id);
    if (!row || row.status !== 'ready' || !row.storage_key) {
      res.status(404).json({ error: 'Document not found' });
      return;
    }
    const inline = row.content_type === 'application/pdf' && req.query.download !== '1';
    if (row.size !== null) res.set('Content-Length', row.size);
    res.set({
      'Content-Type': row.content_type,
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.file_name)}`,
      'X-Content-Type-Options': 'nosniff',
      // The app may show a PDF in a frame of its own origin; nobody else may frame it.
      'Content-Security-Policy':
        row.content_type === 'application/pdf'
          ? "frame-ancestors 'self'"
          : "default-src 'none'; sandbox",
      'X-Frame-Options': 'SAMEORIGIN',
    });
    const stream = services.storage.get(row.storage_key);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  };
}
