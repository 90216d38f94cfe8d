import { Arg, Ctx, FieldResolver, Int, Mutation, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { generateCpaPackage } from './cpa-package.service.js';
import { type DocumentRecord, documentVersions } from './documents.service.js';
import { AssociationDocument, DocumentKind } from './documents.types.js';
import { YearEndFiscalYear } from './year-end-statements.types.js';

@Resolver(() => YearEndFiscalYear)
export class CpaPackageResolver {
  @Mutation(() => AssociationDocument, {
    description:
      'Generate the CPA package of a closed fiscal year (one zip: the year-end statements as a PDF, trial-balance.csv, general-ledger.csv and the books as an hledger journal), in the background. CONFLICT, saying how to close it, while the year is not closed; a year closed by a close that still stands has one package, answered again',
  })
  generateCpaPackage(
    @Ctx() ctx: Context,
    @Arg('fiscalYear', () => Int) fiscalYear: number,
  ): Promise<DocumentRecord> {
    return generateCpaPackage(ctx, fiscalYear);
  }

  @FieldResolver(() => [AssociationDocument], {
    description: "The fiscal year's CPA packages, newest version first",
  })
  cpaPackages(@Root() y: YearEndFiscalYear, @Ctx() ctx: Context): Promise<DocumentRecord[]> {
    return documentVersions(ctx.em, DocumentKind.CPA_PACKAGE, y.from, y.to);
  }
}
