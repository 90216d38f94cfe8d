import type { Context } from '../../core/context.js';
import { findPaymentRun, renderRunChecks, VendorPaymentMethod } from '../payables/index.js';
import { badInput } from '../../core/errors/app-error.js';
import {
  type DocumentRecord,
  documentVersions,
  queueDocument,
  registerDocumentRenderer,
} from './documents.service.js';
import { DocumentKind } from './documents.types.js';
import type { EntityManager } from '@mikro-orm/postgresql';

// The checks of a payment run as a document: one PDF on check stock (payables lays it out), made
// in the background like every document and kept with its versions (a reprint is a new version).
// Its period is the run's payment date; its versions are counted per run.
registerDocumentRenderer(DocumentKind.CHECKS, async (input) => {
  const runId = input.document.paymentRunId;
  if (!runId) throw new Error('A checks document names its payment run');
  const bytes = await renderRunChecks(
    input.em,
    input.services.secrets,
    runId,
    { name: input.org.name, address: null },
    input.document.createdAt,
  );
  return { bytes, contentType: 'application/pdf' };
});

// Queues the run's checks PDF (refused for a run paid by ACH or card: it has no checks).
export async function printChecks(
  ctx: Pick<Context, 'em' | 'auth' | 'org' | 'services'>,
  runId: string,
): Promise<DocumentRecord> {
  const run = await findPaymentRun(ctx.em, runId);
  if (run.method !== VendorPaymentMethod.CHECK) {
    const message = `Run ${run.number} paid by ${run.method === VendorPaymentMethod.ACH ? 'ACH' : 'card'}: it has no checks to print`;
    throw badInput([{ field: 'runId', message }], message);
  }
  return queueDocument(ctx, {
    kind: DocumentKind.CHECKS,
    periodStart: run.date,
    periodEnd: run.date,
    paymentRunId: run.id,
    fileName: `checks-run-${run.number}-v{version}.pdf`,
  });
}

// The run's latest checks PDF, if any.
export async function latestChecks(
  em: EntityManager,
  run: { id: string; date: string },
): Promise<DocumentRecord | null> {
  const [latest] = await documentVersions(em, DocumentKind.CHECKS, run.date, run.date, run.id);
  return latest ?? null;
}
