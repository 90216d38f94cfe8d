import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../core/graphql/connection.js';
import { LocalDateScalar } from '../../core/graphql/local-date.js';

export enum DocumentKind {
  BOARD_PACKET = 'board_packet',
  CPA_PACKAGE = 'cpa_package',
  RECONCILIATION_REPORT = 'reconciliation_report',
  // The checks of a payment run, on check stock.
  CHECKS = 'checks',
}
registerEnumType(DocumentKind, {
  name: 'DocumentKind',
  description: "What a generated document is: a month's board packet, a fiscal year's CPA package…",
});

export enum DocumentStatus {
  QUEUED = 'queued',
  READY = 'ready',
  FAILED = 'failed',
}
registerEnumType(DocumentStatus, {
  name: 'DocumentStatus',
  description: 'QUEUED while it is being generated in the background, then READY or FAILED',
});

@ObjectType({ description: 'Which state of the books a document shows' })
export class DocumentBooksState {
  @Field(() => LocalDateScalar, {
    nullable: true,
    description: 'The books were closed through this day when it was generated',
  })
  closedThrough: string | null;

  @Field(() => ID, {
    nullable: true,
    description: 'The close of its period it was made under (none: the period was open, a draft)',
  })
  closeId: string | null;

  @Field(() => Int, { description: "The period's journal entries" })
  entryCount: number;

  @Field(() => Int, { nullable: true, description: "The period's highest entry number" })
  lastEntryNumber: number | null;

  @Field(() => String, {
    description:
      "A checksum of the period's journal lines: versions that differ read different books",
  })
  linesChecksum: string;
}

@ObjectType('AssociationDocument', {
  description: 'A document the association generated and keeps (a PDF, or a package of files)',
})
export class AssociationDocument {
  @Field(() => ID)
  id: string;

  @Field(() => DocumentKind)
  kind: DocumentKind;

  @Field(() => String, {
    description: 'What it is and its period, e.g. "Board packet · March 2026"',
  })
  title: string;

  @Field(() => LocalDateScalar)
  periodStart: string;

  @Field(() => LocalDateScalar)
  periodEnd: string;

  @Field(() => Int, { description: "1 for a period's first, then counting up" })
  version: number;

  @Field(() => DocumentStatus)
  status: DocumentStatus;

  @Field(() => String, { nullable: true, description: 'Why it failed' })
  error: string | null;

  @Field(() => Boolean, {
    description: 'Made while its period was open: marked DRAFT on every page',
  })
  draft: boolean;

  @Field(() => String)
  fileName: string;

  @Field(() => String)
  contentType: string;

  @Field(() => Int, { nullable: true, description: 'Bytes, once ready' })
  size: number | null;

  @Field(() => String, { nullable: true, description: "SHA-256 of the file's bytes, once ready" })
  sha256: string | null;

  @Field(() => DocumentBooksState)
  booksState: DocumentBooksState;

  @Field(() => ID, { nullable: true })
  generatedById: string | null;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date, { nullable: true })
  readyAt: Date | null;

  @Field(() => ID, { nullable: true, description: 'The payment run a checks document prints' })
  paymentRunId: string | null;

  options: Record<string, unknown>;
  storageKey: string | null;
}

export const AssociationDocumentConnection = Connection(
  AssociationDocument,
  'AssociationDocument',
  'documents',
);
