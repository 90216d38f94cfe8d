import { Arg, Ctx, FieldResolver, ID, Int, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { Paged } from '../../core/graphql/connection.js';
import { defineLoader } from '../../core/loaders.js';
import { MAX_DOCUMENTS_PAGE } from './documents.repository.js';
import {
  type DocumentRecord,
  documentUrl,
  findDocument,
  generatedByLabels,
  listDocuments,
} from './documents.service.js';
import {
  AssociationDocument,
  AssociationDocumentConnection,
  DocumentKind,
} from './documents.types.js';

const generatedByName = defineLoader<string, string | null>(
  'documentGeneratedBy',
  async (ctx, ids) => {
    const labels = await generatedByLabels(ctx.platformEm, ids);
    return ids.map((id) => labels.get(id) ?? null);
  },
);

@Resolver(() => AssociationDocument)
export class DocumentsResolver {
  @Query(() => AssociationDocumentConnection, {
    description:
      'The documents the association generated (board packets, CPA packages…), newest first',
  })
  @Paged(MAX_DOCUMENTS_PAGE, 'documents')
  documents(
    @Ctx() ctx: Context,
    @Arg('kind', () => DocumentKind, { nullable: true }) kind?: DocumentKind | null,
    @Arg('first', () => Int, { defaultValue: 50 }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
  ) {
    return listDocuments(ctx.em, kind ?? null, first ?? 50, after);
  }

  @Query(() => AssociationDocument)
  document(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<DocumentRecord> {
    return findDocument(ctx.em, id);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      'Download link once ready, valid 5 minutes (add &download=1 to save instead of open)',
  })
  url(@Root() d: DocumentRecord, @Ctx() ctx: Context): string | null {
    return documentUrl(ctx.services, ctx.org!.orgId, d);
  }

  @FieldResolver(() => String, { nullable: true, description: 'Who generated it, by name' })
  generatedBy(@Root() d: DocumentRecord, @Ctx() ctx: Context): Promise<string | null> | null {
    return d.generatedById ? ctx.loaders.get(generatedByName).load(d.generatedById) : null;
  }
}
