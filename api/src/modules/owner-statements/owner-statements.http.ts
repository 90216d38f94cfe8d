import type { EntityManager } from '@mikro-orm/postgresql';
import type { NextFunction, Request, Response } from 'express';
import type { Services } from '../../core/context.js';
import { todayIn } from '../../core/dates.js';
import { AppError } from '../../core/errors/app-error.js';
import { isId } from '../../core/ids.js';
import { signedLinkTenant } from '../../core/tenancy/signed-link.js';
import { tenantOrm } from '../../core/tenancy/tenant-door.js';
import { renderOwnerStatement, statementFileName } from './owner-statements.pdf.js';
import {
  composeStatement,
  statementAssociation,
  statementPath,
} from './owner-statements.service.js';

const MONTH = /^\d{4}-\d{2}$/;

// GET /exports/:orgId/owner-statements/:unitId/:month?exp&sig — a unit's statement of a month as a
// PDF, rendered on request from the books as they stand (nothing is stored). The signed link
// (ownerStatement's downloadUrl, handed to staff or to the unit's owner) is the credential, for
// that unit and month only, for 5 minutes; the organization must still be active.
export function ownerStatementDownload(services: Services) {
  return async (req: Request, res: Response, next: NextFunction) => {
    res.set('Cache-Control', 'no-store');
    const { orgId, unitId, month } = req.params as Record<string, string>;
    const valid =
      isId(orgId) &&
      isId(unitId) &&
      MONTH.test(month) &&
      services.urlSigner.verify(statementPath(orgId, unitId, month), req.query.exp, req.query.sig);
    const org = await signedLinkTenant(services, res, orgId, valid);
    if (!org) return;
    let pdf: Buffer;
    let fileName: string;
    try {
      const em = (await tenantOrm(services, org)).em.fork() as EntityManager;
      const association = await statementAssociation(
        em,
        services.platformOrm.em.fork() as EntityManager,
        org,
        services.publicUrl,
      );
      const doc = await composeStatement(em, association, unitId, month, todayIn(org.timeZone));
      pdf = await renderOwnerStatement(doc);
      fileName = statementFileName(doc.unit.number, month);
    } catch (err) {
      // The unit deleted since the link was made: as a document that is gone.
      if (err instanceof AppError && (err.code === 'NOT_FOUND' || err.code === 'BAD_USER_INPUT')) {
        res.status(404).json({ error: 'Statement not found' });
      } else next(err);
      return;
    }
    const inline = req.query.download !== '1';
    res.set({
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.length),
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${fileName}"`,
      'X-Content-Type-Options': 'nosniff',
      // The app may show the PDF in a frame of its own origin; nobody else may frame it.
      'Content-Security-Policy': "frame-ancestors 'self'",
      'X-Frame-Options': 'SAMEORIGIN',
    });
    res.end(pdf);
  };
}
