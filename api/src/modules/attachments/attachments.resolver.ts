import { GraphQLUpload, type FileUpload } from 'graphql-upload-ts';
import {
  Arg,
  Ctx,
  Field,
  FieldResolver,
  ID,
  Int,
  Mutation,
  ObjectType,
  Resolver,
  Root,
} from 'type-graphql';
import { defineLoader } from '../../core/loaders.js';
import type { Context } from '../../core/context.js';
import { JournalEntry } from '../journal/index.js';
import {
  type Attachment as AttachmentRecord,
  attachmentPath,
  deleteAttachment,
  listAttachments,
  uploadAttachment,
} from './attachments.service.js';

@ObjectType({ description: 'A file attached to a journal entry' })
export class Attachment {
  @Field(() => ID)
  id: string;

  @Field(() => ID)
  entryId: string;

  @Field(() => String)
  filename: string;

  @Field(() => String, { description: 'Detected from the content' })
  contentType: string;

  @Field(() => Int, { description: 'Bytes' })
  size: number;

  @Field(() => Date)
  createdAt: Date;

  storageKey: string;
}

@Resolver(() => Attachment)
export class AttachmentsResolver {
  @FieldResolver(() => String, {
    description: 'Download link, valid 5 minutes (add &download=1 to save instead of preview)',
  })
  url(@Root() a: AttachmentRecord, @Ctx() ctx: Context): string {
    return ctx.services.urlSigner.sign(attachmentPath(ctx.org!.orgId, a.id));
  }

  @Mutation(() => Attachment, {
    description:
      'Attach a file (PDF, image, spreadsheet) to a journal entry. Multipart request; send the header apollo-require-preflight: true',
  })
  uploadAttachment(
    @Arg('entryId', () => ID) entryId: string,
    @Arg('file', () => GraphQLUpload) file: Promise<FileUpload>,
    @Ctx() ctx: Context,
  ): Promise<AttachmentRecord> {
    return uploadAttachment(ctx, entryId, file);
  }

  @Mutation(() => Boolean, { description: 'Remove an attachment (recorded in the history)' })
  deleteAttachment(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    return deleteAttachment(ctx, id);
  }
}

const attachmentsByEntry = defineLoader<string, AttachmentRecord[]>(
  'attachmentsByEntry',
  async (ctx, ids) => {
    const all = await listAttachments(ctx, [...ids]);
    return ids.map((id) => all.filter((a) => a.entryId === id));
  },
);

@Resolver(() => JournalEntry)
export class JournalEntryAttachmentsResolver {
  @FieldResolver(() => [Attachment])
  attachments(@Root() entry: JournalEntry, @Ctx() ctx: Context): Promise<AttachmentRecord[]> {
    return ctx.loaders.get(attachmentsByEntry).load(entry.id);
  }
}
