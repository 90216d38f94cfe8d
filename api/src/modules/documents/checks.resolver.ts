import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { PaymentRun } from '../payables/index.js';
import { latestChecks, printChecks } from './checks.service.js';
import type { DocumentRecord } from './documents.service.js';
import { AssociationDocument } from './documents.types.js';

// A payment run's printed checks (the run is payables'; its documents are here).
@Resolver(() => PaymentRun)
export class PaymentRunChecksResolver {
  @Mutation(() => AssociationDocument, {
    description:
      "Print a run's checks: one PDF on check-on-top letter stock (check, two stubs), generated in the background; each call is a new version",
  })
  printChecks(@Arg('runId', () => ID) runId: string, @Ctx() ctx: Context): Promise<DocumentRecord> {
    return printChecks(ctx, runId);
  }

  @FieldResolver(() => AssociationDocument, {
    nullable: true,
    description: "The run's latest checks PDF (null until printed)",
  })
  checks(@Root() r: PaymentRun, @Ctx() ctx: Context): Promise<DocumentRecord | null> {
    return latestChecks(ctx.em, r);
  }
}
