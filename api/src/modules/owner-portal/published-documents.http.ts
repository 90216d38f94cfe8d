import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type { Services } from '../../core/context.js';
import { isId } from '../../core/ids.js';
import { signedLinkTenant } from '../../core/tenancy/signed-link.js';
import { tenantOrm } from '../../core/tenancy/tenant-door.js';
import { selectPublishedOne } from './published-documents.repository.js';
import { publishedPath } from './published-documents.service.js';

// GET /published-documents/:orgId/:id?exp&sig — a published document's file. The signed link (a
// PublishedDocument's downloadUrl, handed to the association's members and owners) is the
// credential; the organization must still be active and the document still published: once
// unpublished, a link already handed out opens nothing.
export function publishedDocumentDownload(services: Services) {
  return async (req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store');
    const { orgId, id } = req.params as { orgId: string; id: string };
    const valid =
      isId(orgId) &&
      isId(id) &&
      services.urlSigner.verify(publishedPath(orgId, id), req.query.exp, req.query.sig);
    const org = await signedLinkTenant(services, res, orgId, valid);
    if (!org) return;
    const orm = await tenantOrm(services, org);
    const row = await selectPublishedOne(orm.em.fork() as EntityManager, id);
    if (!row || !row.storage_key) {
      res.status(404).json({ error: 'Document not found' });
      return;
    }
    const pdf = row.content_type === 'application/pdf';
    const inline = (pdf || row.content_type.startsWith('image/')) && req.query.download !== '1';
    if (row.size !== null) res.set('Content-Length', row.size);
    res.set({
      'Content-Type': row.content_type,
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.file_name)}`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': pdf ? "frame-ancestors 'self'" : "default-src 'none'; sandbox",
      'X-Frame-Options': 'SAMEORIGIN',
    });
    const stream = services.storage.get(row.storage_key);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  };
}
