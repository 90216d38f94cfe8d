import { GraphQLUpload, type FileUpload } from 'graphql-upload-ts';
import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { defineLoader } from '../../core/loaders.js';
import { Role } from '../../core/roles.js';
import { AssociationDocument } from '../documents/index.js';
import { PublishDocumentInput } from './owner-portal.inputs.js';
import {
  listPublished,
  publicationsOf,
  publishDocument,
  publishedUrl,
  unpublishDocument,
} from './published-documents.service.js';
import { PublishedDocument } from './published-documents.types.js';

@Resolver(() => PublishedDocument)
export class PublishedDocumentsResolver {
  @Query(() => [PublishedDocument], {
    description:
      'The documents the association shows its owners, newest first (its members and its owners)',
  })
  publishedDocuments(@Ctx() ctx: Context): Promise<PublishedDocument[]> {
    return listPublished(ctx);
  }

  @Mutation(() => PublishedDocument, {
    description:
      'Show a document to owners: a ready generated document (input.documentId), or a file sent as `file` (PDF, image, Word, XLSX; a multipart request with the header apollo-require-preflight: true). A generated document is published once (CONFLICT)',
  })
  publishDocument(
    @Arg('input', () => PublishDocumentInput) input: PublishDocumentInput,
    @Ctx() ctx: Context,
    @Arg('file', () => GraphQLUpload, { nullable: true }) file?: Promise<FileUpload> | null,
  ): Promise<PublishedDocument> {
    return publishDocument(ctx, input, file);
  }

  @Mutation(() => Boolean, {
    description:
      'Stop showing a document to owners; an uploaded file is deleted with it (a generated one stays on the Documents page)',
  })
  unpublishDocument(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    return unpublishDocument(ctx, id);
  }

  @FieldResolver(() => String, {
    description: 'Download link, valid 5 minutes (add &download=1 to save instead of open)',
  })
  downloadUrl(@Root() d: PublishedDocument, @Ctx() ctx: Context): string {
    return publishedUrl(ctx.services, ctx.org!.orgId, d.id);
  }

  // Which generated document it shows is the staff's business (the Documents page), not owners'.
  @FieldResolver(() => ID, {
    nullable: true,
    description: 'The generated document it shows (null for an uploaded file, and for owners)',
  })
  documentId(@Root() d: PublishedDocument, @Ctx() ctx: Context): string | null {
    return ctx.role === Role.OWNER ? null : d.documentId;
  }
}

const publicationOf = defineLoader<string, PublishedDocument | null>(
  'documentPublication',
  async (ctx, ids) => {
    const all = await publicationsOf(ctx, [...ids]);
    return ids.map((id) => all.find((p) => p.documentId === id) ?? null);
  },
);

// A generated document's publication, on the Documents page.
@Resolver(() => AssociationDocument)
export class DocumentPublicationResolver {
  @FieldResolver(() => PublishedDocument, {
    nullable: true,
    description: 'Shown to owners in their portal (publishDocument), or null',
  })
  published(@Root() d: AssociationDocument, @Ctx() ctx: Context) {
    return ctx.loaders.get(publicationOf).load(d.id);
  }
}
