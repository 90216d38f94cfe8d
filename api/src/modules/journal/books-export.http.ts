import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { NextFunction, Request, Response } from 'express';
import type { Services } from '../../core/context.js';
import { isLocalDate, todayIn } from '../../core/dates.js';
import { isId } from '../../core/ids.js';
import { signedLinkTenant } from '../../core/tenancy/signed-link.js';
import { tenantOrm } from '../../core/tenancy/tenant-door.js';
import {
  booksExportFilename,
  booksExportPath,
  exportBooks,
  isExportFormat,
} from './books-export.service.js';
import { BooksExportFormat } from './books-export.types.js';

const CONTENT_TYPE: Record<BooksExportFormat, string> = {
  [BooksExportFormat.CSV]: 'text/csv; charset=utf-8',
  [BooksExportFormat.JOURNAL]: 'text/plain; charset=utf-8',
};

// GET /exports/:orgId/books/:from/:to/:format?exp&sig — the signed link (booksExport) is the
// credential, as for attachments; the organization must still be active. The file streams (see
// books-export.service.ts); a failure before its first byte is the API's typed JSON error, one
// after it cuts the download short (the client sees an incomplete transfer, never a complete-
// looking file).
export function booksExportDownload(services: Services, log: (err: unknown) => void) {
  return async (req: Request, res: Response, next: NextFunction) => {
    res.set('Cache-Control', 'no-store');
    const { orgId, from, to, format } = req.params as Record<string, string>;
    const valid =
      isId(orgId) &&
      isLocalDate(from) &&
      isLocalDate(to) &&
      from <= to &&
      isExportFormat(format) &&
      services.urlSigner.verify(
        booksExportPath(orgId, from, to, format),
        req.query.exp,
        req.query.sig,
      );
    const org = await signedLinkTenant(services, res, orgId, valid);
    // A valid link has a known format (`valid` checked it); the second test tells the compiler.
    if (!org || !isExportFormat(format)) return;
    let chunks: AsyncGenerator<string>;
    let first: IteratorResult<string>;
    try {
      const orm = await tenantOrm(services, org);
      chunks = exportBooks(orm.em.fork() as EntityManager, {
        from,
        to,
        format,
        organization: org.name,
        today: todayIn(org.timeZone),
      });
      first = await chunks.next();
    } catch (err) {
      next(err);
      return;
    }
    res.set({
      'Content-Type': CONTENT_TYPE[format],
      'Content-Disposition': `attachment; filename="${booksExportFilename(from, to, format)}"`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
    async function* rest() {
      if (!first.done) yield first.value;
      yield* chunks;
    }
    try {
      await pipeline(Readable.from(rest()), res);
    } catch (err) {
      // The client going away is no error of ours.
      if ((err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') log(err);
    }
  };
}
